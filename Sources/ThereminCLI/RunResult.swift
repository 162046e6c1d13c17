/// What a mode's command gives back: how it ended, and the file its take went to when it recorded one (the name
/// asked for, or the next free one when that existed: a take never replaces a file), so that
/// `--record take.csv --report take.csv` reports on the take just recorded.
struct RunResult: Equatable {
    var outcome: Outcome
    var take: String?

    init(_ outcome: Outcome, take: String? = nil) {
        self.outcome = outcome
        self.take = take
    }
}

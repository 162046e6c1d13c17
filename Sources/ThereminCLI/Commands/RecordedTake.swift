import Synchronization

/// The file this run's take went to: the name asked for, or the next free one when it existed (a take never replaces
/// a file). `--record take.csv --report take.csv` reports on that file, not on an older take of the asked name.
enum RecordedTake {
    private static let path = Mutex<String?>(nil)

    static func note(_ value: String) {
        path.withLock { $0 = value }
    }

    static var last: String? {
        path.withLock { $0 }
    }
}

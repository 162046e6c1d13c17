import ThereminCore

/// The play-along options: the score to play along with, which of its tracks, and its pace.
extension Options {
    static let playAlong: [any AnyOption] = [playAlongScore, scoreTrack, tempoScale]

    static let playAlongScore = Option.text("--play-along", value: "SCORE",
                                            help: "play along with a score (a MIDI file or a text score): a bar's count-in, the "
                                                + "backing in time, the notes ahead on the display, a score for every note at the "
                                                + "end; with --report or --replay, score a take against it; with --demo, the "
                                                + "generated hand plays it (SCORE demo: the demo's own tune)",
                                            group: .practice, values: .file)
    static let scoreTrack = Option.text("--score-track", value: "TRACK",
                                        help: "with --play-along and a MIDI file: the melody's track by number or name, or "
                                            + "channel:N", group: .practice, defaultText: "the first track with notes")
    static let tempoScale = Option.number("--tempo-scale", value: "0.5..1.5", parameter: PlayAlongPace.spec,
                                          group: .practice)
}

import Foundation

/// A running count for work of unknown length (frames of a video), drawn on stderr only when it is a terminal.
final class CountProgress {
    private let terminal = Terminal.forStream(STDERR_FILENO)
    private let label: String
    private var drawn = false

    init(label: String) {
        self.label = label
    }

    func update(_ count: Int) {
        guard terminal.isInteractive, count % 10 == 0 else { return }
        Output.err("\r\u{1B}[2K\(label): \(count) frames")
        drawn = true
    }

    func finish() {
        if drawn { Output.err("\n") }
        drawn = false
    }
}

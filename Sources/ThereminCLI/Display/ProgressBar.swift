import Foundation

/// A progress bar for offline renders, drawn on stderr only when it is a terminal.
final class ProgressBar {
    private let terminal = Terminal.forStream(STDERR_FILENO)
    private let label: String
    private var lastPercent = -1

    init(label: String) {
        self.label = label
    }

    func update(_ fraction: Double) {
        guard terminal.isInteractive else { return }
        let percent = Int((min(max(fraction, 0), 1) * 100).rounded(.down))
        guard percent != lastPercent else { return }
        lastPercent = percent
        let width = 30
        let filled = percent * width / 100
        Output.err("\r\u{1B}[2K\(label) [" + String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled) + "] \(percent)%")
        if percent == 100 { Output.err("\n") }
    }
}

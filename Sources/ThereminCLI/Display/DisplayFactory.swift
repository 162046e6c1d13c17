import ThereminSession
import ThereminPreview

/// Picks the live display: the preview window when asked for and possible, otherwise the terminal line.
enum DisplayFactory {
    /// Must be called on the main thread: the window belongs to the thread that opens it.
    static func make(_ settings: Settings) -> LiveDisplay {
        guard settings.preview else { return TerminalDisplay() }
        do {
            return PreviewDisplay(window: try PreviewWindow(title: "theremin"))
        } catch {
            Output.err(notice(for: error) + "\n")
            return TerminalDisplay()
        }
    }

    /// The one line said when the window cannot be opened.
    static func notice(for error: PreviewError) -> String {
        let what = error.kind == .noDisplay ? "no display" : "no preview window"
        return "\(what) (\(error.problem)): using the terminal line (use --no-preview to skip the window)"
    }
}

import ThereminSession
import Foundation

/// Reads single key presses from a terminal without waiting for Enter (non-canonical, no echo), and restores the
/// terminal when closed. Does nothing when stdin is not a terminal.
final class KeyboardInput {
    private var saved: termios?

    init() {
        saved = TerminalCalls.enterSingleKeyMode()
    }

    deinit { restore() }

    /// Keys pressed since the last call, mapped to player actions.
    func poll() -> [LiveKey] {
        guard saved != nil else { return [] }
        var keys: [LiveKey] = []
        while let byte = TerminalCalls.nextKey() {
            if let key = KeyboardInput.action(for: Int32(byte)) { keys.append(key) }
        }
        return keys
    }

    /// The action bound to a key code (shared with the preview window).
    static func action(for key: Int32) -> LiveKey? { KeyBindings.action(for: key) }

    func restore() {
        guard let original = saved else { return }
        TerminalCalls.restore(original)
        saved = nil
    }
}

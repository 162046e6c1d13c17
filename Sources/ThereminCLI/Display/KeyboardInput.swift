import ThereminSession
import Foundation

/// Reads single key presses from a terminal without waiting for Enter (non-canonical, no echo), and restores the
/// terminal when closed. Does nothing when stdin is not a terminal.
final class KeyboardInput {
    private var saved: termios?

    init() {
        guard isatty(STDIN_FILENO) == 1 else { return }
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 0
            bytes[Int(VTIME)] = 0
        }
        if tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 { saved = original }
    }

    deinit { restore() }

    /// Keys pressed since the last call, mapped to player actions.
    func poll() -> [LiveKey] {
        guard saved != nil else { return [] }
        var keys: [LiveKey] = []
        var byte: UInt8 = 0
        while read(STDIN_FILENO, &byte, 1) == 1 {
            if let key = KeyboardInput.action(for: Int32(byte)) { keys.append(key) }
        }
        return keys
    }

    /// The action bound to a key code (shared with the preview window).
    static func action(for key: Int32) -> LiveKey? { KeyBindings.action(for: key) }

    func restore() {
        guard var original = saved else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &original)
        saved = nil
    }
}

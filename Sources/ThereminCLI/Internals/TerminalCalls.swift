// Every raw call ThereminCLI makes: the terminal (is a stream one, its raw mode for single keys, the keys waiting on
// stdin) and the signals that stop a run. The rest of the module sees typed values.
import Foundation
import ThereminCore

enum TerminalCalls {
    /// Whether `descriptor` is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// The terminal's settings on stdin, to put back later, after switching it to single keys without echo
    /// (non-canonical, reads return at once); nil when stdin is not a terminal or refuses.
    static func enterSingleKeyMode() -> termios? {
        guard isTerminal(STDIN_FILENO) else { return nil }
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return nil }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 0
            bytes[Int(VTIME)] = 0
        }
        return tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 ? original : nil
    }

    /// Puts the terminal's settings back.
    static func restore(_ settings: termios) {
        var settings = settings
        _ = SystemCall.retryingInterrupts { tcsetattr(STDIN_FILENO, TCSANOW, &settings) }
    }

    /// The next byte waiting on stdin in single-key mode, or nil when none is.
    static func nextKey() -> UInt8? {
        var byte: UInt8 = 0
        return SystemCall.retryingInterrupts { read(STDIN_FILENO, &byte, 1) } == 1 ? byte : nil
    }

    /// Runs `handler` (which may only do async-signal-safe work) with the signal's number when `number` arrives.
    static func onSignal(_ number: Int32, _ handler: @convention(c) (Int32) -> Void) {
        signal(number, handler)
    }
}

import Foundation

/// A pseudo-terminal for typing keys into a program under test: the program gets the terminal side as its stdin
/// (so it sees a terminal and reads single key presses, as a player's would), the test writes to the other side.
public final class PseudoTerminal: @unchecked Sendable {
    private let controller: Int32
    /// The terminal side, for the child's stdin.
    public let terminal: FileHandle

    /// - Throws: when the system has no pseudo-terminals to give (the caller skips).
    public init() throws {
        // posix_openpt and friends, spelled with the Linux calls they are made of (glibc hides them from Swift).
        controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard controller >= 0, ioctl(controller, PseudoTerminal.unlockRequest, &unlock) == 0,
              ioctl(controller, PseudoTerminal.numberRequest, &number) == 0 else {
            throw PseudoTerminalError(reason: String(cString: strerror(errno)))
        }
        let side = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard side >= 0 else { throw PseudoTerminalError(reason: String(cString: strerror(errno))) }
        terminal = FileHandle(fileDescriptor: side, closeOnDealloc: true)
    }

    /// `TIOCSPTLCK` (`_IOW('T', 0x31, int)`) and `TIOCGPTN` (`_IOR('T', 0x30, unsigned int)`) in the generic ioctl
    /// encoding of x86-64 and arm64; the Glibc module does not carry these macros.
    private static let unlockRequest: UInt = 0x4004_5431
    private static let numberRequest: UInt = 0x8004_5430

    deinit {
        close(controller)
    }

    /// Types `keys` (each byte a key press).
    public func type(_ keys: String) {
        let bytes = Array(keys.utf8)
        _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
    }
}

public struct PseudoTerminalError: Error, CustomStringConvertible {
    public let reason: String
    public var description: String { "no pseudo-terminal: \(reason)" }
}

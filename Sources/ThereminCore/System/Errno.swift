import Foundation

/// A system call's failure: the errno value, whose text (strerror) is what messages quote as the system's reason.
public struct Errno: Error, Sendable, Equatable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The calling thread's errno, read right after a call failed.
    public static var current: Errno { Errno(rawValue: errno) }

    /// EEXIST.
    public static let fileExists = Errno(rawValue: EEXIST)
    /// ENOENT.
    public static let noSuchFile = Errno(rawValue: ENOENT)
    /// EINTR: a signal arrived while the call waited (`SystemCall` retries it).
    public static let interrupted = Errno(rawValue: EINTR)
    /// EPERM.
    public static let notPermitted = Errno(rawValue: EPERM)

    /// The system's reason, e.g. "No space left on device".
    public var description: String { String(cString: strerror(rawValue)) }
}

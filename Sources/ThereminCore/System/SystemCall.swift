import Foundation

/// How every system call of the program that can be interrupted is made: the one place that retries EINTR (a signal
/// arrived while the call waited), so no caller writes its own loop (swift-system's `valueOrErrno` idea).
public enum SystemCall {
    /// Runs `call` again while it fails with EINTR; returns its last result (-1 with errno set on another failure).
    /// Not for `close`, which on Linux frees the descriptor even when interrupted.
    @inline(__always)
    public static func retryingInterrupts<Result: FixedWidthInteger & SignedInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result != -1 || errno != EINTR { return result }
        }
    }

    /// `call`'s result when it succeeds (not negative), retrying EINTR.
    /// - Throws: the `Errno` of the failure.
    @inline(__always)
    public static func checked<Result: FixedWidthInteger & SignedInteger>(_ call: () -> Result) throws(Errno) -> Result {
        let result = retryingInterrupts(call)
        guard result >= 0 else { throw Errno.current }
        return result
    }
}

/// How every call into a vision shim that reports failures is made: with a message buffer for its one-line reason,
/// and a failing status turned into the module's own error in this one place (the shims' common convention,
/// CHandTracker.h).
public enum ShimCall {
    /// Room for the shim's message (it truncates longer ones).
    static let messageCapacity = 512

    /// Runs `body` with a message buffer (its address and capacity); the status it returned and the message.
    public static func run<Status: ShimStatus>(_ body: (UnsafeMutablePointer<CChar>, Int) -> Status)
        -> (status: Status, message: String) {
        var message = [CChar](repeating: 0, count: messageCapacity)
        let status = message.withUnsafeMutableBufferPointer { buffer in
            // A buffer of `messageCapacity` elements always has an address.
            body(buffer.baseAddress.unsafelyUnwrapped, buffer.count)
        }
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (status, text)
    }

    /// Runs `body`; when it fails, throws the error `error` makes of the failure.
    public static func check<Status: ShimStatus, Failure: Error>(
        _ body: (UnsafeMutablePointer<CChar>, Int) -> Status, error: (ShimFailure<Status>) -> Failure) throws(Failure) {
        let (status, message) = run(body)
        guard status != .ok else { return }
        throw error(ShimFailure(status: status, message: message))
    }
}

/// A failed shim call: its status and what the shim said.
public struct ShimFailure<Status: ShimStatus> {
    public let status: Status
    /// The shim's one-line reason; empty when it wrote none.
    public let message: String

    public init(status: Status, message: String = "") {
        self.status = status
        self.message = message
    }

    /// What went wrong, for an error's text: the message, or the status's name when the shim wrote none.
    public var problem: String {
        message.isEmpty ? status.name ?? "status \(status.rawValue)" : message
    }
}

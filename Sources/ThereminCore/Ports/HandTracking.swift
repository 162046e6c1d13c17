/// The hand-tracking port: finds the hands in a frame. ThereminTracking's `HandTracker` conforms; the demo and the
/// tests give a function (`HandTrackingFunction`), so the pipeline runs without a model.
public protocol HandTracking: AnyObject {
    /// Every hand seen in `frame` (one-hand play uses `HandsFrame.primary`), at the frame's capture time.
    /// - Throws: the tracker's error; the frame then counts as handless.
    func hands(in frame: Frame) throws -> HandsFrame
    /// Forgets the hands followed so far, so nothing leaks between unrelated pictures (a folder of images).
    func forget()
    /// The tracker's network runs so far and their CPU (nil without networks: a generated hand, the classical
    /// tracker's image work).
    var networkUse: NetworkUse? { get }
}

extension HandTracking {
    public var networkUse: NetworkUse? { nil }
}

/// A tracking function as a `HandTracking`: a generated hand (the demo) or a test's script.
public final class HandTrackingFunction: HandTracking {
    public typealias Body = (Frame) throws -> HandsFrame
    private let body: Body
    private let reset: () -> Void

    /// - Parameter forget: called by `forget()` (nothing by default: a function remembers nothing).
    public init(forget: @escaping () -> Void = {}, _ body: @escaping Body) {
        self.body = body
        reset = forget
    }

    public func hands(in frame: Frame) throws -> HandsFrame { try body(frame) }
    public func forget() { reset() }
}

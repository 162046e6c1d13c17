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
    /// How long a frame may take before looks that only refine a landing stop (0: no limit). Live play gives one and
    /// a half tracked frame intervals, so refining never costs the next frame on a slow machine.
    func setFrameBudget(_ seconds: Double)
    /// How to look for hands from the next frame on (the player lock's request); a tracker with one way of looking
    /// ignores it.
    func search(_ search: HandSearch)
}

extension HandTracking {
    public var networkUse: NetworkUse? { nil }
    public func setFrameBudget(_ seconds: Double) {}
    public func search(_ search: HandSearch) {}
}

/// A tracking function as a `HandTracking`: a generated hand (the demo) or a test's script.
public final class HandTrackingFunction: HandTracking {
    public typealias Body = (Frame) throws -> HandsFrame
    private let body: Body
    private let reset: () -> Void
    private let inner: (any HandTracking)?

    /// - Parameter forget: called by `forget()` (nothing by default: a function remembers nothing).
    public init(forget: @escaping () -> Void = {}, _ body: @escaping Body) {
        self.body = body
        reset = forget
        inner = nil
    }

    /// Wraps `inner` (to watch its hands): `body` finds the hands, through `inner`; forgetting, the frame budget and
    /// the network use are `inner`'s.
    public init(wrapping inner: any HandTracking, _ body: @escaping Body) {
        self.body = body
        reset = { inner.forget() }
        self.inner = inner
    }

    public func hands(in frame: Frame) throws -> HandsFrame { try body(frame) }
    public func forget() { reset() }
    public var networkUse: NetworkUse? { inner?.networkUse }
    public func setFrameBudget(_ seconds: Double) { inner?.setFrameBudget(seconds) }
    public func search(_ search: HandSearch) { inner?.search(search) }
}

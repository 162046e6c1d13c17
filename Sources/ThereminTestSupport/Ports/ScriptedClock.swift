import Synchronization
import ThereminCore

/// A clock a test sets: the session then runs on the time of its scripted frames (a tracker sets it to each
/// frame's capture time), so a loaded machine cannot make it see a stalled camera.
public final class ScriptedClock: TimeSource {
    private let seconds = Atomic<UInt64>(0)

    public init(at time: Double = 0) { set(time) }

    public func set(_ time: Double) { seconds.store(time.bitPattern, ordering: .relaxed) }
    public func now() -> Double { Double(bitPattern: seconds.load(ordering: .relaxed)) }
}

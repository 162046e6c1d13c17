import Foundation
import ThereminCore

/// A camera on a scripted clock, for the tracking loop's pacing: a frame is due every 1/rate seconds; asked for a
/// frame, it hands out the newest one due by the clock's time (older ones are dropped and counted, as the capture
/// thread's mailbox does), or moves the clock on to the next one, as waiting for it would. It takes `apply`'s rate
/// where it accepts a new rate while streaming, and hands out only every `stride`-th frame of its sequence.
public final class SimulatedCamera: FrameSource, @unchecked Sendable {
    private let clock: ScriptedClock
    private let end: Double
    private let switchesRate: Bool
    private let lock = NSLock()
    private var interval: Double
    private var due: Double
    private var sequence: UInt64 = 0
    private var stride = 1
    private var dropped = 0
    private var closed = false
    /// The rates the loop asked for, in order.
    public private(set) var applied: [TrackingRate] = []

    public let name = "simulated camera"
    public let frameSize = (width: 4, height: 2)
    public let offeredRates: [Double]

    /// - Parameters:
    ///   - rate: frames per second to start at.
    ///   - offered: the rates it offers (with `rate`).
    ///   - seconds: how long it streams, from `start`.
    ///   - switchesRate: whether it takes a new rate while streaming (uvcvideo does not).
    public init(clock: ScriptedClock, rate: Double, offered: [Double], seconds: Double, start: Double = 100,
                switchesRate: Bool = true) {
        self.clock = clock
        interval = 1 / rate
        due = start
        end = start + seconds
        offeredRates = offered
        self.switchesRate = switchesRate
        clock.set(start)
    }

    public var nominalFrameRate: Double? { lock.withLock { 1 / interval } }
    /// Frames on the tracked grid that were due but replaced by a newer one before they were taken.
    public var droppedFrames: Int { lock.withLock { dropped } }

    public func nextFrame() throws -> Frame? {
        lock.lock()
        defer { lock.unlock() }
        while !closed && due < end {
            let now = clock.now()
            if due > now { clock.set(due) }  // waited for it
            let time = due, number = sequence
            due += interval
            sequence += 1
            guard number % UInt64(stride) == 0 else { continue }  // off the grid: never converted
            // The next frame on the grid, a stride later, already due by now replaces this one.
            if time + Double(stride) * interval <= clock.now() {
                dropped += 1
                continue
            }
            return Frame(width: 4, height: 2, bytesPerRow: 12, pixels: [UInt8](repeating: 128, count: 24),
                         captureTime: time, sequence: number)
        }
        return nil
    }

    public func apply(_ rate: TrackingRate) -> TrackingRate {
        lock.withLock {
            applied.append(rate)
            var cameraRate = 1 / interval
            if switchesRate && offeredRates.contains(rate.cameraRate) {
                cameraRate = rate.cameraRate
                interval = 1 / cameraRate
            }
            stride = max(1, Int((cameraRate / rate.trackedRate).rounded()))
            return TrackingRate(cameraRate: cameraRate, stride: stride)
        }
    }

    public func close() { lock.withLock { closed = true } }
}

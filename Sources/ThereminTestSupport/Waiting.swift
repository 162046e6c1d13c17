import Foundation
import ThereminCore

/// Polls `condition` every `interval` seconds (5 ms unless the check is costly, e.g. runs a program) until it holds
/// or `timeout` seconds (monotonic) have passed: tests wait for a condition, never for a duration. Generous timeouts
/// cost nothing when the condition comes early.
/// - Returns: whether the condition held.
public func waitUntil(timeout: Double, every interval: Double = 0.005, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = MonotonicClock.now() + timeout
    while MonotonicClock.now() < deadline {
        if try condition() { return true }
        usleep(useconds_t(interval * 1_000_000))
    }
    return try condition()
}

import Foundation
import ThereminCore

/// Polls `condition` every 5 ms until it holds or `timeout` seconds (monotonic) have passed: tests wait for a
/// condition, never for a duration. Generous timeouts cost nothing when the condition comes early.
/// - Returns: whether the condition held.
public func waitUntil(timeout: Double, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = MonotonicClock.now() + timeout
    while MonotonicClock.now() < deadline {
        if try condition() { return true }
        usleep(5_000)
    }
    return try condition()
}

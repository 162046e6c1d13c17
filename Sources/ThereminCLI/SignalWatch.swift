import Foundation
import Synchronization

private let caughtSignal = Atomic<Int32>(0)

/// Turns SIGINT, SIGTERM and SIGHUP into a flag the main loop checks, so every way of stopping goes through the
/// same clean path: fade out, stop the camera, finish the files, close the device.
enum SignalWatch {
    static func install() {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            TerminalCalls.onSignal(number) { received in caughtSignal.store(received, ordering: .relaxed) }
        }
    }

    /// The signal that asked us to stop, if any.
    static var received: Int32? {
        let value = caughtSignal.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }

    /// Forgets a caught signal (tests run several commands in one process).
    static func reset() {
        caughtSignal.store(0, ordering: .relaxed)
    }
}

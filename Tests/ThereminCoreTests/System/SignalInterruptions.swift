import Foundation
import ThereminTestSupport
import Synchronization
import XCTest

/// How many times the test handler of SIGUSR2 ran (it only counts, which is async-signal-safe).
let interruptionsDelivered = Atomic<Int>(0)

/// SIGUSR2 caught without `SA_RESTART` while a test runs, so a thread blocked in a system call that gets it returns
/// EINTR (or a short count) instead of the kernel restarting the call: what a real signal does to an unprepared
/// program. The old disposition is put back by `restore()`.
struct SignalInterruptions {
    private var previous = sigaction()

    init() {
        _ = interruptionsDelivered.load(ordering: .relaxed)  // initialized before any handler can run
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in interruptionsDelivered.add(1, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGUSR2, &action, &previous)
    }

    func restore() {
        var previous = previous
        sigaction(SIGUSR2, &previous, nil)
    }

    /// Interrupts `thread` once and waits until the handler has run (signals do not queue, so one at a time).
    func interrupt(_ thread: pthread_t) -> Bool {
        let before = interruptionsDelivered.load(ordering: .relaxed)
        guard pthread_kill(thread, SIGUSR2) == 0 else { return false }
        return waitUntil(timeout: 10) { interruptionsDelivered.load(ordering: .relaxed) > before }
    }
}

/// A value shared between a test and its threads.
final class Shared<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    init(_ value: Value) {
        self.value = Mutex(value)
    }

    var current: Value {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }

    func update(_ change: (inout Value) -> Void) {
        value.withLock { change(&$0) }
    }
}

/// A thread of the test that says who it is, so it can be interrupted, and lives on after its body until
/// `release()`, so a signal sent late never reaches a thread that is gone.
final class TestThread: Sendable {
    private let id = Shared<pthread_t?>(nil)
    private let done = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread { [id, done, released] in
            id.current = pthread_self()
            body()
            done.signal()
            released.wait()
        }
        thread.start()
    }

    /// The thread, once it runs.
    func started() -> pthread_t? {
        _ = waitUntil(timeout: 30) { id.current != nil }
        return id.current
    }

    /// True when the thread's body returned within `timeout` seconds.
    func finished(within timeout: Double) -> Bool {
        done.wait(timeout: .now() + timeout) == .success
    }

    /// Lets the thread end.
    func release() {
        released.signal()
    }
}

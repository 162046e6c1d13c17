import Foundation
import Synchronization
import ThereminCore

/// The capture thread: waits for the driver, dequeues, copies, re-queues and posts the newest frame, until it is
/// stopped or the device fails (the failure is posted for the consumer).
final class CaptureThread: @unchecked Sendable {
    private let stream: V4L2Stream
    private let mailbox: FrameMailbox
    private let wake: WakeSignal
    private let stopRequested = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    private let scheduler: (any ThreadScheduler)?
    private let granted = Mutex<ThreadScheduling?>(nil)
    /// Every `stride`-th frame of the driver's sequence is converted and posted (`TrackingRate.stride`).
    let stride = Atomic<Int>(1)

    init(stream: V4L2Stream, mailbox: FrameMailbox, scheduler: (any ThreadScheduler)?) throws(V4L2Error) {
        self.stream = stream
        self.mailbox = mailbox
        self.scheduler = scheduler
        self.wake = try WakeSignal()
    }

    /// What the thread got when it asked `scheduler` for real-time priority; nil until it has asked, or without one.
    var scheduling: ThreadScheduling? { granted.withLock { $0 } }

    func start(name: String) {
        let thread = Thread { [self] in
            if let scheduling = scheduler?.prepareCaptureThread() { granted.withLock { $0 = scheduling } }
            run()
            finished.signal()
        }
        thread.name = name
        thread.start()
    }

    /// Asks the thread to end and waits until it has.
    func stop() {
        stopRequested.store(true, ordering: .releasing)
        wake.signal()
        finished.wait()
    }

    private func run() {
        while !stopRequested.load(ordering: .acquiring) {
            // The poll timeout only bounds how long a stop request can go unnoticed if the wake-up were lost;
            // the consumer's frame timeout is separate.
            let readiness = stream.device.waitForFrame(timeout: 1, wake: wake)
            switch readiness {
            case .woken: return
            case .timedOut: continue
            case .frameReady, .deviceError:
                let start = MonotonicClock.now()
                do throws(V4L2Error) {
                    let every = UInt64(max(1, stride.load(ordering: .relaxed)))
                    switch try stream.dequeue(keep: { $0 % every == 0 }) {
                    case .frame(let frame):
                        mailbox.post(frame, overhead: MonotonicClock.now() - start)
                    case .damaged:
                        mailbox.countDamaged()
                    case .skipped:
                        continue
                    case .none where readiness == .deviceError:
                        // poll reported an error but DQBUF has nothing to say: the queue is dead.
                        throw V4L2Error(operation: .poll, errno: EIO, device: stream.device.path)
                    case .none:
                        continue
                    }
                } catch {
                    mailbox.fail(error)
                    return
                }
            }
        }
    }
}

import Foundation
import ThereminCore

/// `--osc-out`: bundles go out from a thread of its own through a bounded queue, so neither tracking nor sound
/// waits for the network. When the queue is full the oldest bundle is dropped (a receiver wants the newest hand,
/// not a backlog) and counted. The first failed send is reported once through `report`; sending continues, so a
/// receiver started later gets what follows.
public final class OSCSender: @unchecked Sendable {
    /// What was sent, for `--stats` and the tests.
    public struct Statistics: Sendable, Equatable {
        public var bundles = 0
        public var messages = 0
        /// Bundles dropped because the queue was full.
        public var dropped = 0
        /// Bundles the network refused (nothing listening, no route).
        public var failed = 0
        /// Capture → sent, seconds, per bundle with a capture time (live play).
        public var ages: [Double] = []
        /// Monotonic times of the first and last bundle sent (0 before the first).
        public var firstSent = 0.0
        public var lastSent = 0.0

        /// Messages per second between the first and the last bundle sent; nil with fewer than two bundles.
        public var messagesPerSecond: Double? {
            guard bundles > 1, lastSent > firstSent else { return nil }
            return Double(messages) * Double(bundles - 1) / Double(bundles) / (lastSent - firstSent)
        }
    }

    public let endpoint: OSCEndpoint
    /// Bundles the queue holds before it drops the oldest.
    public let capacity: Int
    private let socket: UDPSocket
    private let report: @Sendable (String) -> Void
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var queue: [OSCPacket] = []
    private var stopping = false
    private var running = false
    private var counts = Statistics()
    private var reported = false
    private let finished = DispatchSemaphore(value: 0)
    /// Ages kept at most (an hour at 60 fps), so a long session does not grow without bound.
    private static let agesKept = 216_000

    /// Resolves the host and connects a UDP socket (UDP: nothing is said to the receiver yet).
    /// - Parameter report: called once, from the sender's thread, with the first send failure's line.
    /// - Throws: `OSCError.badAddress` when the host does not resolve.
    public init(endpoint: OSCEndpoint, capacity: Int = 64, report: @escaping @Sendable (String) -> Void) throws(OSCError) {
        self.endpoint = endpoint
        self.capacity = max(1, capacity)
        self.report = report
        socket = try UDPSocket(connectingTo: endpoint)
        queue.reserveCapacity(self.capacity)
    }

    /// Starts the sending thread (bundles queued before this wait for it).
    public func start() {
        condition.withLock { running = true }
        let thread = Thread { [self] in
            self.run()
            self.finished.signal()
        }
        thread.name = "theremin-osc"
        thread.start()
    }

    /// Queues a bundle without waiting: a full queue drops its oldest (live play).
    public func send(_ packet: OSCPacket) {
        condition.withLock {
            if queue.count >= capacity {
                queue.removeFirst()
                counts.dropped += 1
            }
            queue.append(packet)
            condition.broadcast()
        }
    }

    /// Queues a bundle, waiting for room: nothing is dropped (an offline run, where nobody waits for the sound).
    public func sendWaiting(_ packet: OSCPacket) {
        condition.withLock {
            while queue.count >= capacity && running && !stopping { condition.wait() }
            queue.append(packet)
            condition.broadcast()
        }
    }

    /// Sends what is queued, then stops the thread and waits for it.
    public func finish() {
        let wasRunning = condition.withLock {
            stopping = true
            condition.broadcast()
            return running
        }
        if wasRunning { finished.wait() }
    }

    public var statistics: Statistics { condition.withLock { counts } }

    private func run() {
        while true {
            let next: OSCPacket? = condition.withLock {
                while queue.isEmpty && !stopping { condition.wait() }
                guard !queue.isEmpty else { return nil }
                let packet = queue.removeFirst()
                condition.broadcast()
                return packet
            }
            guard let next else { break }
            transmit(next)
        }
        condition.withLock {
            running = false
            condition.broadcast()
        }
    }

    private func transmit(_ packet: OSCPacket) {
        var failure: OSCError?
        let built: Bool?
        do {
            built = try Liblo.withBundleBytes(packet) { (bytes) throws(OSCError) in try socket.send(bytes); return true }
        } catch {
            failure = error
            built = true
        }
        let sentAt = MonotonicClock.now()
        var line: String?
        condition.withLock {
            if let failure {
                counts.failed += 1
                if !reported {
                    reported = true
                    line = failure.description
                }
            } else if built == true {
                if counts.bundles == 0 { counts.firstSent = sentAt }
                counts.lastSent = sentAt
                counts.bundles += 1
                counts.messages += packet.messages.count
                if packet.capturedAt > 0, counts.ages.count < Self.agesKept { counts.ages.append(sentAt - packet.capturedAt) }
            } else {
                counts.failed += 1
            }
        }
        if let line { report(line) }
    }
}

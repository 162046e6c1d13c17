import Foundation
import Synchronization
import ThereminCore

/// Plays a `BlockRenderer` as a JACK client: ports `out_1`/`out_2`, rendered in JACK's process callback at JACK's
/// period and rate, through the same allocation-free render path the ALSA output calls.
///
/// A control's timing comes from JACK's frame clock (`JACKCycle.framesUntilHeard`), not from when the callback ran.
/// When the server goes away the output is silent, says so in one line, and reconnects when the server is back (a
/// thread of its own watches, as the camera's reconnection does). A server at another rate than the mix's has the
/// mix made again for its rate (`remakeMix`), on that thread, and handed to the process callback (`MixHandoff`);
/// without `remakeMix` the output is silent, with one line, until the rate is the mix's again.
public final class JACKOutput: RateFollowingOutput, @unchecked Sendable {
    public let request: JACKRequest
    public var remakeMix: ((_ rate: Int, _ playedSeconds: Double) -> (any BlockRenderer)?)?
    private var client: JACKClient?
    private var ports: (left: JACKPort, right: JACKPort)?
    /// The newest mix made (the control side's: fading out, noticing a replay's end).
    private var newestMix: (any BlockRenderer)?
    private let newestLock = NSLock()
    private let mixes = MixHandoff()
    private let mixRate: Atomic<Int>
    /// Frames played of the newest mix when it was made (the frames before it were the old mix's).
    private var remadeAtFrame = 0
    private let destinations: [String]
    /// `midi_out` on this client (`addMIDIOutput`): what the process callback writes, and where the port goes.
    private var midiCycle: JACKMIDICycle?
    private var midiDestinations: [String] = []

    private let period = Atomic<Int>(0)
    private let stopAtFrame = Atomic<Int>(Int.max)
    private let written = Atomic<Int>(0)
    private let underrunCount = Atomic<Int>(0)
    private let delayFrames = Atomic<Int>(0)
    private let ended = Atomic<Bool>(false)
    private let cyclesSinceEnd = Atomic<Int>(0)
    private let serverGone = Atomic<Bool>(false)
    private let serverRate: Atomic<Int>
    private let finishedFlag = Atomic<Bool>(false)
    /// The last cycle's first frame on JACK's frame clock (high 32 bits) and the mix's position then (low 32 bits):
    /// where a frame of the mix goes out on the frame clock (`jackFrame(ofMixFrame:)`).
    private let anchor = Atomic<UInt64>(0)
    private let anchored = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)
    private var started = false
    private var threadScheduling: ThreadScheduling?

    /// Opens the client and registers its ports, so the rate and period are known before the mix is built; checks
    /// that the ports to connect to exist.
    /// - Throws: `JACKError` when no server runs, it refuses the client, or a named port does not exist.
    public init(request: JACKRequest) throws(JACKError) {
        self.request = request
        let client = try JACKClient(name: request.clientName, server: request.server)
        ports = (try client.registerOutput("out_1"), try client.registerOutput("out_2"))
        destinations = try JACKOutput.destinations(of: request.connection, on: client)
        mixRate = Atomic(client.sampleRate)
        serverRate = Atomic(client.sampleRate)
        period.store(client.bufferFrames, ordering: .relaxed)
        self.client = client
    }

    deinit { client?.close() }

    /// The rate the mix renders at: the server's when the client opened, or when the mix was last made again.
    public var sampleRate: Int { mixRate.load(ordering: .relaxed) }

    /// The client's name and its ports, e.g. "theremin:out_1, theremin:out_2 on JACK server 'default'".
    public var portsDescription: String {
        guard let client, let ports else { return "JACK server '\(request.serverLabel)'" }
        return "\(client.fullName(of: ports.left)), \(client.fullName(of: ports.right)) on JACK server '\(client.label)'"
    }

    /// The `SCHED_FIFO` priority of JACK's process thread, which renders theremin's sound; nil when the server runs
    /// without real-time scheduling.
    public var processPriority: Int32? {
        guard let client, client.isRealtime else { return nil }
        return client.realtimePriority
    }

    /// Where `out_1` and `out_2` are connected (empty with `--no-jack-connect`).
    public var connectedTo: [String] { destinations }

    public var periodFrames: Int { period.load(ordering: .relaxed) }
    /// JACK's buffer is its period: the graph renders one at a time.
    public var bufferFrames: Int { max(periodFrames, deviceDelayFrames) }
    /// xruns the server reported.
    public var underruns: Int { underrunCount.load(ordering: .relaxed) }
    /// Frames until the last cycle's first frame is heard, plus the cycle (from the frame clock and port latency).
    public var deviceDelayFrames: Int { delayFrames.load(ordering: .relaxed) }
    public var isFinished: Bool { finishedFlag.load(ordering: .acquiring) }
    public var scheduling: ThreadScheduling? { threadScheduling }
    /// Frames played so far.
    public var framesWritten: Int { written.load(ordering: .relaxed) }
    /// The JACK frame at which frame `mixFrame` of the mix goes out of `out_1`, from the last cycle; nil before the
    /// first cycle or while the server is away. A MIDI message placed at that frame of a JACK MIDI port sounds with it.
    public func jackFrame(ofMixFrame mixFrame: Int) -> UInt32? {
        guard anchored.load(ordering: .acquiring), !serverGone.load(ordering: .relaxed) else { return nil }
        let bits = anchor.load(ordering: .relaxed)
        let position = UInt32(truncatingIfNeeded: bits), first = UInt32(truncatingIfNeeded: bits >> 32)
        return first &+ (UInt32(truncatingIfNeeded: mixFrame) &- position)
    }

    /// Registers `midi_out` on this client, written by its process callback, connected with the audio ports where
    /// `connection` says: JACK MIDI beside JACK sound in one client (see `JACKMIDIOutput`). Before `start` only.
    /// - Throws: `JACKError` when the server is gone, a named port does not exist, or the output already started.
    public func addMIDIOutput(connection: JACKRequest.Connection) throws(JACKError) -> JACKMIDIOutput {
        guard let client, !started, midiCycle == nil else {
            throw JACKError(server: request.serverLabel, problem: .refused("a MIDI port once the sound has started"))
        }
        let destinations = try JACKOutput.destinations(of: connection, on: client, midi: true)
        let port = try client.registerOutput("midi_out", midi: true)
        let cycle = JACKMIDICycle(port: port)
        midiDestinations = destinations
        midiCycle = cycle
        return JACKMIDIOutput(cycle: cycle, portName: client.fullName(of: port), serverLabel: client.label)
    }

    /// Whether the server is away now (the output waits for it).
    public var isDisconnected: Bool { serverGone.load(ordering: .relaxed) }

    /// Activates the client, connects its ports and starts watching the server.
    public func start(_ mix: BlockRenderer) {
        guard !started, let client else { return }
        started = true
        setNewest(mix)
        mixes.offer(MixHandoff.Mix(mix, rate: sampleRate))
        do {
            try activate(client)
        } catch {
            request.notice?("\(error)")
            serverGone.store(true, ordering: .relaxed)
        }
        let thread = Thread { [self] in
            self.watch()
            self.client?.close()
            self.mixes.releaseAll()
            self.finishedFlag.store(true, ordering: .releasing)
            self.done.signal()
        }
        thread.name = "theremin-jack"
        thread.start()
    }

    public func stop(afterFrames frames: Int) throws {
        guard started else { return }
        newest?.fadeOut()
        stopAtFrame.store(framesWritten + max(0, frames), ordering: .relaxed)
        try wait()
    }

    public func wait() throws {
        guard started else { return }
        done.wait()
        done.signal()
    }

    private func activate(_ client: JACKClient) throws(JACKError) {
        client.setEvents(self)
        try client.activate()
        threadScheduling = client.isRealtime ? .fifo(priority: client.realtimePriority)
            : .normal(reason: "the JACK server runs without real-time scheduling (start jackd with -R)")
        guard let ports else { return }
        for (index, port) in [ports.left, ports.right].enumerated() where !destinations.isEmpty {
            try client.connect(port, to: destinations[min(index, destinations.count - 1)])
        }
        if let midiCycle {
            // A synth that is not back with the server does not keep the sound away: one line, and play on.
            for destination in midiDestinations {
                do {
                    try client.connect(midiCycle.port, to: destination)
                } catch {
                    request.notice?("\(error); the sound plays on")
                }
            }
            midiCycle.connected.store(true, ordering: .releasing)
        }
    }

    /// The watcher's loop: ends once the mix has ended and played out, reconnects while the server is away.
    private func watch() {
        var rateNoted = serverRate.load(ordering: .relaxed)
        while true {
            if ended.load(ordering: .relaxed) {
                let cycle = max(1, periodFrames)
                if cyclesSinceEnd.load(ordering: .relaxed) > deviceDelayFrames / cycle + 1 { return }
            }
            let stopping = stopAtFrame.load(ordering: .relaxed) != Int.max
            if serverGone.load(ordering: .relaxed) {
                if stopping || mixFinished { return }
                reconnect()
                continue
            }
            let rate = serverRate.load(ordering: .relaxed)
            if rate != rateNoted {
                rateNoted = rate
                follow(rate)
            }
            mixes.collect()
            MonotonicClock.sleep(0.01)
        }
    }

    private var mixFinished: Bool { newest?.isFinished == true }

    /// The newest mix made, for the control threads (the main thread stops it, the watcher watches it end).
    private var newest: (any BlockRenderer)? {
        newestLock.lock()
        defer { newestLock.unlock() }
        return newestMix
    }

    private func setNewest(_ mix: any BlockRenderer) {
        newestLock.lock()
        newestMix = mix
        newestLock.unlock()
    }

    /// The server now runs at `rate`: the mix is made again for it and handed over, or, when it cannot be, the
    /// output is silent until the rate is the mix's again. One line either way.
    private func follow(_ rate: Int) {
        let old = sampleRate
        guard rate != old else {
            request.notice?("JACK runs at \(rate) Hz again: playing")
            return
        }
        let played = Double(framesWritten - remadeAtFrame) / Double(max(1, old))
        guard rate > 0, let remade = remakeMix?(rate, played) else {
            request.notice?("JACK now runs at \(rate) Hz, the sound was built for \(old) Hz: silent until the server "
                + "is back at \(old) Hz (or restart theremin)")
            return
        }
        remadeAtFrame = framesWritten
        setNewest(remade)
        mixRate.store(rate, ordering: .relaxed)
        mixes.offer(MixHandoff.Mix(remade, rate: rate))
        request.notice?("JACK now runs at \(rate) Hz: the sound is rebuilt for it")
    }

    /// Closes the lost client, says so, and opens a new one each half second until the server answers.
    private func reconnect() {
        client?.close()
        client = nil
        request.notice?("JACK server '\(request.serverLabel)' went away: silent until it is back")
        while stopAtFrame.load(ordering: .relaxed) == Int.max && !mixFinished {
            if let client = try? JACKClient(name: request.clientName, server: request.server),
               let left = try? client.registerOutput("out_1"), let right = try? client.registerOutput("out_2"),
               registerMIDIAgain(on: client) {
                ports = (left, right)
                period.store(client.bufferFrames, ordering: .relaxed)
                serverRate.store(client.sampleRate, ordering: .relaxed)
                serverGone.store(false, ordering: .relaxed)
                do {
                    try activate(client)
                    self.client = client
                    request.notice?("JACK server '\(request.serverLabel)' is back: playing on \(portsDescription)")
                    return
                } catch {
                    // Still away for the watcher (a port to connect to is not back yet): try again, and a stop ends it.
                    serverGone.store(true, ordering: .relaxed)
                    client.close()
                }
            }
            MonotonicClock.sleep(0.5)
        }
    }
}

extension JACKOutput {
    /// On a reconnected client: `midi_out` registered again and handed to the MIDI cycle; true when there is none.
    private func registerMIDIAgain(on client: JACKClient) -> Bool {
        guard let midiCycle else { return true }
        guard let port = try? client.registerOutput("midi_out", midi: true) else { return false }
        midiCycle.restart(on: port)
        return true
    }
}

extension JACKOutput: JACKClientEvents {
    /// Renders one cycle into the port buffers. Render contract: no allocation, locks, I/O or logging.
    func process(_ cycle: JACKCycle) {
        midiCycle?.process(cycle)
        guard let ports, let left = cycle.audioBuffer(ports.left), let right = cycle.audioBuffer(ports.right) else { return }
        let frames = cycle.frames
        let position = written.load(ordering: .relaxed)
        guard let mix = mixes.current(), !ended.load(ordering: .relaxed) else {
            silence(left, right, frames)
            cyclesSinceEnd.add(1, ordering: .relaxed)
            return
        }
        let renderer = mix.renderer
        if renderer.isFinished || position >= stopAtFrame.load(ordering: .relaxed) {
            ended.store(true, ordering: .relaxed)
            silence(left, right, frames)
            return
        }
        if serverRate.load(ordering: .relaxed) != mix.rate {
            silence(left, right, frames)
            return
        }
        anchor.store(UInt64(cycle.firstFrame) << 32 | UInt64(UInt32(truncatingIfNeeded: position)), ordering: .relaxed)
        anchored.store(true, ordering: .releasing)
        renderer.renderStereo(left: left, right: right, frames: frames)
        written.store(position + frames, ordering: .relaxed)
        let delay = cycle.framesUntilHeard(through: ports.left, sampleRate: mix.rate) + frames
        delayFrames.store(delay, ordering: .relaxed)
        renderer.didWrite(delayFrames: delay)
    }

    private func silence(_ left: UnsafeMutablePointer<Float>, _ right: UnsafeMutablePointer<Float>, _ frames: Int) {
        left.update(repeating: 0, count: frames)
        right.update(repeating: 0, count: frames)
    }

    func bufferSizeChanged(to frames: Int) { period.store(frames, ordering: .relaxed) }
    func sampleRateChanged(to rate: Int) { serverRate.store(rate, ordering: .relaxed) }
    func xrun() { underrunCount.add(1, ordering: .relaxed) }
    func serverShutDown() {
        midiCycle?.gone.store(true, ordering: .relaxed)
        serverGone.store(true, ordering: .relaxed)
    }
}

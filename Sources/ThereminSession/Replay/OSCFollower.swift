import ThereminCore

/// `--osc-out` for a trace (`--replay`, `--demo` with `--output`, `--input` offline): one bundle per scheduled
/// control, with the trace's hands. Played live it follows the sound like `MIDIFollower` (stamped when heard);
/// rendered offline every bundle is sent, none dropped, stamped from the start of the run plus the frame's time in
/// the trace, so a receiver that honours time tags (liblo's) plays them out at the performance's pace.
public struct OSCFollower: ReplayFollower {
    private let sender: any OSCPacketSink
    /// Called by `finish()`: the sender's owner finishes it (the command line's `OSCOut.finish`).
    public var whenFinished: () -> Void = {}
    private let schedule: [TimedControl]
    private let frames: [HandsFrame]
    private let sampleRate: Double
    private var next = 0

    public init(sender: any OSCPacketSink, plan: ReplayPlan, trace: Trace) {
        self.sender = sender
        schedule = plan.schedule
        frames = trace.frames
        sampleRate = plan.sampleRate
    }

    /// The hands of schedule entry `index` (the plan's last entry, the final fade, has none).
    private func hands(_ index: Int) -> HandsFrame {
        index < frames.count ? frames[index] : HandsFrame(t: frames.last?.t ?? 0, hands: [])
    }

    /// Sends every entry scheduled up to the sample now heard.
    public mutating func advance(toFrame frame: Int) {
        while next < schedule.count && schedule[next].sampleIndex <= frame {
            let messages = OSCAddressSpace.messages(control: schedule[next].control, hands: hands(next))
            sender.send(OSCPacket(time: WallClock.now(), capturedAt: 0, messages: messages))
            next += 1
        }
    }

    public func finish() { whenFinished() }

    /// Sends the whole performance at once, waiting for room in the queue (offline: nothing waits for it).
    public mutating func sendAll() {
        let start = WallClock.now()
        while next < schedule.count {
            let messages = OSCAddressSpace.messages(control: schedule[next].control, hands: hands(next))
            let time = start + Double(schedule[next].sampleIndex) / sampleRate
            sender.sendWaiting(OSCPacket(time: time, capturedAt: 0, messages: messages))
            next += 1
        }
    }
}

import ThereminCore

/// What a trace is written into instead of being played (`--replay`, the demo and offline `--input` with files):
/// the sound file, the MIDI file and the OSC stream, in the order that leaves no output half done. The caller opens
/// the files and the sender (their errors are its own) and says what was written.
public struct TraceOutputs {
    /// The sound file: where it goes, how it is opened (once the backing track is read) and how rendering is shown.
    public struct SoundFile {
        public let path: String
        public let open: () throws -> any RenderDestination
        public let progress: (Double) -> Void

        public init(path: String, open: @escaping () throws -> any RenderDestination,
                    progress: @escaping (Double) -> Void = { _ in }) {
            self.path = path
            self.open = open
            self.progress = progress
        }
    }

    /// The MIDI file: where it goes, what it sends, and how a whole file is written.
    public struct MIDIFile {
        public let path: String
        public let settings: MIDISettings
        public let write: (_ bytes: [UInt8], _ path: String) throws -> Void

        public init(path: String, settings: MIDISettings, write: @escaping (_ bytes: [UInt8], _ path: String) throws -> Void) {
            self.path = path
            self.settings = settings
            self.write = write
        }
    }

    /// A file just written, for the line that says so.
    public enum Written: Equatable {
        /// The sound file, its length in seconds (tail included) and the trace's samples it was rendered from.
        case soundFile(path: String, seconds: Double, traceSamples: Int)
        /// The MIDI file, the performance's length in seconds, the file's events and the trace's samples.
        case midiFile(path: String, seconds: Double, events: Int, traceSamples: Int)
    }

    public let sound: SoundDescription
    public let sampleRate: Int
    public let backingFiles: any BackingTrackLoading.Type
    public var soundFile: SoundFile?
    public var midiFile: MIDIFile?
    /// Opens the OSC stream: the sender, and how it is finished once everything is sent; nil without one, or when
    /// it cannot be opened (the files are written without it).
    public var openOSC: () -> (sender: any OSCPacketSink, finish: () -> Void)? = { nil }
    /// Told of each file as soon as it is written.
    public var written: (Written) -> Void = { _ in }

    public init(sound: SoundDescription, sampleRate: Int, backingFiles: any BackingTrackLoading.Type) {
        self.sound = sound
        self.sampleRate = sampleRate
        self.backingFiles = backingFiles
    }

    /// The sound file with its MIDI file and OSC, or the MIDI file alone with OSC.
    /// - Returns: false when neither file is asked for, for the trace to be played instead.
    /// - Throws: the backing track's, the files' errors.
    public func write(_ trace: Trace) throws -> Bool {
        if let soundFile {
            try render(trace, to: soundFile)
            return true
        }
        guard let midiFile else { return false }
        try writeMIDI(trace, to: midiFile)
        send(trace) { plan(of: trace) }
        return true
    }

    /// The performance rendered into the sound file as fast as possible, with its MIDI file and OSC. Every input
    /// (backing track, the sound file's type and folder) is checked before any file is written, and a render that
    /// fails takes its MIDI file with it.
    public func render(_ trace: Trace, to soundFile: SoundFile) throws {
        let render = try RenderSetup(sound: sound, sampleRate: sampleRate, files: backingFiles).performance(of: trace)
        let destination = try soundFile.open()
        if let midiFile {
            do {
                try writeMIDI(trace, to: midiFile)
            } catch {
                destination.discard()
                throw error
            }
        }
        do {
            try render.render(into: destination, progress: soundFile.progress)
        } catch {
            if let midiFile { FileSystem.remove(midiFile.path) }
            throw error
        }
        written(.soundFile(path: soundFile.path, seconds: render.duration, traceSamples: trace.samples.count))
        send(trace) { render.plan }
    }

    /// The trace of an offline `--input` run to the OSC stream, mapped with the input's calibration.
    public func sendOSC(_ trace: Trace, calibration: Calibration) {
        send(trace) { plan(of: trace, calibration: calibration) }
    }

    /// The whole performance to the OSC stream at once (`OSCFollower.sendAll`), when there is one.
    private func send(_ trace: Trace, plan: () -> ReplayPlan) {
        guard let osc = openOSC() else { return }
        var follower = OSCFollower(sender: osc.sender, plan: plan(), trace: trace)
        follower.sendAll()
        osc.finish()
    }

    /// The performance as a Standard MIDI File, timed as the audio would be.
    public func writeMIDI(_ trace: Trace, to midiFile: MIDIFile) throws {
        let rate = Double(sampleRate)
        let file = StandardMIDIFile.performance(plan(of: trace).schedule,
                                                slides: midiFile.settings.slides(of: trace, handMode: sound.mapper.handMode),
                                                sampleRate: rate, settings: midiFile.settings)
        try midiFile.write(file.encoded(), midiFile.path)
        written(.midiFile(path: midiFile.path, seconds: trace.duration, events: file.events.count,
                          traceSamples: trace.samples.count))
    }

    /// The pitch the trace plays, for judging it against a score (`--play-along`).
    public func playedPitch(of trace: Trace) -> PlayedPitch {
        PlayedPitch(plan: plan(of: trace), voice: sound.voice)
    }

    /// The controls without the sound's tail: what the MIDI file, OSC beside it and the judging follow.
    private func plan(of trace: Trace, calibration: Calibration? = nil) -> ReplayPlan {
        ReplayPlan(trace: trace, mapper: calibration.map(sound.mapper(calibratedBy:)) ?? sound.mapper,
                   sampleRate: Double(sampleRate), tail: 0)
    }
}

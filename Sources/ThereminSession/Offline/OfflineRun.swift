import Foundation
import ThereminCore

/// Offline `--input` from the first frame to the last file: every frame tracked (`OfflineInput`), the trace
/// recorded, then the sound rendered through the one render set-up. The outputs are opened by the caller before
/// this runs (a bad path fails before minutes of tracking); when tracking or recording fails, both are discarded, so
/// nothing is left half done.
public struct OfflineRun {
    public let input: OfflineInput
    public let metadata: TraceMetadata
    /// Hands in the performance: 2 for two-hand play.
    public let hands: Int
    /// The trace being written (`--record`), if any.
    public var recording: TraceWriter?
    /// The render (`--output`): the set-up (backing track decoded) and where it goes.
    public var render: (setup: RenderSetup, destination: any RenderDestination)?
    /// The trace's name as asked for (`recording` may have the next free one).
    public var askedTrace: String?

    /// What a run made.
    public struct Result {
        /// Frames tracked, and how many had a hand in them.
        public let frames: Int
        public let framesWithHand: Int
        /// The performance, as `--replay` of its recording would play it.
        public let trace: Trace
        /// The sound's length in seconds, when rendered.
        public let renderedSeconds: Double?
        /// Where the trace was recorded, and the name asked for.
        public let tracePath: String?
        public let askedTrace: String?
    }

    public init(input: OfflineInput, metadata: TraceMetadata, hands: Int) {
        self.input = input
        self.metadata = metadata
        self.hands = hands
    }

    /// A run with its outputs opened now, so a bad path fails before minutes of tracking: the trace under `asked`
    /// or its next free name (like a live take, never over a file; `named` is told the name), then the render
    /// (`render` decodes the backing track and opens the file). When the render cannot be opened, the trace goes.
    /// - Throws: the trace's, the backing track's or the sound file's error.
    public init(input: OfflineInput, metadata: TraceMetadata, hands: Int, recordingAs asked: String?,
                named: (String) -> Void, render: (() throws -> (RenderSetup, any RenderDestination))?) throws {
        self.init(input: input, metadata: metadata, hands: hands)
        askedTrace = asked
        recording = try asked.map { try TraceFile.create(asked: $0, metadata: metadata, hands: hands, named: named) }
        do {
            self.render = try render?()
        } catch {
            recording?.discard()
            throw error
        }
    }

    /// - Parameters:
    ///   - tracking: called after each frame with the number tracked so far.
    ///   - tracked: called once every frame is tracked, before recording and rendering.
    ///   - rendering: called now and then with the fraction of the sound rendered.
    /// - Throws: the source's, the tracker's and the files' errors; `NoFramesToTrack` for a source without frames.
    public func run(tracking: (Int) -> Void = { _ in }, tracked: () -> Void = {},
                    rendering: (Double) -> Void = { _ in }) throws -> Result {
        let frames: [HandsFrame]
        do {
            frames = try input.track(progress: tracking)
            tracked()
            if let recording { try OfflineInput.record(frames, into: recording) }
        } catch {
            recording?.discard()
            render?.destination.discard()
            throw error
        }
        let trace = OfflineInput.trace(of: frames, metadata: metadata, hands: hands)
        var seconds: Double?
        if let render {
            let performance = render.setup.performance(of: trace)
            try performance.render(into: render.destination, progress: rendering)
            seconds = performance.duration
        }
        return Result(frames: frames.count, framesWithHand: frames.filter { !$0.present.isEmpty }.count, trace: trace,
                      renderedSeconds: seconds, tracePath: recording?.path, askedTrace: askedTrace)
    }
}

extension OfflineRun.Result {
    /// The one line that says what a run made: frames tracked from `input`, the trace (and the name it replaced
    /// when that was taken), the sound file `output` and its length.
    public func summary(input: String, output: String?) -> String {
        var line = "tracked \(frames) frames from \(input), hand in \(framesWithHand)"
        if let tracePath, let askedTrace {
            line += "; trace \(tracePath)" + (tracePath == askedTrace ? "" : " (\(askedTrace) exists)")
        }
        if let output, let renderedSeconds {
            line += String(format: "; sound %@ (%.1f s)", output, renderedSeconds)
        }
        return line
    }
}

/// The sounds a performance can switch between (the starting sound, then each preset of the list), each a voice and
/// effect chain of its own made before playing, and the switch between them at a block's first sample: the new
/// sound's voice fades in from silence as a hand found afresh does (its rise, at most 15 ms), while the old one fades
/// out on its own fade and its effects ring out for their tail, mixed in. Nothing clicks and no echo is cut.
///
/// Render side: `apply`, `select` and `render` obey the render contract (no allocation, locks, I/O or logging);
/// everything, the scratch block included, is made in the initializer.
public final class SoundSwitch {
    private let engines: [SynthEngine]
    /// Frames each sound rings after its gate closes (its fade and its effects' tail).
    private let tailFrames: [Int]
    public private(set) var index = 0
    private var ringing: Int?
    private var ringingLeft = 0
    private let scratch: UnsafeMutablePointer<Float>
    private let scratchRight: UnsafeMutablePointer<Float>
    private static let scratchFrames = 1_024

    /// - Parameters:
    ///   - engines: the sounds, the starting one first.
    ///   - tails: seconds each rings after its gate closes (`SoundDescription.tail`).
    public init(engines: [SynthEngine], tails: [Double]) {
        precondition(!engines.isEmpty, "a performance has a sound")
        self.engines = engines
        tailFrames = zip(engines, tails).map { Int(($1 * $0.sampleRate).rounded(.up)) }
            + Array(repeating: 0, count: max(0, engines.count - tails.count))
        scratch = UnsafeMutablePointer<Float>.allocate(capacity: Self.scratchFrames)
        scratchRight = UnsafeMutablePointer<Float>.allocate(capacity: Self.scratchFrames)
    }

    deinit {
        scratch.deallocate()
        scratchRight.deallocate()
    }

    /// The sound playing now.
    public var current: SynthEngine { engines[index] }
    public var count: Int { engines.count }

    /// Switches to sound `next` (an index into the sounds; out of range: nothing) from the next sample rendered; the
    /// old sound's gate closes on `control`'s pitch and it rings out. Render contract applies.
    public func select(_ next: Int, closing control: Control) {
        guard next != index, next >= 0, next < engines.count else { return }
        var closed = control
        closed.gate = false
        engines[index].apply(closed)
        ringing = index
        ringingLeft = tailFrames[index]
        index = next
    }

    /// Sets the targets the sound playing glides towards. Render contract applies.
    @inline(__always)
    public func apply(_ control: Control) {
        engines[index].apply(control)
    }

    /// Renders the sound playing and, for its tail, the one before it. Render contract applies.
    public func render(into output: UnsafeMutablePointer<Float>, frames: Int) {
        engines[index].render(into: output, frames: frames)
        guard let old = ringing, old != index else {
            ringing = nil
            return
        }
        var done = 0
        while done < frames {
            let chunk = min(Self.scratchFrames, frames - done)
            engines[old].render(into: scratch, frames: chunk)
            for i in 0..<chunk { output[done + i] += scratch[i] }
            done += chunk
        }
        ringingLeft -= frames
        if ringingLeft <= 0 { ringing = nil }
    }

    /// The same in stereo: each sound's chain renders both channels (mono up to its first stereo effect), and the
    /// ringing one's two channels are mixed into the playing one's. Render contract applies.
    public func renderStereo(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, frames: Int) {
        engines[index].renderStereo(left: left, right: right, frames: frames)
        guard let old = ringing, old != index else {
            ringing = nil
            return
        }
        var done = 0
        while done < frames {
            let chunk = min(Self.scratchFrames, frames - done)
            engines[old].renderStereo(left: scratch, right: scratchRight, frames: chunk)
            for i in 0..<chunk {
                left[done + i] += scratch[i]
                right[done + i] += scratchRight[i]
            }
            done += chunk
        }
        ringingLeft -= frames
        if ringingLeft <= 0 { ringing = nil }
    }
}

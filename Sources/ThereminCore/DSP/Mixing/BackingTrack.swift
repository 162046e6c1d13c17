/// A backing track decoded, resampled to the output rate and split into stereo before playback starts, so the
/// audio thread only reads memory. Immutable once built.
///
/// For looping, the last `crossfadeFrames` of the track are mixed into its first ones (a linear crossfade, which
/// keeps a level seam for material that continues across the loop and dips at most 3 dB for material that does
/// not); every pass after the first plays that blended start, so the seam never clicks. The first pass plays the
/// track's own beginning.
public final class BackingTrack: @unchecked Sendable {
    /// Frames per pass: the whole track, or the track less the crossfade when looping.
    public let passFrames: Int
    /// True when the track repeats.
    public let loops: Bool
    /// Frames of the loop crossfade (0 when not looping or the track is too short).
    public let crossfadeFrames: Int
    let left: UnsafeMutablePointer<Float>
    let right: UnsafeMutablePointer<Float>
    /// The track's original first `crossfadeFrames` frames, played on the first pass only.
    let introLeft: UnsafeMutablePointer<Float>
    let introRight: UnsafeMutablePointer<Float>

    /// - Parameters:
    ///   - left, right: the track's two channels at the output rate (equal lengths; mono: pass the same twice).
    ///   - loops: repeat the track.
    ///   - crossfadeFrames: length of the loop seam's crossfade (about 20 ms is inaudible as a fade).
    public init(left sourceLeft: [Float], right sourceRight: [Float], loops: Bool, crossfadeFrames: Int) {
        let frames = min(sourceLeft.count, sourceRight.count)
        let fade = loops ? min(max(0, crossfadeFrames), frames / 4) : 0
        self.loops = loops
        self.crossfadeFrames = fade
        passFrames = frames - fade
        left = .allocate(capacity: max(1, passFrames))
        right = .allocate(capacity: max(1, passFrames))
        introLeft = .allocate(capacity: max(1, fade))
        introRight = .allocate(capacity: max(1, fade))
        for i in 0..<passFrames {
            left[i] = sourceLeft[i]
            right[i] = sourceRight[i]
        }
        for i in 0..<fade {
            introLeft[i] = sourceLeft[i]
            introRight[i] = sourceRight[i]
            // Fade the track's tail out while its start fades in.
            let fadeIn = Float(i + 1) / Float(fade + 1)
            left[i] = sourceLeft[i] * fadeIn + sourceLeft[passFrames + i] * (1 - fadeIn)
            right[i] = sourceRight[i] * fadeIn + sourceRight[passFrames + i] * (1 - fadeIn)
        }
    }

    deinit {
        left.deallocate()
        right.deallocate()
        introLeft.deallocate()
        introRight.deallocate()
    }

    /// Seconds of one pass at `sampleRate`.
    public func duration(sampleRate: Double) -> Double { Double(passFrames + crossfadeFrames) / sampleRate }
}

/// Plays a `BackingTrack` into the mix. Render-side: no allocation, locks, I/O or logging.
public struct BackingPlayer: Sendable {
    public let track: BackingTrack
    /// Gain applied to the track, 0…1.
    public let volume: Float
    private var position = 0
    private var firstPass = true
    /// Gain ramp for stopping without a click.
    private var gain: Float = 1
    private var fadeStep: Float = 0
    /// Played once before the track (a play-along's count-in), at full level; the track starts after it.
    private var leadIn: BackingTrack?
    private var leadInPosition = 0

    public static let volumeSpec = ParameterSpec(name: "backing-volume", defaultValue: 0.5, range: 0...1, unit: "",
                                                 help: "level of the backing track under the theremin")

    public init(track: BackingTrack, volume: Double) {
        self.track = track
        self.volume = Float(min(max(volume, 0), 1))
    }

    /// The same track played after `leadIn`: the backing starts on the count-in's last beat's end.
    public func leading(with leadIn: BackingTrack) -> BackingPlayer {
        var player = self
        player.leadIn = leadIn
        player.leadInPosition = 0
        return player
    }

    /// No track: only a lead-in, when there is no backing to play after it.
    public static func silence() -> BackingPlayer {
        BackingPlayer(track: BackingTrack(left: [], right: [], loops: false, crossfadeFrames: 0), volume: 0)
    }

    /// True once a non-looping track has played to its end (or a fade-out has finished).
    public var isFinished: Bool {
        (leadInPosition >= (leadIn?.passFrames ?? 0) && !track.loops && position >= track.passFrames) || gain <= 0
    }

    /// Fades the track out over `frames` samples.
    public mutating func fadeOut(frames: Int) {
        fadeStep = 1 / Float(max(1, frames))
    }

    /// Moves on `frames` frames without playing them: a player made again at another rate picks up where the old
    /// one was.
    public mutating func skip(frames: Int) {
        var left = max(0, frames)
        if let leadIn {
            let step = min(left, max(0, leadIn.passFrames - leadInPosition))
            leadInPosition += step
            left -= step
        }
        let length = track.passFrames
        guard left > 0, length > 0 else { return }
        let ahead = position + left
        if track.loops {
            if ahead >= length { firstPass = false }
            position = ahead % length
        } else {
            position = min(ahead, length)
        }
    }

    /// Adds the next `frames` frames of the lead-in, then of the track, into `left` and `right`.
    public mutating func mix(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, frames: Int) {
        var done = 0
        if let leadIn, leadInPosition < leadIn.passFrames {
            done = min(frames, leadIn.passFrames - leadInPosition)
            for j in 0..<done {
                if fadeStep > 0 { gain = max(0, gain - fadeStep) }
                left[j] += leadIn.left[leadInPosition + j] * gain
                right[j] += leadIn.right[leadInPosition + j] * gain
            }
            leadInPosition += done
        }
        if done < frames { mixTrack(left: left + done, right: right + done, frames: frames - done) }
    }

    private mutating func mixTrack(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, frames: Int) {
        let length = track.passFrames
        guard length > 0 else { return }
        var i = 0
        while i < frames && !isFinished {
            if position >= length {
                position = 0
                firstPass = false
            }
            let chunk = min(frames - i, length - position)
            let fade = track.crossfadeFrames
            for j in 0..<chunk {
                let p = position + j
                let fromIntro = firstPass && p < fade
                let l = fromIntro ? track.introLeft[p] : track.left[p]
                let r = fromIntro ? track.introRight[p] : track.right[p]
                if fadeStep > 0 { gain = max(0, gain - fadeStep) }
                let g = gain * volume
                left[i + j] += l * g
                right[i + j] += r * g
            }
            position += chunk
            i += chunk
            if !track.loops && position >= length { break }
        }
    }
}

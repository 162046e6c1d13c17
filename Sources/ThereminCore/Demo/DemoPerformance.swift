import Foundation

/// Turns a tune into the trace a thereminist's hand would leave playing it, at 30 frames a second: each note's
/// height placed by `mapping` (so the notes sound right under any range or pitch law), glides eased in over 180 ms,
/// a quick 50 ms slide between neighbouring notes, a vibrato (5.5 Hz, ±12 cents) that grows in after 250 ms,
/// repeated notes re-articulated with a quick dip of the volume hand, and rests as stretches without a hand.
/// The motion estimator (the default) follows the hand closely, so the hand plays the line as written. With the One
/// Euro filter (`--response steady`) the hand anticipates it: it moves so that the smoothed pitch, the one heard,
/// follows that line on time, as a player who knows the instrument leads a note a little. Deterministic: the same
/// tune gives the same trace.
public enum DemoPerformance {
    public static let frameRate = 30.0
    /// Time a glide into a note takes (at most half the note).
    public static let glideTime = 0.18
    /// Time the slide between two plain notes takes: a theremin never jumps.
    public static let slideTime = 0.05
    public static let vibratoRate = 5.5
    public static let vibratoDepth = 12.0
    /// When the vibrato starts in a note, and how long it takes to reach its depth.
    public static let vibratoDelay = 0.25
    public static let vibratoSwell = 0.3
    /// The volume hand: where it plays, and the dip that re-articulates a note.
    public static let playingX = 0.8
    public static let dipX = 0.4
    public static let dipTime = 0.07

    /// The performance of `tune` through `mapping`, its heights led for `smoothing`.
    public static func trace(_ tune: Tune, mapping: Mapping = Mapping(), smoothing: SmoothingSettings = .expressive,
                             title: String = "demo") -> Trace {
        let starts = tune.startTimes
        let frames = Int((tune.duration * frameRate).rounded(.up))
        var samples: [HandSample] = []
        samples.reserveCapacity(frames)
        var index = 0
        // The smoothing the replay will apply to the height, run alongside so the hand can lead it.
        var heard: OneEuroFilter?
        if case .oneEuro(let settings) = smoothing { heard = OneEuroFilter(settings: settings) }
        for frame in 0..<frames {
            let t = Double(frame) / frameRate
            while index + 1 < tune.events.count, starts[index + 1] <= t + 1e-9 { index += 1 }
            let event = tune.events[index]
            guard let midi = event.midi else {
                heard?.reset()
                samples.append(.absent(at: t))
                continue
            }
            let previous = index > 0 ? tune.events[index - 1].midi : nil
            let u = t - starts[index]
            let length = event.beats * tune.beat
            let cents = pitch(midi: midi, from: previous, glide: event.glide, at: u, length: length,
                              vibrato: event.vibrato)
            let target = mapping.y(forFrequency: Note.frequency(midi: cents / 100))
                ?? (Note.frequency(midi: cents / 100) < min(mapping.low, mapping.high) ? 1 : 0)
            let articulated = !event.glide && previous != nil && u < dipTime
            let x = articulated ? dipX + (playingX - dipX) * u / dipTime : playingX
            let acquired = previous == nil && u < 1e-9
            // A hand found afresh restarts the smoothing (ControlMapper does the same).
            if acquired { heard?.reset() }
            let y = heard?.lead(to: target, at: t) ?? target
            // The law's coordinates to the picture: the height laws play as written, the antenna law sideways.
            let position = mapping.cameraPosition(pitch: y, loudness: x)
            var sample = HandSample(t: t, x: position.x, y: position.y, present: true)
            sample.acquired = acquired
            samples.append(sample)
        }
        return Trace(metadata: TraceMetadata([("source", "theremin --demo: \(title)")]), samples: samples)
    }

    /// A score as a tune the generated hand can play: its notes at their times (a beat a second), rests between
    /// them, a vibrato on notes of `vibratoDelay` + `vibratoSwell` or longer.
    public static func tune(playing score: Score) -> Tune {
        var events: [Tune.Event] = []
        var time = 0.0
        for note in score.notes {
            if note.start > time + 1e-6 {
                events.append(Tune.Event(midi: nil, beats: note.start - time, glide: false, vibrato: false))
            }
            events.append(Tune.Event(midi: note.midi, beats: note.duration, glide: false,
                                     vibrato: note.duration >= vibratoDelay + vibratoSwell))
            time = note.end
        }
        return Tune(events: events, tempo: 60)
    }

    /// The pitch in cents (MIDI × 100) `u` seconds into a note, as it should sound: the glide (or the quick slide)
    /// from the previous note, then the vibrato.
    static func pitch(midi: Int, from previous: Int?, glide glides: Bool, at u: Double, length: Double,
                      vibrato: Bool) -> Double {
        let target = Double(midi) * 100
        var cents = target
        let glide = min(glides ? glideTime : slideTime, length / 2)
        if let previous, u < glide {
            let eased = (1 - cos(Double.pi * u / glide)) / 2
            cents = Double(previous) * 100 + (target - Double(previous) * 100) * eased
        }
        if vibrato, u > vibratoDelay {
            let depth = vibratoDepth * min(1, (u - vibratoDelay) / vibratoSwell)
            cents += depth * sin(2 * Double.pi * vibratoRate * (u - vibratoDelay))
        }
        return cents
    }
}

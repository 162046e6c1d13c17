import Foundation

/// Turns a tune into the trace a thereminist's hand would leave playing it, at 30 frames a second: each note's
/// height placed by `mapping` (so the notes sound right under any range or pitch law), glides eased in over 180 ms,
/// a vibrato (5.5 Hz, ±12 cents) that grows in after 250 ms, repeated notes re-articulated with a quick dip of the
/// volume hand, and rests as stretches without a hand. Deterministic: the same tune gives the same trace.
public enum DemoPerformance {
    public static let frameRate = 30.0
    /// Time a glide into a note takes (at most half the note).
    public static let glideTime = 0.18
    public static let vibratoRate = 5.5
    public static let vibratoDepth = 12.0
    /// When the vibrato starts in a note, and how long it takes to reach its depth.
    public static let vibratoDelay = 0.25
    public static let vibratoSwell = 0.3
    /// The volume hand: where it plays, and the dip that re-articulates a note.
    public static let playingX = 0.8
    public static let dipX = 0.4
    public static let dipTime = 0.07

    /// The performance of `tune` through `mapping`.
    public static func trace(_ tune: Tune, mapping: Mapping = Mapping(), title: String = "demo") -> Trace {
        let starts = tune.startTimes
        let frames = Int((tune.duration * frameRate).rounded(.up))
        var samples: [HandSample] = []
        samples.reserveCapacity(frames)
        var index = 0
        for frame in 0..<frames {
            let t = Double(frame) / frameRate
            while index + 1 < tune.events.count, starts[index + 1] <= t + 1e-9 { index += 1 }
            let event = tune.events[index]
            guard let midi = event.midi else {
                samples.append(.absent(at: t))
                continue
            }
            let previous = index > 0 ? tune.events[index - 1].midi : nil
            let u = t - starts[index]
            let length = event.beats * tune.beat
            let cents = pitch(midi: midi, from: event.glide ? previous : nil, at: u, length: length, vibrato: event.vibrato)
            let y = mapping.y(forFrequency: Note.frequency(midi: cents / 100))
                ?? (Note.frequency(midi: cents / 100) < min(mapping.low, mapping.high) ? 1 : 0)
            let articulated = !event.glide && previous != nil && u < dipTime
            let x = articulated ? dipX + (playingX - dipX) * u / dipTime : playingX
            var sample = HandSample(t: t, x: x, y: y, present: true)
            sample.acquired = previous == nil && u < 1e-9
            samples.append(sample)
        }
        return Trace(metadata: TraceMetadata([("source", "theremin --demo: \(title)")]), samples: samples)
    }

    /// The pitch in cents (MIDI × 100) `u` seconds into a note: the glide from the previous note, then the vibrato.
    static func pitch(midi: Int, from previous: Int?, at u: Double, length: Double, vibrato: Bool) -> Double {
        let target = Double(midi) * 100
        var cents = target
        let glide = min(glideTime, length / 2)
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

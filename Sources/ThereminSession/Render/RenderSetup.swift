import ThereminCore

/// The first half of the one render set-up: the sound prepared at an output rate before the performance is known,
/// so that every input (the backing track above all) is checked before minutes of tracking or any sound.
/// `performance(of:)` (a trace: replay, render, offline input) or `liveMix` (live play) is the second half.
public final class RenderSetup {
    public let sound: SoundDescription
    public let sampleRate: Int
    /// Smoothing and mapping with the calibration: the plan's, or the tracking loop's live.
    public let mapper: ControlMapper
    private var backing: BackingPlayer?

    /// Decodes and resamples the backing track, if the sound has one.
    /// - Parameter files: reads the backing track's file (ThereminAudio's `BackingTrackLoader`).
    /// - Throws: the loader's error for a backing file that cannot be read.
    public init(sound: SoundDescription, calibration: Calibration = .identity, sampleRate: Int,
                files: any BackingTrackLoading.Type) throws {
        self.sound = sound
        self.sampleRate = sampleRate
        mapper = sound.mapper(calibratedBy: calibration)
        backing = try sound.loadBacking(sampleRate: sampleRate, from: files)
    }

    /// The performance of `trace`, mixed with the backing track. One performance per set-up: the backing player
    /// keeps its position, so a second call gets the theremin alone.
    public func performance(of trace: Trace) -> PerformanceRender {
        PerformanceRender(trace: trace, sound: sound, mapper: mapper, backing: takeBacking(), sampleRate: sampleRate)
    }

    /// The backing player, once: whichever second half asks first mixes it.
    func takeBacking() -> BackingPlayer? {
        defer { backing = nil }
        return backing
    }

    /// The performance of `trace` without a backing track and without checking one: for analysis (the report's
    /// sound check), where only the theremin is listened to.
    public static func unmixedPerformance(of trace: Trace, sound: SoundDescription, sampleRate: Int) -> PerformanceRender {
        PerformanceRender(trace: trace, sound: sound, mapper: sound.mapper(calibratedBy: .identity), backing: nil,
                          sampleRate: sampleRate)
    }
}

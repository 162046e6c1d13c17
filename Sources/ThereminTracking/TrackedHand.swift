import ThereminCore

/// The tracker's diagnostics around a sample, for the benchmark and the overlay: the sample itself carries
/// everything the pipeline uses (fingertip, landmarks, region, handedness, acquired, confidence) from the tracker to
/// the display, so nothing is rebuilt on the way.
public struct TrackedHand: Sendable, Equatable {
    /// What the rest of the program consumes.
    public var sample: HandSample
    /// Whether the coordinates are in the mirrored selfie view.
    public var mirrored: Bool
    /// How many times the palm detector (the expensive step) ran on this frame: 0 while tracking, 1 for the whole
    /// frame, more while searching tiles for a far player.
    public var detectorPasses: Int
    /// Whether the palm detector ran on this frame.
    public var detectorRan: Bool { detectorPasses > 0 }
    /// How sure the model is of `sample.handedness`, in [0.5, 1]; 0 when unknown.
    public var handednessConfidence: Double

    /// The landmark model's region this frame (`sample.region`).
    public var region: HandRegion? { sample.region }
    /// Whether the palm detector found this hand on this frame (`sample.acquired`).
    public var acquired: Bool { sample.acquired }

    /// - Parameters: `region` and `acquired`, when given, are stored in the sample.
    public init(sample: HandSample, mirrored: Bool, region: HandRegion? = nil, detectorPasses: Int = 0,
                handednessConfidence: Double = 0, acquired: Bool = false) {
        self.sample = sample
        if let region { self.sample.region = region }
        if acquired { self.sample.acquired = true }
        self.mirrored = mirrored
        self.detectorPasses = detectorPasses
        self.handednessConfidence = handednessConfidence
    }
}

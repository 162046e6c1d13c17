import ThereminCore

/// The region of the frame the landmark model looked at: a rotated rectangle, normalized like the landmarks.
public struct HandRegion: Sendable, Equatable {
    public var centerX: Double
    public var centerY: Double
    /// Width and height as fractions of the frame's width and height.
    public var width: Double
    public var height: Double
    /// Radians, clockwise on screen.
    public var rotation: Double

    public init(centerX: Double, centerY: Double, width: Double, height: Double, rotation: Double) {
        self.centerX = centerX
        self.centerY = centerY
        self.width = width
        self.height = height
        self.rotation = rotation
    }
}

/// One frame's tracking result with the details behind the sample: for the preview overlay and the benchmark.
public struct TrackedHand: Sendable, Equatable {
    /// What the rest of the program consumes.
    public var sample: HandSample
    /// Whether the coordinates are in the mirrored selfie view.
    public var mirrored: Bool
    /// The landmark model's region this frame (neural tracker, hand present).
    public var region: HandRegion?
    /// Whether the palm detector ran on this frame (the expensive step).
    public var detectorRan: Bool
    /// How sure the model is of `sample.handedness`, in [0.5, 1]; 0 when unknown.
    public var handednessConfidence: Double
    /// True when the palm detector found this hand on this frame: a new hand in its slot, not the one followed from
    /// the previous frame (so, e.g., smoothing should start afresh). False for a followed or absent hand, and always
    /// for the classical tracker.
    public var acquired: Bool

    public init(sample: HandSample, mirrored: Bool, region: HandRegion? = nil, detectorRan: Bool = false,
                handednessConfidence: Double = 0, acquired: Bool = false) {
        self.sample = sample
        self.mirrored = mirrored
        self.region = region
        self.detectorRan = detectorRan
        self.handednessConfidence = handednessConfidence
        self.acquired = acquired
    }
}

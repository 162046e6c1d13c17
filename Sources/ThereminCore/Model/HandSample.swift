/// One observation of the player's hand: what every coordinate source produces (live tracker, tracker on a file,
/// replayed trace), so that everything downstream is the same code in all three cases.
///
/// Coordinates are normalized to [0,1] in the displayed, mirrored (selfie-view) image: origin top-left, y downwards.
public struct HandSample: Sendable, Equatable {
    /// Seconds: the frame's capture time (live) or the trace's `t`.
    public var t: Double
    /// Index fingertip, normalized; meaningful only when `present`.
    public var x: Double
    public var y: Double
    /// True when a hand is seen in this frame.
    public var present: Bool
    /// Tracker confidence in [0,1]; 1 for traces that do not record it.
    public var confidence: Double
    /// Which hand the tracker believes this is, when it knows.
    public var handedness: Handedness?
    /// How sure the landmark model is of `handedness`, in [0.5, 1]; 0 when unknown (a replayed trace).
    public var handednessConfidence: Double
    /// The 21 MediaPipe hand landmarks (normalized, mirrored view), or empty when not tracked.
    public var landmarks: [NormalizedPoint]
    /// Whether the hand is a closed fist when that is known without landmarks (a replayed two-hand trace's
    /// `closed` column); with landmarks, `HandPose.isClosedFist` decides. Nil when unknown.
    public var closedFist: Bool?
    /// True when the tracker found this hand afresh on this frame (the palm detector, after a loss or for a new
    /// hand) rather than following it from the previous frame: smoothing starts again, so the new hand is not
    /// dragged from where the old one was. Recorded in traces (`acquired`), so a replay restarts where play did.
    public var acquired: Bool
    /// The region of the frame the tracker examined (neural tracker), for the preview; not recorded in traces.
    public var region: HandRegion?

    public init(t: Double, x: Double, y: Double, present: Bool, confidence: Double = 1,
                handedness: Handedness? = nil, handednessConfidence: Double = 0, landmarks: [NormalizedPoint] = [],
                closedFist: Bool? = nil, acquired: Bool = false, region: HandRegion? = nil) {
        self.t = t
        self.x = x
        self.y = y
        self.present = present
        self.confidence = confidence
        self.handedness = handedness
        self.handednessConfidence = handednessConfidence
        self.landmarks = landmarks
        self.closedFist = closedFist
        self.acquired = acquired
        self.region = region
    }

    /// The fingertip's depth relative to the wrist (landmark 8's `z`), or nil when the source gives no landmarks (the
    /// classical tracker, a replayed trace).
    public var z: Double? {
        landmarks.count > Self.fingertipLandmark ? landmarks[Self.fingertipLandmark].z : nil
    }

    /// The index fingertip among MediaPipe's 21 landmarks: the point `x` and `y` are when there are landmarks.
    public static let fingertipLandmark = 8

    /// A sample saying "no hand at time t".
    public static func absent(at t: Double) -> HandSample {
        HandSample(t: t, x: 0, y: 0, present: false, confidence: 0)
    }
}

/// A point in normalized image coordinates, with the landmark model's depth when it has one.
public struct NormalizedPoint: Sendable, Equatable {
    public var x: Double
    public var y: Double
    /// Depth as MediaPipe gives it: relative to the wrist (landmark 0, about 0), in the units of x, smaller towards
    /// the camera; 0 where the source has none.
    public var z: Double
    public init(x: Double, y: Double, z: Double = 0) {
        self.x = x
        self.y = y
        self.z = z
    }
}

/// The player's left or right hand, as the landmark model classifies it (in the mirrored view).
public enum Handedness: String, Sendable, Equatable, CaseIterable {
    case left
    case right
}

/// Reads a hand's shape from its 21 landmarks (MediaPipe numbering: 0 wrist, 5/9/13/17 finger bases,
/// 8/12/16/20 fingertips).
public enum HandPose {
    /// A fingertip counts as curled in when it is closer to the palm's centre than this share of the palm's length
    /// (wrist to the middle finger's base). Open fingers reach about 1.1 palm lengths from the centre, a fist's
    /// fingertips about 0.3–0.5.
    public static let curledRatio = 0.7

    /// True when at least three of the four fingers (thumb aside) are curled into the palm; nil without landmarks.
    public static func isClosedFist(_ landmarks: [NormalizedPoint]) -> Bool? {
        guard landmarks.count >= 21 else { return nil }
        let palmPoints = [0, 5, 9, 13, 17]
        var cx = 0.0, cy = 0.0
        for index in palmPoints {
            cx += landmarks[index].x
            cy += landmarks[index].y
        }
        cx /= Double(palmPoints.count)
        cy /= Double(palmPoints.count)
        let palmLength = distance(landmarks[0], landmarks[9])
        guard palmLength > 1e-6 else { return nil }
        var curled = 0
        for tip in [8, 12, 16, 20] {
            let dx = landmarks[tip].x - cx, dy = landmarks[tip].y - cy
            if (dx * dx + dy * dy).squareRoot() < curledRatio * palmLength { curled += 1 }
        }
        return curled >= 3
    }

    /// Whether a sample's hand is closed: from its landmarks when it has them, else from what the trace recorded,
    /// else open.
    public static func isClosedFist(_ sample: HandSample) -> Bool {
        isClosedFist(sample.landmarks) ?? sample.closedFist ?? false
    }

    private static func distance(_ a: NormalizedPoint, _ b: NormalizedPoint) -> Double {
        let dx = a.x - b.x, dy = a.y - b.y
        return (dx * dx + dy * dy).squareRoot()
    }
}

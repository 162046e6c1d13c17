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

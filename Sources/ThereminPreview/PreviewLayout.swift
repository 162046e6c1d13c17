import ThereminCore

/// Where things go on the preview picture: its size for a camera frame, the pixel row of a normalized height, and
/// the sizes of text and margins, which grow with the picture. The tests read the rows from here too.
struct PreviewLayout: Equatable {
    /// The picture's size in pixels.
    let width: Int
    let height: Int

    /// The picture's height is kept between these, so text stays readable on small frames and the window fits on
    /// the screen for large ones; the width follows the frame's aspect ratio.
    static let minimumHeight = 480
    static let maximumHeight = 720
    /// The picture before the first frame arrives.
    static let waiting = PreviewLayout(width: 640, height: 480)

    init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
    }

    /// The picture for a camera frame of the given size.
    init(frameWidth: Int, frameHeight: Int) {
        guard frameWidth > 0, frameHeight > 0 else {
            self = .waiting
            return
        }
        let target = min(max(frameHeight, PreviewLayout.minimumHeight), PreviewLayout.maximumHeight)
        let scale = Double(target) / Double(frameHeight)
        self.init(width: Int((Double(frameWidth) * scale).rounded()), height: target)
    }

    /// How much bigger than a 480-line picture things are drawn.
    var scale: Double { Double(height) / 480 }

    /// The pixel row nearest a normalized height (0 = top, 1 = bottom), inside the picture.
    func row(forY y: Double) -> Int {
        guard y.isFinite else { return 0 }
        return min(height - 1, max(0, Int((y * Double(height)).rounded())))
    }

    /// The pixel column nearest a normalized sideways position (0 = left, 1 = right), inside the picture.
    func column(forX x: Double) -> Int {
        guard x.isFinite else { return 0 }
        return min(width - 1, max(0, Int((x * Double(width)).rounded())))
    }

    /// A length given for a 480-line picture, scaled to this one (at least 1).
    func pixels(_ length: Double) -> Int { max(1, Int((length * scale).rounded())) }

    /// Space kept between the picture's edge and what is drawn near it.
    var margin: Int { pixels(6) }

    /// Text sizes (OpenCV font scale) for note labels, the readout's note name, and ordinary lines.
    var labelTextScale: Double { 0.5 * scale }
    var noteTextScale: Double { 1.3 * scale }
    var bodyTextScale: Double { 0.55 * scale }
    var smallTextScale: Double { 0.42 * scale }

    /// Line widths: a plain note line, an emphasized one (C and A, or the scale's root), the note being played.
    var lineThickness: Int { 1 }
    var emphasizedThickness: Int { pixels(2) }
    var playingThickness: Int { pixels(3) }
    /// Text stroke widths: ordinary and bold.
    var textThickness: Int { 1 }
    var boldThickness: Int { max(2, pixels(2)) }

    /// Where the note lines start: right of the widest of their labels, so no label is crossed by a line.
    func lineStart(labels: [String]) -> Int {
        let widest = labels.map { Canvas.measure($0, scale: labelTextScale, thickness: boldThickness).width }.max() ?? 0
        return margin + widest + margin
    }

    /// Where upright note lines end: above a band at the bottom tall enough for one row of their labels.
    func uprightLineEnd() -> Int {
        let size = Canvas.measure("A#4", scale: labelTextScale, thickness: boldThickness)
        return height - 2 * margin - size.height - size.descent
    }

    /// The readout panel's width (top right corner); the test reads the lines left of it.
    var panelWidth: Int { min(width / 2 - margin, pixels(230)) }
}

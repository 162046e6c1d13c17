/// A TurboJPEG scaling factor (`numerator / denominator`, e.g. 1/2): the decoder produces the picture at that
/// scale for little more than the cost of the smaller picture, which suits a tracker that works at ≤ 640 px.
struct JPEGScale: Equatable, CustomStringConvertible {
    var numerator: Int
    var denominator: Int

    static let full = JPEGScale(numerator: 1, denominator: 1)

    /// A dimension at this scale, rounded up as TurboJPEG's `TJSCALED` does.
    func scaled(_ dimension: Int) -> Int { (dimension * numerator + denominator - 1) / denominator }

    func scaled(_ size: PixelSize) -> PixelSize { PixelSize(width: scaled(size.width), height: scaled(size.height)) }

    var description: String { "\(numerator)/\(denominator)" }

    /// The largest of `offered` scales that brings `size` to at most `maximumWidth` without enlarging it; full
    /// size when it fits already or nothing offered reduces it enough.
    static func choose(for size: PixelSize, maximumWidth: Int, among offered: [JPEGScale]) -> JPEGScale {
        guard size.width > maximumWidth else { return .full }
        let fitting = offered.filter { $0.numerator <= $0.denominator && $0.scaled(size.width) <= maximumWidth }
        return fitting.max { $0.numerator * $1.denominator < $1.numerator * $0.denominator } ?? .full
    }
}

@testable import ThereminCapture
import ThereminCore
import ThereminTestSupport
import XCTest

/// YUYV to BGR as V4L2 defines the format: limited range unless the driver says full, BT.601 unless it says 709.
final class YUYVConverterTests: XCTestCase {
    /// BGR of one pixel pair `y0 u y1 v` (both pixels share the chroma): the first pixel's B, G, R.
    private func bgr(_ converter: YUYVConverter, y: UInt8, u: UInt8, v: UInt8) -> [Int] {
        let source: [UInt8] = [y, u, y, v]
        var destination = [UInt8](repeating: 0, count: 6)
        source.withUnsafeBufferPointer { input in
            destination.withUnsafeMutableBufferPointer { output in
                guard let from = input.baseAddress, let to = output.baseAddress else { return }
                converter.convert(from, sourceBytesPerRow: 4, width: 2, height: 1, into: to)
            }
        }
        XCTAssertEqual(Array(destination[0..<3]), Array(destination[3..<6]), "both pixels of a pair alike")
        return destination[0..<3].map(Int.init)
    }

    private func assertClose(_ got: [Int], _ want: [Int], _ what: String, file: StaticString = #filePath,
                             line: UInt = #line) {
        for channel in 0..<3 {
            XCTAssertLessThanOrEqual(abs(got[channel] - want[channel]), 1, "\(what): BGR \(got) against \(want)",
                                     file: file, line: line)
        }
    }

    func testLimitedRangeStretchesBlackAndWhiteToTheFullScale() {
        let converter = YUYVConverter(matrix: .bt601, fullRange: false)
        assertClose(bgr(converter, y: 16, u: 128, v: 128), [0, 0, 0], "black (Y 16)")
        assertClose(bgr(converter, y: 235, u: 128, v: 128), [255, 255, 255], "white (Y 235)")
        // (126 - 16) * 255 / 219 = 128.1
        assertClose(bgr(converter, y: 126, u: 128, v: 128), [128, 128, 128], "middle grey")
        assertClose(bgr(converter, y: 4, u: 128, v: 128), [0, 0, 0], "below black clamps")
        assertClose(bgr(converter, y: 250, u: 128, v: 128), [255, 255, 255], "above white clamps")
    }

    func testLimitedRangeBT601PrimariesComeBackPure() {
        let converter = YUYVConverter(matrix: .bt601, fullRange: false)
        // Studio-swing BT.601 codes of the 100 % primaries (Rec. 601 table): red 81/90/240, green 145/54/34,
        // blue 41/240/110.
        assertClose(bgr(converter, y: 81, u: 90, v: 240), [0, 0, 255], "red")
        assertClose(bgr(converter, y: 145, u: 54, v: 34), [0, 255, 0], "green")
        assertClose(bgr(converter, y: 41, u: 240, v: 110), [255, 0, 0], "blue")
    }

    func testFullRangeIsReadAsJPEGDoes() {
        let converter = YUYVConverter(matrix: .bt601, fullRange: true)
        assertClose(bgr(converter, y: 0, u: 128, v: 128), [0, 0, 0], "black (Y 0)")
        assertClose(bgr(converter, y: 255, u: 128, v: 128), [255, 255, 255], "white (Y 255)")
        // JFIF: R = Y + 1.402 (V - 128) = 76 + 1.402 * 127 = 254.1; G = 76 - 0.714 * 127 - 0.344 * (-43) = 0.1
        assertClose(bgr(converter, y: 76, u: 85, v: 255), [0, 0, 254], "red")
    }

    func testBT709HasItsOwnWeights() {
        let converter = YUYVConverter(matrix: .bt709, fullRange: false)
        // Studio-swing BT.709 codes of 100 % red: Y 63, Cb 102, Cr 240.
        assertClose(bgr(converter, y: 63, u: 102, v: 240), [0, 0, 255], "709 red")
        let as601 = bgr(YUYVConverter(matrix: .bt601, fullRange: false), y: 63, u: 102, v: 240)
        XCTAssertLessThan(as601[2], 240, "read with the 601 matrix, 709 red comes out dull (red \(as601[2]))")
    }

    /// Eight pairs at a time in SIMD lanes, the rest of a row one pair at a time: every pixel comes out as the pair
    /// alone would (a row of 17 pairs: two blocks of eight and one left over; seeded random codes, both matrices).
    func testTheEightPairPathMatchesThePairAtATimePath() {
        var generator = SeededGenerator(seed: 12)
        for converter in [YUYVConverter(matrix: .bt601, fullRange: false), YUYVConverter(matrix: .bt709, fullRange: true)] {
            let width = 34, height = 3, bytesPerRow = width * 2 + 4  // padded rows, as drivers may send
            let source = (0..<(bytesPerRow * height)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var whole = [UInt8](repeating: 0, count: width * 3 * height)
            source.withUnsafeBufferPointer { input in
                whole.withUnsafeMutableBufferPointer { output in
                    guard let from = input.baseAddress, let to = output.baseAddress else { return }
                    converter.convert(from, sourceBytesPerRow: bytesPerRow, width: width, height: height, into: to)
                }
            }
            for row in 0..<height {
                for pair in 0..<(width / 2) {
                    var alone = [UInt8](repeating: 0, count: 6)
                    source.withUnsafeBufferPointer { input in
                        alone.withUnsafeMutableBufferPointer { output in
                            guard let from = input.baseAddress, let to = output.baseAddress else { return }
                            converter.convert(from + row * bytesPerRow + 4 * pair, sourceBytesPerRow: 4, width: 2,
                                              height: 1, into: to)
                        }
                    }
                    let start = row * width * 3 + pair * 6
                    XCTAssertEqual(Array(whole[start..<(start + 6)]), alone, "row \(row), pair \(pair)")
                }
            }
        }
    }

    func testDefaultsResolveAsV4L2Says() {
        XCTAssertEqual(YUYVConverter(ColorEncoding()).fullRange, false, "Y'CbCr without a quantization: limited")
        XCTAssertEqual(YUYVConverter(ColorEncoding()).matrix, .bt601)
        XCTAssertEqual(YUYVConverter(ColorEncoding(colorspace: .jpeg)).fullRange, true, "JPEG colorspace: full")
        XCTAssertEqual(YUYVConverter(ColorEncoding(colorspace: .rec709)).matrix, .bt709, "Rec. 709 colorspace")
        XCTAssertEqual(YUYVConverter(ColorEncoding(colorspace: .jpeg, quantization: .limited)).fullRange, false,
                       "an explicit quantization wins")
        XCTAssertEqual(YUYVConverter(ColorEncoding(colorspace: .rec709, ycbcrEncoding: .bt601)).matrix, .bt601)
    }

    /// Through the real V4L2 path: the fake camera's YUYV pattern (luma 32 and 224, declared as nothing, so limited
    /// range) arrives stretched to the full scale, where libv4l2's own conversion would have left 32 and 224.
    func testYUYVCameraFramesArriveAtFullContrast() throws {
        let fake = try startFakeCamera { $0.pixelFormats = ["YUYV"] }
        let camera = try openCamera(fake) { $0.size = PixelSize(width: 640, height: 480) }
        let frame = try XCTUnwrap(camera.nextFrame())
        let square = MovingSquare.expected(sequence: frame.sequence, width: frame.width, height: frame.height)
        func level(_ x: Int, _ y: Int) -> [Int] {
            (0..<3).map { Int(frame.pixels[y * frame.bytesPerRow + 3 * x + $0]) }
        }
        let background = Int(((32.0 - 16) * 255 / 219).rounded()), bright = Int(((224.0 - 16) * 255 / 219).rounded())
        assertClose(level(square.x + square.width / 2, square.y + square.height / 2), [bright, bright, bright],
                    "inside the square")
        let outside = square.x > 10 ? (square.x - 5, square.y + 1) : (square.x + square.width + 5, square.y + 1)
        assertClose(level(outside.0, outside.1), [background, background, background], "the background")
    }

    /// `keepsYUYV`: the same pattern handed on as the camera sent it, tagged with the range and matrix it declares.
    func testKeptYUYVFramesArriveAsTheCameraSentThem() throws {
        let fake = try startFakeCamera { $0.pixelFormats = ["YUYV"] }
        let camera = try openCamera(fake) {
            $0.size = PixelSize(width: 640, height: 480)
            $0.keepsYUYV = true
        }
        let frame = try XCTUnwrap(camera.nextFrame())
        XCTAssertEqual(frame.layout, .yuyv(YCbCrEncoding(bt709: false, fullRange: false)))
        XCTAssertGreaterThanOrEqual(frame.bytesPerRow, 640 * 2)
        XCTAssertEqual(frame.pixels.count, frame.bytesPerRow * frame.height)
        let square = MovingSquare.expected(sequence: frame.sequence, width: frame.width, height: frame.height)
        func luma(_ x: Int, _ y: Int) -> UInt8 { frame.pixels[y * frame.bytesPerRow + 2 * x] }
        XCTAssertEqual(luma(square.x + square.width / 2, square.y + square.height / 2), 224, "inside the square")
        let outside = square.x > 10 ? (square.x - 5, square.y + 1) : (square.x + square.width + 5, square.y + 1)
        XCTAssertEqual(luma(outside.0, outside.1), 32, "the background")
    }
}

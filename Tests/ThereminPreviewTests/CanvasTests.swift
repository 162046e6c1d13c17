import XCTest
import ThereminCore
import ThereminTestSupport
@testable import ThereminPreview

final class CanvasTests: XCTestCase {
    /// A frame whose left half is red and right half blue, with one green pixel in the top-left corner.
    private func halves(width: Int, height: Int) -> Frame {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 3
                if x < width / 2 { pixels[offset + 2] = 200 } else { pixels[offset] = 200 }
            }
        }
        pixels[0] = 0
        pixels[1] = 255
        pixels[2] = 0
        return Frame(width: width, height: height, bytesPerRow: width * 3, pixels: pixels, captureTime: 0, sequence: 1)
    }

    func testMirrorFlipsLeftToRight() {
        var canvas = Canvas(width: 40, height: 30)
        canvas.drawMirrored(halves(width: 40, height: 30))
        XCTAssertNil(canvas.problem)
        XCTAssertEqual(canvas.pixel(x: 5, y: 10), Color(red: 0, green: 0, blue: 200), "the right half is now left")
        XCTAssertEqual(canvas.pixel(x: 35, y: 10), Color(red: 200, green: 0, blue: 0))
        XCTAssertEqual(canvas.pixel(x: 39, y: 0), Color(red: 0, green: 255, blue: 0), "top-left corner moved right")
    }

    /// A camera's YUYV frame shows as the same picture converted: the preview converts what it shows.
    func testAYUYVFrameShowsAsItsPictureConverted() {
        for encoding in [YCbCrEncoding(bt709: false, fullRange: false), YCbCrEncoding(bt709: true, fullRange: true)] {
            let yuyv = YUYVFrames.encode(halves(width: 40, height: 30), encoding)
            var fromYUYV = Canvas(width: 40, height: 30), fromBGR = Canvas(width: 40, height: 30)
            fromYUYV.drawMirrored(yuyv)
            fromBGR.drawMirrored(YUYVFrames.decode(yuyv))
            XCTAssertNil(fromYUYV.problem)
            for (x, y) in [(5, 10), (35, 10), (39, 0), (20, 29)] {
                let a = fromYUYV.pixel(x: x, y: y), b = fromBGR.pixel(x: x, y: y)
                for (p, q) in [(a.red, b.red), (a.green, b.green), (a.blue, b.blue)] {
                    XCTAssertLessThanOrEqual(abs(Int(p) - Int(q)), 1, "(\(x), \(y)) \(encoding): \(a) against \(b)")
                }
            }
            XCTAssertEqual(Int(fromYUYV.pixel(x: 5, y: 10).blue), 200, accuracy: 3, "the right half, blue, now left")
        }
    }

    func testMirrorScalesToThePictureSize() {
        var canvas = Canvas(width: 160, height: 120)
        canvas.drawMirrored(halves(width: 40, height: 30))
        XCTAssertNil(canvas.problem)
        XCTAssertEqual(canvas.pixel(x: 20, y: 60), Color(red: 0, green: 0, blue: 200))
        XCTAssertEqual(canvas.pixel(x: 140, y: 60), Color(red: 200, green: 0, blue: 0))
    }

    func testAMalformedFrameIsRecordedNotDrawn() {
        var canvas = Canvas(width: 10, height: 10)
        var frame = halves(width: 10, height: 10)
        frame.pixels.removeLast(30)
        canvas.drawMirrored(frame)
        XCTAssertEqual(canvas.problem?.kind, .drawing)
        canvas.clearProblem()
        XCTAssertNil(canvas.problem)
    }

    func testHorizontalLinesLandOnExactRows() {
        var canvas = Canvas(width: 50, height: 40)
        canvas.line(x0: 0, y0: 17, x1: 49, y1: 17, color: .white)
        for x in [0, 25, 49] {
            XCTAssertEqual(canvas.pixel(x: x, y: 17), .white)
            XCTAssertEqual(canvas.pixel(x: x, y: 16), .black)
            XCTAssertEqual(canvas.pixel(x: x, y: 18), .black)
        }
        XCTAssertNil(canvas.problem)
    }

    func testRectanglesOutlinedAndFilled() {
        var canvas = Canvas(width: 30, height: 30)
        canvas.rectangle(x: 5, y: 5, width: 10, height: 10, color: .white)
        XCTAssertEqual(canvas.pixel(x: 5, y: 9), .white)
        XCTAssertEqual(canvas.pixel(x: 14, y: 9), .white)
        XCTAssertEqual(canvas.pixel(x: 9, y: 9), .black, "an outline leaves the inside alone")
        XCTAssertEqual(canvas.pixel(x: 15, y: 9), .black, "the outline stays inside width")
        canvas.fillRectangle(x: 20, y: 20, width: 5, height: 5, color: Color(grey: 90))
        XCTAssertEqual(canvas.pixel(x: 22, y: 22), Color(grey: 90))
        XCTAssertEqual(canvas.pixel(x: 25, y: 22), .black)
    }

    func testPanelsBlendOverThePicture() {
        var canvas = Canvas(width: 20, height: 20)
        canvas.fill(Color(grey: 200))
        canvas.blend(x: 0, y: 0, width: 10, height: 20, color: .black, opacity: 0.75)
        XCTAssertEqual(canvas.pixel(x: 5, y: 5), Color(grey: 50))
        XCTAssertEqual(canvas.pixel(x: 15, y: 5), Color(grey: 200))
        canvas.blend(x: -5, y: 15, width: 100, height: 100, color: .white, opacity: 1)
        XCTAssertEqual(canvas.pixel(x: 19, y: 19), .white, "a panel past the edge is clipped, not refused")
        XCTAssertNil(canvas.problem)
    }

    func testTextDrawsInsideItsMeasuredBox() {
        var canvas = Canvas(width: 120, height: 40)
        let size = Canvas.measure("A#3", scale: 0.6)
        XCTAssertGreaterThan(size.width, 20)
        XCTAssertGreaterThan(size.height, 8)
        canvas.text("A#3", x: 10, baseline: 30, scale: 0.6, color: .white)
        var inside = 0, outside = 0
        for y in 0..<40 {
            for x in 0..<120 where canvas.pixel(x: x, y: y) != .black {
                let within = (8...(12 + size.width)).contains(x) && ((28 - size.height)...(32 + size.descent)).contains(y)
                if within { inside += 1 } else { outside += 1 }
            }
        }
        XCTAssertGreaterThan(inside, 30)
        XCTAssertEqual(outside, 0)
        XCTAssertGreaterThan(Canvas.measure("A#3 longer", scale: 0.6).width, size.width)
        XCTAssertEqual(Canvas.measure("", scale: 1).width, 0)
    }

    func testFilledAndOutlinedCircles() {
        var canvas = Canvas(width: 40, height: 40)
        canvas.circle(centerX: 20, centerY: 20, radius: 8, color: .white)
        XCTAssertEqual(canvas.pixel(x: 20, y: 20), .white)
        canvas.circle(centerX: 20, centerY: 20, radius: 15, color: Color(grey: 100), thickness: 1)
        XCTAssertEqual(canvas.pixel(x: 20, y: 20), .white, "an outlined circle leaves its middle alone")
        XCTAssertNotEqual(canvas.pixel(x: 35, y: 20), .black)
    }
}

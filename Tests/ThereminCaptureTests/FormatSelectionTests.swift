@testable import ThereminCapture
import XCTest

/// Choosing size and rate from what a camera offers (no device needed).
final class FormatSelectionTests: XCTestCase {
    private let vga = PixelSize(width: 640, height: 480)
    private let hd = PixelSize(width: 1280, height: 720)

    private func webcam() -> [CameraFormat] {
        [CameraFormat(fourcc: FourCC("YUYV")!, description: "YUYV 4:2:2", compressed: false, sizes: [
            CameraFrameSize(size: vga, intervals: [30, 15, 5].map { FrameInterval(framesPerSecond: $0) }),
            CameraFrameSize(size: hd, intervals: [10, 5].map { FrameInterval(framesPerSecond: $0) }),
        ]),
         CameraFormat(fourcc: FourCC("MJPG")!, description: "Motion-JPEG", compressed: true, sizes: [
            CameraFrameSize(size: hd, intervals: [30, 15].map { FrameInterval(framesPerSecond: $0) }),
         ])]
    }

    private func choose(_ size: PixelSize, _ fps: Double? = nil, converted: FrameIntervals? = nil,
                        formats: [CameraFormat]? = nil) throws -> CaptureChoice {
        try FormatSelection.choose(from: formats ?? webcam(), size: size, framesPerSecond: fps,
                                   convertedRates: converted, device: "/dev/video0")
    }

    func testTheHighestRateAtTheSizeIsTheDefault() throws {
        XCTAssertEqual(try choose(vga), CaptureChoice(size: vga, interval: FrameInterval(numerator: 1, denominator: 30)))
        XCTAssertEqual(try choose(hd).interval?.framesPerSecond, 30, "MJPG offers 30 fps at 1280x720")
    }

    func testTheRatesLibv4l2ReportsForBGRArePreferred() throws {
        let converted = FrameIntervals.discrete([10, 5].map { FrameInterval(framesPerSecond: $0) })
        XCTAssertEqual(try choose(hd, converted: converted).interval?.framesPerSecond, 10)
    }

    func testARequestedRateMatchesTheOfferedInterval() throws {
        XCTAssertEqual(try choose(vga, 15).interval, FrameInterval(numerator: 1, denominator: 15))
        let ntsc = [CameraFormat(fourcc: FourCC("YUYV")!, description: "", compressed: false, sizes: [
            CameraFrameSize(size: vga, intervals: [FrameInterval(numerator: 1001, denominator: 30000)])])]
        XCTAssertEqual(try choose(vga, 30, formats: ntsc).interval, FrameInterval(numerator: 1001, denominator: 30000))
    }

    func testUnofferedSizeOrRateSaysWhatIsOffered() {
        let size = assertV4L2Error(.noUsableFormat) { try choose(PixelSize(width: 320, height: 240)) }
        XCTAssertEqual(size?.detail, "320x240 is not offered; it offers 640x480, 1280x720; pick one with --size")
        let rate = assertV4L2Error(.noUsableFormat) { try choose(vga, 60) }
        XCTAssertEqual(rate?.detail, "60 fps at 640x480 is not offered; it offers 30, 15, 5 fps; pick one with --fps")
        let none = assertV4L2Error(.noUsableFormat) { try choose(vga, formats: []) }
        XCTAssertEqual(none?.detail, "it offers no video formats")
    }

    func testStepwiseSizesAndRates() throws {
        let range = SizeRange(minimum: PixelSize(width: 160, height: 120), maximum: PixelSize(width: 1920, height: 1080),
                              step: PixelSize(width: 16, height: 8))
        let rates = IntervalRange(fastest: FrameInterval(framesPerSecond: 60), slowest: FrameInterval(framesPerSecond: 1))
        let stepwise = [CameraFormat(fourcc: FourCC("YUYV")!, description: "", compressed: false, sizes: [],
                                     sizeRange: range)]
        let chosen = try choose(vga, 25, converted: .range(rates), formats: stepwise)
        XCTAssertEqual(chosen, CaptureChoice(size: vga, interval: FrameInterval(numerator: 1, denominator: 25)))
        XCTAssertEqual(try choose(vga, converted: .range(rates), formats: stepwise).interval?.framesPerSecond, 60)
        assertV4L2Error(.noUsableFormat) { try choose(PixelSize(width: 650, height: 480), formats: stepwise) }
    }

    func testWithoutEnumerationTheRequestGoesToTheDriver() throws {
        let silent = [CameraFormat(fourcc: FourCC("YUYV")!, description: "", compressed: false, sizes: [])]
        XCTAssertEqual(try choose(hd, formats: silent), CaptureChoice(size: hd, interval: nil))
        XCTAssertEqual(try choose(hd, 24, formats: silent).interval, FrameInterval(numerator: 1, denominator: 24))
    }
}

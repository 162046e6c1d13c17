@testable import ThereminCapture
import XCTest

/// Choosing format, size and rate from what a camera offers (no device needed): synthetic mode lists shaped like
/// real UVC webcams'.
final class ModeSelectionTests: XCTestCase {
    private let vga = PixelSize(width: 640, height: 480)
    private let wide = PixelSize(width: 640, height: 360)
    private let hd = PixelSize(width: 1280, height: 720)
    private let fullHD = PixelSize(width: 1920, height: 1080)
    private let qvga = PixelSize(width: 320, height: 240)

    private func format(_ fourcc: String, _ modes: [(PixelSize, [Double])]) -> CameraFormat {
        CameraFormat(fourcc: FourCC(fourcc)!, description: fourcc, compressed: fourcc == "MJPG", sizes: modes.map {
            CameraFrameSize(size: $0.0, intervals: $0.1.map { FrameInterval(framesPerSecond: $0) })
        })
    }

    /// A typical laptop webcam: YUYV 30 fps at 640x480, 10 at 1280x720; MJPEG 30 everywhere.
    private func webcam() -> [CameraFormat] {
        [format("YUYV", [(vga, [30, 15, 5]), (hd, [10, 5])]),
         format("MJPG", [(vga, [30, 15]), (hd, [30, 15])])]
    }

    private func choose(_ formats: [CameraFormat], format: String? = nil, size: PixelSize? = nil,
                        fps: Double? = nil) throws -> ModeChoice {
        try ModeSelection.choose(from: formats, format: format.flatMap { FourCC($0) }, size: size,
                                 framesPerSecond: fps, device: "/dev/video0")
    }

    private func mode(_ choice: ModeChoice) -> String { choice.summary }

    func testEqualRatesTakeTheCheaperFormatAtTheTrackersSize() throws {
        let choice = try choose(webcam())
        XCTAssertEqual(mode(choice), "YUYV 640x480 at 30 fps", "YUYV through libv4l2 costs less than a JPEG decode")
        XCTAssertTrue(choice.reason.contains("cheapest to decode"), choice.reason)
        XCTAssertTrue(choice.reason.contains("next best: MJPG 640x480 at 30 fps"), choice.reason)
    }

    func testTheHighestRateWinsOverTheCheaperFormat() throws {
        // As real UVC cameras: MJPEG 60 fps at 1280x720 while YUYV only gives 10 there and 30 at 640x480.
        let formats = [format("YUYV", [(vga, [30]), (hd, [10])]), format("MJPG", [(hd, [60, 30])])]
        let choice = try choose(formats)
        XCTAssertEqual(mode(choice), "MJPG 1280x720 at 60 fps")
        XCTAssertEqual(choice.reason, "the highest frame rate at a size the tracker uses (next best: YUYV 640x480 at 30 fps)")
    }

    func testAt60FPSTheSizeNearest640x480Wins() throws {
        // 1280x720 MJPEG is decoded at half scale to 640x360; 640x480 is what the tracker is tuned at, and cheaper.
        let formats = [format("MJPG", [(hd, [60]), (vga, [60]), (fullHD, [60])])]
        let choice = try choose(formats)
        XCTAssertEqual(mode(choice), "MJPG 640x480 at 60 fps")
        XCTAssertTrue(choice.reason.contains("nearest the tracker's 640x480"), choice.reason)
        // 640x480 before 640x360 even in the cheapest format, and 640x360 before 1280x720.
        XCTAssertEqual(mode(try choose([format("YUYV", [(wide, [30]), (vga, [30]), (hd, [30])])])), "YUYV 640x480 at 30 fps")
        XCTAssertEqual(mode(try choose([format("YUYV", [(wide, [30]), (hd, [30])])])), "YUYV 640x360 at 30 fps")
    }

    func testRatesAbove60CountAs60() throws {
        // 120 fps at 1280x720 would be decoded to be dropped; 60 fps at 640x480 costs less.
        let formats = [format("MJPG", [(hd, [120, 60]), (vga, [60, 30])])]
        XCTAssertEqual(mode(try choose(formats)), "MJPG 640x480 at 60 fps")
        // ...but the mode's own highest rate is asked for.
        XCTAssertEqual(mode(try choose([format("YUYV", [(vga, [100, 30])])])), "YUYV 640x480 at 100 fps")
    }

    func testSizesSmallerThanTheTrackerUsesOnlyWhenNothingElse() throws {
        let formats = [format("YUYV", [(qvga, [60]), (vga, [30])])]
        XCTAssertEqual(mode(try choose(formats)), "YUYV 640x480 at 30 fps", "320x240 at 60 loses the hand's detail")
        let small = try choose([format("YUYV", [(qvga, [30]), (PixelSize(width: 160, height: 120), [60])])])
        XCTAssertEqual(mode(small), "YUYV 320x240 at 30 fps")
        XCTAssertTrue(small.reason.contains("the largest size offered"), small.reason)
    }

    func testNativeBGRIsCheapestAndUndecodableFormatsAreLeftOut() throws {
        XCTAssertEqual(mode(try choose([format("YUYV", [(vga, [30])]), format("BGR3", [(vga, [30])])])),
                       "BGR3 640x480 at 30 fps")
        let h264 = [format("H264", [(vga, [60])]), format("YUYV", [(vga, [30])])]
        let choice = try choose(h264)
        XCTAssertEqual(mode(choice), "YUYV 640x480 at 30 fps")
        XCTAssertEqual(choice.reason, "the only mode theremin can use")
    }

    func testOnlyUndecodableFormatsLeaveTheChoiceToLibv4l2() throws {
        let choice = try choose([format("S920", [(vga, [30])])])
        XCTAssertNil(choice.fourcc)
        XCTAssertEqual(choice.size, vga)
        XCTAssertNil(choice.interval)
    }

    func testARequestedSizeTakesItsHighestRateInTheCheapestFormat() throws {
        let choice = try choose(webcam(), size: hd)
        XCTAssertEqual(mode(choice), "MJPG 1280x720 at 30 fps", "YUYV gives only 10 fps at 1280x720")
        XCTAssertTrue(choice.reason.hasPrefix("as asked (--size 1280x720), the highest frame rate"), choice.reason)
    }

    func testARequestedRateIsMatchedToTheOfferedInterval() throws {
        XCTAssertEqual(try choose(webcam(), fps: 15).interval, FrameInterval(numerator: 1, denominator: 15))
        XCTAssertEqual(mode(try choose(webcam(), fps: 15)), "YUYV 640x480 at 15 fps")
        let ntsc = [CameraFormat(fourcc: FourCC("YUYV")!, description: "", compressed: false, sizes: [
            CameraFrameSize(size: vga, intervals: [FrameInterval(numerator: 1001, denominator: 30000)])])]
        XCTAssertEqual(try choose(ntsc, fps: 30).interval, FrameInterval(numerator: 1001, denominator: 30000))
        // A rate only one format offers picks that format.
        let formats = [format("YUYV", [(vga, [30])]), format("MJPG", [(vga, [60, 30])])]
        XCTAssertEqual(mode(try choose(formats, size: vga, fps: 60)), "MJPG 640x480 at 60 fps")
        XCTAssertEqual(mode(try choose(formats, size: vga, fps: 30)), "YUYV 640x480 at 30 fps")
    }

    func testARequestedFormatIsTheOnlyOneConsidered() throws {
        let choice = try choose(webcam(), format: "MJPG")
        XCTAssertEqual(mode(choice), "MJPG 640x480 at 30 fps")
        XCTAssertTrue(choice.reason.hasPrefix("as asked (--camera-format MJPG), the highest frame rate"), choice.reason)
        XCTAssertEqual(mode(try choose(webcam(), format: "YUYV", size: hd)), "YUYV 1280x720 at 10 fps")
        let missing = assertV4L2Error(.noUsableFormat) { try choose(webcam(), format: "BGR3") }
        XCTAssertEqual(missing?.detail, "BGR3 is not offered; it offers YUYV, MJPG; pick one with --camera-format")
        let h264 = [format("H264", [(vga, [30])]), format("YUYV", [(vga, [30])])]
        let undecodable = assertV4L2Error(.noUsableFormat) { try choose(h264, format: "H264") }
        XCTAssertTrue(undecodable?.detail?.hasPrefix("theremin cannot decode H264; pick one of MJPG, YUYV, BGR3") ?? false,
                      undecodable?.detail ?? "")
    }

    func testUnofferedSizeOrRateSaysWhatIsOffered() {
        let size = assertV4L2Error(.noUsableFormat) { try choose(webcam(), size: qvga) }
        XCTAssertEqual(size?.detail, "320x240 is not offered; it offers 640x480, 1280x720; pick one with --size")
        let rate = assertV4L2Error(.noUsableFormat) { try choose(webcam(), size: vga, fps: 60) }
        XCTAssertEqual(rate?.detail, "60 fps at 640x480 is not offered; it offers 30, 15, 5 fps; pick one with --fps")
        let anywhere = assertV4L2Error(.noUsableFormat) { try choose(webcam(), fps: 90) }
        XCTAssertEqual(anywhere?.detail, "90 fps at any size is not offered; it offers 30, 15, 10, 5 fps; pick one with --fps")
        let none = assertV4L2Error(.noUsableFormat) { try choose([]) }
        XCTAssertEqual(none?.detail, "it offers no video formats")
    }

    func testStepwiseSizesAndRates() throws {
        let range = SizeRange(minimum: PixelSize(width: 160, height: 120), maximum: fullHD,
                              step: PixelSize(width: 16, height: 8))
        let rates = IntervalRange(fastest: FrameInterval(framesPerSecond: 60), slowest: FrameInterval(framesPerSecond: 1))
        let ends = [range.minimum, range.maximum].map {
            CameraFrameSize(size: $0, intervals: [rates.fastest, rates.slowest], intervalRange: rates)
        }
        let stepwise = [CameraFormat(fourcc: FourCC("YUYV")!, description: "", compressed: false, sizes: ends,
                                     sizeRange: range)]
        XCTAssertEqual(try choose(stepwise, size: vga, fps: 25).interval, FrameInterval(numerator: 1, denominator: 25))
        XCTAssertEqual(mode(try choose(stepwise)), "YUYV 640x480 at 60 fps", "the tracker's size inside the range")
        assertV4L2Error(.noUsableFormat) { try choose(stepwise, size: PixelSize(width: 650, height: 480)) }
    }

    func testWithoutEnumerationTheRequestGoesToTheDriver() throws {
        let silent = [CameraFormat(fourcc: FourCC("YUYV")!, description: "", compressed: false, sizes: [])]
        XCTAssertEqual(try choose(silent, size: hd), ModeChoice(fourcc: nil, size: hd, interval: nil,
                                                                 reason: try choose(silent, size: hd).reason))
        XCTAssertEqual(try choose(silent, size: hd, fps: 24).interval, FrameInterval(numerator: 1, denominator: 24))
    }
}

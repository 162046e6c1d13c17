@testable import ThereminCapture
import Foundation
import ThereminTestSupport
import XCTest

/// The pure parts of MJPEG decoding (scale choice, the whole-frame check) and the TurboJPEG decoder on JPEGs made
/// by ffmpeg, compared with ffmpeg's own decode.
final class JPEGDecodingTests: XCTestCase {
    private let turboScales = [(2, 1), (15, 8), (7, 4), (13, 8), (3, 2), (11, 8), (5, 4), (9, 8), (1, 1), (7, 8),
                               (3, 4), (5, 8), (1, 2), (3, 8), (1, 4), (1, 8)].map { JPEGScale(numerator: $0.0, denominator: $0.1) }

    func testScaleIsTheLargestThatFitsTheTrackerWidth() {
        func scale(_ width: Int, _ height: Int) -> JPEGScale {
            JPEGScale.choose(for: PixelSize(width: width, height: height), maximumWidth: 640, among: turboScales)
        }
        XCTAssertEqual(scale(640, 480), .full)
        XCTAssertEqual(scale(320, 240), .full, "never enlarged")
        XCTAssertEqual(scale(1280, 720), JPEGScale(numerator: 1, denominator: 2))
        XCTAssertEqual(scale(800, 600), JPEGScale(numerator: 3, denominator: 4))
        XCTAssertEqual(scale(1920, 1080), JPEGScale(numerator: 1, denominator: 4), "3/8 would be 720 wide")
        XCTAssertEqual(JPEGScale(numerator: 1, denominator: 2).scaled(PixelSize(width: 1280, height: 720)),
                       PixelSize(width: 640, height: 360))
        XCTAssertEqual(JPEGScale(numerator: 1, denominator: 4).scaled(1081), 271, "rounded up as TJSCALED")
        XCTAssertEqual(JPEGScale.choose(for: PixelSize(width: 1280, height: 720), maximumWidth: 640, among: [.full]),
                       .full, "without reducing factors the frame stays whole")
        XCTAssertTrue(JPEGDecoder.offeredScales().contains(JPEGScale(numerator: 1, denominator: 2)),
                      "this TurboJPEG decodes at half scale")
    }

    func testWholeFrameCheck() {
        func complete(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { JPEGFrameCheck.isComplete($0) } }
        XCTAssertTrue(complete([0xFF, 0xD8, 1, 2, 3, 0xFF, 0xD9]))
        XCTAssertTrue(complete([0xFF, 0xD8, 1, 2, 3, 0xFF, 0xD9, 0, 0, 0]), "zero padding after the end is allowed")
        XCTAssertFalse(complete([0xFF, 0xD8, 1, 2, 3]), "truncated: no end-of-image marker")
        XCTAssertFalse(complete([]), "zero-length")
        XCTAssertFalse(complete([0x12, 0xD8, 1, 2, 0xFF, 0xD9]), "garbage: no start-of-image marker")
        XCTAssertTrue(complete([0xFF, 0xD8, 0xFF, 0xD9, 0]), "the smallest whole frame, padded")
    }

    /// A JPEG from ffmpeg, and ffmpeg's BGR decode of it (full size and scaled to `scaled`).
    private func ffmpegJPEG(width: Int, height: Int, scaled: PixelSize) throws -> (jpeg: [UInt8], full: [UInt8], small: [UInt8]) {
        guard FFmpeg.path != nil else { throw XCTSkip(TestMedia.ffmpegMissing) }
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("jpeg-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("frame.jpg").path
        try TestMedia.runFFmpeg(["-f", "lavfi", "-i", "testsrc2=size=\(width)x\(height)", "-frames:v", "1",
                                 "-q:v", "2", file])
        let full = try FFmpeg.run(["-i", file, "-f", "rawvideo", "-pix_fmt", "bgr24", "pipe:1"])
        let small = try FFmpeg.run(["-i", file, "-vf", "scale=\(scaled.width):\(scaled.height):flags=area",
                                    "-f", "rawvideo", "-pix_fmt", "bgr24", "pipe:1"])
        return ([UInt8](try Data(contentsOf: URL(fileURLWithPath: file))), [UInt8](full), [UInt8](small))
    }

    private func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        XCTAssertEqual(a.count, b.count)
        let total = zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(max(1, min(a.count, b.count)))
    }

    func testDecodesAsFFmpegDoesAtFullAndHalfScale() throws {
        let half = PixelSize(width: 640, height: 360)
        let media = try ffmpegJPEG(width: 1280, height: 720, scaled: half)
        let full = try JPEGDecoder(cameraSize: PixelSize(width: 1280, height: 720), maximumWidth: 1280, device: "test")
        let fullPixels = try XCTUnwrap(media.jpeg.withUnsafeBytes { full.decode($0) })
        XCTAssertEqual(fullPixels.count, 1280 * 720 * 3)
        XCTAssertLessThan(meanDifference(fullPixels, media.full), 1.5, "TurboJPEG and ffmpeg decode alike")

        let scaled = try JPEGDecoder(cameraSize: PixelSize(width: 1280, height: 720), maximumWidth: 640, device: "test")
        XCTAssertEqual(scaled.frameSize, half)
        let halfPixels = try XCTUnwrap(media.jpeg.withUnsafeBytes { scaled.decode($0) })
        XCTAssertEqual(halfPixels.count, 640 * 360 * 3)
        XCTAssertLessThan(meanDifference(halfPixels, media.small), 4, "half scale looks like the picture halved")
    }

    func testRefusesDamagedOrMismatchedJPEGs() throws {
        let media = try ffmpegJPEG(width: 640, height: 480, scaled: PixelSize(width: 640, height: 480))
        let decoder = try JPEGDecoder(cameraSize: PixelSize(width: 640, height: 480), maximumWidth: 640, device: "test")
        XCTAssertNotNil(media.jpeg.withUnsafeBytes { decoder.decode($0) }, "the whole JPEG decodes")
        XCTAssertNil(Array(media.jpeg.prefix(media.jpeg.count / 3)).withUnsafeBytes { decoder.decode($0) }, "truncated")
        XCTAssertNil([UInt8]().withUnsafeBytes { decoder.decode($0) }, "zero-length")
        var garbage = media.jpeg
        for index in 2..<(garbage.count - 2) { garbage[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 7) }
        XCTAssertNil(garbage.withUnsafeBytes { decoder.decode($0) }, "garbage between the markers")
        let other = try JPEGDecoder(cameraSize: PixelSize(width: 1280, height: 720), maximumWidth: 640, device: "test")
        XCTAssertNil(media.jpeg.withUnsafeBytes { other.decode($0) }, "a JPEG of another size than the camera's")
    }

    /// Seeded damage of every kind a USB transfer can do (bytes flipped, spans zeroed, the end cut, the middle
    /// dropped), 300 times: each result is a refusal or a whole frame, never a crash or a short frame.
    func testSeededDamageNeverCrashesTheDecoder() throws {
        let media = try ffmpegJPEG(width: 640, height: 480, scaled: PixelSize(width: 640, height: 480))
        let decoder = try JPEGDecoder(cameraSize: PixelSize(width: 640, height: 480), maximumWidth: 640, device: "test")
        var generator = SeededGenerator(seed: 12)
        var refused = 0, decoded = 0
        for round in 0..<300 {
            var bytes = media.jpeg
            let at = Int(generator.next() % UInt64(bytes.count))
            let span = 1 + Int(generator.next() % 64)
            switch round % 4 {
            case 0: bytes[at] ^= UInt8(truncatingIfNeeded: 1 | generator.next())
            case 1: for index in at..<min(bytes.count, at + span) { bytes[index] = 0 }
            case 2: bytes.removeLast(bytes.count - at)
            default: bytes.removeSubrange(at..<min(bytes.count - 2, at + span * 16))
            }
            if let pixels = bytes.withUnsafeBytes({ decoder.decode($0) }) {
                XCTAssertEqual(pixels.count, 640 * 480 * 3, "round \(round)")
                decoded += 1
            } else {
                refused += 1
            }
        }
        XCTAssertGreaterThan(refused, 75, "every cut-off frame at least is refused")
        XCTAssertGreaterThan(decoded, 0, "damage in the picture data alone still gives a frame")
    }
}

import Foundation
import ThereminCore
import ThereminTestSupport
import ThereminTracking
import ThereminVideo
import XCTest

/// Where the models and the hand corpus are, and small frame helpers; tests that need an absent piece skip.
enum Fixtures {
    static var repositoryRoot: URL { TestMedia.repositoryRoot }

    /// `../shared/corpus` next to the repository, or skips.
    static func corpus() throws -> URL { try TestMedia.requireCorpus() }

    /// The models from $THEREMIN_MODELS or the repository's models/, or skips.
    static func models() throws -> ModelFiles {
        if let configured = ProcessInfo.processInfo.environment[ModelFiles.environmentVariable], !configured.isEmpty {
            let files = ModelFiles(directory: configured)
            if files.exist { return files }
        }
        let files = ModelFiles(directory: repositoryRoot.appendingPathComponent("models").path)
        guard files.exist else {
            throw XCTSkip("model graphs absent in \(repositoryRoot.path)/models (\(ModelFiles.palmDetectorName), "
                + "\(ModelFiles.handLandmarksName)); regenerate them with models/convert.sh")
        }
        return files
    }

    /// A corpus image as a frame.
    static func image(_ relativePath: String) throws -> Frame {
        let source = try ImageSource(path: try corpus().appendingPathComponent(relativePath).path)
        guard let frame = try source.nextFrame() else {
            throw XCTSkip("\(relativePath) holds no image")
        }
        return frame
    }

    /// The 21 labelled keypoints (pixels) of the only hand in a ground-truth file.
    static func groundTruth(_ path: String) throws -> [(x: Double, y: Double)] {
        let url = try corpus().appendingPathComponent(path)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let hands = try XCTUnwrap(object?["hands"] as? [[String: Any]], path)
        let keypoints = try XCTUnwrap(hands.first?["keypoints"] as? [[Double]], path)
        XCTAssertEqual(keypoints.count, 21, path)
        return keypoints.map { (x: $0[0], y: $0[1]) }
    }

    /// A frame of one BGR colour.
    static func solidFrame(width: Int, height: Int, blue: UInt8, green: UInt8, red: UInt8) -> Frame {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for i in stride(from: 0, to: pixels.count, by: 3) {
            pixels[i] = blue
            pixels[i + 1] = green
            pixels[i + 2] = red
        }
        return Frame(width: width, height: height, bytesPerRow: width * 3, pixels: pixels, captureTime: 0, sequence: 0)
    }

    /// Paints a rectangle of one BGR colour into a frame.
    static func fill(_ frame: inout Frame, x: Range<Int>, y: Range<Int>, blue: UInt8, green: UInt8, red: UInt8) {
        for row in y {
            for column in x {
                let i = row * frame.bytesPerRow + column * 3
                frame.pixels[i] = blue
                frame.pixels[i + 1] = green
                frame.pixels[i + 2] = red
            }
        }
    }

    /// The frame flipped left to right (a mirror image).
    static func flippedHorizontally(_ frame: Frame) -> Frame {
        var flipped = frame
        for row in 0..<frame.height {
            for column in 0..<frame.width {
                let from = row * frame.bytesPerRow + (frame.width - 1 - column) * 3
                let to = row * frame.bytesPerRow + column * 3
                flipped.pixels.replaceSubrange(to..<to + 3, with: frame.pixels[from..<from + 3])
            }
        }
        return flipped
    }

    /// Two frames of the same height side by side, `left` on the left.
    static func sideBySide(_ left: Frame, _ right: Frame) -> Frame {
        precondition(left.height == right.height, "side by side needs frames of one height")
        let width = left.width + right.width
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * 3 * left.height)
        for row in 0..<left.height {
            let l = row * left.bytesPerRow, r = row * right.bytesPerRow
            pixels.append(contentsOf: left.pixels[l..<l + left.width * 3])
            pixels.append(contentsOf: right.pixels[r..<r + right.width * 3])
        }
        return Frame(width: width, height: left.height, bytesPerRow: width * 3, pixels: pixels,
                     captureTime: left.captureTime, sequence: left.sequence)
    }

    /// A scratch folder removed at the end of the test.
    static func temporaryDirectory(for test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("theremin-tracking-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}

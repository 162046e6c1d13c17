import Foundation
import ThereminCore
import ThereminVideo
import XCTest

/// Single images and folders of images as frame sources, and the --input dispatch.
final class ImageSourceTests: XCTestCase {
    func testFolderInNaturalNameOrderSkippingOtherFiles() throws {
        let folder = try MediaFixtures.scratchFolder(for: self)
        _ = try MediaFixtures.solidImage(in: folder, name: "frame10.png", colour: "blue")
        _ = try MediaFixtures.solidImage(in: folder, name: "frame2.png", colour: "red")
        _ = try MediaFixtures.solidImage(in: folder, name: "frame1.png", colour: "lime", size: "16x8")
        try Data("notes".utf8).write(to: folder.appendingPathComponent("README.txt"))
        let source = try ImageSource(path: folder.path, frameRate: 4)
        XCTAssertEqual(source.files.map { URL(fileURLWithPath: $0).lastPathComponent },
                       ["frame1.png", "frame2.png", "frame10.png"])
        XCTAssertEqual(source.frameSize.width, 16)
        XCTAssertTrue(source.framesAreIndependent)

        var frames: [Frame] = []
        while let frame = try source.nextFrame() {
            frames.append(frame)
        }
        XCTAssertEqual(frames.map(\.captureTime), [0, 0.25, 0.5])
        XCTAssertEqual(frames.map(\.width), [16, 32, 32])
        // lime, red, blue in BGR order
        XCTAssertGreaterThan(frames[0].pixels[1], 200)
        XCTAssertGreaterThan(frames[1].pixels[2], 200)
        XCTAssertGreaterThan(frames[2].pixels[0], 200)
        XCTAssertLessThan(frames[2].pixels[2], 30)
    }

    func testSingleImage() throws {
        let folder = try MediaFixtures.scratchFolder(for: self)
        let image = try MediaFixtures.solidImage(in: folder, name: "hand.png", colour: "white", size: "40x30")
        let source = try ImageSource(path: image.path)
        let frame = try XCTUnwrap(try source.nextFrame())
        XCTAssertEqual(frame.width, 40)
        XCTAssertEqual(frame.height, 30)
        XCTAssertEqual(frame.bytesPerRow, 120)
        XCTAssertNil(try source.nextFrame())
    }

    func testFolderWithoutImagesAndBrokenImages() throws {
        let folder = try MediaFixtures.scratchFolder(for: self)
        try Data("notes".utf8).write(to: folder.appendingPathComponent("README.txt"))
        XCTAssertThrowsError(try ImageSource(path: folder.path)) { error in
            XCTAssertEqual((error as? VideoError)?.kind, .notDecodable)
        }
        let broken = folder.appendingPathComponent("broken.jpg")
        try Data("not a JPEG".utf8).write(to: broken)
        XCTAssertThrowsError(try ImageSource(path: broken.path)) { error in
            XCTAssertEqual((error as? VideoError)?.kind, .notDecodable)
            XCTAssertEqual((error as? VideoError)?.path, broken.path)
        }
    }

    func testBrokenImageLaterInAFolderFailsThatFrame() throws {
        let folder = try MediaFixtures.scratchFolder(for: self)
        _ = try MediaFixtures.solidImage(in: folder, name: "a.png", colour: "red")
        try Data("not a PNG".utf8).write(to: folder.appendingPathComponent("b.png"))
        let source = try ImageSource(path: folder.path)
        XCTAssertNotNil(try source.nextFrame())
        XCTAssertThrowsError(try source.nextFrame()) { error in
            XCTAssertEqual((error as? VideoError)?.path, folder.appendingPathComponent("b.png").path)
        }
    }

    func testInputDispatchByPath() throws {
        let folder = try MediaFixtures.scratchFolder(for: self)
        let image = try MediaFixtures.solidImage(in: folder, name: "still.png", colour: "red")
        let clip = try MediaFixtures.solidVideo(in: folder, name: "clip.webm", colour: "red", frames: 3)
        XCTAssertTrue(try InputSource.open(image.path) is ImageSource)
        XCTAssertTrue(try InputSource.open(folder.path) is ImageSource)
        let video = try InputSource.open(clip.path)
        XCTAssertTrue(video is VideoFileSource)
        XCTAssertFalse(InputSource.framesAreIndependent(video))
        XCTAssertThrowsError(try InputSource.open(folder.appendingPathComponent("nothing.mp4").path)) { error in
            XCTAssertEqual((error as? VideoError)?.kind, .notFound)
        }
    }
}

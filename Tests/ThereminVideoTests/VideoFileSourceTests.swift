import Foundation
import ThereminCore
import ThereminVideo
import XCTest

/// Decoding generated video files, and refusing files that are not videos.
final class VideoFileSourceTests: XCTestCase {
    func testEveryFrameWithItsPresentationTime() throws {
        let folder = try MediaFixtures.scratchFolder(for: self)
        let clip = try MediaFixtures.solidVideo(in: folder, colour: "red", size: "64x48", rate: 10, frames: 12)
        let source = try VideoFileSource(path: clip.path)
        XCTAssertEqual(source.frameSize.width, 64)
        XCTAssertEqual(source.frameSize.height, 48)
        XCTAssertEqual(source.nominalFrameRate ?? 0, 10, accuracy: 0.01)
        XCTAssertEqual(source.name, clip.path)

        var frames: [Frame] = []
        while let frame = try source.nextFrame() {
            frames.append(frame)
        }
        XCTAssertEqual(frames.count, 12)
        for (index, frame) in frames.enumerated() {
            XCTAssertEqual(frame.sequence, UInt64(index))
            XCTAssertEqual(frame.captureTime, Double(index) * 0.1, accuracy: 0.002)
            XCTAssertEqual(frame.pixels.count, 64 * 48 * 3)
        }
        // Red decodes to BGR (~0, ~0, ~255): the channel order the tracker expects.
        let middle = (24 * 64 + 32) * 3
        let bgr = Array(frames[5].pixels[middle..<middle + 3])
        XCTAssertLessThan(bgr[0], 30, "\(bgr)")
        XCTAssertLessThan(bgr[1], 30, "\(bgr)")
        XCTAssertGreaterThan(bgr[2], 220, "\(bgr)")
        XCTAssertNil(try source.nextFrame())
        source.close()
        source.close()  // safe twice
        XCTAssertNil(try source.nextFrame())
    }

    func testTextFileIsNotAVideo() throws {
        let folder = try MediaFixtures.scratchFolder(for: self)
        let fake = folder.appendingPathComponent("notes.mp4")
        try Data("these are notes, not a video\n".utf8).write(to: fake)
        XCTAssertThrowsError(try VideoFileSource(path: fake.path)) { error in
            let error = error as? VideoError
            XCTAssertEqual(error?.kind, .notDecodable)
            XCTAssertEqual(error?.path, fake.path)
            XCTAssertTrue(error?.description.contains(fake.path) ?? false)
            XCTAssertFalse(error?.remedy.isEmpty ?? true)
        }
    }

    func testEmptyFileIsReportedAsEmpty() throws {
        let folder = try MediaFixtures.scratchFolder(for: self)
        let empty = folder.appendingPathComponent("empty.mp4")
        try Data().write(to: empty)
        XCTAssertThrowsError(try VideoFileSource(path: empty.path)) { error in
            XCTAssertEqual((error as? VideoError)?.kind, .empty)
        }
    }

    func testMissingFileAndFolderAreRefused() throws {
        let folder = try MediaFixtures.scratchFolder(for: self)
        XCTAssertThrowsError(try VideoFileSource(path: folder.appendingPathComponent("absent.mp4").path)) { error in
            XCTAssertEqual((error as? VideoError)?.kind, .notFound)
        }
        XCTAssertThrowsError(try VideoFileSource(path: folder.path)) { error in
            XCTAssertEqual((error as? VideoError)?.kind, .notDecodable)
        }
    }

    func testUnreadableFileIsReportedAsSuch() throws {
        guard geteuid() != 0 else {
            throw XCTSkip("running as root: file permissions do not stop root from reading")
        }
        let folder = try MediaFixtures.scratchFolder(for: self)
        let clip = try MediaFixtures.solidVideo(in: folder, colour: "blue")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: clip.path)
        XCTAssertThrowsError(try VideoFileSource(path: clip.path)) { error in
            XCTAssertEqual((error as? VideoError)?.kind, .unreadable)
        }
    }

    func testTruncatedVideoStopsOrFailsCleanly() throws {
        let folder = try MediaFixtures.scratchFolder(for: self)
        let clip = try MediaFixtures.solidVideo(in: folder, name: "whole.mkv", colour: "green", frames: 30)
        let bytes = try Data(contentsOf: clip)
        let cut = folder.appendingPathComponent("cut.mkv")
        try bytes.prefix(bytes.count / 2).write(to: cut)
        // Half a Matroska file still opens; it must end early (or report an error), never crash or hang.
        do {
            let source = try VideoFileSource(path: cut.path)
            var count = 0
            while try source.nextFrame() != nil {
                count += 1
            }
            XCTAssertLessThan(count, 30)
        } catch {
            XCTAssertEqual(error.path, cut.path)
        }
    }
}

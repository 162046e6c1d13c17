import Foundation
import ThereminCore
import ThereminTracking
import XCTest

/// Missing, corrupt and wrong model files, bad cascades and malformed frames give clear errors, never a crash.
final class TrackerErrorTests: XCTestCase {
    private func expectError(_ kind: TrackerError.Kind, mentioning path: String,
                             _ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) {
        do {
            try body()
            XCTFail("expected a \(kind) error", file: file, line: line)
        } catch {
            guard let error = error as? TrackerError else {
                return XCTFail("expected a TrackerError, got \(error)", file: file, line: line)
            }
            XCTAssertEqual(error.kind, kind, "\(error)", file: file, line: line)
            XCTAssertTrue(error.problem.contains(path), "\(error.problem) should name \(path)", file: file, line: line)
            XCTAssertFalse(error.remedy.isEmpty, file: file, line: line)
            XCTAssertFalse(error.description.contains("\n"), "one line: \(error)", file: file, line: line)
        }
    }

    func testMissingModelFileIsNamed() throws {
        let folder = try Fixtures.temporaryDirectory(for: self)
        let files = ModelFiles(directory: folder.path)
        expectError(.fileMissing, mentioning: files.palmDetector) {
            _ = try HandTracker(models: files)
        }
    }

    func testCorruptModelFileIsInvalid() throws {
        let folder = try Fixtures.temporaryDirectory(for: self)
        let files = ModelFiles(directory: folder.path)
        try Data("this is not a model graph, just text".utf8).write(to: URL(fileURLWithPath: files.palmDetector))
        try Data("also not a model".utf8).write(to: URL(fileURLWithPath: files.handLandmarks))
        expectError(.modelInvalid, mentioning: files.palmDetector) {
            _ = try HandTracker(models: files)
        }
    }

    func testEmptyModelFileIsInvalid() throws {
        let folder = try Fixtures.temporaryDirectory(for: self)
        let files = ModelFiles(directory: folder.path)
        try Data().write(to: URL(fileURLWithPath: files.palmDetector))
        expectError(.modelInvalid, mentioning: files.palmDetector) {
            _ = try HandTracker(models: files)
        }
    }

    func testTruncatedModelIsInvalid() throws {
        let models = try Fixtures.models()
        let folder = try Fixtures.temporaryDirectory(for: self)
        let truncated = folder.appendingPathComponent(ModelFiles.handLandmarksName).path
        let bytes = try Data(contentsOf: URL(fileURLWithPath: models.handLandmarks))
        try bytes.prefix(bytes.count / 3).write(to: URL(fileURLWithPath: truncated))
        expectError(.modelInvalid, mentioning: truncated) {
            _ = try HandTracker(models: ModelFiles(palmDetector: models.palmDetector, handLandmarks: truncated))
        }
    }

    func testSwappedModelsAreRecognisedAsTheWrongOnes() throws {
        let models = try Fixtures.models()
        let swapped = ModelFiles(palmDetector: models.handLandmarks, handLandmarks: models.palmDetector)
        expectError(.modelInvalid, mentioning: models.handLandmarks) {
            _ = try HandTracker(models: swapped)
        }
    }

    func testModelFailuresPointToTheClassicTracker() throws {
        let folder = try Fixtures.temporaryDirectory(for: self)
        do {
            _ = try HandTracker(models: ModelFiles(directory: folder.path))
            XCTFail("expected an error")
        } catch {
            XCTAssertTrue(error.isModelProblem)
            XCTAssertTrue(error.description.contains("--tracker classic"), error.description)
        }
    }

    func testMissingOrBrokenFaceCascade() throws {
        let folder = try Fixtures.temporaryDirectory(for: self)
        let missing = folder.appendingPathComponent("faces.xml").path
        expectError(.fileMissing, mentioning: missing) {
            _ = try HandTracker(classicWithFaceCascade: missing)
        }
        let broken = folder.appendingPathComponent("broken.xml").path
        try Data("<opencv_storage><nothing/></opencv_storage>".utf8).write(to: URL(fileURLWithPath: broken))
        expectError(.modelInvalid, mentioning: broken) {
            _ = try HandTracker(classicWithFaceCascade: broken)
        }
    }

    func testMalformedFramesAreRejected() throws {
        let tracker = try HandTracker(classicWithFaceCascade: nil)
        var frame = Fixtures.solidFrame(width: 8, height: 8, blue: 0, green: 0, red: 0)
        frame.bytesPerRow = 20  // less than 8 pixels x 3 bytes
        XCTAssertThrowsError(try tracker.process(frame)) { error in
            XCTAssertEqual((error as? TrackerError)?.kind, .invalidFrame)
        }
        let empty = Frame(width: 0, height: 0, bytesPerRow: 0, pixels: [], captureTime: 0, sequence: 0)
        XCTAssertThrowsError(try tracker.process(empty)) { error in
            XCTAssertEqual((error as? TrackerError)?.kind, .invalidFrame)
        }
        let short = Frame(width: 4, height: 4, bytesPerRow: 12, pixels: [0, 0, 0], captureTime: 0, sequence: 7)
        XCTAssertThrowsError(try tracker.process(short)) { error in
            XCTAssertEqual((error as? TrackerError)?.kind, .invalidFrame)
        }
    }
}

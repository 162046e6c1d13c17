import Foundation
import ThereminTracking
import XCTest

/// Where the tracker looks for its models.
final class ModelFilesTests: XCTestCase {
    func testEnvironmentVariableWins() throws {
        let folder = try Fixtures.temporaryDirectory(for: self)
        let files = ModelFiles(directory: folder.path)
        try Data([1]).write(to: URL(fileURLWithPath: files.palmDetector))
        try Data([1]).write(to: URL(fileURLWithPath: files.handLandmarks))
        let found = try ModelFiles.locate(environment: ["THEREMIN_MODELS": folder.path], executablePath: "/nowhere/bin/x",
                                          currentDirectory: "/nowhere")
        XCTAssertEqual(found, files)
    }

    func testEnvironmentVariableWithoutModelsIsAnError() throws {
        let folder = try Fixtures.temporaryDirectory(for: self)
        XCTAssertThrowsError(try ModelFiles.locate(environment: ["THEREMIN_MODELS": folder.path],
                                                   executablePath: nil, currentDirectory: "/")) { error in
            let error = error as? TrackerError
            XCTAssertEqual(error?.kind, .modelsNotFound)
            XCTAssertTrue(error?.problem.contains(folder.path) ?? false)
        }
    }

    func testSearchOrderNextToTheExecutableThenPrefixThenSourceTree() {
        let candidates = ModelFiles.candidateDirectories(executablePath: "/opt/theremin/bin/theremin",
                                                         currentDirectory: "/home/player")
        XCTAssertEqual(Array(candidates.prefix(3)),
                       ["/opt/theremin/bin/models", "/opt/theremin/share/theremin/models", "/opt/theremin/models"])
        XCTAssertEqual(candidates.last, "/home/player/models")
        let build = ModelFiles.candidateDirectories(executablePath: "/src/theremin/.build/x86_64-unknown-linux-gnu/release/theremin",
                                                    currentDirectory: "/")
        XCTAssertTrue(build.contains("/src/theremin/models"), "\(build)")
    }

    func testFindsModelsInTheSourceTreeOfABuild() throws {
        let root = try Fixtures.temporaryDirectory(for: self)
        let models = root.appendingPathComponent("models")
        try FileManager.default.createDirectory(at: models, withIntermediateDirectories: true)
        let files = ModelFiles(directory: models.path)
        try Data([1]).write(to: URL(fileURLWithPath: files.palmDetector))
        try Data([1]).write(to: URL(fileURLWithPath: files.handLandmarks))
        let executable = root.appendingPathComponent(".build/release/theremin").path
        let found = try ModelFiles.locate(environment: [:], executablePath: executable, currentDirectory: "/")
        XCTAssertEqual(found, files)
    }

    func testNothingFoundListsThePlacesSearched() throws {
        let root = try Fixtures.temporaryDirectory(for: self)
        XCTAssertThrowsError(try ModelFiles.locate(environment: [:], executablePath: root.appendingPathComponent("bin/t").path,
                                                   currentDirectory: root.path)) { error in
            let error = error as? TrackerError
            XCTAssertEqual(error?.kind, .modelsNotFound)
            XCTAssertTrue(error?.problem.contains(root.appendingPathComponent("bin/models").path) ?? false)
            XCTAssertTrue(error?.remedy.contains("THEREMIN_MODELS") ?? false)
        }
    }
}

import XCTest
import Foundation
import ThereminTestSupport

/// Model files that are missing, truncated, empty or the wrong network, found through `THEREMIN_MODELS` pointing at
/// a folder made for each case: the neural tracker refuses to start with one line naming the file and the way out
/// (restore it, point THEREMIN_MODELS elsewhere, or `--tracker classic`), exit 2, before any output is created.
final class ModelFileMatrixTests: XCTestCase {
    private var harness: BadInputHarness!
    private let palm = "palm_detection_lite.xnng"
    private let landmarks = "hand_landmark_lite.xnng"

    override func setUpWithError() throws {
        harness = try BadInputHarness.make("models")
    }

    override func tearDownWithError() throws {
        harness?.remove()
    }

    /// A models folder holding `files` (name → contents).
    private func folder(_ name: String, _ files: [String: Data]) throws -> String {
        let url = harness.directory.appendingPathComponent("models-\(name)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (file, data) in files { try data.write(to: url.appendingPathComponent(file)) }
        return url.path
    }

    func testBrokenModelFiles() throws {
        let models = TestMedia.repositoryRoot.appendingPathComponent("models")
        guard let realPalm = FileManager.default.contents(atPath: models.appendingPathComponent(palm).path),
              let realLandmarks = FileManager.default.contents(atPath: models.appendingPathComponent(landmarks).path) else {
            throw XCTSkip("the models are missing from \(models.path)")
        }
        let image = harness.file("still.ppm", data: BadInputHarness.tinyImage)
        func run(_ name: String, _ directory: String, _ mentions: [String]) -> BadInputCase {
            BadInputCase(name: name, arguments: ["--input", image, "--record", BadInputHarness.output("take.csv")],
                         mentions: mentions, environment: ["THEREMIN_MODELS": directory])
        }
        let empty = try folder("empty", [:])
        let onlyPalm = try folder("only-palm", [palm: realPalm])
        let truncated = try folder("truncated", [palm: realPalm.prefix(realPalm.count / 3), landmarks: realLandmarks])
        let zero = try folder("zero", [palm: Data(), landmarks: realLandmarks])
        let text = try folder("text", [palm: realPalm, landmarks: Data("version https://git-lfs.github.com/spec/v1\n".utf8)])
        let swapped = try folder("swapped", [palm: realLandmarks, landmarks: realPalm])
        let other = try folder("other", [palm: realPalm, landmarks: realPalm])
        try harness.check([
            run("no models in the folder", empty, [empty, "THEREMIN_MODELS"]),
            run("a folder that does not exist", "/no/such/models", ["/no/such/models"]),
            run("landmark model missing", onlyPalm, [onlyPalm]),
            run("truncated palm model", truncated, [truncated + "/" + palm]),
            run("empty palm model", zero, [zero + "/" + palm]),
            run("landmark model is text (a Git LFS pointer)", text, [text + "/" + landmarks]),
            run("the two models swapped", swapped, [swapped]),
            run("a different model graph as the landmark model", other, [other + "/" + landmarks]),
        ])
        harness.report("model files")
    }
}

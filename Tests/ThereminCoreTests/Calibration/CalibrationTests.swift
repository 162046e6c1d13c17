import XCTest
import Foundation
import ThereminCore

final class CalibrationTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("calibration-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func testBoxStretchesOntoTheFullRange() {
        let box = Calibration(pitchTop: 0.2, pitchBottom: 0.7, volumeQuiet: 0.9, volumeLoud: 0.4)
        XCTAssertTrue(box.problems.isEmpty)
        let top = box.apply(x: 0.4, y: 0.2)
        XCTAssertEqual(top.y, 0, accuracy: 1e-12)
        XCTAssertEqual(top.x, 1, accuracy: 1e-12, "loud side may be on the left")
        let middle = box.apply(x: 0.65, y: 0.45)
        XCTAssertEqual(middle.y, 0.5, accuracy: 1e-12)
        XCTAssertEqual(middle.x, 0.5, accuracy: 1e-12)
        XCTAssertEqual(box.apply(x: 0, y: 1).y, 1, "clamped below the box")
        XCTAssertEqual(box.cameraY(forPlayingY: 0.5), 0.45, accuracy: 1e-12)
    }

    func testTooSmallOrInvertedBoxesAreRejected() {
        XCTAssertFalse(Calibration(pitchTop: 0.5, pitchBottom: 0.53, volumeQuiet: 0, volumeLoud: 1).problems.isEmpty)
        XCTAssertFalse(Calibration(pitchTop: 0.8, pitchBottom: 0.2, volumeQuiet: 0, volumeLoud: 1).problems.isEmpty)
        XCTAssertFalse(Calibration(pitchTop: 0, pitchBottom: 1, volumeQuiet: 0.5, volumeLoud: 0.52).problems.isEmpty)
        // A far player's box: their reach covers 6-8 % of the picture, which still calibrates.
        XCTAssertTrue(Calibration(pitchTop: 0.40, pitchBottom: 0.46, volumeQuiet: 0.52, volumeLoud: 0.60).problems.isEmpty)
        XCTAssertFalse(Calibration(pitchTop: .nan, pitchBottom: 1, volumeQuiet: 0, volumeLoud: 1).problems.isEmpty)
    }

    func testStoreRoundTripsPerCameraAndReportsBadFiles() throws {
        let store = CalibrationStore(directory: directory)
        let box = Calibration(pitchTop: 0.1, pitchBottom: 0.8, volumeQuiet: 0.2, volumeLoud: 0.9)
        XCTAssertNil(try store.load(camera: "/dev/video0", card: "Cam"))
        let url = try store.save(box, camera: "/dev/video0", card: "Cam")
        XCTAssertEqual(try store.load(camera: "/dev/video0", card: "Cam"), box)
        XCTAssertNil(try store.load(camera: "/dev/video1", card: "Cam"), "another camera has its own file")

        let bad: [(String, String)] = [
            ("{not json", "corrupt JSON"),
            (#"{"version": 99, "camera": "x"}"#, "newer theremin"),
            (#"{"version": 1, "camera": 5}"#, "wrong-typed"),
            (#"{"version":1,"camera":"c","card":"k","created":"","calibration":{"pitchTop":0.5,"pitchBottom":0.52,"volumeQuiet":0,"volumeLoud":1}}"#, "unusable"),
        ]
        for (text, expected) in bad {
            try Data(text.utf8).write(to: url)
            XCTAssertThrowsError(try store.load(camera: "/dev/video0", card: "Cam")) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
                XCTAssertTrue("\(error)".contains("ignoring it"), "\(error)")
            }
        }
    }

    func testConfigDirectoryFollowsXDG() {
        XCTAssertEqual(ConfigDirectory.url(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/h"]).path, "/x/cfg/theremin")
        XCTAssertEqual(ConfigDirectory.url(environment: ["HOME": "/h"]).path, "/h/.config/theremin")
        XCTAssertEqual(ConfigDirectory.url(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]).path, "/h/.config/theremin")
    }
}

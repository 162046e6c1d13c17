import XCTest
import Foundation
import ThereminTestSupport

/// `make install` and `make uninstall` (scripts/install) into a temporary DESTDIR with PREFIX=/usr/local, using the
/// binaries this test run built: the installed program finds its models under its own prefix (run from a folder
/// with no models nearby), says where it looked when they are gone, and takes THEREMIN_MODELS; uninstalling
/// removes every installed file.
final class InstallTests: XCTestCase {
    private var directory: URL!
    private var destination: URL { directory.appendingPathComponent("destdir") }
    private var prefix: URL { destination.appendingPathComponent("usr/local") }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("install-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private func script(_ arguments: [String]) throws -> ProcessRunner.Result {
        try ProcessRunner.run(TestMedia.repositoryRoot.appendingPathComponent("scripts/install").path, arguments,
                              environment: ["DESTDIR": destination.path, "PREFIX": "/usr/local"])
    }

    /// Every file (not folder) under the destination, relative to it.
    private func installedFiles() -> [String] {
        var files: [String] = []
        let walker = FileManager.default.enumerator(at: destination, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = walker?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                files.append(String(url.path.dropFirst(destination.path.count + 1)))
            }
        }
        return files.sorted()
    }

    func testInstalledProgramFindsItsModelsUnderItsPrefixAndUninstallRemovesIt() throws {
        guard let binary = ProcessRunner.product("theremin"), let docs = ProcessRunner.product("theremin-docs"),
              let library = ProcessRunner.product("libtheremin-vision.so") else {
            throw XCTSkip("theremin, theremin-docs and libtheremin-vision.so are not built (run `swift build --build-tests`)")
        }
        try TestMedia.requireFFmpeg()
        let installed = try script([binary, docs, library])
        XCTAssertEqual(installed.status, 0, installed.stderr)
        XCTAssertEqual(installedFiles(), [
            "usr/local/bin/theremin",
            "usr/local/lib/theremin/libtheremin-vision.so",
            "usr/local/share/bash-completion/completions/theremin",
            "usr/local/share/man/man1/theremin.1",
            "usr/local/share/theremin/models/LICENSE-Apache-2.0.txt",
            "usr/local/share/theremin/models/NOTICE",
            "usr/local/share/theremin/models/SHA256SUMS",
            "usr/local/share/theremin/models/hand_landmark_lite.xnng",
            "usr/local/share/theremin/models/palm_detection_lite.xnng",
            "usr/local/share/zsh/site-functions/_theremin",
        ])
        let needed = try ProcessRunner.run("/usr/bin/readelf", ["--dynamic", prefix.appendingPathComponent(
            "lib/theremin/libtheremin-vision.so").path])
        XCTAssertEqual(needed.status, 0, needed.stderr)
        XCTAssertTrue(needed.stdout.contains("libopencv_core"), needed.stdout)
        XCTAssertFalse(needed.stdout.contains("libswiftCore"), "the installed library needs no Swift runtime")
        let checked = try ProcessRunner.run("/usr/bin/sha256sum", ["--check", "--strict", "SHA256SUMS"],
                                            currentDirectory: prefix.appendingPathComponent("share/theremin/models").path)
        XCTAssertEqual(checked.status, 0, "the installed models match their checksums: \(checked.stdout)")

        // A tiny video, and a folder to run in that holds no models (the source tree's ./models must not help).
        let work = directory.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let video = work.appendingPathComponent("tiny.mp4").path
        try TestMedia.runFFmpeg(["-f", "lavfi", "-i", "testsrc=size=96x72:rate=10", "-t", "1", "-pix_fmt", "yuv420p", video])
        let program = prefix.appendingPathComponent("bin/theremin").path
        let noOverride = ["THEREMIN_MODELS": "", "XDG_CONFIG_HOME": work.path]
        func track(_ environment: [String: String]) throws -> ProcessRunner.Result {
            try ProcessRunner.run(program, ["--input", video, "--record", work.appendingPathComponent("tiny.csv").path],
                                  environment: environment, currentDirectory: work.path)
        }
        let tracked = try track(noOverride)
        XCTAssertEqual(tracked.status, 0, tracked.stderr)
        XCTAssertTrue(tracked.stdout.hasPrefix("tracked 10 frames from \(video)"), tracked.stdout)

        // Without its models the installed program says where it looked: under its prefix first.
        let installedModels = prefix.appendingPathComponent("share/theremin/models")
        let moved = directory.appendingPathComponent("models-aside")
        try FileManager.default.moveItem(at: installedModels, to: moved)
        let missing = try track(noOverride)
        XCTAssertEqual(missing.status, 2, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("looked in \(prefix.path)/bin/models, \(installedModels.path)"), missing.stderr)
        let overridden = try track(["THEREMIN_MODELS": moved.path, "XDG_CONFIG_HOME": work.path])
        XCTAssertEqual(overridden.status, 0, "THEREMIN_MODELS points elsewhere: \(overridden.stderr)")
        try FileManager.default.moveItem(at: moved, to: installedModels)

        let removed = try script(["--uninstall"])
        XCTAssertEqual(removed.status, 0, removed.stderr)
        XCTAssertEqual(installedFiles(), [], "uninstall removes every installed file")
        XCTAssertFalse(FileManager.default.fileExists(atPath: prefix.appendingPathComponent("share/theremin").path))
    }

    func testInstallRefusesWithoutBuiltProgramsAndInstallsNothing() throws {
        let result = try script(["/no/such/theremin", "/no/such/theremin-docs"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("usage: scripts/install"), result.stderr)
        XCTAssertEqual(installedFiles(), [])
    }
}

import XCTest
import Foundation
import ThereminTestSupport

/// `--input` paths that cannot be tracked, run offline with both outputs asked for (`--record` and `--output`):
/// each ends with exit 2 and one line, and neither output appears.
///
/// Unreadable files: the tests run as root, whom file permissions do not stop, so that case runs the binary as the
/// user nobody (setpriv) and skips where that is impossible. A folder without images, a FIFO, a /proc file and a
/// device stand for the other ways a path can be unreadable as video.
final class InputFileMatrixTests: XCTestCase {
    private var harness: BadInputHarness!

    override func setUpWithError() throws {
        harness = try BadInputHarness.make("input")
    }

    override func tearDownWithError() throws {
        harness?.remove()
    }

    private func track(_ path: String) -> [String] {
        ["--input", path, "--record", BadInputHarness.output("take.csv"), "--output", BadInputHarness.output("take.wav")]
    }

    private func row(_ name: String, _ path: String, _ problem: String) -> BadInputCase {
        BadInputCase(name: name, arguments: track(path), mentions: [path, problem])
    }

    func testInputPathsThatAreNotVideo() throws {
        let noImages = harness.directory.appendingPathComponent("no-images")
        try FileManager.default.createDirectory(at: noImages, withIntermediateDirectories: true)
        harness.file("no-images/notes.txt", "not a picture\n")
        let emptyFolder = harness.directory.appendingPathComponent("empty-folder")
        try FileManager.default.createDirectory(at: emptyFolder, withIntermediateDirectories: true)
        let fifo = harness.directory.appendingPathComponent("camera.fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        var noise = Data(count: 64 * 1024)
        for i in noise.indices { noise[i] = UInt8(truncatingIfNeeded: i &* 2_654_435_761 >> 7) }
        try harness.check([
            row("missing", "/no/such/clip.mp4", "no such file"),
            row("folder without images", noImages.path, "no images"),
            row("empty folder", emptyFolder.path, "no images"),
            row("FIFO", fifo, "not a regular file"),
            row("a /proc file", "/proc/self/status", "kernel file"),
            row("a device", "/dev/null", "not a regular file"),
            row("text named .mp4", harness.file("text.mp4", "this is not a video\n"), "not a video"),
            row("noise named .mp4", harness.file("noise.mp4", data: noise), "not a video"),
            row("noise named .png", harness.file("noise.png", data: noise), "noise.png"),
            row("zero-length video", harness.file("empty.mp4", ""), "empty"),
            row("zero-length image", harness.file("empty.jpg", ""), "empty"),
        ])
        harness.report("--input paths")
    }

    func testTruncatedVideo() throws {
        try TestMedia.requireFFmpeg()
        let video = harness.directory.appendingPathComponent("whole.mp4")
        try TestMedia.runFFmpeg(["-f", "lavfi", "-i", "testsrc=size=64x48:rate=10", "-t", "1", "-pix_fmt", "yuv420p",
                                 video.path])
        let whole = try Data(contentsOf: video)
        let cut = harness.file("cut.mp4", data: whole.prefix(whole.count / 10))
        try harness.check([row("truncated video", cut, "cut.mp4")])
        harness.report("truncated video")
    }

    func testUnreadableInputAsAnOrdinaryUser() throws {
        if let reason = harness.nobodyUnavailable { throw XCTSkip(reason) }
        let secret = harness.file("secret.ppm", data: BadInputHarness.tinyImage)
        chmod(secret, 0o000)
        let trace = harness.goodTrace
        chmod(trace, 0o000)
        var rows = [row("unreadable image", secret, "permission denied")]
        rows[0].asNobody = true
        var replay = BadInputCase(name: "unreadable trace", arguments: ["--replay", trace, "--output", BadInputHarness.output("x.wav")],
                                  mentions: [trace, "cannot be read"])
        replay.asNobody = true
        rows.append(replay)
        try harness.check(rows)
        harness.report("unreadable files (as nobody)")
    }
}

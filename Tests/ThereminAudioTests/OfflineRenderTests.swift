import Foundation
import XCTest
import ThereminAudio
import ThereminCore
import ThereminTestSupport

/// Offline renders that cannot be completed: the writer's errors reach the caller, the render thread is stopped and
/// waited for (no trap, no hang), and nothing appears under the file's name.
final class OfflineRenderTests: XCTestCase {
    /// A steady tone, as many frames as asked for.
    private final class Tone: BlockRenderer {
        let sampleRate = 48_000.0
        private var phase = 0.0
        var isFinished: Bool { false }
        func fadeOut() {}
        func render(into output: UnsafeMutablePointer<Float>, frames: Int) {
            for i in 0..<frames {
                output[i] = Float(0.5 * sin(2 * Double.pi * phase))
                phase += 440 / sampleRate
            }
        }
    }

    func testAFileThatCannotBeMovedIntoPlaceEndsTheRenderWithItsReason() throws {
        let folder = try temporaryFolder(prefix: "offline-render")
        let path = folder.path("take.wav")
        let writer = try SoundFileWriter(path: path, sampleRate: 48_000, channels: 2)
        // The name becomes a folder after the writer was made (as if another program took it meanwhile): the render
        // itself succeeds and the rename at the end fails.
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        XCTAssertThrowsError(try OfflineRender.run(Tone(), totalFrames: 200_000, into: writer)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains(path) && message.contains("cannot be saved"), message)
        }
        var isFolder: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".part") }
        XCTAssertEqual(left, [], "the temporary file is removed")
    }
}

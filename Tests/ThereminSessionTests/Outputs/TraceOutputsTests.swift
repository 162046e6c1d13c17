import Foundation
import XCTest
import ThereminCore
import ThereminSession
import ThereminTestSupport

/// A trace written instead of played, through the ports: the sound file with its MIDI file and OSC, or the MIDI file
/// alone with OSC, each said as it is written; a failure leaves no output half done.
final class TraceOutputsTests: XCTestCase {
    private let trace = Trace(metadata: TraceMetadata(),
                              samples: (0...30).map { HandSample(t: Double($0) / 30, x: 1, y: Double($0) / 30, present: true) })

    /// Outputs at 48 kHz that keep what they were given: the MIDI bytes by path, the OSC packets, the lines said.
    private final class Kept {
        var midi: [String: [UInt8]] = [:]
        var written: [TraceOutputs.Written] = []
        let osc = MemoryOSCSink()
        var oscFinished = 0
    }

    private func outputs(_ kept: Kept, sound destination: (any RenderDestination)? = nil, midiFile: String? = "take.mid",
                         osc: Bool = true) -> TraceOutputs {
        var outputs = TraceOutputs(sound: SoundDescription(mapper: ControlMapper()), sampleRate: 48_000,
                                   backingFiles: NoBackingFiles.self)
        outputs.soundFile = destination.map { destination in TraceOutputs.SoundFile(path: "take.wav", open: { destination }) }
        outputs.midiFile = midiFile.map { TraceOutputs.MIDIFile(path: $0, settings: MIDISettings()) { kept.midi[$1] = $0 } }
        if osc { outputs.openOSC = { (kept.osc, { kept.oscFinished += 1 }) } }
        outputs.written = { kept.written.append($0) }
        return outputs
    }

    func testASoundFileComesWithItsMIDIFileThenOSC() throws {
        let kept = Kept()
        let destination = MemoryRenderDestination()
        XCTAssertTrue(try outputs(kept, sound: destination).write(trace))
        let render = try RenderSetup(sound: SoundDescription(mapper: ControlMapper()), sampleRate: 48_000,
                                     files: NoBackingFiles.self).performance(of: trace)
        XCTAssertEqual(destination.left.count, render.totalFrames, "the whole performance, tail included")
        guard case .midiFile(let path, _, let events, let samples)? = kept.written.first else {
            return XCTFail("the MIDI file is said first: \(kept.written)")
        }
        XCTAssertEqual(path, "take.mid")
        XCTAssertEqual(samples, 31)
        XCTAssertEqual(kept.written.last, .soundFile(path: "take.wav", seconds: render.duration, traceSamples: 31))
        XCTAssertEqual(kept.midi["take.mid"].map { Array($0.prefix(4)) }, Array("MThd".utf8))
        XCTAssertGreaterThan(events, 2)
        XCTAssertEqual(kept.osc.packets.count, render.plan.schedule.count, "every control, none dropped")
        XCTAssertTrue(kept.osc.packets.allSatisfy(\.waited))
        XCTAssertEqual(kept.oscFinished, 1)
    }

    func testTheMIDIFileAloneComesWithOSC() throws {
        let kept = Kept()
        XCTAssertTrue(try outputs(kept).write(trace))
        XCTAssertEqual(kept.written.count, 1)
        XCTAssertNotNil(kept.midi["take.mid"])
        XCTAssertFalse(kept.osc.packets.isEmpty)
        XCTAssertEqual(kept.oscFinished, 1)
    }

    func testWithoutFilesTheTraceIsLeftToBePlayed() throws {
        let kept = Kept()
        XCTAssertFalse(try outputs(kept, midiFile: nil).write(trace))
        XCTAssertTrue(kept.written.isEmpty)
        XCTAssertTrue(kept.osc.packets.isEmpty, "OSC goes beside a file; played, it follows the sound")
    }

    func testAnOfflineInputSendsItsTraceWithItsCalibration() {
        let kept = Kept()
        outputs(kept, midiFile: nil).sendOSC(trace, calibration: .identity)
        XCTAssertEqual(kept.osc.packets.count, trace.samples.count + 1, "a bundle a frame, and the final fade")
        XCTAssertEqual(kept.oscFinished, 1)
        outputs(Kept(), midiFile: nil, osc: false).sendOSC(trace, calibration: .identity)
    }

    func testAMIDIFileThatCannotBeWrittenDiscardsTheSoundFile() {
        struct Full: Error {}
        let destination = MemoryRenderDestination()
        var outputs = outputs(Kept(), sound: destination)
        outputs.midiFile = TraceOutputs.MIDIFile(path: "take.mid", settings: MIDISettings()) { _, _ in throw Full() }
        XCTAssertThrowsError(try outputs.write(trace)) { XCTAssertTrue($0 is Full) }
        XCTAssertTrue(destination.discarded)
        XCTAssertTrue(destination.left.isEmpty, "nothing rendered")
    }

    func testARenderThatFailsTakesItsMIDIFileWithIt() throws {
        let folder = try temporaryFolder(prefix: "trace-outputs")
        let midi = folder.path("take.mid")
        let kept = Kept()
        var outputs = outputs(kept, sound: FailingDestination())
        outputs.midiFile = TraceOutputs.MIDIFile(path: midi, settings: MIDISettings()) { bytes, path in
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
        XCTAssertThrowsError(try outputs.write(trace)) { XCTAssertTrue($0 is FailingDestination.Failed) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: midi), "the MIDI file goes with the sound")
        XCTAssertTrue(kept.osc.packets.isEmpty, "and nothing is sent")
    }

    func testThePlayedPitchFollowsTheTraceWithoutTheTail() {
        let pitch = outputs(Kept()).playedPitch(of: trace)
        XCTAssertNotNil(pitch.firstSound)
    }

    /// A sound file whose disk fills up while rendering.
    private final class FailingDestination: RenderDestination {
        struct Failed: Error {}
        func render(_ mix: BlockRenderer, totalFrames: Int, progress: (Double) -> Void) throws { throw Failed() }
        func discard() {}
    }
}

import Foundation
import XCTest
import ThereminAudio
import ThereminCore
import ThereminSession
import ThereminTestSupport

/// The one render set-up: a trace and a sound description give the same performance every time, with the backing
/// track mixed in when the description has one, and the tail the fade and echoes need.
final class RenderSetupTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder(prefix: "render")
    }

    /// One second of a hand held at y 0 (440 Hz), x 1 (full level).
    private let trace = Trace(metadata: TraceMetadata(),
                              samples: (0...30).map { HandSample(t: Double($0) / 30, x: 1, y: 0, present: true) })

    private func renderLeft(_ render: PerformanceRender) -> [Float] {
        var left = [Float](repeating: 0, count: render.totalFrames)
        var right = [Float](repeating: 0, count: render.totalFrames)
        left.withUnsafeMutableBufferPointer { l in
            right.withUnsafeMutableBufferPointer { r in
                guard let lb = l.baseAddress, let rb = r.baseAddress else { return }
                render.mix.renderStereo(left: lb, right: rb, frames: render.totalFrames)
            }
        }
        return left
    }

    func testTheTracePlaysThroughTheMappingWithItsTail() throws {
        let sound = SoundDescription(mapper: ControlMapper(), voice: VoiceSettings(),
                                     effects: [.delay(DelaySettings())])
        let render = try RenderSetup(sound: sound, sampleRate: 48_000, files: BackingTrackLoader.self).performance(of: trace)
        XCTAssertGreaterThan(render.duration, 1 + sound.tail - 0.01, "the last frame, then the fade and the echoes")
        let left = renderLeft(render)
        XCTAssertGreaterThan(SignalMeasurements.amplitude(left[9_600..<38_400], frequency: 440, sampleRate: 48_000), 0.3)
        let again = renderLeft(try RenderSetup(sound: sound, sampleRate: 48_000, files: BackingTrackLoader.self).performance(of: trace))
        XCTAssertEqual(left, again, "bit-identical run to run")
    }

    func testTheBackingTrackIsMixedWhenDescribed() throws {
        let band = folder.path("band.wav")
        try SoundFile.writeMono16(Tones.sine(150, amplitude: 0.5, count: 96_000, rate: 48_000), sampleRate: 48_000,
                                  to: band)
        var sound = SoundDescription(mapper: ControlMapper())
        sound.backing = BackingTrackDescription(path: band, loops: false, volume: 0.4)
        let left = renderLeft(try RenderSetup(sound: sound, sampleRate: 48_000, files: BackingTrackLoader.self).performance(of: trace))
        XCTAssertEqual(SignalMeasurements.amplitude(left[9_600..<38_400], frequency: 150, sampleRate: 48_000), 0.2,
                       accuracy: 0.01, "the band at 0.4")
        XCTAssertGreaterThan(SignalMeasurements.amplitude(left[9_600..<38_400], frequency: 440, sampleRate: 48_000), 0.3,
                             "over the theremin")
    }

    func testAnUnreadableBackingTrackFailsBeforeAnyRender() {
        var sound = SoundDescription(mapper: ControlMapper())
        sound.backing = BackingTrackDescription(path: "/no/such/band.flac", loops: true, volume: 1)
        XCTAssertThrowsError(try RenderSetup(sound: sound, sampleRate: 48_000, files: BackingTrackLoader.self)) { error in
            XCTAssertTrue(error is SoundFileError, "\(error)")
            XCTAssertEqual((error as? ReportableError)?.exitStatus, 2)
        }
    }

    /// Live play mixes through the same set-up: the same backing track at the same level, under a voice that waits
    /// for the tracking loop's first control; the set-up gives its backing track to one mix only.
    func testTheLiveMixHasTheSameBackingTrackUnderTheLiveVoice() throws {
        let band = folder.path("band.wav")
        try SoundFile.writeMono16(Tones.sine(150, amplitude: 0.5, count: 96_000, rate: 48_000), sampleRate: 48_000,
                                  to: band)
        var sound = SoundDescription(mapper: ControlMapper())
        sound.backing = BackingTrackDescription(path: band, loops: false, volume: 0.4)
        let setup = try RenderSetup(sound: sound, sampleRate: 48_000, files: BackingTrackLoader.self)
        let mix = setup.liveMix(clock: ScriptedClock(), looper: true, cuesMuted: true)
        XCTAssertNotNil(mix.looper, "a looper when asked for")
        XCTAssertNotNil(mix.mixer.cues)
        var left = [Float](repeating: 0, count: 48_000)
        var right = left
        left.withUnsafeMutableBufferPointer { l in
            right.withUnsafeMutableBufferPointer { r in
                guard let lb = l.baseAddress, let rb = r.baseAddress else { return }
                for start in stride(from: 0, to: 48_000, by: 480) {
                    mix.mixer.renderStereo(left: lb + start, right: rb + start, frames: 480)
                }
            }
        }
        XCTAssertEqual(SignalMeasurements.amplitude(left[9_600..<38_400], frequency: 150, sampleRate: 48_000), 0.2,
                       accuracy: 0.01, "the band at 0.4, as in a replay")
        XCTAssertLessThan(SignalMeasurements.amplitude(left[9_600..<38_400], frequency: 440, sampleRate: 48_000), 0.01,
                          "no hand yet: the voice is silent")
        let replay = renderLeft(setup.performance(of: trace))
        XCTAssertLessThan(SignalMeasurements.amplitude(replay[9_600..<38_400], frequency: 150, sampleRate: 48_000), 0.01,
                          "the backing track went to the live mix")
        XCTAssertNil(try RenderSetup(sound: SoundDescription(mapper: ControlMapper()), sampleRate: 48_000,
                                     files: NoBackingFiles.self).liveMix(clock: ScriptedClock(), looper: false,
                                                                         cuesMuted: false).looper)
    }
}

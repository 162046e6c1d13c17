import Foundation
import XCTest
import ThereminTestSupport

/// `--effect reverb` and `--effect lv2:URI` in renders of the built binary: the reverb leaves a tail the dry render
/// does not have, renders byte for byte the same twice, `--list-effects` lists the plugins with their presets, and
/// bad effects (URI, preset, value, an instrument) are one line with exit status 2.
final class LV2RenderTests: BinaryTestCase {
    private let gverb = "http://plugin.org.uk/swh-plugins/gverb"

    private func requireGVerb() throws {
        guard FileManager.default.fileExists(atPath: "/usr/lib/lv2/gverb-swh.lv2/manifest.ttl") else {
            throw XCTSkip("GVerb is not installed (Debian package swh-lv2); `make test` installs it (scripts/deps.txt)")
        }
    }

    /// A trace of one note for a second, then the hand leaves the picture.
    private func noteTrace() throws -> String {
        var trace = "t,x,y,present\n"
        for i in 0...30 { trace += "\(Double(i) / 30),0.8,0.5,1\n" }
        trace += "1.0333,0,0,0\n"
        let path = directory.appendingPathComponent("note.csv").path
        try Data(trace.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func render(_ trace: String, _ name: String, _ extra: [String]) throws -> (path: String, samples: [Float]) {
        let output = directory.appendingPathComponent(name).path
        let result = try ProcessRunner.run(binary, ["--replay", trace, "--output", output, "--volume", "1"] + extra)
        XCTAssertEqual(result.status, 0, result.stderr)
        return (output, try SoundFile.readMono(path: output))
    }

    func testTheReverbLeavesATailAndRendersTheSameTwice() throws {
        try requireGVerb()
        let trace = try noteTrace()
        let dry = try render(trace, "dry.wav", [])
        let wet = try render(trace, "wet.wav", ["--effect", "reverb:revtime=2"])
        let again = try render(trace, "again.wav", ["--effect", "reverb:revtime=2"])

        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: wet.path)),
                       try Data(contentsOf: URL(fileURLWithPath: again.path)), "byte-identical run to run")
        XCTAssertGreaterThan(wet.samples.count, dry.samples.count + 48_000, "the render goes on for the reverb's decay")
        // Half a second after the note's fade, the dry render is silent and the reverb still rings.
        let afterNote = Int(1.4 * 48_000)
        let dryTail = SignalMeasurements.rms(dry.samples[min(afterNote, dry.samples.count)...])
        let wetTail = SignalMeasurements.rms(wet.samples[afterNote..<(afterNote + 24_000)])
        XCTAssertLessThan(dryTail, 1e-4, "the dry render is silent after the note")
        XCTAssertGreaterThan(SignalMeasurements.decibels(wetTail / SignalMeasurements.rms(wet.samples[24_000..<48_000])), -40,
                             "the reverb's tail is within 40 dB of the note half a second on")
    }

    func testAnyLV2PluginByItsURIAndTheListOfEffects() throws {
        try requireGVerb()
        let trace = try noteTrace()
        let dry = try render(trace, "dry.wav", [])
        let quieter = try render(trace, "amp.wav", ["--effect", "lv2:http://plugin.org.uk/swh-plugins/amp:gain=-6",
                                                    "--effect", "lowpass:cutoff=3000"])
        let ratio = SignalMeasurements.rms(quieter.samples[12_000..<36_000]) / SignalMeasurements.rms(dry.samples[12_000..<36_000])
        XCTAssertEqual(SignalMeasurements.decibels(ratio), -6, accuracy: 0.3, "SWH's amplifier at -6 dB, in the chain")

        let listed = try ProcessRunner.run(binary, ["--list-effects"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.contains("\n  \(gverb)  GVerb (Reverb Plugin, stereo)\n      roomsize 1…300 (default 75.75)  Roomsize (m)\n"),
                      listed.stdout)
        XCTAssertTrue(listed.stdout.contains("  reverb   GVerb as a hall"), listed.stdout)
        if FileManager.default.fileExists(atPath: "/usr/lib/lv2/mda.lv2/manifest.ttl") {
            XCTAssertTrue(listed.stdout.contains("  http://drobilla.net/plugins/mda/ThruZero  MDA ThruZero (Flanger Plugin, stereo)\n"),
                          listed.stdout)
            XCTAssertTrue(listed.stdout.contains("      presets: Chorus Doubler, Mad Modulator, Phase Canceller, Thru-Zero Flanger\n"),
                          listed.stdout)
        }
        XCTAssertTrue(listed.stdout.contains("http://plugin.org.uk/swh-plugins/analogueOsc  Analogue Oscillator (Oscillator Plugin)\n"
                                             + "      not usable: has no audio input (it makes its own sound)"), listed.stdout)
    }

    func testBadEffectsAreOneLineAndExitTwo() throws {
        try requireGVerb()
        let trace = try noteTrace()
        let output = directory.appendingPathComponent("never.wav").path
        let cases: [(String, String)] = [
            ("lv2:http://example.org/nothing", "--effect lv2:http://example.org/nothing: no installed LV2 plugin has this URI"),
            ("lv2:\(gverb):revtime=0", "--effect lv2:\(gverb): revtime 0 is outside 0.1…30"),
            ("lv2:\(gverb):wet=1", "--effect lv2:\(gverb): has no control 'wet'; its controls: roomsize"),
            ("reverb:revtime=x", "--effect 'reverb:revtime=x': 'revtime=x' is not symbol=number"),
            ("lv2:", "--effect 'lv2:' needs a plugin URI"),
            ("lv2:urn:nothing:here", "--effect lv2:urn:nothing:here: no installed LV2 plugin has this URI"),
        ]
        let thruZero = "http://drobilla.net/plugins/mda/ThruZero"
        let mda: [(String, String)] = [
            ("lv2:\(thruZero):preset=Large Hall", "--effect lv2:\(thruZero): has no preset 'Large Hall'; its presets: 'Chorus Doubler'"),
            ("lv2:\(thruZero):preset=", "preset= needs a preset's name"),
            ("lv2:\(thruZero):rate=2", "--effect lv2:\(thruZero): rate 2 is outside 0…1"),
            ("lv2:http://drobilla.net/plugins/mda/JX10", "is an instrument (MIDI in, audio out)"),
        ]
        let mdaInstalled = FileManager.default.fileExists(atPath: "/usr/lib/lv2/mda.lv2/manifest.ttl")
        for (effect, expected) in cases + (mdaInstalled ? mda : []) {
            let result = try ProcessRunner.run(binary, ["--replay", trace, "--output", output, "--effect", effect])
            XCTAssertEqual(result.status, 2, "\(effect): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(expected), "\(effect): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "one line: \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: output), "nothing written")
        }
    }
}

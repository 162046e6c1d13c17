import Foundation
import XCTest
import ThereminCore
import ThereminTestSupport
@testable import ThereminLV2

/// LV2 plugins through lilv, as installed from Debian: GVerb (swh-lv2) in the chain rings on for the reverb time it
/// is set to, runs the same twice, and allocates nothing while it renders; plugins theremin cannot run are refused.
final class LV2EffectTests: XCTestCase {
    private let gverb = "http://plugin.org.uk/swh-plugins/gverb"
    private let rate = 48_000.0

    private func requireGVerb() throws -> LV2Plugin {
        guard let plugin = LV2World.shared.plugin(uri: gverb) else {
            throw XCTSkip("GVerb is not installed (Debian package swh-lv2); `make test` installs it (scripts/deps.txt)")
        }
        return plugin
    }

    /// A burst of noise, then silence, through the effect in 240-frame blocks (as the audio thread calls it).
    private func impulseResponse(_ effect: LV2Effect, seconds: Double) -> [Float] {
        var signal = Tones.noise(count: Int(0.05 * rate), seed: 7).map { $0 * 0.5 }
        signal += [Float](repeating: 0, count: Int(seconds * rate))
        signal.withUnsafeMutableBufferPointer { buffer in
            var done = 0
            while done < buffer.count {
                let block = min(240, buffer.count - done)
                effect.process(buffer.baseAddress! + done, count: block)
                done += block
            }
        }
        return signal
    }

    /// RT60 from the Schroeder backward integral of the tail after the burst: the time to fall from -5 to -25 dB,
    /// times three (T20).
    private func reverberationTime(_ response: [Float], after start: Int) -> Double? {
        let tail = response[start...].map { Double($0) * Double($0) }
        var remaining = tail.reduce(0, +)
        guard remaining > 0 else { return nil }
        let total = remaining
        var at5: Int?, at25: Int?
        for (index, energy) in tail.enumerated() {
            let level = 10 * log10(max(remaining, 1e-30) / total)
            if at5 == nil && level <= -5 { at5 = index }
            if at25 == nil && level <= -25 { at25 = index; break }
            remaining -= energy
        }
        guard let at5, let at25 else { return nil }
        return 3 * Double(at25 - at5) / rate
    }

    func testGVerbRingsForTheReverbTimeItIsSetTo() throws {
        let plugin = try requireGVerb()
        var measured: [Double] = []
        for setting in [1.0, 3.0] {
            let values: [String: Float] = ["revtime": Float(setting), "roomsize": 40, "drylevel": -70, "earlylevel": -70,
                                           "taillevel": 0]
            let effect = try LV2Host.effect(plugin, values: values, sampleRate: rate)
            let response = impulseResponse(effect, seconds: setting * 2 + 1)
            let rt60 = try XCTUnwrap(reverberationTime(response, after: Int(0.05 * rate)), "no tail at revtime \(setting)")
            print("GVerb revtime \(setting) s: RT60 measured \(String(format: "%.2f", rt60)) s (T20)")
            XCTAssertEqual(rt60, setting, accuracy: setting * 0.3, "RT60 within 30 % of the plugin's reverb time")
            measured.append(rt60)
        }
        XCTAssertGreaterThan(measured[1], measured[0] * 2, "a longer setting rings longer")
    }

    func testTheSameInputRendersTheSameTwice() throws {
        let plugin = try requireGVerb()
        let first = impulseResponse(try LV2Host.effect(plugin, values: ["revtime": 2], sampleRate: rate), seconds: 1)
        let second = impulseResponse(try LV2Host.effect(plugin, values: ["revtime": 2], sampleRate: rate), seconds: 1)
        XCTAssertEqual(first, second)
        XCTAssertGreaterThan(SignalMeasurements.rms(first[Int(0.5 * rate)...]), 1e-4, "the tail is there")
    }

    func testPluginsThereminCannotRunAreRefusedWithTheReason() throws {
        XCTAssertThrowsError(try LV2Host.check(uri: "http://example.org/no-such-plugin", values: [:])) { error in
            XCTAssertEqual((error as? LV2Error)?.problem, .notInstalled)
            XCTAssertEqual((error as? LV2Error)?.failureKind, .input)
        }
        _ = try requireGVerb()
        XCTAssertThrowsError(try LV2Host.check(uri: gverb, values: ["revtime": 99])) { error in
            XCTAssertEqual("\(error)", "--effect lv2:\(gverb): revtime 99 is outside 0.1…30")
        }
        XCTAssertThrowsError(try LV2Host.check(uri: gverb, values: ["size": 1])) { error in
            XCTAssertTrue("\(error)".contains("has no control 'size'; its controls: roomsize, revtime, damping"), "\(error)")
        }
        // An oscillator: no audio input to feed the voice into.
        let oscillator = "http://plugin.org.uk/swh-plugins/analogueOsc"
        XCTAssertThrowsError(try LV2Host.check(uri: oscillator, values: [:])) { error in
            XCTAssertEqual((error as? LV2Error)?.problem,
                           .refused("has no audio input (it makes its own sound): theremin runs effects on its voice"))
        }
    }

    func testInstrumentsPluginsWithoutAudioOutAndUnprovidedFeaturesAreRefused() throws {
        let synth = "http://drobilla.net/plugins/mda/JX10"
        if LV2World.shared.plugin(uri: synth) != nil {
            XCTAssertThrowsError(try LV2Host.check(uri: synth, values: [:])) { error in
                guard case .refused(let reason)? = (error as? LV2Error)?.problem else { return XCTFail("\(error)") }
                XCTAssertTrue(reason.hasPrefix("is an instrument (MIDI in, audio out)"), reason)
                XCTAssertTrue(reason.contains("needs a different design"), reason)
            }
        }
        let control = "http://gareus.org/oss/lv2/controlfilter#invert"
        if LV2World.shared.plugin(uri: control) != nil {
            XCTAssertThrowsError(try LV2Host.check(uri: control, values: [:])) { error in
                XCTAssertEqual((error as? LV2Error)?.problem,
                               .refused("has no audio output (theremin runs effects on its voice's sound)"))
            }
        }
        // A feature no studio host provides (UIs' instance access), on an otherwise runnable description.
        var plugin = try requireGVerb()
        plugin.requiredFeatures = ["http://lv2plug.in/ns/ext/urid#map", "http://lv2plug.in/ns/ext/instance-access"]
        XCTAssertEqual(plugin.refusal, "needs host features theremin does not provide (instance-access)")
    }

    func testAPluginWhoseLibraryDoesNotLoadIsRefusedWithTheLoadersReason() throws {
        // swh's mbeq links FFTW without declaring it (Debian 12): its library fails to load with an undefined symbol.
        let mbeq = "http://plugin.org.uk/swh-plugins/mbeq"
        guard let plugin = LV2World.shared.plugin(uri: mbeq) else { throw XCTSkip("swh-lv2's mbeq is not installed") }
        guard let problem = LV2World.shared.libraryProblem(path: plugin.libraryPath) else {
            throw XCTSkip("mbeq's library loads on this system (a fixed swh-lv2)")
        }
        XCTAssertThrowsError(try LV2Host.check(uri: mbeq, values: [:])) { error in
            XCTAssertEqual("\(error)", "--effect lv2:\(mbeq) cannot be loaded: \(problem): pick another plugin "
                + "(`theremin --list-effects` marks the ones it runs)")
            XCTAssertFalse("\(error)".contains("--rate"), "no rate hint for a library that cannot load")
        }
        XCTAssertTrue(problem.contains("undefined symbol"), problem)
        // A loadable library: no problem.
        XCTAssertNil(LV2World.shared.libraryProblem(path: try requireGVerb().libraryPath))
    }

    func testTheRenderPathAllocatesNothingWithThePluginInTheChain() throws {
        _ = try requireGVerb()
        guard let checker = ProcessRunner.product("render-alloc-check") else {
            throw XCTSkip("render-alloc-check is not built (run `swift build --build-tests`)")
        }
        // The test plugin's bundle on LV2_PATH, beside the system's plugins: its worker answers every block.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lv2-alloc-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let bundle = try LV2TestBundle.install(in: directory)
        let path = [directory.path, "/usr/local/lib/lv2", "/usr/lib/lv2"].joined(separator: ":")
        let result = try ProcessRunner.run(checker, ["300"], environment: bundle == nil ? [:] : ["LV2_PATH": path])
        if result.status == 77 { throw XCTSkip(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) }
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("lv2 reverb (GVerb): 300 blocks, 0 allocation(s)"), result.stdout)
        guard bundle != nil else { return }
        XCTAssertTrue(result.stdout.contains("lv2 worker answers (test plugin): 300 blocks, 0 allocation(s)\n  worker: "),
                      result.stdout)
        let testPlugin = result.stdout.components(separatedBy: "lv2 worker answers (test plugin)").last ?? ""
        let answered = testPlugin.range(of: #"\d+ responses"#, options: .regularExpression)
            .flatMap { Int(testPlugin[$0].split(separator: " ")[0]) } ?? 0
        XCTAssertGreaterThan(answered, 0, "answers delivered inside the counted render calls")
    }
}

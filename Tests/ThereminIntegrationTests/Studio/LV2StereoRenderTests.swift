import Foundation
import XCTest
import ThereminTestSupport

/// The LV2 host in renders of the built binary: Dragonfly Hall makes the chain stereo, its channels decorrelated in
/// the tail and the render byte-identical run to run; a theremin preset carries the stereo effect; a plugin preset
/// loads through lilv's state; and lilv's own host, `lv2apply`, agrees with theremin's render sample by sample. (Bad
/// presets are among LV2RenderTests' bad effects.)
final class LV2StereoRenderTests: BinaryTestCase {
    private let hall = "https://github.com/michaelwillis/dragonfly-reverb"
    private let thruZero = "http://drobilla.net/plugins/mda/ThruZero"
    private let amp = "http://lv2plug.in/plugins/eg-amp"

    private func require(bundle: String, package: String) throws {
        guard FileManager.default.fileExists(atPath: "/usr/lib/lv2/\(bundle)/manifest.ttl") else {
            throw XCTSkip("\(bundle) is not installed (Debian package \(package)); `make test` installs it (scripts/deps.txt)")
        }
    }

    /// A trace of one note for a second, then the hand leaves the picture.
    private func noteTrace() throws -> String {
        var trace = "t,x,y,present\n"
        for i in 0...30 { trace += "\(Double(i) / 30),0.8,\(0.5 - 0.1 * Double(i) / 30),1\n" }
        trace += "1.0333,0,0,0\n"
        let path = directory.appendingPathComponent("note.csv").path
        try Data(trace.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func render(_ name: String, _ arguments: [String], environment: [String: String] = [:]) throws -> String {
        let output = directory.appendingPathComponent(name).path
        let result = try ProcessRunner.run(binary, arguments + ["--output", output, "--volume", "1"], environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        return output
    }

    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    private func correlation(_ a: ArraySlice<Float>, _ b: ArraySlice<Float>) -> Double {
        let meanA = a.reduce(0) { $0 + Double($1) } / Double(a.count), meanB = b.reduce(0) { $0 + Double($1) } / Double(b.count)
        var product = 0.0, squaresA = 0.0, squaresB = 0.0
        for (x, y) in zip(a, b) {
            product += (Double(x) - meanA) * (Double(y) - meanB)
            squaresA += (Double(x) - meanA) * (Double(x) - meanA)
            squaresB += (Double(y) - meanB) * (Double(y) - meanB)
        }
        return product / max(1e-30, (squaresA * squaresB).squareRoot())
    }

    func testDragonflyHallMakesTheChainStereoDecorrelatedAndTheSameEveryRender() throws {
        try require(bundle: "DragonflyHallReverb.lv2", package: "dragonfly-reverb-lv2")
        let trace = try noteTrace()
        let dry = try SoundFile.readChannels(path: try render("dry.wav", ["--replay", trace]))
        XCTAssertEqual(dry[0], dry[1], "without a stereo effect both channels are the voice")
        let wetPath = try render("hall.wav", ["--replay", trace, "--effect", "lowpass:cutoff=3000", "--effect", "lv2:\(hall)",
                                              "--effect", "delay:time=120,mix=0.2"])
        let again = try render("again.wav", ["--replay", trace, "--effect", "lowpass:cutoff=3000", "--effect", "lv2:\(hall)",
                                             "--effect", "delay:time=120,mix=0.2"])
        XCTAssertEqual(try bytes(wetPath), try bytes(again), "byte-identical run to run (the worker is timed by the render)")
        let wet = try SoundFile.readChannels(path: wetPath)
        XCTAssertEqual(wet.count, 2)
        // The tail: the note faded at about 1.05 s; the hall rings on, its two channels decorrelated.
        let tail = Int(1.3 * 48_000)..<Int(2.0 * 48_000)
        XCTAssertGreaterThan(SignalMeasurements.rms(wet[0][tail]), 1e-3, "the hall's tail")
        let tailCorrelation = correlation(wet[0][tail], wet[1][tail])
        print("Dragonfly Hall: left/right correlation in the tail \(String(format: "%.2f", tailCorrelation))")
        XCTAssertLessThan(tailCorrelation, 0.8, "left and right decorrelated, well below 1")
    }

    func testAThereminPresetCarriesTheStereoEffect() throws {
        try require(bundle: "DragonflyHallReverb.lv2", package: "dragonfly-reverb-lv2")
        let trace = try noteTrace()
        let environment = ["XDG_CONFIG_HOME": directory.appendingPathComponent("config").path]
        let saved = try ProcessRunner.run(binary, ["--save-preset", "hall", "--effect", "lv2:\(hall):decay=2"],
                                          environment: environment)
        XCTAssertEqual(saved.status, 0, saved.stderr)
        let direct = try render("direct.wav", ["--replay", trace, "--effect", "lv2:\(hall):decay=2"])
        let preset = try render("preset.wav", ["--replay", trace, "--preset", "hall"], environment: environment)
        XCTAssertEqual(try bytes(direct), try bytes(preset), "the preset plays the same stereo chain")
    }

    func testAPluginPresetLoadsThroughLilvState() throws {
        try require(bundle: "mda.lv2", package: "mda-lv2")
        let trace = try noteTrace()
        // mda's ThruZero-presets.ttl: "Chorus Doubler" is rate 0.6, depth 0.6, mix 0.35, feedback 0.3, depth_mod 0.7.
        let values = "rate=0.6,depth=0.6,mix=0.35,feedback=0.3,depth_mod=0.7"
        let preset = try render("preset.wav", ["--replay", trace, "--effect", "lv2:\(thruZero):preset=Chorus Doubler"])
        let explicit = try render("explicit.wav", ["--replay", trace, "--effect", "lv2:\(thruZero):\(values)"])
        let plain = try render("default.wav", ["--replay", trace, "--effect", "lv2:\(thruZero)"])
        XCTAssertEqual(try bytes(preset), try bytes(explicit), "the preset sets the values its file holds")
        XCTAssertNotEqual(try bytes(preset), try bytes(plain))
        // A value given after the preset overrides it.
        let overridden = try render("over.wav", ["--replay", trace, "--effect", "lv2:\(thruZero):preset=Chorus Doubler,mix=0.9"])
        let explicitOver = try render("over2.wav", ["--replay", trace, "--effect",
                                                    "lv2:\(thruZero):\(values.replacingOccurrences(of: "mix=0.35", with: "mix=0.9"))"])
        XCTAssertEqual(try bytes(overridden), try bytes(explicitOver))
        // --list-effects lists the presets: LV2RenderTests reads the list (once, it loads every plugin's library).
    }

    func testLilvsOwnHostAgreesWithTheWetRenderSampleBySample() throws {
        try require(bundle: "eg-amp.lv2", package: "lv2-examples")
        let lv2apply = "/usr/bin/lv2apply", sox = "/usr/bin/sox"
        guard FileManager.default.isExecutableFile(atPath: lv2apply), FileManager.default.isExecutableFile(atPath: sox) else {
            throw XCTSkip("lv2apply (Debian package lilv-utils) or sox is not installed; `make test` installs them")
        }
        let trace = try noteTrace()
        let dry = try render("dry.wav", ["--replay", trace])
        let wet = try render("wet.wav", ["--replay", trace, "--effect", "lv2:\(amp):gain=-7.5"])
        // lv2apply maps one file channel per plugin input: the dry render's left channel, as a mono file.
        let dryMono = directory.appendingPathComponent("dry-mono.wav").path
        let reference = directory.appendingPathComponent("reference.wav").path
        XCTAssertEqual(try ProcessRunner.run(sox, [dry, dryMono, "remix", "1"]).status, 0)
        let applied = try ProcessRunner.run(lv2apply, ["-i", dryMono, "-o", reference, "-c", "gain", "-7.5", amp])
        XCTAssertEqual(applied.status, 0, applied.stderr)
        let expected = try SoundFile.readMono(path: reference), measured = try SoundFile.readMono(path: wet)
        XCTAssertEqual(expected.count, measured.count)
        let peak = SignalMeasurements.peak(expected[...])
        XCTAssertGreaterThan(peak, 0.05, "the reference has the note")
        var worst: Float = 0
        for (a, b) in zip(expected, measured) { worst = max(worst, abs(a - b)) }
        let difference = SignalMeasurements.decibels(Double(worst) / peak)
        print("eg-amp: theremin's wet render vs lv2apply over its dry render: worst sample \(String(format: "%.1f", difference)) dB")
        XCTAssertLessThan(difference, -90, "the reference host agrees sample by sample")
    }

    func testAPluginsLogFromItsRunIsKeptAndPrintedAfterAsOneLineEach() throws {
        let trace = try noteTrace()
        guard let bundle = try LV2TestBundle.install(in: directory.appendingPathComponent("lv2")) else {
            throw XCTSkip("the test plugin's library is not built (run `swift build --build-tests`)")
        }
        let path = [URL(fileURLWithPath: bundle).deletingLastPathComponent().path, "/usr/lib/lv2"].joined(separator: ":")
        let output = directory.appendingPathComponent("logged.wav").path
        let result = try ProcessRunner.run(binary, ["--replay", trace, "--output", output, "--effect",
                                                    "lv2:\(LV2TestBundle.uri):every=1"], environment: ["LV2_PATH": path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let logged = lines.filter { $0.hasPrefix("theremin: lv2 theremin test worker: scheduled work in cycle ") }
        // Logged in every run (about 70 here): the first 32 wait in their slots until the render ends, the rest are
        // counted in one line.
        XCTAssertEqual(logged.first, "theremin: lv2 theremin test worker: scheduled work in cycle 0")
        XCTAssertEqual(logged.count, 32, result.stderr)
        XCTAssertTrue(lines.contains { $0.hasPrefix("theremin: lv2: ") && $0.hasSuffix("more plugin log line(s) while rendering were not kept (32 wait at most)") },
                      result.stderr)
        XCTAssertEqual(lines.count, logged.count + 1, "nothing else: \(result.stderr)")
    }
}

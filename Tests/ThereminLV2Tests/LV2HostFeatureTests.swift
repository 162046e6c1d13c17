import Foundation
import XCTest
import ThereminCore
import ThereminTestSupport
@testable import ThereminLV2

/// The host features every studio host provides, each against a Debian plugin that needs it: the URID map and
/// atom ports (x42's limiter), options and bounded block lengths (LSP), the worker (Guitarix's cabinet, which sets
/// its convolver up in `work`), and side-chain inputs connected to silence (LSP's and Calf's compressors).
final class LV2HostFeatureTests: XCTestCase {
    private let rate = 48_000.0

    private func require(_ uri: String, _ package: String) throws -> LV2Plugin {
        guard let plugin = LV2World.shared.plugin(uri: uri) else {
            throw XCTSkip("\(uri) is not installed (Debian package \(package)); `make test` installs it (scripts/deps.txt)")
        }
        return plugin
    }

    /// `signal` through the effect in blocks of the given lengths, cycled (as an output and a replay call it).
    static func process(_ effect: LV2Effect, _ signal: [Float], blocks: [Int] = [240]) -> [Float] {
        var samples = signal
        samples.withUnsafeMutableBufferPointer { buffer in
            var done = 0, next = 0
            while done < buffer.count {
                let block = min(blocks[next % blocks.count], buffer.count - done)
                effect.process(buffer.baseAddress! + done, count: block)
                done += block
                next += 1
            }
        }
        return samples
    }

    func testAnX42LimiterThatNeedsTheURIDMapLimitsAndReportsItsLatency() throws {
        let plugin = try require("http://gareus.org/oss/lv2/dpl#mono", "x42-plugins")
        XCTAssertTrue(plugin.requiredFeatures.contains("http://lv2plug.in/ns/ext/urid#map"))
        XCTAssertTrue(plugin.ports.contains { $0.kind == .atomInput }, "it has atom ports, connected by the host")
        XCTAssertNil(plugin.refusal)
        let effect = try LV2Host.effect(plugin, values: ["gain": 12, "threshold": -6], sampleRate: rate)
        let input = Tones.sine(440, amplitude: 0.5, count: Int(rate), rate: rate)
        let output = LV2HostFeatureTests.process(effect, input)
        let settled = output[Int(0.5 * rate)...]
        // 12 dB of gain would take the sine to 2.0; the limiter holds it at its -6 dBFS threshold.
        XCTAssertLessThanOrEqual(SignalMeasurements.peak(settled), 0.5012 * 1.01, "held at the threshold")
        XCTAssertGreaterThan(SignalMeasurements.peak(settled), 0.4, "limited, not silenced")
        XCTAssertNotNil(plugin.latencyPort, "it reports latency")
        XCTAssertGreaterThan(effect.latencyFrames, 0, "the latency it reports, read after run")
    }

    func testAnLSPDelayRunsSampleExactAtEveryBlockLengthWithinTheBounds() throws {
        let plugin = try require("http://lsp-plug.in/plugins/lv2/comp_delay_mono", "lsp-plugins-lv2")
        XCTAssertTrue(plugin.requiredFeatures.contains("http://lv2plug.in/ns/ext/urid#map"))
        let delay = 480
        let effect = try LV2Host.effect(plugin, values: ["mode": 0, "samp": Float(delay), "dry": 0, "wet": 1],
                                        sampleRate: rate)
        let input = Tones.noise(count: Int(rate), seed: 3)
        // Blocks from 1 frame to the maximum the options announce (1024), as a replay splits them at controls.
        let output = LV2HostFeatureTests.process(effect, input, blocks: [1, 1_024, 7, 333, 64, 1_000, 2, 513])
        let start = Int(0.25 * rate)
        var worst: Float = 0
        for index in start..<input.count { worst = max(worst, abs(output[index] - input[index - delay])) }
        XCTAssertLessThan(worst, 1e-6, "the input, \(delay) samples later, whatever the block lengths")
    }

    func testGuitarixCabinetGetsItsWorkDoneOnTheWorkerLiveAndBetweenRunsOffline() throws {
        let plugin = try require("http://guitarix.sourceforge.net/plugins/gx_cabinet#CABINET", "guitarix-lv2")
        XCTAssertTrue(plugin.requiredFeatures.contains("http://lv2plug.in/ns/ext/worker#schedule"))
        let input = Tones.noise(count: Int(0.5 * rate), seed: 5)
        // Offline: work scheduled in one cycle is done at the start of the next, before `run`.
        let offline = try LV2Host.effect(plugin, values: ["c_model": 3], sampleRate: rate, realTime: false)
        let first = LV2HostFeatureTests.process(offline, input, blocks: [1_024])
        XCTAssertGreaterThan(offline.work.scheduled, 0, "the cabinet scheduled work (its convolver's set-up)")
        XCTAssertGreaterThanOrEqual(offline.work.done, offline.work.scheduled - 1, "all done but the last cycle's")
        let again = LV2HostFeatureTests.process(try LV2Host.effect(plugin, values: ["c_model": 3], sampleRate: rate,
                                                                   realTime: false), input, blocks: [1_024])
        XCTAssertEqual(first, again, "offline, the worker's timing is the same every render")
        XCTAssertGreaterThan(SignalMeasurements.rms(first[Int(0.25 * rate)...]), 1e-3, "the cabinet sounds")

        // Live: the render path only queues the work; the worker thread does it.
        let live = try LV2Host.effect(plugin, values: ["c_model": 3], sampleRate: rate, realTime: true)
        var block = [Float](repeating: 0.1, count: 1_024)
        let deadline = Date().addingTimeInterval(10)
        repeat {
            block.withUnsafeMutableBufferPointer { live.process($0.baseAddress!, count: $0.count) }
            if live.work.done > 0 { break }
            Thread.sleep(forTimeInterval: 0.02)  // a period's pause between cycles, as a device gives
        } while Date() < deadline
        XCTAssertGreaterThan(live.work.scheduled, 0)
        XCTAssertGreaterThan(live.work.done, 0, "the worker thread did the work within 10 s")
        XCTAssertEqual(live.work.dropped, 0)
    }

    func testAnLSPSideChainCompressorHasItsSideChainConnectedToSilence() throws {
        let plugin = try require("http://lsp-plug.in/plugins/lv2/sc_compressor_mono", "lsp-plugins-lv2")
        XCTAssertEqual(plugin.sideChainInputs.map(\.symbol), ["sc"])
        XCTAssertEqual(plugin.mainInputs.map(\.symbol), ["in"])
        XCTAssertNil(plugin.refusal)
        let input = Tones.sine(220, amplitude: 0.5, count: Int(rate), rate: rate)
        let effect = try LV2Host.effect(plugin, values: [:], sampleRate: rate)
        let output = LV2HostFeatureTests.process(effect, input)
        let level = SignalMeasurements.rms(output[Int(0.5 * rate)...]) / SignalMeasurements.rms(input[Int(0.5 * rate)...])
        XCTAssertTrue(output.allSatisfy(\.isFinite))
        XCTAssertGreaterThan(level, 0.05, "the voice passes through")
    }

    func testACalfSideChainCompressorRuns() throws {
        let plugin = try require("http://calf.sourceforge.net/plugins/SidechainCompressor", "calf-plugins")
        XCTAssertEqual(Set(plugin.sideChainInputs.map(\.symbol)), ["sidechain", "sidechain2"])
        XCTAssertTrue(plugin.isStereo)
        let effect = try LV2Host.effect(plugin, values: [:], sampleRate: rate)
        let output = LV2HostFeatureTests.process(effect, Tones.sine(220, amplitude: 0.5, count: 24_000, rate: rate))
        XCTAssertGreaterThan(SignalMeasurements.rms(output[12_000...]), 0.01, "the voice passes through")
    }
}

/// The worker's answers and the log, with the test-only plugin (Sources/LV2TestPlugin): it schedules work from
/// `run`, and each answer toggles its gain between 1 and 0.5 from the first frame of the `run` it is delivered before.
final class LV2WorkerResponseTests: XCTestCase {
    private let rate = 48_000.0

    /// Loaded into the world once for the process (lilv warns when a plugin is loaded again).
    nonisolated(unsafe) private static var loaded = false

    private func requireTestPlugin() throws -> LV2Plugin {
        if !LV2WorkerResponseTests.loaded {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lv2-worker-\(getpid())")
            guard let bundle = try LV2TestBundle.install(in: directory) else {
                throw XCTSkip("the test plugin's library is not built (run `swift build --build-tests`)")
            }
            LV2World.shared.loadBundle(path: bundle)
            LV2WorkerResponseTests.loaded = true
        }
        return try LV2Host.check(uri: LV2TestBundle.uri, values: [:])
    }

    /// Blocks of ones through the effect: each block's gains (first and last sample).
    private func gains(_ effect: LV2Effect, blocks: Int, frames: Int = 256, pause: TimeInterval = 0) -> [(Float, Float)] {
        var found: [(Float, Float)] = []
        for _ in 0..<blocks {
            var block = [Float](repeating: 1, count: frames)
            block.withUnsafeMutableBufferPointer { effect.process($0.baseAddress!, count: $0.count) }
            found.append((block[0], block[frames - 1]))
            if pause > 0 { Thread.sleep(forTimeInterval: pause) }  // a period between cycles, as a device gives
        }
        return found
    }

    func testOfflineEachAnswerArrivesAtTheStartOfTheNextRun() throws {
        let plugin = try requireTestPlugin()
        let effect = try LV2Host.effect(plugin, values: ["every": 1], sampleRate: rate, realTime: false)
        let found = gains(effect, blocks: 12)
        // Cycle 0 schedules; its answer comes before cycle 1's run, so cycle 1 plays at 0.5, cycle 2 at 1 again, …
        for (cycle, (first, last)) in found.enumerated() {
            XCTAssertEqual(first, cycle % 2 == 0 ? 1 : 0.5, "cycle \(cycle): the answer applies from its first frame")
            XCTAssertEqual(last, first, "cycle \(cycle): never within a run")
        }
        XCTAssertEqual(effect.work.scheduled, 12)
        XCTAssertEqual(effect.work.done, 11, "the last cycle's work waits for the next cycle")
        XCTAssertEqual(effect.work.delivered, 11)
        XCTAssertEqual(effect.latencyFrames, 64, "its latency port, read")
    }

    func testLiveTheWorkerThreadAnswersAndTheGainChangesOnlyBetweenRuns() throws {
        let plugin = try requireTestPlugin()
        let effect = try LV2Host.effect(plugin, values: ["every": 2], sampleRate: rate, realTime: true)
        var found: [(Float, Float)] = []
        let deadline = Date().addingTimeInterval(10)
        while effect.work.delivered < 3 && Date() < deadline {
            found += gains(effect, blocks: 1, pause: 0.005)
        }
        XCTAssertGreaterThanOrEqual(effect.work.delivered, 3, "the worker thread answered within 10 s")
        for (cycle, (first, last)) in found.enumerated() {
            XCTAssertTrue(first == 1 || first == 0.5, "cycle \(cycle): \(first)")
            XCTAssertEqual(last, first, "cycle \(cycle): an answer applies between runs, never within one")
        }
        XCTAssertTrue(found.contains { $0.0 == 0.5 }, "an answer changed the gain")
        XCTAssertEqual(effect.work.dropped, 0)
    }
}

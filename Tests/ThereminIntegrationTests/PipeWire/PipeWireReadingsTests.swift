import XCTest
import Foundation
import ThereminTestSupport

/// The readings `PipeWirePlayTests` rely on, on text shaped like what pw-profiler and pw-dump 0.3.65 print, so a
/// misread column or key fails here rather than passing a play test by accident.
final class PipeWireReadingsTests: XCTestCase {
    /// Driver columns (interval, processing, delay, period µs), then 8 per follower slot, blank while it did not run.
    func testProfileGivesTheQuantumOfTheCyclesANodeRanIn() {
        let idle = Array(repeating: " ", count: 8).joined(separator: "\t")
        let follower42 = ["42", "0", "103", "128", "0", "25", "3", "0"].joined(separator: "\t")
        let follower50 = ["50", "20", "40", "90", "20", "50", "3", "0"].joined(separator: "\t")
        let log = [
            ["2666", "31", "0", "2667", follower42, follower50, idle].joined(separator: "\t"),
            ["21333", "40", "0", "21333", follower42, idle, idle].joined(separator: "\t"),
            ["2666", "28", "0", "2666", idle, follower50, idle].joined(separator: "\t"),
            "logging driver 29",
            "",
            ["2666", "30", "0", "", idle].joined(separator: "\t"),
        ].joined(separator: "\n")

        let profile = PipeWireProfile(log: log)
        XCTAssertEqual(profile.cycles.count, 3, "the non-cycle lines are skipped")
        XCTAssertEqual(profile.cycles[0].followers, [42, 50])
        let quanta = profile.quanta(whileRunning: 50, rate: 48_000)
        XCTAssertEqual(quanta.count, 2)
        XCTAssertEqual(quanta[0], 128.0, accuracy: 0.1)
        XCTAssertEqual(quanta[1], 127.97, accuracy: 0.1)
        XCTAssertEqual(profile.quanta(whileRunning: 42, rate: 48_000).last ?? 0, 1024, accuracy: 0.1)
        XCTAssertEqual(profile.quanta(whileRunning: 7, rate: 48_000), [])
    }

    func testGraphFindsAProcessStreamItsAskedLatencyAndTheLatencyDownstream() throws {
        let json = """
        [
          { "id": 31, "type": "PipeWire:Interface:Metadata", "props": { "metadata.name": "default" },
            "metadata": [ { "subject": 0, "key": "default.audio.sink", "type": "Spa:String:JSON",
                            "value": { "name": "theremin-test-sink" } } ] },
          { "id": 30, "type": "PipeWire:Interface:Node",
            "info": { "state": "running", "props": { "node.name": "theremin-test-sink", "media.class": "Audio/Sink" },
                      "params": {} } },
          { "id": 48, "type": "PipeWire:Interface:Client",
            "info": { "props": { "application.process.id": 1234, "application.process.binary": "theremin" } } },
          { "id": 50, "type": "PipeWire:Interface:Node",
            "info": { "state": "running",
                      "props": { "node.name": "ALSA Playback", "media.class": "Stream/Output/Audio", "client.id": 48,
                                 "node.latency": "240/48000", "node.autoconnect": true },
                      "params": { "Latency": [
                        { "direction": "Input", "minQuantum": 1.0, "maxQuantum": 1.0, "minRate": 0, "maxRate": 0,
                          "minNs": 30000000, "maxNs": 30000000 } ] } } }
        ]
        """
        let graph = try PipeWireGraph(json: Data(json.utf8))
        XCTAssertEqual(graph.defaultSinkName, "theremin-test-sink")
        XCTAssertNil(graph.stream(ofProcess: 1234, mediaClass: "Stream/Input/Audio"))
        let stream = try XCTUnwrap(graph.stream(ofProcess: 1234))
        XCTAssertEqual(stream.id, 50)
        XCTAssertEqual(stream.properties["node.autoconnect"], "1")
        XCTAssertEqual(stream.requestedLatency?.frames, 240)
        XCTAssertEqual(stream.requestedLatency?.rate, 48_000)
        let latency = try XCTUnwrap(stream.downstreamLatency)
        XCTAssertEqual(latency.seconds(quantum: 128, rate: 48_000), 128.0 / 48_000 + 0.030, accuracy: 1e-9)
        XCTAssertNil(graph.node(named: "theremin-test-sink")?.downstreamLatency)
        XCTAssertNil(graph.stream(ofProcess: 99))
    }

    /// pw-dump prints further arrays when objects change while it dumps; `"info": null` there means removed.
    func testGraphReadsTheArraysPwDumpAddsWhenObjectsChangeWhileItDumps() throws {
        let json = """
        [
          { "id": 30, "type": "PipeWire:Interface:Node", "info": { "props": { "node.name": "sink [x]" } } },
          { "id": 54, "type": "PipeWire:Interface:Node", "info": { "props": { "node.name": "gone \\" ]" } } }
        ]
        [
          {
            "id": 54,
            "info": null
          }
        ]
        """
        let graph = try PipeWireGraph(json: Data(json.utf8))
        XCTAssertEqual(graph.nodes.map(\.name), ["sink [x]"])
    }

    func testGraphRefusesWhatIsNotPwDumpOutput() {
        XCTAssertThrowsError(try PipeWireGraph(json: Data("{\"id\": 1}".utf8)))
        XCTAssertThrowsError(try PipeWireGraph(json: Data("not json".utf8)))
        XCTAssertThrowsError(try PipeWireGraph(json: Data("[ {\"id\": 1} ] [ garbage ]".utf8)))
        XCTAssertThrowsError(try PipeWireGraph(json: Data()))
    }
}

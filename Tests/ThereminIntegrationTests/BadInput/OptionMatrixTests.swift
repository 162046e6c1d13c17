import XCTest
import Foundation
@testable import ThereminCLI

/// The command-line part of the bad-input matrix, generated from the option table wherever it can be: every option
/// without its value, every flag given a value, every single option given twice, every option with malformed and
/// out-of-range values, and the contradictory combinations. Each must end with exit 2 and one clear line.
final class OptionMatrixTests: XCTestCase {
    private var harness: BadInputHarness!

    override func setUpWithError() throws {
        harness = try BadInputHarness.make("options")
    }

    override func tearDownWithError() throws {
        harness?.remove()
    }

    private let out = BadInputHarness.output

    /// Valid surroundings that let each option be checked for itself (the mode it belongs to).
    private func context(_ option: String) -> [String] {
        let trace = harness.goodTrace
        switch option {
        case "--volume-top", "--volume-bottom": return ["--replay", trace, "--output", out("x.wav"), "--hands", "2"]
        case "--antenna", "--antenna-field": return ["--replay", trace, "--output", out("x.wav"), "--pitch-law", "antenna"]
        case "--backing-volume", "--loop": return ["--replay", trace, "--output", out("x.wav"), "--backing", trace]
        case "--midi-channel", "--midi-bend-range", "--midi-volume", "--midi-mode": return ["--replay", trace, "--midi-file", out("x.mid")]
        case "--midi-slide": return ["--replay", trace, "--midi-file", out("x.mid"), "--midi-mode", "mpe"]
        case "--audio-input", "--duration": return ["--tuner"]
        case "--midi-map": return ["--no-preview", "--midi-in", "jack:"]
        case "--setlist": return ["--no-preview", "--audio-device", "null"]
        case "--camera", "--size", "--fps", "--camera-format", "--mains", "--tracker", "--tracker-threads", "--loop-out",
             "--player-lock":
            return ["--no-preview", "--audio-device", "null"]
        case "--replay", "--input", "--tuner", "--calibrate", "--list-devices", "--preset", "--save-preset", "--recover",
             "--report":
            return []
        case "--plot", "--min-hold", "--play-along": return ["--report", trace]
        case "--score-track", "--tempo-scale":
            return ["--report", trace, "--play-along", harness.file("score.txt", "tempo 90\nA3 C4 E4\n")]
        case "--record": return ["--input", harness.file("still.ppm", data: BadInputHarness.tinyImage)]
        // Played live: the device is opened.
        case "--output", "--audio-device", "--midi-out": return ["--replay", trace]
        default: return ["--replay", trace, "--output", out("x.wav")]
        }
    }

    /// Malformed and out-of-range values for every option that takes one. The test below fails when an option is
    /// added to the table without a row here.
    private var badValues: [String: [String]] {
        let missingFolder = "/no/such/folder/"
        return [
            "--replay": ["/no/such/trace.csv", harness.directory.path],
            "--input": ["/no/such/clip.mp4", harness.file("notes.mp4", "not a video\n")],
            "--audio-device": ["", "nosuchcard"],
            "--wave": ["trumpet"],
            "--volume": ["loud", "1.5", "nan"],
            "--glide": ["slow", "1e9"],
            "--fade": ["1", "x"],
            "--effect": ["chorus", "lv2:", "lv2:http://example.org/no-such-plugin", "reverb:revtime=0", "delay:time=abc", "delay:time=1e9", "delay:wet=0.5", "delay:time"],
            "--rate": ["96000", "48k"],
            "--period": ["101", "5ms"],
            "--low": ["H9", "10", ""],
            "--high": ["25000"],
            "--pitch-law": ["cubic", ""],
            "--antenna": ["top", "centre", ""],
            "--antenna-field": ["0", "5", "wide"],
            "--response": ["jumpy"],
            "--min-cutoff": ["-1"],
            "--beta": ["much"],
            "--d-cutoff": ["-5"],
            "--camera": ["/no/such/video9", "/dev/null", harness.directory.path],
            "--size": ["640", "0x0"],
            "--fps": ["0", "abc"],
            "--tracker": ["magic"],
            "--tracker-threads": ["0", "17", "two"],
            "--player-lock": ["maybe", "", "1"],
            "--mains": ["55", "fifty", "", "-60"],
            "--camera-format": ["H264", "JPEG2000", ""],
            "--record": ["", missingFolder + "x.csv", harness.directory.path + "/"],
            "--output": ["", out("x.mp3"), missingFolder + "x.wav"],
            "--loop-out": ["", out("x.mp3"), missingFolder + "x.wav", harness.directory.path + "/"],
            "--brightness": ["2"],
            "--vibrato": ["5", "50,10", "5,500", "1e30,5", "5,inf"],
            "--correct": ["150"],
            "--scale": ["klingon"],
            "--root": ["H"],
            "--octave": ["4", "1.5"],
            "--hands": ["3", "two"],
            "--volume-top": ["2"],
            "--volume-bottom": ["bottom"],
            "--backing": ["", "/no/such/backing.wav", harness.file("noise.wav", "RIFF but not really\n")],
            "--backing-volume": ["2"],
            "--midi-out": ["", "no-such-synth"],
            "--osc-out": ["", "9000", "localhost:0", "[::1]9000"],
            "--osc-in": ["", "0", "70000", "host:"],
            "--midi-in": [""],
            "--setlist": ["/no/such/set.txt", harness.file("set.txt", "warm\n../up\n"), harness.file("noset.txt", "# none\n"),
                          harness.file("missing.txt", "nosuchpreset\n")],
            "--midi-map": ["/no/such/board.map", harness.file("board.map", "cc 80 next-preset\nxx 1 mute\n"),
                           harness.file("empty.map", "# nothing\n")],
            "--midi-file": ["", missingFolder + "x.mid"],
            "--midi-channel": ["0", "17"],
            "--midi-bend-range": ["49"],
            "--midi-volume": ["cc99"],
            "--midi-mode": ["poly"],
            "--midi-slide": ["up"],
            "--preset": ["../escape", "nosuchpreset", ""],
            "--save-preset": [".hidden", "a/b"],
            "--audio-input": ["", "nosuchmic"],
            "--duration": ["0", "abc"],
            "--recover": ["", "/no/such/take.csv", harness.directory.path, harness.file("noise.csv", "\u{0}\u{1}binary\n"),
                          harness.file("notes.txt", "just some words\n")],
            "--report": ["/no/such/trace.csv", harness.directory.path, harness.file("notes.csv", "hello\n")],
            "--plot": ["", "take.jpg", missingFolder + "x.png"],
            "--min-hold": ["10", "long", "1e9"],
            "--audio": ["pulse", ""],
            "--jack-connect": ["", "a,b,c"],
            "--play-along": ["", "/no/such/score.mid", harness.directory.path, harness.file("cut.mid", "MThd\u{0}\u{0}"),
                             harness.file("empty.txt", "tempo 90\nr:4\n"), harness.file("still.txt", "tempo 0\nA3\n"),
                             harness.file("wrong.txt", "A3 H4\n")],
            "--score-track": ["", "2"],
            "--tempo-scale": ["0", "2", "fast"],
        ]
    }

    func testEveryOptionThatTakesAValueHasBadValuesInTheMatrix() {
        let valued = Set(OptionTable.all.filter(\.takesValue).map(\.name))
        XCTAssertEqual(valued.subtracting(badValues.keys), [], "options without rows in the bad-input matrix")
        XCTAssertEqual(Set(badValues.keys).subtracting(valued), [], "rows for options that no longer exist")
    }

    func testMalformedAndOutOfRangeValues() throws {
        var rows: [BadInputCase] = []
        for spec in OptionTable.all where spec.takesValue {
            for value in badValues[spec.name] ?? [] {
                // Where: the path for files and devices; the option or the value otherwise.
                let path = value.contains("/") ? [value.hasSuffix("/") ? String(value.dropLast()) : value] : []
                rows.append(BadInputCase(name: "\(spec.name) '\(value)'",
                                         arguments: context(spec.name) + [spec.name, value],
                                         mentions: path, mentionsOneOf: path.isEmpty ? [spec.name] + (value.isEmpty ? [] : ["'\(value)'"]) : []))
            }
        }
        try harness.check(rows)
        harness.report("malformed and out-of-range values")
    }

    /// The parser's own cases for every option in the table: the value missing (at the end of the line, and
    /// followed by another option), a flag given a value, a single option given twice. They never get past parsing,
    /// so they run in this process through the binary's own entry point (`CommandLineTool.run`, stderr captured)
    /// rather than as several hundred processes; `testParserCasesThroughTheBinary` shows the binary agrees.
    func testParserCasesForEveryOption() throws {
        var rows: [BadInputCase] = []
        for spec in OptionTable.all {
            if spec.takesValue {
                for name in [spec.name] + (spec.short.map { [$0] } ?? []) {
                    rows.append(BadInputCase(name: "\(name) without a value", arguments: [name],
                                             mentions: [spec.name, "needs a value"]))
                }
                rows.append(BadInputCase(name: "\(spec.name) followed by an option", arguments: [spec.name, "--verbose"],
                                         mentions: [spec.name, "needs a value"]))
            } else {
                rows.append(BadInputCase(name: "\(spec.name)=yes", arguments: ["\(spec.name)=yes"],
                                         mentions: [spec.name, "takes no value"]))
            }
            if !spec.repeatable {
                let twice = spec.takesValue ? [spec.name, "1", spec.name, "2"] : [spec.name, spec.name]
                rows.append(BadInputCase(name: "\(spec.name) twice", arguments: twice, mentions: [spec.name, "more than once"]))
            }
        }
        for row in rows { harness.checkInProcess(row) }
        harness.report("parser cases for every option (in process)")
    }

    func testParserCasesThroughTheBinary() throws {
        try harness.check([
            BadInputCase(name: "value missing", arguments: ["--replay", harness.goodTrace, "--volume"],
                         mentions: ["--volume", "needs a value"]),
            BadInputCase(name: "short option without value", arguments: ["-o"], mentions: ["--output", "needs a value"]),
            BadInputCase(name: "flag with a value", arguments: ["--stats=on"], mentions: ["--stats", "takes no value"]),
            BadInputCase(name: "given twice", arguments: ["--wave", "saw", "-w", "sine"], mentions: ["--wave", "more than once"]),
        ])
        harness.report("parser cases (binary)")
    }

    /// Several outputs at once: when a later one cannot be made, the earlier ones must not be left behind.
    func testNoOutputIsLeftWhenALaterOneFails() throws {
        let trace = harness.goodTrace
        try harness.check([
            BadInputCase(name: "MIDI file, then a sound file of unknown type",
                         arguments: ["--replay", trace, "--midi-file", out("take.mid"), "--output", out("take.mp3")],
                         mentions: ["take.mp3", "unknown sound file type"]),
            BadInputCase(name: "MIDI file, then a missing backing track",
                         arguments: ["--replay", trace, "--midi-file", out("take.mid"), "--backing", "/no/such/band.wav",
                                     "--output", out("take.wav")],
                         mentions: ["/no/such/band.wav"]),
            BadInputCase(name: "trace, then a sound file in a missing folder",
                         arguments: ["--input", harness.file("still.ppm", data: BadInputHarness.tinyImage),
                                     "--record", out("take.csv"), "--output", "/no/such/folder/take.wav"],
                         mentions: ["/no/such/folder/take.wav"]),
        ])
        harness.report("later outputs failing")
    }

    func testContradictoryCombinations() throws {
        let trace = harness.goodTrace
        let image = harness.file("still.ppm", data: BadInputHarness.tinyImage)
        let backing = harness.file("backing.csv", "t,x,y,present\n")
        let rows: [BadInputCase] = [
            BadInputCase(name: "two modes", arguments: ["--replay", trace, "--input", image], mentions: ["cannot be combined"]),
            BadInputCase(name: "replay and tuner", arguments: ["--replay", trace, "--tuner"], mentions: ["--tuner"]),
            BadInputCase(name: "list and calibrate", arguments: ["--list-devices", "--calibrate"], mentions: ["--calibrate"]),
            BadInputCase(name: "low above high", arguments: ["--replay", trace, "--low", "A4", "--high", "A3"],
                         mentions: ["--low", "--high"]),
            BadInputCase(name: "volume top below bottom",
                         arguments: ["--replay", trace, "--hands", "2", "--volume-top", "0.9", "--volume-bottom", "0.1"],
                         mentions: ["--volume-top"]),
            BadInputCase(name: "record with report", arguments: ["--report", trace, "--record", out("x.csv")],
                         mentions: ["--record", "--report"]),
            BadInputCase(name: "report-audio without report", arguments: ["--replay", trace, "--report-audio"],
                         mentions: ["--report-audio", "--report TRACE"]),
            BadInputCase(name: "json with replay", arguments: ["--replay", trace, "--json"], mentions: ["--json"]),
            BadInputCase(name: "record with replay", arguments: ["--replay", trace, "--record", out("x.csv")],
                         mentions: ["--record"]),
            BadInputCase(name: "output when playing live", arguments: ["--output", out("x.wav")], mentions: ["--output"]),
            BadInputCase(name: "record and output the same file",
                         arguments: ["--input", image, "--record", out("same.wav"), "--output", out("same.wav")],
                         mentions: ["same"]),
            BadInputCase(name: "record over the input", arguments: ["--input", image, "--record", image],
                         mentions: ["--record", image]),
            BadInputCase(name: "output over the input", arguments: ["--input", image, "--output", image],
                         mentions: ["--output"]),
            BadInputCase(name: "loop out with replay", arguments: ["--replay", trace, "--loop-out", out("x.wav")],
                         mentions: ["--loop-out", "live play"]),
            BadInputCase(name: "loop out with an offline input",
                         arguments: ["--input", image, "--record", out("x.csv"), "--loop-out", out("x.wav")],
                         mentions: ["--loop-out"]),
            BadInputCase(name: "loop out over the backing track",
                         arguments: ["--backing", harness.file("band.wav", "x"), "--loop-out",
                                     harness.directory.appendingPathComponent("band.wav").path],
                         mentions: ["--loop-out"]),
            BadInputCase(name: "loop out and record the same file",
                         arguments: ["--record", out("same.wav"), "--loop-out", out("same.wav")],
                         mentions: ["same"]),
            BadInputCase(name: "midi file over the trace", arguments: ["--replay", trace, "--midi-file", trace],
                         mentions: ["--midi-file", trace]),
            BadInputCase(name: "render over the backing track",
                         arguments: ["--replay", trace, "--backing", harness.file("b.wav", "x"), "--output",
                                     harness.directory.appendingPathComponent("b.wav").path],
                         mentions: ["--output"]),
            BadInputCase(name: "midi file and output the same file",
                         arguments: ["--replay", trace, "--midi-file", out("x.wav"), "--output", out("x.wav")],
                         mentions: ["--midi-file"]),
            BadInputCase(name: "mute and unmute cues", arguments: ["--mute-cues", "--unmute-cues"], mentions: ["contradict"]),
            BadInputCase(name: "no calibration while calibrating", arguments: ["--calibrate", "--no-calibration"],
                         mentions: ["--no-calibration"]),
            BadInputCase(name: "json without list", arguments: ["--replay", trace, "--json"], mentions: ["--json"]),
            BadInputCase(name: "antenna side without the antenna law", arguments: ["--replay", trace, "--antenna", "left"],
                         mentions: ["--antenna", "--pitch-law antenna"]),
            BadInputCase(name: "antenna field with another law",
                         arguments: ["--replay", trace, "--pitch-law", "exponential", "--antenna-field", "0.5"],
                         mentions: ["--antenna-field", "--pitch-law antenna"]),
            BadInputCase(name: "pitch rod on the volume hand's side",
                         arguments: ["--replay", trace, "--pitch-law", "antenna", "--hands", "2", "--antenna", "left"],
                         mentions: ["--antenna left", "--left-handed"]),
            BadInputCase(name: "left-handed pitch rod on the right",
                         arguments: ["--replay", trace, "--pitch-law", "antenna", "--hands", "2", "--left-handed",
                                     "--antenna", "right"],
                         mentions: ["--antenna right", "--antenna left"]),
            BadInputCase(name: "left-handed with one hand", arguments: ["--replay", trace, "--left-handed"],
                         mentions: ["--left-handed", "--hands 2"]),
            BadInputCase(name: "loop without backing", arguments: ["--replay", trace, "--loop"], mentions: ["--loop"]),
            BadInputCase(name: "midi channel without midi", arguments: ["--replay", trace, "--midi-channel", "2"],
                         mentions: ["--midi-channel"]),
            BadInputCase(name: "midi slide without mpe",
                         arguments: ["--replay", trace, "--midi-file", out("x.mid"), "--midi-slide", "pitch-x"],
                         mentions: ["--midi-slide", "--midi-mode mpe"]),
            BadInputCase(name: "midi channel with mpe",
                         arguments: ["--replay", trace, "--midi-file", out("x.mid"), "--midi-mode", "mpe", "--midi-channel", "2"],
                         mentions: ["--midi-channel", "mpe"]),
            BadInputCase(name: "midi out with output",
                         arguments: ["--replay", trace, "--midi-out", "14:0", "--output", out("x.wav")],
                         mentions: ["--midi-out"]),
            BadInputCase(name: "duration without tuner", arguments: ["--replay", trace, "--duration", "3"],
                         mentions: ["--duration"]),
            BadInputCase(name: "backing that is a trace",
                         arguments: ["--replay", trace, "--backing", backing, "--output", out("x.wav")],
                         mentions: [backing]),
            // Options bound to some modes (ModeTable), refused in the others rather than ignored.
            BadInputCase(name: "stats with replay", arguments: ["--replay", trace, "--stats"],
                         mentions: ["--stats", "not --replay"]),
            BadInputCase(name: "stats with the tuner", arguments: ["--tuner", "--stats"], mentions: ["--stats", "not --tuner"]),
            BadInputCase(name: "stats with a report", arguments: ["--report", trace, "--stats"],
                         mentions: ["--stats", "not --report"]),
            BadInputCase(name: "camera with an input file", arguments: ["--input", image, "--camera", "/dev/video0"],
                         mentions: ["--camera", "not --input"]),
            BadInputCase(name: "frame rate with the demo", arguments: ["--demo", "--fps", "30"], mentions: ["--fps", "not --demo"]),
            BadInputCase(name: "tracker with replay", arguments: ["--replay", trace, "--tracker", "classic"],
                         mentions: ["--tracker", "not --replay"]),
            BadInputCase(name: "no preview with recover", arguments: ["--recover", trace, "--no-preview"],
                         mentions: ["--no-preview", "not --recover"]),
            BadInputCase(name: "stats with an offline input", arguments: ["--input", image, "--record", out("x.csv"), "--stats"],
                         mentions: ["--stats", "--input with --record or --output"]),
            BadInputCase(name: "no preview with a demo render", arguments: ["--demo", "--output", out("x.wav"), "--no-preview"],
                         mentions: ["--no-preview", "--demo with --output"]),
            BadInputCase(name: "audio input when playing live", arguments: ["--audio-input", "default"],
                         mentions: ["--audio-input", "--tuner"]),
            BadInputCase(name: "unknown option", arguments: ["--volum", "0.5"], mentions: ["--volum", "did you mean '--volume'"]),
            BadInputCase(name: "stray argument", arguments: ["play"], mentions: ["'play'"]),
            BadInputCase(name: "lone dash", arguments: ["-"], mentions: ["'-'"]),
            BadInputCase(name: "unknown short option", arguments: ["-x"], mentions: ["-x"]),
        ]
        try harness.check(rows)
        harness.report("contradictions")
    }

    /// Outputs renamed into place may not name a folder, a pipe or a device: the rename would replace it (a device
    /// node, as root) or fail after the whole render. The targets sit outside the output folder, which must stay empty.
    func testOutputsThatAreNotPlainFiles() throws {
        let trace = harness.goodTrace
        let folder = harness.directory.appendingPathComponent("folder.wav").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let pipe = harness.directory.appendingPathComponent("pipe.wav").path
        XCTAssertEqual(mkfifo(pipe, 0o600), 0)
        var rows = [
            BadInputCase(name: "output onto a folder", arguments: ["--replay", trace, "--output", folder],
                         mentions: ["--output", folder, "is a folder"]),
            BadInputCase(name: "output onto a pipe", arguments: ["--replay", trace, "--output", pipe],
                         mentions: ["--output", pipe, "is a pipe"]),
            BadInputCase(name: "midi file onto a folder", arguments: ["--replay", trace, "--midi-file", folder + ".mid"],
                         mentions: ["--midi-file"]),
        ]
        // The MIDI row's folder is made here so its name ends in .mid, as the option asks.
        try FileManager.default.createDirectory(atPath: folder + ".mid", withIntermediateDirectories: true)
        // A device node (the null device's numbers) where root may make one.
        let device = harness.directory.appendingPathComponent("device.wav").path
        if mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 {  // makedev(1, 3), a macro Swift cannot see
            rows.append(BadInputCase(name: "output onto a device", arguments: ["--replay", trace, "--output", device],
                                     mentions: ["--output", device, "is a device"]))
        }
        try harness.check(rows)
        var status = stat()
        XCTAssertEqual(stat(pipe, &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFIFO, "the pipe is still a pipe")
        if lstat(device, &status) == 0 {
            XCTAssertEqual(status.st_mode & S_IFMT, S_IFCHR, "the device node is still a device node")
        }
    }
}

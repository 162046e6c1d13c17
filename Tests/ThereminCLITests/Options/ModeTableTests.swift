import XCTest
import Foundation
@testable import ThereminCLI
import ThereminTestSupport

/// The mode table is the one list of modes: each is resolved from its option (ModeDispatchTests runs its command),
/// `--help`, the man page and the completions list each once, and an option bound to other modes is refused in it.
final class ModeTableTests: XCTestCase {
    /// A command line that selects `kind` and nothing else (files need not exist: Settings does not open them).
    private func arguments(_ kind: Settings.Mode.Kind) -> [String] {
        let entry = ModeTable.entry(kind)
        guard let option = entry.option else { return [] }
        return OptionTable.spec(named: option)?.takesValue == true ? [option, "take.csv"] : [option]
    }

    /// A valid value for each mode-bound option that takes one.
    private let values: [String: String] = [
        "--camera": "/dev/video0", "--size": "640x480", "--fps": "30", "--camera-format": "MJPG", "--mains": "50",
        "--tracker": "classic", "--tracker-threads": "1", "--audio-input": "default", "--duration": "2",
        "--player-lock": "off",
    ]

    private func option(_ name: String) -> [String] { [name] + (values[name].map { [$0] } ?? []) }

    func testEveryModeHasOneEntryAndIsResolvedFromItsOption() throws {
        for kind in Settings.Mode.Kind.allCases {
            XCTAssertEqual(ModeTable.all.filter { $0.kind == kind }.count, 1, "\(kind)")
            let settings = try Settings(arguments: arguments(kind))
            XCTAssertEqual(settings.mode.kind, kind, "\(arguments(kind))")
        }
        XCTAssertEqual(ModeTable.all.filter { $0.option == nil }.map(\.kind), [.play], "only live play needs no option")
        XCTAssertEqual(try Settings(arguments: ["--calibrate", "--input", "clip.mp4"]).mode, Settings.Mode(.calibrate, operand: "clip.mp4"))
    }

    /// The Usage block of `--help` and the man page's SYNOPSIS hold one line per mode, naming its option once.
    func testHelpAndTheManPageListEveryModeOnce() throws {
        let help = HelpText.render()
        let usage = try XCTUnwrap(help.components(separatedBy: "Usage:\n").last?.components(separatedBy: "\n\n").first)
        let usageLines = usage.split(separator: "\n").filter { $0.hasPrefix("  theremin ") }
        XCTAssertEqual(usageLines.count, ModeTable.all.count, usage)
        let page = ManPage.render(date: "2026-01-01")
        let synopsis = try XCTUnwrap(page.components(separatedBy: ".SH SYNOPSIS\n").last?.components(separatedBy: ".SH ").first)
        XCTAssertEqual(synopsis.split(separator: "\n").filter { $0.hasPrefix("\\fBtheremin\\fR") }.count, ModeTable.all.count)
        for entry in ModeTable.all {
            let selector = entry.option ?? "[options]"
            XCTAssertEqual(usageLines.filter { $0.hasPrefix("  theremin \(selector)") }.count, 1, "--help: \(entry.label)")
            XCTAssertEqual((usage + "\n").components(separatedBy: entry.summary + "\n").count, 2, "--help: \(entry.label)")
            let troff = entry.option.map { "\\fBtheremin\\fR \\fB\(ManPage.escape($0))\\fR" } ?? "\\fBtheremin\\fR [\\fIoptions\\fR]"
            XCTAssertEqual(synopsis.split(separator: "\n").filter { $0.hasPrefix(troff) }.count, 1, "man: \(entry.label)")
        }
        for mode in ["--demo", "--report", "--recover"] {
            XCTAssertTrue(synopsis.contains("\\fB\(ManPage.escape(mode))\\fR"), "the man page's SYNOPSIS names \(mode)")
        }
    }

    /// Each option a synopsis names is declared, with the placeholder the option table gives it.
    func testSynopsesNameOptionsAsTheTableDeclaresThem() throws {
        for entry in ModeTable.all {
            let words = entry.synopsis.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) }
            for (index, word) in words.enumerated() where word.hasPrefix("--") {
                let spec = try XCTUnwrap(OptionTable.spec(named: word), "\(entry.label): \(word)")
                XCTAssertEqual(spec.value, spec.takesValue ? words[index + 1] : nil, "\(entry.label): \(word)")
            }
        }
    }

    func testTheCompletionsOfferEveryModeOptionAndRuleOutTheModesItExcludes() {
        let bash = ShellCompletion.bash()
        let zsh = ShellCompletion.zsh()
        for option in ModeTable.options {
            XCTAssertTrue([" \(option) ", "\"\(option) ", " \(option)\""].contains(where: bash.contains), "bash offers \(option)")
            XCTAssertTrue(zsh.contains("\(option)[") || zsh.contains(",\(option)}"), "zsh offers \(option)")
        }
        XCTAssertTrue(zsh.contains("'(--replay -i --input --calibrate -l --list-devices --list-effects --check --tuner --recover --demo)--replay["), zsh)
        XCTAssertEqual(ModeTable.conflicts(of: "--calibrate").contains("--input"), false, "--calibrate --input combine")
        XCTAssertEqual(ModeTable.conflicts(of: "--input").contains("--calibrate"), false, "--input --calibrate combine")
        XCTAssertTrue(ModeTable.conflicts(of: "--tuner").contains("--replay"))
        XCTAssertEqual(ModeTable.conflicts(of: "--report"), [], "--report combines with --record in a recording mode")
        XCTAssertEqual(ModeTable.conflicts(of: "--volume"), [])
    }

    /// In bash too, a mode's option on the line rules out itself and the modes it excludes; the rest is still offered.
    func testBashOffersNoSecondModeOnceOneIsGiven() throws {
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { throw XCTSkip("bash is not installed") }
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("theremin-\(UUID().uuidString).bash")
        try Data(ShellCompletion.bash().utf8).write(to: script)
        defer { try? FileManager.default.removeItem(at: script) }
        let completed = try ProcessRunner.run("/bin/bash", ["-c", """
            source '\(script.path)'
            COMP_WORDS=(theremin --replay t.csv -); COMP_CWORD=3; _theremin; echo "${COMPREPLY[*]}"
            COMP_WORDS=(theremin -i clip.mp4 -); COMP_CWORD=3; _theremin; echo "${COMPREPLY[*]}"
            COMP_WORDS=(theremin --calibrate -); COMP_CWORD=2; _theremin; echo "${COMPREPLY[*]}"
            COMP_WORDS=(theremin --volume 0.5 -); COMP_CWORD=3; _theremin; echo "${COMPREPLY[*]}"
            """])
        XCTAssertEqual(completed.status, 0, completed.stderr)
        let offers = completed.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            .map { Set($0.split(separator: " ").map(String.init)) }
        XCTAssertEqual(offers.count, 5, completed.stdout)
        let modes = Set(ModeTable.options)
        XCTAssertEqual(offers[0].intersection(modes), ["--report", "--help", "--version"], "after --replay")
        XCTAssertTrue(offers[0].contains("--output"), "--replay's own options are still offered")
        XCTAssertEqual(offers[1].intersection(modes), ["--calibrate", "--report", "--help", "--version"], "after -i")
        XCTAssertFalse(offers[1].contains("-i"), "-i is --input")
        XCTAssertEqual(offers[2].intersection(modes), ["--input", "--report", "--help", "--version"], "after --calibrate")
        XCTAssertTrue(offers[2].contains("-i"), "--calibrate --input combine")
        XCTAssertEqual(offers[3].intersection(modes), modes, "no mode yet: every mode is offered")
    }

    /// Every mode-bound option is accepted in the modes the table says it applies to.
    func testModeBoundOptionsAreAcceptedWhereTheyApply() throws {
        var accepted = 0
        for entry in ModeTable.all where !ModeTable.answering.contains(entry.kind) {
            for name in entry.applies {
                // --replay prints figures only for the OSC sender.
                let osc = entry.kind == .replay && name == "--stats" ? ["--osc-out", "127.0.0.1:9000"] : []
                XCTAssertNoThrow(try Settings(arguments: arguments(entry.kind) + option(name) + osc), "\(name) with \(entry.label)")
                accepted += 1
            }
        }
        XCTAssertGreaterThan(accepted, 20)
        // The combinations the rest of the suite relies on.
        for line in [["--demo", "--stats", "--no-preview"], ["--input", "clip.mp4", "--no-calibration"],
                     ["--list-devices", "--camera", "/dev/video1"], ["--report", "take.csv", "--json"],
                     ["--calibrate", "--input", "clip.mp4", "--tracker", "classic"], ["--help", "--stats", "--replay", "t.csv"],
                     ["--input", "clip.mp4", "--record", "t.csv", "--osc-out", "127.0.0.1:9000", "--stats"]] {
            XCTAssertNoThrow(try Settings(arguments: line), "\(line)")
        }
    }

    /// Elsewhere each is refused with one line naming the option, and the mode when one was chosen.
    func testModeBoundOptionsAreRefusedWhereTheyDoNotApply() throws {
        var refused = 0
        for entry in ModeTable.all where !ModeTable.answering.contains(entry.kind) {
            for name in ModeTable.modeBound where !entry.applies.contains(name) {
                let line = arguments(entry.kind) + option(name)
                XCTAssertThrowsError(try Settings(arguments: line), "\(line)") { error in
                    let message = "\(error)"
                    XCTAssertTrue(message.hasPrefix("\(name) only applies to "), message)
                    if let mode = entry.option { XCTAssertTrue(message.hasSuffix(", not \(mode)"), message) }
                    XCTAssertFalse(message.contains("\n"), message)
                }
                refused += 1
            }
        }
        XCTAssertGreaterThan(refused, 50)
        // --input and --demo writing files run offline, without the live session --stats and --no-preview belong to;
        // --stats still gives the OSC sender's figures, which --demo does not render.
        for line in [["--input", "clip.mp4", "--output", "x.wav", "--stats"], ["--demo", "--output", "x.wav", "--stats"],
                     ["--input", "clip.mp4", "--record", "x.csv", "--no-preview"], ["--replay", "t.csv", "--stats"],
                     ["--demo", "--output", "x.wav", "--osc-out", "127.0.0.1:9000", "--stats"]] {
            XCTAssertThrowsError(try Settings(arguments: line), "\(line)") { error in
                XCTAssertTrue("\(error)".hasPrefix("\(line.last ?? "") only applies to live play"), "\(error)")
                XCTAssertTrue("\(error)".contains(", not \(line[0])"), "\(error)")
            }
        }
        XCTAssertNoThrow(try Settings(arguments: ["--input", "clip.mp4", "--stats", "--no-preview"]), "--input played live")
        XCTAssertThrowsError(try Settings(arguments: ["--tuner", "--stats"])) { error in
            XCTAssertEqual("\(error)", "--stats only applies to live play, --replay, --input, --calibrate and --demo, not --tuner")
        }
    }

    /// `--loop-out` and `--play-along` are refused outside the modes that take them, which the line lists.
    func testLoopOutAndPlayAlongNameTheModesTheyApplyTo() {
        let loopOut = "--loop-out applies to live play (the camera, --input without --record/--output, or --demo without "
            + "--output): the looper is played with its keys"
        for line in [["--replay", "t.csv", "--loop-out", "loop.wav"], ["--demo", "--output", "x.wav", "--loop-out", "loop.wav"]] {
            XCTAssertThrowsError(try Settings(arguments: line), "\(line)") { XCTAssertEqual("\($0)", loopOut, "\(line)") }
        }
        for mode in [["--tuner"], ["--input", "clip.mp4"], ["--check"]] {
            XCTAssertThrowsError(try Settings(arguments: mode + ["--play-along", "score.txt"]), "\(mode)") { error in
                XCTAssertEqual("\(error)", "--play-along applies to live play, --demo, --replay and --report, not \(mode[0])")
                XCTAssertEqual((error as? UsageError)?.options, ["--play-along", "--demo", "--replay", "--report"])
            }
        }
    }

    /// The live session's options in a run without the session: each line names the run as the table describes it.
    func testLiveSessionOptionsNameTheRunWithoutTheSession() {
        let statsOffline = "--stats only applies to live play or with --osc-out, not "
        let refused: [([String], String)] = [
            (["--input", "clip.mp4", "--output", "x.wav", "--stats"], statsOffline + "--input with --record or --output (tracked offline)"),
            (["--input", "clip.mp4", "--record", "x.csv", "--no-preview"],
             "--no-preview only applies to live play, not --input with --record or --output (tracked offline)"),
            (["--demo", "--output", "x.wav", "--stats"], statsOffline + "--demo with --output (rendered offline)"),
            (["--demo", "--output", "x.wav", "--osc-out", "127.0.0.1:9000", "--stats"], statsOffline + "--demo with --output (rendered offline)"),
            (["--demo", "--output", "x.wav", "--no-preview"], "--no-preview only applies to live play, not --demo with --output (rendered offline)"),
            (["--replay", "t.csv", "--stats"], statsOffline + "--replay without --osc-out"),
            (["--replay", "t.csv", "--output", "x.wav", "--stats"], statsOffline + "--replay without --osc-out"),
        ]
        for (line, message) in refused {
            XCTAssertThrowsError(try Settings(arguments: line), "\(line)") { error in
                XCTAssertEqual("\(error)", message, "\(line)")
                XCTAssertEqual((error as? UsageError)?.failureKind, .usage, "\(line)")
            }
        }
        for line in [["--replay", "t.csv", "--osc-out", "127.0.0.1:9000", "--stats"],
                     ["--replay", "t.csv", "--output", "x.wav", "--osc-out", "127.0.0.1:9000", "--stats"],
                     ["--input", "clip.mp4", "--output", "x.wav", "--osc-out", "127.0.0.1:9000", "--stats"],
                     ["--calibrate", "--stats", "--no-preview"], ["--stats", "--no-preview"], ["--demo", "--stats", "--no-preview"]] {
            XCTAssertNoThrow(try Settings(arguments: line), "\(line)")
        }
    }
}

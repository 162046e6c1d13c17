import XCTest
import Foundation
@testable import ThereminCLI
import ThereminTestSupport

/// One row of the bad-input matrix: a command line (and environment) that is wrong in one way, and what its
/// one-line error must name.
struct BadInputCase {
    /// Short description for failure messages, e.g. "--volume out of range".
    let name: String
    let arguments: [String]
    /// Substrings the error line must contain: the option or file at fault ("where"), the problem ("what").
    var mentions: [String]
    /// At least one of these must appear too (e.g. the option or its value).
    var mentionsOneOf: [String] = []
    var environment: [String: String] = [:]
    /// The exit status expected (2 for usage and input errors; 0 for a file that is reported and ignored).
    var status: Int32 = 2
    /// What the run must leave in its output folder (when it warns and carries on); nothing for an error.
    var produces: Set<String> = []
    /// Run as the unprivileged user nobody (through setpriv), for permission cases that root would read through.
    var asNobody = false
}

/// Runs the built `theremin` binary on bad input and checks the matrix's promises: exit status 2, exactly one line
/// on stderr saying what is wrong, where, and what to do, no trap, and nothing left behind in the folder that holds
/// every `--record`/`--output` target (no file, no hidden `.part` file).
final class BadInputHarness {
    let binary: String
    /// A fresh folder per test: inputs, output targets, config home.
    let directory: URL
    /// Holds one empty folder per case for its output targets; each must still be empty afterwards.
    let outputs: URL
    /// ALSA configuration with a `default` device that writes into a file (no sound card needed).
    let alsaConfig: String

    /// Counts for docs/reliability.md (printed by `report`).
    private(set) var checked = 0
    private(set) var passed = 0

    init(binary: String, name: String) throws {
        self.binary = binary
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("badinput-\(name)-\(UUID().uuidString)")
        outputs = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        alsaConfig = directory.appendingPathComponent("asound.conf").path
        let config = ALSATestEnvironment.configuration(defaultCapture: directory.appendingPathComponent("default.raw").path)
        try Data(config.utf8).write(to: URL(fileURLWithPath: alsaConfig))
    }

    /// Makes the harness from a test's set-up, skipping when the binary is not built.
    static func make(_ name: String) throws -> BadInputHarness {
        guard let binary = ProcessRunner.product("theremin") else {
            throw XCTSkip("the theremin binary is not built (run `swift build` first)")
        }
        return try BadInputHarness(binary: binary, name: name)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A path in the case's own output folder (for `--record`, `--output`, `--midi-file`).
    static func output(_ name: String) -> String { outputFolder + "/" + name }

    /// Writes an input file into the test folder and returns its path.
    @discardableResult
    func file(_ name: String, _ contents: String) -> String {
        file(name, data: Data(contents.utf8))
    }

    @discardableResult
    func file(_ name: String, data: Data) -> String {
        let url = directory.appendingPathComponent(name)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: url.path, contents: data)
        return url.path
    }

    /// A good trace: two seconds of a hand moving.
    lazy var goodTrace: String = {
        var text = "# theremin-trace 1\nt,x,y,present\n"
        for i in 0..<20 { text += "\(Double(i) / 10),0.7,\(Double(i) / 20),1\n" }
        return file("good.csv", text)
    }()

    /// A small still picture (binary PPM, 32×24 grey), for `--input` runs that must get as far as the outputs.
    static let tinyImage: Data = {
        var data = Data("P6\n32 24\n255\n".utf8)
        data.append(Data(repeating: 128, count: 32 * 24 * 3))
        return data
    }()

    /// The environment every run gets: the test ALSA configuration and a private config folder.
    var baseEnvironment: [String: String] {
        ["ALSA_CONFIG_PATH": alsaConfig, "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path]
    }

    /// Words that start the "what to do" part of an error line.
    static let remedyWords = ["use ", "check", "see ", "See ", "try", "fix", "run ", "set ", "point", "install", "pick",
                              "give", "save", "update", "make ", "restore", "close", "pass ", "choose", "remove",
                              "add ", "rename", "free ", "record", "re-encode", "write", "name "]

    static let setpriv = "/usr/bin/setpriv"

    /// Why permission cases cannot run here, or nil when they can: they need root (to switch to nobody), setpriv,
    /// and a binary that nobody may run.
    var nobodyUnavailable: String? {
        guard geteuid() == 0 else { return "permission cases switch to the user nobody, which needs root" }
        guard FileManager.default.isExecutableFile(atPath: Self.setpriv) else { return "setpriv (util-linux) is missing" }
        var url = URL(fileURLWithPath: binary).resolvingSymlinksInPath()
        while url.path != "/" {
            var info = stat()
            guard stat(url.path, &info) == 0, info.st_mode & 0o001 != 0 else {
                return "\(url.path) is closed to other users, so nobody cannot run the binary"
            }
            url.deleteLastPathComponent()
        }
        return nil
    }

    /// Placeholder in a case's arguments for its own, initially empty, output folder.
    static let outputFolder = "{out}"

    /// Runs the cases (two at a time: each is a process that mostly waits on the dynamic loader) and checks every
    /// promise of each; returns the results in order for further checks.
    @discardableResult
    func check(_ rows: [BadInputCase], file: StaticString = #filePath, line: UInt = #line) throws -> [ProcessRunner.Result] {
        let folders = try rows.indices.map { index -> URL in
            let folder = outputs.appendingPathComponent("case-\(checked + index)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return folder
        }
        for (row, folder) in zip(rows, folders) where row.asNobody { chmod(folder.path, 0o777) }
        let results = Locked([(ProcessRunner.Result, Set<String>)?](repeating: nil, count: rows.count))
        let environment = baseEnvironment
        let binary = binary
        DispatchQueue.concurrentPerform(iterations: rows.count) { index in
            let row = rows[index]
            var arguments = row.arguments.map { $0.replacingOccurrences(of: Self.outputFolder, with: folders[index].path) }
            var executable = binary
            if row.asNobody {
                arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", binary] + arguments
                executable = Self.setpriv
            }
            guard let result = try? ProcessRunner.run(executable, arguments,
                                                      environment: environment.merging(row.environment) { $1 }) else { return }
            results.update { $0[index] = (result, Self.listing(folders[index])) }
        }
        var collected: [ProcessRunner.Result] = []
        for (index, row) in rows.enumerated() {
            guard let (result, leftovers) = results.value[index] else {
                XCTFail("\(row.name): \(binary) could not be started", file: file, line: line)
                continue
            }
            var resolved = row
            resolved.mentions = row.mentions.map { $0.replacingOccurrences(of: Self.outputFolder, with: folders[index].path) }
            evaluate(resolved, result, leftovers: leftovers, file: file, line: line)
            collected.append(result)
        }
        return collected
    }

    /// Runs one case.
    @discardableResult
    func check(_ row: BadInputCase, file: StaticString = #filePath, line: UInt = #line) throws -> ProcessRunner.Result {
        try check([row], file: file, line: line)[0]
    }

    /// Runs a case that never gets past option parsing in this process, through the binary's entry point, with
    /// stderr captured; checks the same promises (there are no output files to look for).
    func checkInProcess(_ row: BadInputCase, file: StaticString = #filePath, line: UInt = #line) {
        let (outcome, stderr) = StandardError.capture { CommandLineTool.run(arguments: row.arguments) }
        let status: Int32 = switch outcome {  // as main.swift decides it
        case .succeeded: 0
        case .failed(let kind): kind.exitStatus
        }
        evaluate(row, ProcessRunner.Result(status: status, stdout: "", stderr: stderr), leftovers: [], file: file, line: line)
    }

    private func evaluate(_ row: BadInputCase, _ result: ProcessRunner.Result, leftovers: Set<String>,
                          file: StaticString, line: UInt) {
        checked += 1
        var ok = true
        func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition {
                ok = false
                XCTFail("\(row.name): \(message())\n  theremin \(row.arguments.joined(separator: " "))\n  stderr: \(result.stderr)",
                        file: file, line: line)
            }
        }
        expect(result.status == row.status, "exit status \(result.status), expected \(row.status)")
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        expect(lines.count == 1, "\(lines.count) lines on stderr, expected one")
        expect(result.stderr.hasPrefix("theremin: "), "the line starts with 'theremin: '")
        for trap in ["Fatal error", "Illegal instruction", "Segmentation", "Aborted", "core dumped", "Stack dump"] {
            expect(!result.stderr.contains(trap) && !result.stdout.contains(trap), "no trap ('\(trap)')")
        }
        for needle in row.mentions {
            expect(result.stderr.contains(needle), "the error names '\(needle)'")
        }
        if !row.mentionsOneOf.isEmpty {
            expect(row.mentionsOneOf.contains(where: result.stderr.contains), "the error names one of \(row.mentionsOneOf)")
        }
        expect(Self.remedyWords.contains(where: result.stderr.contains), "the error says what to do")
        expect(leftovers == row.produces, "output folder holds \(leftovers.sorted()), expected \(row.produces.sorted())")
        if ok { passed += 1 }
    }

    /// Every file and folder under `folder`, hidden ones included.
    private static func listing(_ folder: URL) -> Set<String> {
        var names = Set<String>()
        if let walker = FileManager.default.enumerator(atPath: folder.path) {
            while let name = walker.nextObject() as? String { names.insert(name) }
        }
        return names
    }

    /// One line for docs/reliability.md's figures, printed in the test log.
    func report(_ matrix: String) {
        print("bad-input matrix \(matrix): \(passed) of \(checked) cases pass")
    }
}

/// A value shared between the threads running cases.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func update(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}

import XCTest
import Foundation
@testable import ThereminCLI
import ThereminTestSupport

/// The manual page and the shell completions are generated from the option table: every option (and alias) is in
/// each of them, the page is valid troff, and the scripts are valid shell.
final class DocumentationTests: XCTestCase {
    private let page = ManPage.render(date: "2026-01-01")

    func testManPageDescribesEveryOptionUnderItsGroup() {
        for spec in OptionTable.all {
            var heading = ".BR " + ([spec.short, spec.name].compactMap { $0 }.map(ManPage.escape).joined(separator: " \", \" "))
            if let value = spec.value { heading += " \" \" \\fI\(ManPage.escape(value))\\fR" }
            XCTAssertTrue(page.contains(heading + "\n"), "man page lacks \(spec.name): \(heading)")
        }
        for group in OptionSpec.Group.allCases where OptionTable.all.contains(where: { $0.group == group }) {
            XCTAssertTrue(page.contains(".SS \(ManPage.escape(group.rawValue))\n"), group.rawValue)
        }
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES"] {
            XCTAssertTrue(page.contains(".SH \(section)\n"), section)
        }
        XCTAssertTrue(page.contains("\"theremin \(Version.current)\""), "the version is on the page")
    }

    func testManPageIsValidTroff() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else { throw XCTSkip("groff is not installed") }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("theremin-\(UUID().uuidString).1")
        try Data(page.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        // -ww: all warnings; -z: no output. groff warns on stderr about anything malformed.
        let checked = try ProcessRunner.run("/usr/bin/groff", ["-man", "-ww", "-z", file.path])
        XCTAssertEqual(checked.status, 0)
        XCTAssertEqual(checked.stderr, "", "groff warnings")
        // Rendered for a terminal, options read as typed (ASCII hyphen-minus, so they can be copied).
        let rendered = try ProcessRunner.run("/usr/bin/groff", ["-man", "-Tutf8", "-P-cbou", file.path])
        XCTAssertTrue(rendered.stdout.contains("-d, --audio-device NAME"), rendered.stdout)
    }

    func testCompletionsOfferEveryOptionAndItsValues() throws {
        let bash = ShellCompletion.bash()
        let zsh = ShellCompletion.zsh()
        for spec in OptionTable.all {
            for name in [spec.name] + (spec.short.map { [$0] } ?? []) {
                XCTAssertTrue([" \(name) ", "\"\(name) ", " \(name)\""].contains(where: bash.contains), "bash lacks \(name)")
                XCTAssertTrue(["\(name)[", "{\(name),", ",\(name)}"].contains(where: zsh.contains), "zsh lacks \(name)")
            }
        }
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { throw XCTSkip("bash is not installed") }
        // Source the script and complete as bash would: option names, then a fixed set of values.
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("theremin-\(UUID().uuidString).bash")
        try Data(bash.utf8).write(to: script)
        defer { try? FileManager.default.removeItem(at: script) }
        let completed = try ProcessRunner.run("/bin/bash", ["-c", """
            source '\(script.path)'
            COMP_WORDS=(theremin --pitch); COMP_CWORD=1; _theremin; echo "${COMPREPLY[*]}"
            COMP_WORDS=(theremin --wave ''); COMP_CWORD=2; _theremin; echo "${COMPREPLY[*]}"
            COMP_WORDS=(theremin --scale mi); COMP_CWORD=2; _theremin; echo "${COMPREPLY[*]}"
            """])
        XCTAssertEqual(completed.status, 0, completed.stderr)
        XCTAssertEqual(completed.stdout, "--pitch-law\nsine triangle saw square theremin\nminor minor-pentatonic mixolydian\n")
        if let zshPath = ["/usr/bin/zsh", "/bin/zsh"].first(where: FileManager.default.isExecutableFile(atPath:)) {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("_theremin-\(UUID().uuidString)")
            try Data(zsh.utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let parsed = try ProcessRunner.run(zshPath, ["-n", file.path])
            XCTAssertEqual(parsed.status, 0, "zsh -n: \(parsed.stderr)")
        }
    }
}

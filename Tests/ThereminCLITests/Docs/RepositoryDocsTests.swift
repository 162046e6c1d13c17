import XCTest
import Foundation
@testable import ThereminCLI
import ThereminTestSupport

/// The hand-written documentation (README.md and docs/*.md) stays navigable: every relative link and anchor leads
/// somewhere, the README stays a first page, and the guide names every option the program has. `make docs-check`
/// runs these alone.
final class RepositoryDocsTests: XCTestCase {
    private let root = TestMedia.repositoryRoot

    /// README.md and every docs/*.md, relative to the repository root.
    private func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md"] + docs
    }

    private func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func testEveryRelativeLinkLeadsToAFileAndItsHeading() throws {
        var checked = 0
        for document in try documents() {
            let folder = (document as NSString).deletingLastPathComponent
            let links = MarkdownText.links(in: try text(document))
            for link in links where !link.contains("://") && !link.hasPrefix("mailto:") {
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target = parts[0].isEmpty
                    ? document : ((folder as NSString).appendingPathComponent(parts[0]) as NSString).standardizingPath
                let path = root.appendingPathComponent(target).path
                let exists = FileManager.default.fileExists(atPath: path)
                XCTAssertTrue(exists, "\(document): link \(link): no file \(target)")
                if parts.count == 2, target.hasSuffix(".md"), exists {
                    XCTAssertTrue(MarkdownText.anchors(in: try text(target)).contains(parts[1]),
                                  "\(document): link \(link): \(target) has no heading #\(parts[1])")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 50, "the documents link to each other")
    }

    func testTheREADMEStaysAFirstPage() throws {
        let lines = try text("README.md").split(separator: "\n", omittingEmptySubsequences: false).count
        XCTAssertLessThanOrEqual(lines, 260, "README.md has \(lines) lines: move the details into docs/")
    }

    func testTheGuideNamesEveryOptionAndKey() throws {
        let guide = try text("docs/guide.md")
        for spec in OptionTable.all {
            // The name as typed, not a longer option it begins (`--loop` in `--loop-out`).
            XCTAssertNotNil(guide.range(of: "`\(spec.name)[` \\]]", options: .regularExpression),
                            "docs/guide.md never names \(spec.name)")
        }
        for binding in KeyBindings.all {
            for key in binding.label.split(separator: "/") {
                XCTAssertTrue(guide.contains("`\(key)`") || guide.contains(" \(key) "),
                              "docs/guide.md never names the key \(key)")
            }
        }
    }
}

/// Just enough Markdown for the checks above: links outside code, and the anchors GitHub gives headings.
private enum MarkdownText {
    /// The text outside fenced code blocks and inline code.
    static func prose(_ text: String) -> String {
        var fenced = false
        var kept: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                fenced.toggle()
                continue
            }
            if !fenced { kept.append(line) }
        }
        return kept.joined(separator: "\n")
    }

    /// Targets of `[text](target)` and `![alt](target)`, inline code left out.
    static func links(in text: String) -> [String] {
        let prose = prose(text).replacingOccurrences(of: "`[^`\n]*`", with: "", options: .regularExpression)
        guard let pattern = try? NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#) else { return [] }
        let range = NSRange(prose.startIndex..., in: prose)
        return pattern.matches(in: prose, range: range).compactMap { match in
            Range(match.range(at: 1), in: prose).map { String(prose[$0]) }
        }
    }

    /// GitHub's heading anchors: lower case, punctuation dropped (hyphens and underscores kept), spaces to hyphens,
    /// a repeated heading numbered from -1.
    static func anchors(in text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors = Set<String>()
        for line in prose(text).split(separator: "\n") where line.hasPrefix("#") {
            let title = line.drop(while: { $0 == "#" }).trimmingCharacters(in: .whitespaces).lowercased()
            let slug = String(title.unicodeScalars.filter {
                CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" || $0 == " "
            }.map(Character.init)).replacingOccurrences(of: " ", with: "-")
            let count = seen[slug, default: 0]
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
            seen[slug] = count + 1
        }
        return anchors
    }
}

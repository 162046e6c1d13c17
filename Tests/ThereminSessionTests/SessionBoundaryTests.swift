import Foundation
import XCTest

/// The session library reaches the hardware only through Core's ports: its sources import no module but Core (and
/// the toolchain's), and Package.swift gives it no other dependency, so it builds and is tested without ALSA.
final class SessionBoundaryTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func testTheSessionSourcesImportOnlyCore() throws {
        let folder = root.appendingPathComponent("Sources/ThereminSession")
        let walker = try XCTUnwrap(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var imports: Set<String> = []
        var files = 0
        for case let url as URL in walker where url.pathExtension == "swift" {
            files += 1
            for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") where line.hasPrefix("import ") {
                imports.insert(String(line.dropFirst("import ".count)))
            }
        }
        XCTAssertGreaterThan(files, 10, "the session's sources at \(folder.path)")
        XCTAssertEqual(imports.subtracting(["Foundation", "Synchronization"]), ["ThereminCore"])
    }

    func testThePackageGivesTheSessionOnlyCore() throws {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let target = manifest.split(separator: "\n").filter { $0.contains(#".target(name: "ThereminSession""#) }
        XCTAssertEqual(target.map { $0.trimmingCharacters(in: .whitespaces) },
                       [#".target(name: "ThereminSession", dependencies: ["ThereminCore"]),"#])
    }
}

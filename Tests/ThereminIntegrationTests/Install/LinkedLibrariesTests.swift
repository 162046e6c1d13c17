import Foundation
import XCTest
import ThereminTestSupport

/// "Link only what is used": the program links no OpenCV at all (its OpenCV half, libtheremin-vision.so, is loaded
/// when a command needs pictures), the library links exactly the OpenCV modules Package.swift names, and
/// `--version`, `--help` and `--replay` run without loading OpenCV. A missing library is one clear line.
final class LinkedLibrariesTests: BinaryTestCase {
    /// The OpenCV modules Package.swift names in its `openCV(…)` lists: the one place they are written.
    private func namedOpenCVModules() throws -> Set<String> {
        let manifest = try String(contentsOf: TestMedia.repositoryRoot.appendingPathComponent("Package.swift"),
                                  encoding: .utf8)
        let call = try NSRegularExpression(pattern: #"openCV\(((?:\s*"[a-z0-9_]+"\s*,?)+)\)"#)
        let word = try NSRegularExpression(pattern: #""([a-z0-9_]+)""#)
        var modules = Set<String>()
        for match in call.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)) {
            guard let arguments = Range(match.range(at: 1), in: manifest).map({ String(manifest[$0]) }) else { continue }
            for name in word.matches(in: arguments, range: NSRange(arguments.startIndex..., in: arguments)) {
                if let range = Range(name.range(at: 1), in: arguments) { modules.insert(String(arguments[range])) }
            }
        }
        return modules
    }

    /// The shared libraries a binary names as NEEDED (its direct dependencies), from readelf.
    private func neededLibraries(_ path: String) throws -> [String] {
        let result = try ProcessRunner.run("/usr/bin/readelf", ["--dynamic", "--wide", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.split(separator: "\n").compactMap { line in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]")
            else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    private func openCVModules(in libraries: [String]) -> Set<String> {
        Set(libraries.compactMap { name in
            guard name.hasPrefix("libopencv_"), let dot = name.firstIndex(of: ".") else { return nil }
            return String(name[name.index(name.startIndex, offsetBy: "libopencv_".count)..<dot])
        })
    }

    private func requireReadelf() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/readelf") else {
            throw XCTSkip("readelf not installed (Debian package binutils)")
        }
    }

    func testTheVisionLibraryLinksExactlyTheOpenCVModulesPackageSwiftNames() throws {
        try requireReadelf()
        guard let library = ProcessRunner.product("libtheremin-vision.so") else {
            throw XCTSkip("libtheremin-vision.so is not built (run `swift build --build-tests`)")
        }
        let named = try namedOpenCVModules()
        XCTAssertTrue(named.isSuperset(of: ["core", "imgproc", "imgcodecs", "videoio", "highgui", "objdetect"]),
                      "Package.swift names: \(named.sorted())")
        let needed = try neededLibraries(library)
        XCTAssertEqual(openCVModules(in: needed), named, "NEEDED by libtheremin-vision.so: \(needed)")
        XCTAssertFalse(needed.contains { $0.contains("vtk") || $0.contains("gdal") }, "\(needed)")
    }

    func testTheProgramLinksNoOpenCV() throws {
        try requireReadelf()
        let needed = try neededLibraries(binary)
        XCTAssertEqual(openCVModules(in: needed), [], "NEEDED by theremin: \(needed)")
        XCTAssertFalse(needed.isEmpty, "readelf found the program's dependencies (libc at least)")
    }

    /// The dynamic loader's own account (LD_DEBUG=files lists every library it loads) of three commands that never
    /// see a picture.
    func testVersionHelpAndReplayLoadNoOpenCV() throws {
        let trace = directory.appendingPathComponent("take.csv")
        try "t,x,y,present\n0,0.5,0.5,1\n0.1,0.5,0.4,1\n".write(to: trace, atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("take.wav").path
        for arguments in [["--version"], ["--help"], ["--replay", trace.path, "--output", output]] {
            let result = try ProcessRunner.run(binary, arguments, environment: ["LD_DEBUG": "files"])
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr.suffix(500))")
            XCTAssertTrue(result.stderr.contains("file=libc.so.6"), "LD_DEBUG reports the loaded files")
            XCTAssertFalse(result.stderr.contains("libopencv"), "\(arguments) loaded OpenCV")
        }
    }

    func testAMissingVisionLibraryIsOneLineWithTheRemedy() throws {
        let picture = directory.appendingPathComponent("grey.ppm")
        try "P3 1 1 255 128 128 128\n".write(to: picture, atomically: true, encoding: .utf8)
        let missing = directory.appendingPathComponent("nowhere/libtheremin-vision.so").path
        let result = try ProcessRunner.run(binary, ["--input", picture.path, "--record",
                                                    directory.appendingPathComponent("t.csv").path],
                                           environment: ["THEREMIN_VISION_LIBRARY": missing])
        XCTAssertEqual(result.status, 1, "a broken installation is a runtime failure: \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains(missing), result.stderr)
        XCTAssertTrue(result.stderr.contains("reinstall theremin"), result.stderr)
    }
}

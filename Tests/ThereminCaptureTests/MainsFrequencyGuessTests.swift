@testable import ThereminCapture
import Foundation
import XCTest

/// The mains frequency from the time zone's country (tzdata's zone.tab) or the locale's territory.
final class MainsFrequencyGuessTests: XCTestCase {
    private let zoneTable = "/usr/share/zoneinfo/zone.tab"

    private func guess(_ environment: [String: String]) throws -> MainsFrequency.Guess {
        guard FileManager.default.fileExists(atPath: zoneTable) else {
            throw XCTSkip("tzdata's \(zoneTable) is missing (apt-get install tzdata)")
        }
        return MainsFrequency.guess(environment: environment, zoneTable: zoneTable, timezoneFile: "/no/timezone",
                                    localTime: "/no/localtime")
    }

    func testTheTimeZonesCountryDecides() throws {
        XCTAssertEqual(try guess(["TZ": "Europe/Berlin"]),
                       .init(frequency: .hz50, source: "time zone Europe/Berlin (DE)"))
        XCTAssertEqual(try guess(["TZ": "America/New_York", "LANG": "de_DE.UTF-8"]).frequency, .hz60,
                       "where the machine is, not the language")
        XCTAssertEqual(try guess(["TZ": ":America/Sao_Paulo"]).frequency, .hz60)
        XCTAssertEqual(try guess(["TZ": "/usr/share/zoneinfo/Asia/Seoul"]).frequency, .hz60)
        XCTAssertEqual(try guess(["TZ": "America/Argentina/Buenos_Aires"]).frequency, .hz50)
        XCTAssertEqual(try guess(["TZ": "Australia/Sydney"]).frequency, .hz50)
    }

    func testJapanRunsBothSoThereIsNoGuess() throws {
        let japan = try guess(["TZ": "Asia/Tokyo"])
        XCTAssertNil(japan.frequency)
        XCTAssertTrue(japan.source.contains("Japan runs 50 Hz in the east and 60 Hz in the west"), japan.source)
    }

    func testWithoutACountryInTheZoneTheLocaleDecides() throws {
        XCTAssertEqual(try guess(["TZ": "Etc/UTC", "LANG": "en_US.UTF-8"]),
                       .init(frequency: .hz60, source: "locale en_US.UTF-8 (US)"))
        XCTAssertEqual(try guess(["TZ": "UTC", "LC_ALL": "fr_FR@euro", "LANG": "en_US.UTF-8"]).frequency, .hz50,
                       "LC_ALL overrides LANG")
        let none = try guess(["TZ": "UTC", "LANG": "C.UTF-8"])
        XCTAssertNil(none.frequency)
        XCTAssertEqual(none.source, "neither the time zone nor the locale names a country")
    }

    func testTheSystemsZoneIsReadWhenTZIsUnset() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mains-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("localtime").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/America/Lima")
        XCTAssertEqual(MainsFrequency.timeZoneName(environment: [:], timezoneFile: "/no/timezone", localTime: link),
                       "America/Lima")
        let file = folder.appendingPathComponent("timezone").path
        try "Europe/Oslo\n".write(toFile: file, atomically: false, encoding: .utf8)
        XCTAssertEqual(MainsFrequency.timeZoneName(environment: [:], timezoneFile: file, localTime: link), "Europe/Oslo")
    }
}

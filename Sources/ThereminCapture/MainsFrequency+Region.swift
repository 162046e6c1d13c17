import Foundation

extension MainsFrequency {
    /// The mains frequency where this machine is, and how it was found out.
    public struct Guess: Sendable, Equatable {
        /// nil when the place is unknown or uses both (Japan).
        public var frequency: MainsFrequency?
        /// `time zone Europe/Berlin (DE)`, `locale en_US.UTF-8 (US)`, or why there is no guess.
        public var source: String
    }

    /// Guesses the mains frequency from the country of the time zone (`TZ`, else `/etc/timezone`, else the
    /// `/etc/localtime` link, looked up in tzdata's `zone.tab`) or, when the zone names no country (UTC, unset),
    /// from the locale's territory (`LC_ALL`, `LC_TIME`, `LANG`: `en_US.UTF-8` is US). Countries on 60 Hz are
    /// listed in `sixtyHertzCountries`; every other country is on 50 Hz; Japan runs both, so it gets no guess.
    public static func guess(environment: [String: String] = ProcessInfo.processInfo.environment,
                             zoneTable: String = "/usr/share/zoneinfo/zone.tab",
                             timezoneFile: String = "/etc/timezone",
                             localTime: String = "/etc/localtime") -> Guess {
        if let zone = timeZoneName(environment: environment, timezoneFile: timezoneFile, localTime: localTime),
           let country = country(ofZone: zone, zoneTable: zoneTable) {
            return guess(country: country, source: "time zone \(zone)")
        }
        for name in ["LC_ALL", "LC_TIME", "LANG"] {
            guard let locale = environment[name], !locale.isEmpty else { continue }
            if let country = territory(ofLocale: locale) { return guess(country: country, source: "locale \(locale)") }
            break // the first one set is the one in force
        }
        return Guess(frequency: nil, source: "neither the time zone nor the locale names a country")
    }

    private static func guess(country: String, source: String) -> Guess {
        let source = "\(source) (\(country))"
        if country == "JP" {
            return Guess(frequency: nil, source: "\(source): Japan runs 50 Hz in the east and 60 Hz in the west")
        }
        return Guess(frequency: sixtyHertzCountries.contains(country) ? .hz60 : .hz50, source: source)
    }

    /// ISO 3166 codes of the countries and territories whose grid runs at 60 Hz (the Americas north of Bolivia
    /// and Argentina, Brazil, South Korea, Taiwan, the Philippines, Saudi Arabia, Liberia, US territories).
    public static let sixtyHertzCountries: Set<String> = [
        "US", "CA", "MX", "GT", "BZ", "SV", "HN", "NI", "CR", "PA", "CU", "DO", "HT", "PR", "VI", "VG", "BS", "BM",
        "KY", "TC", "AG", "KN", "MS", "AI", "AW", "TT", "BR", "CO", "VE", "EC", "PE", "SR", "GY", "LR", "SA", "KR",
        "TW", "PH", "GU", "AS", "MP", "FM", "PW", "MH",
    ]

    /// `Europe/Berlin` from `TZ` (`:Europe/Berlin` or a zoneinfo path too), `/etc/timezone` or `/etc/localtime`.
    static func timeZoneName(environment: [String: String], timezoneFile: String, localTime: String) -> String? {
        func zone(_ text: String) -> String? {
            var name = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if name.hasPrefix(":") { name.removeFirst() }
            if let range = name.range(of: "zoneinfo/") { name = String(name[range.upperBound...]) }
            return name.isEmpty ? nil : name
        }
        if let tz = environment["TZ"] { return zone(tz) }
        if let text = try? String(contentsOfFile: timezoneFile, encoding: .utf8), let name = zone(text) { return name }
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: localTime),
           target.contains("zoneinfo/") { return zone(target) }
        return nil
    }

    /// The country code `zone.tab` gives the zone, or nil (UTC, an unknown zone, no tzdata).
    static func country(ofZone zone: String, zoneTable: String) -> String? {
        guard let table = try? String(contentsOfFile: zoneTable, encoding: .utf8) else { return nil }
        for line in table.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            if fields.count >= 3, fields[2] == zone { return String(fields[0]) }
        }
        return nil
    }

    /// `US` from `en_US.UTF-8` or `en_US@euro`; nil for `C`, `POSIX`, `C.UTF-8`.
    static func territory(ofLocale locale: String) -> String? {
        let name = locale.split(separator: ".").first.map(String.init) ?? locale
        let base = name.split(separator: "@").first.map(String.init) ?? name
        let parts = base.split(separator: "_")
        guard parts.count == 2, parts[1].count == 2, parts[1].allSatisfy({ $0.isUppercase && $0.isLetter }) else {
            return nil
        }
        return String(parts[1])
    }
}

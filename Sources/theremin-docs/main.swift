// Prints theremin's manual page or shell completion, generated from the option table, for `make install`.
// Usage: theremin-docs man|bash|zsh       (the man page's date comes from SOURCE_DATE_EPOCH when set, else today)
import Foundation
import ThereminCLI

let kind = CommandLine.arguments.dropFirst().first ?? ""
switch kind {
case "man":
    let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(Double.init)
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    print(ManPage.render(date: formatter.string(from: epoch.map { Date(timeIntervalSince1970: $0) } ?? Date())), terminator: "")
case "bash":
    print(ShellCompletion.bash(), terminator: "")
case "zsh":
    print(ShellCompletion.zsh(), terminator: "")
default:
    FileHandle.standardError.write(Data("theremin-docs: say man, bash or zsh (got '\(kind)')\n".utf8))
    exit(2)
}

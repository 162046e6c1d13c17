/// The command as the player ran it, for the commands a first-run message suggests: `theremin` when it was found on
/// `PATH`, else the path they typed (`.build/release/theremin` under `make play`, where no `theremin` is on `PATH`
/// yet), so the suggestion can be pasted as it stands.
enum InvokedName {
    static var current: String { of(CommandLine.arguments.first) }

    /// The name to suggest for a program run as `argument0`.
    static func of(_ argument0: String?) -> String {
        guard let typed = argument0, typed.contains("/") else { return "theremin" }
        return typed
    }
}

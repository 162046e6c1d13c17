import ThereminSession

/// The live keys as data: what each does and its key codes, read by the terminal and the preview window (which
/// deliver the same codes), `--help`, the manual page and the preview's key help, so they cannot disagree.
struct KeyBinding: Sendable {
    /// Key codes (ASCII; the preview window reports the same), lower and upper case.
    let codes: [Int32]
    /// The key as the player sees it written: `q`, `Space`.
    let label: String
    let action: LiveKey
    let help: String
}

enum KeyBindings {
    static let all: [KeyBinding] = [
        KeyBinding(codes: [113, 81, 27], label: "q/Esc", action: .quit, help: "stop"),
        KeyBinding(codes: [109, 77], label: "m", action: .mute, help: "mute (remembered for the next run)"),
        KeyBinding(codes: [119, 87], label: "w", action: .cycleWaveform, help: "next waveform"),
        KeyBinding(codes: [32], label: "Space", action: .pause, help: "pause"),
        KeyBinding(codes: [99, 67], label: "c", action: .recalibrate, help: "calibrate again"),
        KeyBinding(codes: [108, 76], label: "l", action: .loop,
                   help: "looper: record a phrase, close the loop, overdub a layer, close it"),
        KeyBinding(codes: [117, 85], label: "u", action: .undoLayer, help: "looper: undo the last layer"),
        KeyBinding(codes: [120, 88], label: "x", action: .clearLoop, help: "looper: clear the loop"),
        KeyBinding(codes: [116, 84], label: "t", action: .takeBack,
                   help: "take the instrument back here (the nearest hand in view plays; --player-lock)"),
    ]

    /// The action bound to a key code.
    static func action(for code: Int32) -> LiveKey? {
        all.first { $0.codes.contains(code) }?.action
    }

    /// `--help`'s lines: one per key.
    static var helpLines: [String] {
        all.map { "  " + $0.label.padding(toLength: 8, withPad: " ", startingAt: 0) + $0.help }
    }
}

import Foundation
import ThereminCore
import ThereminDevices

/// The sound server `--check` finds, and its quantum where theremin can read it: a JACK server's period, else
/// PipeWire or PulseAudio by their sockets, else ALSA on its own.
enum CheckSound {
    static func verdict(_ inventory: DeviceInventory,
                        environment: [String: String] = ProcessInfo.processInfo.environment) -> Readiness {
        if let jack = inventory.jack, jack.running, let rate = jack.sampleRate, let period = jack.periodFrames {
            return ReadinessPolicy.jack(server: jack.server, sampleRate: rate, periodFrames: period)
        }
        let runtime = environment["XDG_RUNTIME_DIR"] ?? "/run/user/\(getuid())"
        if FileManager.default.fileExists(atPath: runtime + "/pipewire-0") {
            return Readiness("sound server", .ok, "PipeWire: theremin plays through pipewire-alsa and asks the graph for "
                + "its own period (128 frames, 2.7 ms, with real-time priority); `pw-top` shows the quantum it runs at")
        }
        if FileManager.default.fileExists(atPath: runtime + "/pulse/native") {
            return Readiness("sound server", .warn, "PulseAudio: theremin plays through its ALSA plugin, which adds "
                + "tens of milliseconds", fix: "switch to PipeWire (Debian: pipewire-audio), or play through JACK")
        }
        if inventory.soundProblem != nil || !inventory.hasSoundCard {
            return Readiness("sound server", .fail, "no sound server and no sound card ALSA can play on"
                + (inventory.soundProblem.map { ": \($0)" } ?? ""),
                fix: "check that a sound card is present (`aplay -l`), or start JACK or PipeWire")
        }
        return Readiness("sound server", .ok, "none: theremin plays straight on the card through ALSA "
            + "(128-frame periods with real-time priority)")
    }
}

import Foundation
import ThereminAudio
import ThereminCore
import ThereminDevices

/// The sound `--check` judges by opening it (issue 46): a running JACK server's period (unless `--audio-device` names
/// an ALSA device), else the ALSA device live play would use, opened and played for one period of silence, and the
/// server it plays through (PipeWire, PulseAudio or none). A device that looks present but cannot play fails here as
/// it would when playing, with the same fix.
enum CheckSound {
    static func verdict(_ inventory: DeviceInventory, settings: Settings) -> Readiness {
        // A running JACK server is what to play through, unless an ALSA device was named to be checked.
        let named = settings.audioDevice != (Options.audioDevice.defaultValue ?? "default")
        if let jack = inventory.jack, jack.running, let rate = jack.sampleRate, let period = jack.periodFrames,
           !named || settings.studio.backend == .jack {
            return ReadinessPolicy.jack(server: jack.server, sampleRate: rate, periodFrames: period)
        }
        if settings.studio.backend == .jack {
            return Readiness("sound server", .fail, inventory.jack?.problem ?? "JACK server is not running",
                             fix: "start JACK, or play through ALSA with --audio alsa")
        }
        let request = settings.playbackRequest
        do {
            return verdict(opened: try PlaybackProbe.play(request), device: request.device)
        } catch {
            guard error.stage == .opening else {
                return Readiness("sound server", .fail, error.description)
            }
            let explained = SoundOutputUnavailable.diagnose(error, instead: settings.withoutSoundDevice)
            return Readiness("sound server", .fail, explained.finding,
                             fix: explained.fixes.isEmpty ? nil : explained.fixes.joined(separator: "; or "))
        }
    }

    /// The verdict on a device that opened and played: by the server it plays through.
    private static func verdict(opened: PlaybackProbe.Opened, device: String) -> Readiness {
        let format = opened.format
        let played = "'\(device)' played a period (\(format.sampleRate) Hz, \(format.periodFrames)-frame period)"
        switch opened.server?.kind {
        case .pipewire:
            return Readiness("sound server", .ok, "PipeWire: \(played) through pipewire-alsa, which asks the graph "
                + "for theremin's own period; `pw-top` shows the quantum it runs at")
        case .pulseaudio:
            return Readiness("sound server", .warn, "PulseAudio: \(played) through its ALSA plugin, which adds "
                + "tens of milliseconds", fix: "switch to PipeWire (Debian: pipewire-audio), or play through JACK")
        case nil:
            return Readiness("sound server", .ok, "none: \(played) straight through ALSA")
        }
    }
}

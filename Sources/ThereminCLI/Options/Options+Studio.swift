import Foundation
import ThereminCore

/// The studio options: which sound system plays (ALSA or JACK) and where a JACK client's ports are connected.
extension Options {
    static let studio: [any AnyOption] = [listEffects, check, audio, jackConnect, noJackConnect]

    static let check = Option.flag("--check", help: "say whether this machine is ready to play with low latency "
                                       + "(real-time priority, memory, CPU, interrupts, sound server, camera, tracker), "
                                       + "each line OK, WARN or FAIL with the fix; exit status 0 when nothing fails",
                                   group: .modes)

    static let listEffects = Option.flag("--list-effects", help: "list the built-in effects and the installed LV2 plugins "
                                             + "with their controls and presets", group: .modes)

    static let audio = Option<AudioBackend>.choice("--audio", value: "SYSTEM",
                                                   help: "play through ALSA or as a JACK client (ports theremin:out_1 and out_2; "
                                                       + "also --audio-device jack: or jack:SERVER)",
                                                   group: .sound, default: .alsa, refusal: "is not a sound system",
                                                   accepted: "alsa or jack", inPresets: false)
    static let jackConnect = Option<[String]>("--jack-connect", value: "PORTS",
                                              help: "with --audio jack: connect out_1 and out_2 to these JACK ports or clients, "
                                                  + "comma-separated, e.g. ardour:in_1,ardour:in_2 or carla",
                                              group: .sound, defaultText: "the system playback ports", inPresets: false) { text in
        let names = text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !names.isEmpty, names.count <= 2 else {
            throw UsageError("--jack-connect '\(text)' needs one or two JACK ports or clients, e.g. system:playback_1,system:playback_2", options: ["--jack-connect"])
        }
        return names
    }
    static let noJackConnect = Option.flag("--no-jack-connect",
                                           help: "with --audio jack: leave the ports unconnected, for a patchbay",
                                           group: .sound, inPresets: false)
}

/// The sound system theremin plays through (`--audio`).
enum AudioBackend: String, CaseIterable, Sendable {
    case alsa
    case jack
}

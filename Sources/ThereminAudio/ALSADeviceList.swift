import CALSA
#if canImport(Glibc)
import Glibc
#endif

/// One ALSA playback PCM as `aplay -L` lists it: the name to pass to `--audio-device`, and what it is.
public struct ALSAPlaybackDevice: Sendable, Equatable, Encodable {
    /// The PCM name, e.g. `default`, `hw:CARD=PCH,DEV=0`, `plughw:CARD=PCH,DEV=0`.
    public var name: String
    /// ALSA's description, its lines joined with ", ", e.g. `HDA Intel PCH, ALC3246 Analog, Direct hardware device`.
    public var description: String

    public init(name: String, description: String) {
        self.name = name
        self.description = description
    }

    /// True for ALSA's `null` device, which discards what it is given (present even without a sound card).
    public var discardsSound: Bool { name == "null" }
}

/// The ALSA playback devices of this machine, from ALSA's device name hints (configured PCMs such as `default` and
/// `pulse`, and the `hw:`/`plughw:`/`sysdefault:` devices of each card).
public enum ALSADeviceList {
    /// Every PCM that can play, in ALSA's order.
    ///
    /// - Throws: `ALSAError` when ALSA cannot read its configuration.
    public static func playbackDevices() throws(ALSAError) -> [ALSAPlaybackDevice] {
        var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        let code = snd_device_name_hint(-1, "pcm", &hints)
        guard code >= 0, let hints else {
            throw ALSAError(operation: "snd_device_name_hint", code: code < 0 ? code : -ENOMEM, device: "pcm")
        }
        defer { snd_device_name_free_hint(hints) }

        var devices: [ALSAPlaybackDevice] = []
        var cursor = hints
        while let hint = cursor.pointee {
            defer { cursor += 1 }
            guard let name = value(hint, "NAME") else { continue }
            // IOID is absent for devices that do both directions, "Output" or "Input" otherwise.
            guard value(hint, "IOID").map({ $0 == "Output" }) ?? true else { continue }
            let description = (value(hint, "DESC") ?? "")
                .split(separator: "\n").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }.joined(separator: ", ")
            devices.append(ALSAPlaybackDevice(name: name, description: description))
        }
        return devices
    }

    /// One field of a hint; ALSA allocates the string and the caller frees it.
    private static func value(_ hint: UnsafeMutableRawPointer, _ field: String) -> String? {
        guard let text = snd_device_name_get_hint(hint, field) else { return nil }
        defer { free(text) }
        return String(cString: text)
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

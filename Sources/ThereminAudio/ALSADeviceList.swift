#if canImport(Glibc)
import Glibc
#endif

/// One ALSA playback PCM as `aplay -L` lists it: the name to pass to `--audio-device`, what it is, and the sound
/// server behind it.
public struct ALSAPlaybackDevice: Sendable, Equatable, Encodable {
    /// The PCM name, e.g. `default`, `hw:CARD=PCH,DEV=0`, `plughw:CARD=PCH,DEV=0`.
    public var name: String
    /// ALSA's description, its lines joined with ", ", e.g. `HDA Intel PCH, ALC3246 Analog, Direct hardware device`.
    public var description: String
    /// The sound server it plays through (pipewire-alsa, the pulse plugin), and whether that server answers; nil for
    /// a device that plays through none.
    public var server: SoundServer?

    public init(name: String, description: String, server: SoundServer? = nil) {
        self.name = name
        self.description = description
        self.server = server
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
        try ALSACalls.pcmHints().compactMap { hint in
            guard let name = hint.name else { return nil }
            // IOID is absent for devices that do both directions, "Output" or "Input" otherwise.
            guard hint.direction.map({ $0 == "Output" }) ?? true else { return nil }
            let description = (hint.description ?? "")
                .split(separator: "\n").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }.joined(separator: ", ")
            return ALSAPlaybackDevice(name: name, description: description, server: SoundServer.behind(device: name))
        }
    }

    /// The numbers of the sound cards ALSA finds (none on a machine without `/dev/snd`).
    public static func soundCards() -> [Int32] { ALSACalls.soundCards() }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

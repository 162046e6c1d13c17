import Glibc
import ThereminCore

/// A playback device that would not open, explained with the fix that applies on this machine (issue 46): the
/// server it plays through is not running (say how to start it), there is no sound card at all, the card is busy (name
/// who holds it), or the user may not use it (the `audio` group). It never suggests the device that failed; where
/// another device can play it names that one, and where none can, what plays without one (a file).
public struct SoundOutputUnavailable: ReportableError, Sendable {
    public enum Cause: Sendable, Equatable {
        /// The device plays through a sound server that does not answer.
        case serverDown(SoundServer)
        /// ALSA finds no sound card, and the device plays through no server.
        case noCard
        /// Another program holds the card; the holders found (empty when they could not be seen).
        case busy([FileHolders.Holder])
        /// The user may not open the card's nodes.
        case permission
        /// Any other reason: ALSA's own error says it.
        case other
    }

    /// What opening the device answered.
    public let failure: ALSAError
    public let cause: Cause
    /// Whether ALSA finds a sound card.
    public let hasSoundCard: Bool
    /// Another device that can play here (a running server's, or the card's), never the one that failed.
    public let alternative: String?
    /// What plays with no device, for when no other can ("write the demo to a file: `theremin --demo --output
    /// demo.wav`").
    public let instead: String?

    public init(failure: ALSAError, cause: Cause, hasSoundCard: Bool, alternative: String?, instead: String?) {
        self.failure = failure
        self.cause = cause
        self.hasSoundCard = hasSoundCard
        self.alternative = alternative == failure.device ? nil : alternative
        self.instead = instead
    }

    /// Explains `failure` (a playback device that did not open) by looking at this machine: the device's route in
    /// ALSA's configuration, its server's socket, the cards, and the processes holding a card.
    public static func diagnose(_ failure: ALSAError, instead: String?) -> SoundOutputUnavailable {
        let cards = !ALSACalls.soundCards().isEmpty
        let server = SoundServer.behind(device: failure.device)
        let cause: Cause
        if let server, !server.running {
            cause = .serverDown(server)
        } else if -failure.code == EBUSY {
            cause = .busy(FileHolders.soundCardPlayback())
        } else if [EACCES, EPERM].contains(-failure.code) {
            cause = .permission
        } else if !cards && server == nil && !ALSACalls.pcmPlugins(failure.device).isEmpty {
            // A name ALSA knows, with nothing to play on; a name it does not know stays ALSA's "no such device".
            cause = .noCard
        } else {
            cause = .other
        }
        let alternative = alternatives(to: failure.device, through: server, cards: cards, cause: cause)
        return SoundOutputUnavailable(failure: failure, cause: cause, hasSoundCard: cards, alternative: alternative,
                                      instead: instead)
    }

    /// The first other device that can play: one behind another running server (the failed device's own server,
    /// under another name, is the same way that failed), else (when the card is not what failed) the first card's
    /// `plughw` device.
    private static func alternatives(to device: String, through server: SoundServer?, cards: Bool,
                                     cause: Cause) -> String? {
        let others = ((try? ALSADeviceList.playbackDevices()) ?? []).filter { $0.name != device && !$0.discardsSound }
        if let served = others.first(where: { $0.server?.running == true && $0.server?.socket != server?.socket }) {
            return served.name
        }
        switch cause {
        case .busy, .permission, .noCard: return nil
        case .serverDown, .other: return cards ? others.first { $0.name.hasPrefix("plughw:") }?.name : nil
        }
    }

    public var failureKind: FailureKind { failure.failureKind }

    public var description: String {
        guard cause != .other else { return finding + (fixes.first.map { "; or \($0)" } ?? "") }
        return fixes.isEmpty ? finding : finding + ": " + fixes.joined(separator: "; or ")
    }

    /// What was found, in a sentence (ALSA's own error with its hint, for a cause not told apart).
    public var finding: String {
        let device = "audio device '\(failure.device)'"
        switch cause {
        case .serverDown(let server):
            return "\(device) plays through \(server.notRunningPhrase)"
                + (hasSoundCard ? "" : ", and this machine has no sound card")
        case .noCard:
            return "\(device): \(failure.operation) failed: \(failure.reason): "
                + "this machine has no sound card (none in /dev/snd)"
        case .busy(let holders):
            let who = holders.isEmpty ? "another program is playing on the sound card (`fuser -v /dev/snd/*` names it)"
                : holders.map(\.description).joined(separator: ", ") + (holders.count == 1 ? " holds" : " hold")
                    + " the sound card"
            return "\(device) is busy: \(who)"
        case .permission:
            return "\(device): \(failure.operation) failed: \(failure.reason): your user may not use the sound card"
        case .other:
            return failure.description
        }
    }

    /// What to do, the first that applies first: the fix, another device that plays, and where none does, what plays
    /// without one.
    public var fixes: [String] {
        let option = failure.option
        let elsewhere = alternative.map { "play with \(option) \($0)" }
        let remedies: [String?]
        switch cause {
        case .serverDown(let server):
            let start = "start it: `\(server.kind.startCommand)`"
            remedies = hasSoundCard ? [start, elsewhere]
                : [elsewhere, instead,
                   "on a desktop with a sound card, start \(server.kind.name): `\(server.kind.startCommand)`"]
        case .noCard:
            remedies = [elsewhere ?? instead.map { "no \(option) can play here; \($0)" }]
        case .busy:
            remedies = ["close it", elsewhere]
        case .permission:
            remedies = ["add it to the 'audio' group (`sudo usermod -aG audio $USER`, then log in again)", elsewhere]
        case .other:
            return [elsewhere].compactMap { $0 }
        }
        var fixes = remedies.compactMap { $0 }
        if alternative == nil, let instead, !fixes.contains(where: { $0.contains(instead) }) { fixes.append(instead) }
        return fixes
    }
}

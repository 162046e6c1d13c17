/// Which MIDI message asks for which action: `--midi-in`'s mapping. The default suits a common 4-switch USB foot
/// controller, whichever of its two modes it is in (switches 1–4 send program changes 0–3, or CC 80–83), plus CC
/// 84–90 for the rest on a larger board and an expression pedal (CC 11) for the correction's amount. A mapping file
/// (`--midi-map`, MIDIActionMap+File.swift) replaces it.
public struct MIDIActionMap: Sendable, Equatable {
    /// What a message must be to fire a binding.
    public struct Trigger: Sendable, Hashable {
        public enum Kind: String, Sendable {
            case program = "pc"
            case controller = "cc"
            case note
        }

        public var kind: Kind
        /// The program, controller or note; nil for any.
        public var number: Int?
        /// The channel, 0…15; nil for any.
        public var channel: Int?

        public init(_ kind: Kind, _ number: Int?, channel: Int? = nil) {
            self.kind = kind
            self.number = number
            self.channel = channel
        }
    }

    /// What a binding does with the message's value.
    public enum Response: Sendable, Equatable {
        /// Always this action.
        case fixed(PlayerAction)
        /// `preset` without a number: the program (or controller value, or note) plus one.
        case presetFromValue
        /// `correction` without an amount: the value (or velocity) over 127, as a percentage.
        case correctionFromValue
    }

    public struct Binding: Sendable, Equatable {
        public var trigger: Trigger
        public var response: Response
        /// A controller that fires on every message (a latching switch sends 127 then 0), not only on a press
        /// (value 64 or more, as a momentary switch sends on the way down).
        public var latching: Bool

        public init(_ trigger: Trigger, _ response: Response, latching: Bool = false) {
            self.trigger = trigger
            self.response = response
            self.latching = latching
        }
    }

    /// First match wins.
    public var bindings: [Binding]

    public init(bindings: [Binding]) {
        self.bindings = bindings
    }

    /// The foot controller's four switches in both its modes, the rest on CC 84–90, an expression pedal on CC 11.
    public static let standard: MIDIActionMap = {
        let switches: [PlayerAction] = [.nextPreset, .previousPreset, .loop, .mute]
        let more: [PlayerAction] = [.takeBack, .nextWaveform, .octaveUp, .octaveDown, .undoLayer, .clearLoop,
                                    .recalibrate]
        var bindings: [Binding] = []
        for (index, action) in switches.enumerated() {
            bindings.append(Binding(Trigger(.program, index), .fixed(action)))
            bindings.append(Binding(Trigger(.controller, 80 + index), .fixed(action)))
        }
        for (index, action) in more.enumerated() { bindings.append(Binding(Trigger(.controller, 84 + index), .fixed(action))) }
        bindings.append(Binding(Trigger(.controller, 11), .correctionFromValue))
        return MIDIActionMap(bindings: bindings)
    }()

    /// Reads one complete message (status byte first, as JACK and the sequencer deliver them).
    public func outcome(of bytes: [UInt8]) -> ActionOutcome {
        guard let status = bytes.first, status >= 0x80, status < 0xF0 else { return .ignored }
        let channel = Int(status & 0x0F)
        let data1 = bytes.count > 1 ? Int(bytes[1] & 0x7F) : 0
        let data2 = bytes.count > 2 ? Int(bytes[2] & 0x7F) : 0
        switch status & 0xF0 {
        case 0xC0 where bytes.count >= 2:
            return outcome(.program, number: data1, value: data1, channel: channel, pressed: true)
        case 0xB0 where bytes.count >= 3:
            return outcome(.controller, number: data1, value: data2, channel: channel, pressed: data2 >= 64)
        case 0x90 where bytes.count >= 3 && data2 > 0:
            return outcome(.note, number: data1, value: data2, channel: channel, pressed: true)
        default:
            return .ignored
        }
    }

    private func outcome(_ kind: Trigger.Kind, number: Int, value: Int, channel: Int, pressed: Bool) -> ActionOutcome {
        let name = MIDIActionMap.describe(kind, number: number, channel: channel)
        guard let binding = bindings.first(where: {
            $0.trigger.kind == kind && ($0.trigger.number ?? number) == number && ($0.trigger.channel ?? channel) == channel
        }) else { return .unmapped(what: name) }
        switch binding.response {
        case .fixed(let action):
            // A momentary switch's release (value below 64) is not a second press.
            guard pressed || binding.latching else { return .ignored }
            return .action(action, origin: name)
        case .presetFromValue:
            guard pressed || binding.latching || kind == .controller else { return .ignored }
            return .action(.preset(value + 1), origin: name)
        case .correctionFromValue:
            return .action(.correction(Double(value) * 100 / 127), origin: name)
        }
    }

    /// `CC 80 on channel 1`, as the player's controller calls it (channels 1–16).
    static func describe(_ kind: Trigger.Kind, number: Int, channel: Int) -> String {
        let word = switch kind {
        case .program: "program change \(number)"
        case .controller: "CC \(number)"
        case .note: "note \(number)"
        }
        return word + " on channel \(channel + 1)"
    }
}

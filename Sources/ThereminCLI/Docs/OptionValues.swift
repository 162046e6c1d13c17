import ThereminCore
import ThereminSession

/// What an option's value can be, for shell completion: a fixed set of words (from the same types the validation
/// uses), a file, a camera device, or free text. Options added to the table without an entry here complete as free
/// text, which is never wrong.
enum OptionValues: Equatable {
    case choices([String])
    case file
    case camera
    case text

    static func of(_ spec: OptionSpec) -> OptionValues {
        switch spec.name {
        case "--wave": return .choices(Waveform.allCases.map(\.rawValue))
        case "--pitch-law": return .choices(PitchLaw.allCases.map(\.rawValue))
        case "--tracker": return .choices(Settings.TrackerKind.allCases.map(\.rawValue))
        case "--scale": return .choices(Scale.all.map(\.name))
        case "--midi-volume": return .choices(MIDISettings.VolumeMessage.allCases.map(\.rawValue))
        case "--rate": return .choices(["48000", "44100"])
        case "--hands": return .choices(["1", "2"])
        case "--effect": return .choices(SoundEffect.names)
        case "--camera": return .camera
        default:
            let files: Set<String> = ["TRACE", "PATH", "FILE", "FILE.mid"]
            return spec.value.map { files.contains($0) ? .file : .text } ?? .text
        }
    }
}

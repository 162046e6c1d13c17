import Foundation
import ThereminCore

/// Names theremin's sound stream on a PipeWire desktop. Through pipewire-alsa (ALSA's `default` there) every
/// program's stream is called "ALSA Playback"; named "theremin", it is the line to look for in `pw-top`, `pw-dump`
/// and the desktop's volume mixer, and what PipeWire rules can match.
///
/// pipewire-alsa reads the extra stream properties from `PIPEWIRE_ALSA` when a PCM is opened, so this sets that
/// variable for the process, unless the user set it. Call it before any thread starts (`setenv` is not safe while
/// other threads read the environment). Other ALSA devices ignore the variable.
public enum PipeWireStreamName {
    /// The properties given: node and application name.
    public static let properties = "{ node.name = \"theremin\" node.description = \"theremin\" application.name = \"theremin\" }"

    /// Sets `PIPEWIRE_ALSA` to `properties` unless it is already set.
    public static func apply() {
        Processes.setEnvironment("PIPEWIRE_ALSA", to: properties, replacing: false)
    }
}

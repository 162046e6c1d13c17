import Foundation
import ThereminCapture
import ThereminJACK

/// The text `theremin --list-devices` prints: a readable table, or JSON for scripts (`--json`).
///
/// - Parameters:
///   - json: JSON (pretty-printed, sorted keys) instead of the table; it always has the controls.
///   - cameraDirectory: where to look for `video*` nodes (tests point it elsewhere).
///   - camera: list only this camera (`--camera`).
///   - verbose: the table also lists the camera controls theremin touches, with their values (`-v`).
/// - Throws: only if the JSON cannot be encoded.
public func listDevicesReport(json: Bool, cameraDirectory: String = "/dev", camera: String? = nil,
                              verbose: Bool = false) throws -> String {
    let inventory = DeviceInventory.gather(cameraDirectory: cameraDirectory, camera: camera)
    return json ? try DeviceListing.json(inventory) : DeviceListing.table(inventory, verbose: verbose)
}

/// Renders a `DeviceInventory`.
public enum DeviceListing {
    public static func json(_ inventory: DeviceInventory) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(inventory), as: UTF8.self) + "\n"
    }

    public static func table(_ inventory: DeviceInventory, verbose: Bool = false) -> String {
        var lines = ["Cameras"]
        if inventory.cameras.isEmpty && inventory.cameraProblems.isEmpty {
            lines.append("  no cameras found (no video capture device among \(inventory.cameraDirectory)/video*): "
                + "plug in a webcam")
        }
        for camera in inventory.cameras {
            let bus = camera.busInfo.isEmpty ? "" : ", \(camera.busInfo)"
            lines.append("  \(camera.path)  \(camera.card) (\(camera.driver)\(bus))")
            if camera.formats.isEmpty { lines.append("      offers no video formats") }
            for format in camera.formats {
                let compressed = format.compressed ? ", compressed" : ""
                lines.append("    \(pad(format.fourcc.description, 5)) \(format.description)\(compressed)")
                if let range = format.sizeRange {
                    lines.append("          any size from \(range.minimum) to \(range.maximum) "
                        + "in steps of \(range.step)")
                }
                for size in format.sizes {
                    lines.append("          \(pad(size.size.description, 11)) \(rates(size))")
                }
            }
            if let mode = camera.playMode {
                lines.append("    plays \(mode.summary): \(mode.reason)")
            }
            if verbose {
                lines.append("    controls (theremin keeps exposure_auto, sets the others while playing and puts them back):")
                lines += camera.controls.map { "      \($0.description)" }
            }
        }
        for problem in inventory.cameraProblems { lines.append("  \(problem)") }

        lines.append("")
        lines.append("Sound outputs (ALSA playback; pass the name to --audio-device)")
        if let problem = inventory.soundProblem {
            lines.append("  \(problem)")
        } else if inventory.soundOutputs.isEmpty {
            lines.append("  no sound outputs found: check that a sound card is present (`aplay -l`)")
        } else {
            let width = min(inventory.soundOutputs.map(\.name.count).max() ?? 0, 32)
            for output in inventory.soundOutputs {
                lines.append("  \(pad(output.name, width))  \(output.description)")
                // A device routed to a server that is down lists like any other and fails to open ("Host is down").
                if let server = output.server, !server.running {
                    lines.append("  \(pad("", width))  plays through \(server.notRunningPhrase): start it with "
                        + "`\(server.kind.startCommand)`")
                }
            }
            if !inventory.hasSoundCard {
                lines.append("  no sound card found: only ALSA's 'null' device, which plays nothing")
            } else if inventory.soundCards.isEmpty {
                lines.append("  no sound card found (none in /dev/snd): only a sound server can play here")
            }
        }
        if let jack = inventory.jack { lines += [""] + jackLines(jack) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The JACK server: its rate and period and the ports to connect to, or why it is not there.
    private static func jackLines(_ jack: JACKServerDescription) -> [String] {
        var lines = ["JACK server '\(jack.server)' (--audio jack; ports for --jack-connect)"]
        guard jack.running, let rate = jack.sampleRate, let period = jack.periodFrames else {
            return lines + ["  \(jack.problem ?? "not running")"]
        }
        lines.append("  \(rate) Hz, \(period)-frame period")
        lines.append("  audio inputs: " + (jack.audioInputs.isEmpty ? "none" : jack.audioInputs.joined(separator: ", ")))
        lines.append("  MIDI inputs: " + (jack.midiInputs.isEmpty ? "none" : jack.midiInputs.joined(separator: ", ")))
        return lines
    }

    private static func rates(_ size: CameraFrameSize) -> String {
        if let range = size.intervalRange {
            return "\(range.slowest)-\(range.fastest) fps"
        }
        if size.intervals.isEmpty { return "rates not reported" }
        return size.intervals.map(\.description).joined(separator: ", ") + " fps"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

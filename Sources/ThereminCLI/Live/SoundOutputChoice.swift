import ThereminAudio
import ThereminCore
import ThereminJACK

/// The sound output the settings ask for, opened: the ALSA device or a JACK client, with the name messages use.
struct OpenedSoundOutput {
    let output: any SoundOutput
    /// The ALSA device's name, or the JACK client's ports.
    let name: String
    /// What it granted, for `-v` ("audio: NAME: DETAILS").
    let details: String
    /// The priority of the thread that renders the sound, when another program's (JACK's process thread): theremin's
    /// tracking and capture threads stay under it.
    var renderPriority: Int32?
}

extension Settings {
    /// The JACK client the settings describe; notices (server lost and back) go to stderr.
    var jackRequest: JACKRequest {
        var request = JACKRequest(server: studio.jackServer, connection: studio.jackConnection)
        request.notice = { Output.err("theremin: \($0)\n") }
        return request
    }

    /// What plays with no sound device, offered when none opens: this run, or the demo, written to a file.
    var withoutSoundDevice: String {
        switch mode.kind {
        case .replay, .input: return "add --output FILE.wav to write the sound to a file"
        default: return "write the demo to a file: `\(InvokedName.current) --demo --output demo.wav`"
        }
    }

    /// The priority JACK's process thread renders the sound at, when playing through JACK and the server is real-time:
    /// what theremin's own real-time threads stay under (the camera's is started before the sound output opens).
    var jackRenderPriority: Int32? {
        studio.backend == .jack ? JACKServerSurvey.look(server: studio.jackServer).processPriority : nil
    }

    /// Opens the ALSA device or the JACK client.
    /// - Throws: `SoundOutputUnavailable` when the ALSA device does not open (why, and what to do here),
    ///   `ALSAError` when it fails once open, `JACKError` when the server cannot be reached.
    func openSoundOutput() throws -> OpenedSoundOutput {
        switch studio.backend {
        case .alsa:
            let output: AudioOutput
            do {
                output = try AudioOutput(request: playbackRequest)
            } catch {
                guard error.stage == .opening else { throw error }
                throw SoundOutputUnavailable.diagnose(error, instead: withoutSoundDevice)
            }
            return OpenedSoundOutput(output: output, name: output.pcm.device, details: "\(output.format)")
        case .jack:
            // JACK's thread renders the sound; the pages it touches are theremin's, locked as the ALSA output locks
            // them (when the memlock limit allows; `--check` says when it does not).
            _ = RealtimeScheduling.lockMemory()
            let output = try JACKOutput(request: jackRequest)
            let connected = output.connectedTo.isEmpty ? "not connected" : "to " + output.connectedTo.joined(separator: ", ")
            let priority = output.processPriority.map { ", process thread SCHED_FIFO \($0)" } ?? ""
            return OpenedSoundOutput(output: output, name: output.portsDescription,
                                     details: "\(output.sampleRate) Hz, \(output.periodFrames)-frame period, \(connected)\(priority)",
                                     renderPriority: output.processPriority)
        }
    }
}

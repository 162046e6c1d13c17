import ThereminAudio
import ThereminCapture
import ThereminJACK

/// Everything `theremin --list-devices` reports: the cameras and the sound outputs, with what went wrong looking.
public struct DeviceInventory: Sendable, Encodable {
    /// The video capture cameras, in node order.
    public var cameras: [CameraDescription]
    /// Camera nodes that could not be examined, each as a one-line message saying what to do.
    public var cameraProblems: [String]
    /// Where cameras were looked for, e.g. `/dev`.
    public var cameraDirectory: String
    /// The ALSA playback devices, in ALSA's order.
    public var soundOutputs: [ALSAPlaybackDevice]
    /// The sound cards ALSA finds, by number (`/dev/snd/controlC*`).
    public var soundCards: [Int32]
    /// Why the sound outputs could not be listed, if they could not.
    public var soundProblem: String?
    /// The JACK server, running or not (`--audio jack`).
    public var jack: JACKServerDescription?

    public init(cameras: [CameraDescription], cameraProblems: [String], cameraDirectory: String,
                soundOutputs: [ALSAPlaybackDevice], soundProblem: String?, jack: JACKServerDescription? = nil,
                soundCards: [Int32] = []) {
        self.jack = jack
        self.soundCards = soundCards
        self.cameras = cameras
        self.cameraProblems = cameraProblems
        self.cameraDirectory = cameraDirectory
        self.soundOutputs = soundOutputs
        self.soundProblem = soundProblem
    }

    /// Looks at the cameras in `cameraDirectory` (or only at `camera`, when given) and at ALSA's playback devices.
    public static func gather(cameraDirectory: String = "/dev", camera: String? = nil) -> DeviceInventory {
        let survey = camera.map(CameraDiscovery.survey(of:)) ?? CameraDiscovery.survey(in: cameraDirectory)
        var inventory = DeviceInventory(cameras: survey.cameras, cameraProblems: survey.unreadable.map(\.description),
                                        cameraDirectory: cameraDirectory, soundOutputs: [], soundProblem: nil)
        inventory.soundCards = ALSADeviceList.soundCards()
        do {
            inventory.soundOutputs = try ALSADeviceList.playbackDevices()
        } catch {
            inventory.soundProblem = error.description
        }
        inventory.jack = JACKServerSurvey.look()
        return inventory
    }

    /// True when ALSA offers nothing that makes sound (no card: at most its `null` device).
    public var hasSoundCard: Bool { soundOutputs.contains { !$0.discardsSound } }
}

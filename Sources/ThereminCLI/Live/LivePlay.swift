import Foundation
import ThereminAudio
import ThereminCore
import ThereminSession
import ThereminTracking

/// Live play from any frame source, wired: the settings become the session library's `LivePerformance` (its
/// description and the hardware plugged into its ports), which runs and settles the run; this prints how it ended
/// and saves a new calibration.
struct LivePlay {
    let settings: Settings

    /// Where a calibration made during the run is saved.
    var calibrationKey: (camera: String, card: String)?
    /// Stop after the first calibration (`--calibrate`); the tone stays silent, only cues sound.
    var calibrateOnly = false
    /// Open the sound device (false for calibrating from a file: nobody is listening).
    var withSound = true
    /// The frames are unrelated pictures (a folder of images played live): no player lock, nothing carries over.
    var stillImages = false
    /// The hands come from a tracker that may see other people (a camera, a file): the player lock applies. The demo's
    /// generated hand is the only one.
    var seesPeople = true
    /// A line for stderr once the sound device is open (the demo's introduction): a device that does not open
    /// leaves its one line alone.
    var announcement: String?

    init(settings: Settings, calibrationKey: (camera: String, card: String)? = nil, calibrateOnly: Bool = false,
         withSound: Bool = true) {
        self.settings = settings
        self.calibrationKey = calibrationKey
        self.calibrateOnly = calibrateOnly
        self.withSound = withSound
    }

    /// Runs with any hand tracking: the tracker, or a generated hand (the demo).
    func run(source: FrameSource, tracking: any HandTracking, calibration: Calibration,
             paceByFrameTime: Bool, isTransient: @escaping (Error) -> Bool) throws -> RunResult {
        // Without a set list, the saved presets (a set list's were read with the options).
        let presets = calibrateOnly ? [] : settings.actions.setlist != nil ? settings.presetSounds
            : try PresetList.forLivePlay(settings)
        let opened = withSound ? try settings.openSoundOutput() : nil
        if let opened, settings.verbose { Output.err("audio: \(opened.name): \(opened.details)\n") }
        if let announcement { Output.err(announcement) }
        let output = opened?.output
        var ports = LivePerformance.Ports(source: source, tracking: tracking, isTransient: isTransient, output: output,
                                          sampleRate: settings.sampleRate, backingFiles: BackingTrackLoader.self,
                                          scheduler: RealtimeThreads(audioPriority: opened?.renderPriority), display: { DisplayFactory.make(settings) })
        ports.followers = { try LiveFollowing.connect(settings, sound: output) }
        ports.actions = { try ActionInputs.open(settings) }
        ports.willRun = { SignalWatch.install() }
        var take: String?
        ports.tookName = { take = $0 }
        if let score = settings.playAlong.score {
            ports.scored = { Output.out(PlayAlongText.render($0, bars: score.bars, aligned: nil)) }
        }
        var description = description(calibration: calibration, paceByFrameTime: paceByFrameTime)
        description.sound.presets = presets
        if settings.actions.setlist != nil { description.options.startingPreset = 0 }
        var performance = LivePerformance(description, ports: ports)
        var outcome = Outcome.succeeded
        performance.problem = { outcome = ErrorReport.report($0) }
        performance.saveCalibration = save
        if case .calibrated(let box) = try performance.run() {
            Output.out("calibrated: \(box.described(antenna: settings.mapping.antennaSide))\n")
        }
        return RunResult(outcome, take: take)
    }

    private func save(_ box: Calibration) {
        guard let key = calibrationKey else { return }
        do {
            let url = try CalibrationStore.standard().save(box, camera: key.camera, card: key.card)
            Output.err("saved calibration \(url.path)\n")
        } catch {
            Output.err("theremin: could not save the calibration: \(error)\n")
        }
    }
}

import Foundation
import ThereminCore
import ThereminSession
import ThereminPreview

/// The live display in a window: the composed preview picture, redrawn for each new camera frame (and at least
/// ten times a second, so prompts and countdowns move on without frames), and the keys pressed in the window or in
/// the terminal. Runs on the main thread, as the window requires.
final class PreviewDisplay: LiveDisplay {
    private let window: PreviewWindow
    private let keyboard = KeyboardInput()
    private let composer = PreviewComposer()
    private var lastSequence: UInt64?
    private var lastCalibration: GuidedCalibration.Status?
    private var lastFlags: [Bool] = []
    private var lastDraw = -Double.infinity
    private var reported = false
    /// True while the newest picture shows a finished calibration, so closing right after it (`--calibrate`)
    /// leaves the result on the screen for a moment.
    private var showingCalibrationResult = false
    private var resultHold = CalibrationResultHold(seconds: PreviewDisplay.resultHold)

    /// Seconds a finished calibration's result stays up: after a recalibration, or when the session ends right
    /// after it (`--calibrate`).
    static let resultHold = 1.5
    /// Longest time between two redraws without a new frame.
    static let redrawInterval = 0.1

    init(window: PreviewWindow) {
        self.window = window
    }

    func show(_ snapshot: LiveSnapshot, status: LiveStatus) -> [LiveKey] {
        let now = MonotonicClock.now()
        let snapshot = resultHold.apply(to: snapshot, now: now)
        // Redraw for a new frame, a calibration step, a key's effect, and otherwise now and then.
        let flags = [status.muted, status.paused, status.message != nil, snapshot.sourceProblem != nil]
        if snapshot.frame?.sequence != lastSequence || snapshot.calibrationStatus != lastCalibration
            || flags != lastFlags || now - lastDraw >= PreviewDisplay.redrawInterval {
            lastSequence = snapshot.frame?.sequence
            lastCalibration = snapshot.calibrationStatus
            lastFlags = flags
            lastDraw = now
            draw(composer.compose(snapshot, status: status))
            if case .done = snapshot.calibrationStatus?.phase {
                showingCalibrationResult = true
            } else {
                showingCalibrationResult = false
            }
        }
        let (keys, closed) = window.pollKeys()
        var actions = keys.compactMap(KeyboardInput.action(for:)) + keyboard.poll()
        if closed { actions.append(.quit) }
        return actions
    }

    func close() {
        if showingCalibrationResult {
            let until = MonotonicClock.now() + PreviewDisplay.resultHold
            while MonotonicClock.now() < until && !window.pollKeys(waitMilliseconds: 20).closed {}
        }
        keyboard.restore()
        window.close()
    }

    private func draw(_ canvas: Canvas) {
        if let problem = canvas.problem { reportOnce("preview drawing failed: \(problem)") }
        do {
            try window.show(canvas)
        } catch {
            reportOnce("preview window failed: \(error)")
        }
    }

    /// One line on stderr for the first failure only: a broken window must not flood the terminal 30 times a second.
    private func reportOnce(_ message: String) {
        guard !reported else { return }
        reported = true
        Output.err("theremin: \(message)\n")
    }
}

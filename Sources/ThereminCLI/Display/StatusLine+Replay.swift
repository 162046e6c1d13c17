import ThereminCore

extension StatusLine {
    /// What a replay shows as it plays: the time of the frame heard, its note and level (the control's, at `volume`),
    /// timed from now on the monotonic clock.
    func showingReplay(sampleRate: Double, volume: Double) -> (_ frame: Int, _ control: Control?) -> Void {
        let start = MonotonicClock.now()
        return { [self] frame, control in
            let level = control.map { $0.gate ? $0.amplitude * volume : 0 } ?? 0
            update(StatusLine.text(time: Double(frame) / sampleRate, frequency: control?.frequency, level: level),
                   now: MonotonicClock.now() - start)
        }
    }
}

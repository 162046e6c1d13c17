extension MIDISettings {
    /// MPE's slide (CC 74) for each frame of `trace`, in the order of a replay plan's schedule; empty outside MPE.
    public func slides(of trace: Trace, handMode: HandMode) -> [Double?] {
        mode == .mpe ? slide.values(in: trace, handMode: handMode) : []
    }
}

/// The camera controls theremin reads or sets, named as V4L2 (and `v4l2-ctl`) name them.
///
/// UVC semantics (the UVC camera terminal's AE mode, AE priority and power-line controls, as the kernel's
/// V4L2_CID_* documentation maps them): `exposure_auto` is the auto-exposure mode
/// (0 auto, 1 manual, 2 shutter priority, 3 aperture priority — "auto" on most webcams); `exposure_auto_priority`
/// (UVC "AE priority") 1 lets the camera lower the frame rate to lengthen the exposure in dim light, 0 keeps the
/// frame rate constant and raises gain instead; `power_line_frequency` (0 disabled, 1 50 Hz, 2 60 Hz, 3 auto)
/// times the exposure against the flicker of lights on the mains.
public enum CameraControl: String, CaseIterable, Sendable, Encodable {
    /// Read and reported only: theremin keeps the player's exposure mode.
    case exposureAuto = "exposure_auto"
    /// Set to 0 while playing, so a dark room does not halve the frame rate (and double the latency).
    case exposureAutoPriority = "exposure_auto_priority"
    /// Set to the mains frequency while playing, so lights do not flicker in the picture.
    case powerLineFrequency = "power_line_frequency"

    /// What a value means where the driver names no menu item: `on`/`off` for the priority.
    func meaning(of value: Int32) -> String? {
        guard self == .exposureAutoPriority else { return nil }
        return value == 0 ? "frame rate kept constant" : "frame rate may drop in dim light"
    }
}

/// The frequency of the mains the lights run on, which the camera's anti-flicker filter needs (`--mains 50|60`).
public enum MainsFrequency: Int, CaseIterable, Sendable {
    case hz50 = 50
    case hz60 = 60

    /// The `power_line_frequency` menu value (V4L2_CID_POWER_LINE_FREQUENCY_50HZ / _60HZ).
    var powerLineValue: Int32 { self == .hz50 ? 1 : 2 }
}

/// What theremin does to the camera's controls while it plays; every control set is put back on close.
public struct CameraControlRequest: Sendable, Equatable {
    /// Turn `exposure_auto_priority` off (keep the frame rate constant), leaving the exposure mode as it is.
    public var holdsFrameRate: Bool
    /// The mains frequency for `power_line_frequency`; nil leaves the camera's own setting (its maker's, for the
    /// country it was sold in).
    public var mains: MainsFrequency?
    /// Where `mains` came from, for `-v` (e.g. `--mains 50`, `time zone Europe/Berlin`).
    public var mainsSource: String

    public init(holdsFrameRate: Bool = true, mains: MainsFrequency? = nil, mainsSource: String = "") {
        self.holdsFrameRate = holdsFrameRate
        self.mains = mains
        self.mainsSource = mainsSource
    }

    /// Touches nothing (tests, benchmarks).
    public static let none = CameraControlRequest(holdsFrameRate: false)
}

/// One control's current value as `--list-devices -v` shows it.
public struct CameraControlValue: Sendable, Equatable, Encodable {
    public var control: CameraControl
    /// nil when the camera does not have the control.
    public var value: Int?
    /// The driver's name for a menu value (`50 Hz`, `Aperture Priority Mode`), or the meaning of a flag.
    public var meaning: String?

    /// `power_line_frequency = 2 (60 Hz)`, or `exposure_auto_priority: not offered`.
    public var description: String {
        guard let value else { return "\(control.rawValue): not offered" }
        return "\(control.rawValue) = \(value)" + (meaning.map { " (\($0))" } ?? "")
    }
}

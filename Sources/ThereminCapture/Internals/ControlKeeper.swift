/// Sets the controls a `CameraControlRequest` asks for on an open camera, remembers what they were, and puts them
/// back on `restore()`. A camera without a control, or one that refuses a value, is noted, never an error: playing
/// matters more than the picture's finer points.
final class ControlKeeper: @unchecked Sendable {
    private let device: V4L2Device
    /// Controls changed, with the value to put back.
    private var previous: [(control: CameraControl, value: Int32)] = []
    /// One line per control for `-v`: what was done and why.
    private(set) var notes: [String] = []

    init(device: V4L2Device, request: CameraControlRequest) {
        self.device = device
        if request.holdsFrameRate {
            set(.exposureAutoPriority, to: 0, because: nil, missing: "its frame rate may drop in dim light")
        }
        if let mains = request.mains {
            set(.powerLineFrequency, to: mains.powerLineValue, because: "\(mains.rawValue) Hz mains: \(request.mainsSource)",
                missing: "lights on the mains may flicker in the picture")
        } else if !request.mainsSource.isEmpty {
            notes.append("camera control power_line_frequency: left as it is (\(request.mainsSource))")
        }
    }

    private func set(_ control: CameraControl, to value: Int32, because reason: String?, missing: String) {
        let why = reason.map { " (\($0))" } ?? ""
        guard let description = device.queryControl(control.id) else {
            notes.append("camera has no \(control.rawValue) control: \(missing)")
            return
        }
        do throws(V4L2Error) {
            let current = try device.controlValue(control.id)
            if current == value {
                notes.append("camera control \(control.rawValue): already \(name(control, value))\(why)")
                return
            }
            guard !description.isFixed, (description.minimum...description.maximum).contains(value) else {
                notes.append("camera control \(control.rawValue): cannot be set to \(value), stays "
                    + "\(name(control, current)): \(missing)")
                return
            }
            try device.setControl(control.id, value)
            previous.append((control, current))
            notes.append("camera control \(control.rawValue): \(name(control, current)) → \(name(control, value)) "
                + "while playing, put back on exit\(why)")
        } catch {
            notes.append("camera control \(control.rawValue): could not be set (\(error.reason)): \(missing)")
        }
    }

    /// `2 (60 Hz)`.
    private func name(_ control: CameraControl, _ value: Int32) -> String {
        let meaning = device.menuItemName(control.id, value) ?? control.meaning(of: value)
        return "\(value)" + (meaning.map { " (\($0))" } ?? "")
    }

    /// Puts back every control changed, in reverse order; errors (an unplugged camera) are ignored. Once only.
    func restore() {
        for (control, value) in previous.reversed() {
            try? device.setControl(control.id, value)
        }
        previous = []
    }

    /// The current values of the controls theremin touches, for `--list-devices -v`.
    static func read(_ device: V4L2Device) -> [CameraControlValue] {
        CameraControl.allCases.map { control in
            guard let description = device.queryControl(control.id),
                  let value = try? device.controlValue(control.id) else {
                return CameraControlValue(control: control, value: nil, meaning: nil)
            }
            let meaning = description.isMenu ? device.menuItemName(control.id, value) : control.meaning(of: value)
            return CameraControlValue(control: control, value: Int(value), meaning: meaning)
        }
    }
}

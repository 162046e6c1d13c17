import Foundation

/// Finds V4L2 cameras (`/dev/video*` nodes that are video capture devices) and describes what they offer.
public enum CameraDiscovery {
    /// The `video<N>` nodes in `directory`, in numeric order (`video2` before `video10`).
    public static func deviceNodes(in directory: String = "/dev") -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let numbered = names.compactMap { name -> (Int, String)? in
            guard name.hasPrefix("video"), let number = Int(name.dropFirst(5)), number >= 0 else { return nil }
            return (number, name)
        }
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return numbered.sorted { $0.0 < $1.0 }.map { "\(base)/\($0.1)" }
    }

    /// What a look through `directory` found.
    public struct Survey: Sendable {
        /// The capture cameras, in node order.
        public var cameras: [CameraDescription]
        /// Nodes that could not be examined (no permission, busy, failing): each error says what to do.
        public var unreadable: [V4L2Error]
    }

    /// Describes every capture camera in `directory`; other V4L2 nodes (metadata, output, codecs) are left out.
    public static func survey(in directory: String = "/dev") -> Survey {
        var survey = Survey(cameras: [], unreadable: [])
        for path in deviceNodes(in: directory) {
            do throws(V4L2Error) {
                survey.cameras.append(try describe(path))
            } catch {
                if error.kind != .notCaptureDevice && error.kind != .notFound { survey.unreadable.append(error) }
            }
        }
        return survey
    }

    /// Describes one camera (`--list-devices --camera DEVICE`); a node that is no camera is among `unreadable`.
    public static func survey(of path: String) -> Survey {
        do throws(V4L2Error) {
            return Survey(cameras: [try describe(path)], unreadable: [])
        } catch {
            return Survey(cameras: [], unreadable: [error])
        }
    }

    /// The first capture camera in `directory` (what `theremin` uses without `--camera`).
    ///
    /// - Throws: `V4L2Error` `.noCamera` when there is none, or the error of the first node that could not be
    ///   examined (e.g. `.permissionDenied`), which says more than "none found".
    public static func firstCamera(in directory: String = "/dev") throws(V4L2Error) -> String {
        let found = survey(in: directory)
        if let camera = found.cameras.first { return camera.path }
        if let problem = found.unreadable.first { throw problem }
        throw V4L2Error(kind: .noCamera, operation: .discover, device: directory,
                        detail: "no video capture device among \(directory)/video*")
    }

    /// Opens `path` and describes the camera: name, driver, and its own formats with sizes and rates.
    ///
    /// - Throws: `V4L2Error` (`.notFound`, `.permissionDenied`, `.notCaptureDevice`, …).
    public static func describe(_ path: String) throws(V4L2Error) -> CameraDescription {
        let device = try V4L2Device(opening: path)
        defer { device.close() }
        return try describe(device)
    }

    static func describe(_ device: V4L2Device) throws(V4L2Error) -> CameraDescription {
        let capability = try device.capability()
        guard capability.isVideoCapture, capability.canStream else {
            throw V4L2Error(kind: .notCaptureDevice, operation: .queryCapability, device: device.path,
                            detail: "it is \(capability.kindDescription) (driver \(capability.driver))")
        }
        var formats: [CameraFormat] = []
        for descriptor in try device.formats() where !descriptor.emulated {
            var sizes: [CameraFrameSize] = []
            var sizeRange: SizeRange?
            let listed: [PixelSize]
            switch try device.frameSizes(descriptor.fourcc) {
            case .discrete(let discrete):
                listed = discrete
            case .range(let range):
                sizeRange = range
                listed = range.minimum == range.maximum ? [range.minimum] : [range.minimum, range.maximum]
            }
            for size in listed {
                switch try device.frameIntervals(descriptor.fourcc, size) {
                case .discrete(let intervals):
                    sizes.append(CameraFrameSize(
                        size: size, intervals: intervals.sorted { $0.framesPerSecond > $1.framesPerSecond }))
                case .range(let range):
                    sizes.append(CameraFrameSize(size: size, intervals: [range.fastest, range.slowest],
                                                 intervalRange: range))
                }
            }
            formats.append(CameraFormat(fourcc: descriptor.fourcc, description: descriptor.description,
                                        compressed: descriptor.compressed, sizes: sizes, sizeRange: sizeRange))
        }
        return CameraDescription(path: device.path, card: capability.card, driver: capability.driver,
                                 busInfo: capability.busInfo, formats: formats, controls: ControlKeeper.read(device))
    }
}

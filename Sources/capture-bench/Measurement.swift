import Foundation
import ThereminCapture
import ThereminTestSupport

/// One benchmark case: a fake camera format and size, read through one decoding path.
struct Case {
    var format: String
    var size: PixelSize
    /// For MJPEG and YUYV: ThereminCapture's own decoding (TurboJPEG, YUYVConverter; true) or libv4l2's (false).
    var convertsHere = true

    var path: String {
        switch format {
        case "MJPG": convertsHere ? "TurboJPEG" : "libv4l2"
        case "YUYV": convertsHere ? "converter" : "libv4l2"
        default: "native"
        }
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p + 0.5))]
}

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("capture-bench: \(message)\n".utf8))
    exit(status)
}

/// Median time to copy one BGR frame of `size` with memcpy: the least any capture path must spend.
func copyReference(_ size: PixelSize) -> Double {
    let count = size.width * size.height * 3
    let source = [UInt8](repeating: 7, count: count)
    var destination = [UInt8](repeating: 0, count: count)
    var samples: [Double] = []
    for _ in 0..<200 {
        let start = DispatchTime.now().uptimeNanoseconds
        destination.withUnsafeMutableBytes { to in source.withUnsafeBytes { from in to.copyMemory(from: from) } }
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    if destination[count - 1] != 7 { fail("the reference copy did not copy (memory problem?)", status: 1) }
    return median(samples)
}

/// Capture overheads (seconds from DQBUF to the BGR frame posted, on the capture thread) of `frames` frames read
/// from `fake` through `benchCase`'s path, and the size of the frames it made. Each stream starts over at the
/// fake's frame 0, so two paths read the same frames.
func measure(_ benchCase: Case, on fake: FakeCamera, frames: Int) -> (samples: [Double], frameSize: PixelSize) {
    var samples: [Double] = []
    do {
        var configuration = V4L2Camera.Configuration(device: fake.devicePath, size: benchCase.size)
        configuration.convertsHere = benchCase.convertsHere
        let camera = try V4L2Camera(configuration)
        defer { camera.close() }
        _ = try camera.nextFrame()
        _ = camera.drainCaptureOverheads() // the first frames pay for mapping and page faults
        while samples.count < frames {
            _ = try camera.nextFrame()
            samples += camera.drainCaptureOverheads()
        }
        return (Array(samples.prefix(frames)), camera.size)
    } catch {
        fail("\(error)", status: 1)
    }
}

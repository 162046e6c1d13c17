// capture-bench: capture overhead per frame, from DQBUF until the BGR frame is in Swift's hands, measured on the
// capture thread of a real V4L2Camera reading the fake camera (FUSE; needs root and /dev/fuse).
//
// Usage: capture-bench [--frames N]     (default 300 frames per case)
import Foundation
import ThereminCapture
import ThereminTestSupport

struct Case {
    var format: String
    var size: PixelSize
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

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("capture-bench: \(message)\n".utf8))
    exit(status)
}

var frames = 300
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--frames":
        guard let text = arguments.popFirst(), let value = Int(text), (10...100_000).contains(value) else {
            fail("--frames needs a number from 10 to 100000. See 'capture-bench --help'.", status: 2)
        }
        frames = value
    case "--help", "-h":
        print("usage: capture-bench [--frames N]\nCapture overhead per frame (DQBUF to BGR Frame) from the fake camera.")
        exit(0)
    default:
        fail("unknown option \(argument). See 'capture-bench --help'.", status: 2)
    }
}

let cases = [Case(format: "YUYV", size: PixelSize(width: 640, height: 480)),
             Case(format: "YUYV", size: PixelSize(width: 1280, height: 720)),
             Case(format: "BGR3", size: PixelSize(width: 640, height: 480)),
             Case(format: "BGR3", size: PixelSize(width: 1280, height: 720))]

print("capture overhead per frame: DQBUF (libv4l2 converts to BGR24) + copy into a Frame + QBUF, on the capture")
print("thread; \(frames) frames per case from the fake camera at 100 fps; reference: memcpy of one BGR frame")
print("")
print("camera format  size        median     p90        memcpy ref  ratio")
var goalMedian: Double?
for benchCase in cases {
    var options = FakeCamera.Options()
    options.pixelFormats = [benchCase.format]
    options.sizes = [(benchCase.size.width, benchCase.size.height)]
    options.rates = [100]
    let fake: FakeCamera
    do {
        fake = try FakeCamera.start(options)
    } catch {
        fail("\(error)", status: 1)
    }
    defer { fake.stop() }
    var samples: [Double] = []
    do {
        let camera = try V4L2Camera(.init(device: fake.devicePath, size: benchCase.size))
        defer { camera.close() }
        _ = try camera.nextFrame()
        _ = camera.drainCaptureOverheads() // the first frames pay for mapping and page faults
        while samples.count < frames {
            _ = try camera.nextFrame()
            samples += camera.drainCaptureOverheads()
        }
    } catch {
        fail("\(error)", status: 1)
    }
    samples = Array(samples.prefix(frames))
    let reference = copyReference(benchCase.size)
    let middle = median(samples)
    if benchCase.format == "YUYV" && benchCase.size == PixelSize(width: 640, height: 480) { goalMedian = middle }
    func ms(_ seconds: Double) -> String { String(format: "%7.3f ms", seconds * 1000) }
    print("\(benchCase.format.padding(toLength: 15, withPad: " ", startingAt: 0))"
        + "\(benchCase.size.description.padding(toLength: 12, withPad: " ", startingAt: 0))"
        + "\(ms(middle)) \(ms(percentile(samples, 0.9)))  \(ms(reference))  \(String(format: "%5.1fx", middle / reference))")
}
if let goalMedian {
    print("")
    print("goal: under 1 ms at 640x480 (YUYV converted by libv4l2): \(goalMedian < 0.001 ? "met" : "NOT met")"
        + String(format: " (%.3f ms)", goalMedian * 1000))
}

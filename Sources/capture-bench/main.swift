// capture-bench: capture overhead per frame, from DQBUF until the BGR frame is in Swift's hands, measured on the
// capture thread of a real V4L2Camera reading the fake camera (FUSE; needs root and /dev/fuse). MJPEG is measured
// both ways on the same frames: decoded by TurboJPEG in ThereminCapture, and converted by libv4l2.
//
// Usage: capture-bench [--frames N]     (default 300 frames per case)
//        capture-bench --convert-yuyv WxH  (a filter: raw YUYV frames on stdin, BGR24 frames as theremin's capture
//                                           path makes them on stdout; measure-live's reference pictures)
import Foundation
import ThereminCapture
import ThereminTestSupport

var frames = 300
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--frames":
        guard let text = arguments.popFirst(), let value = Int(text), (10...100_000).contains(value) else {
            fail("--frames needs a number from 10 to 100000. See 'capture-bench --help'.", status: 2)
        }
        frames = value
    case "--convert-yuyv":
        guard let text = arguments.popFirst(), let size = PixelSize(parsing: text), size.width % 2 == 0 else {
            fail("--convert-yuyv needs an even-width size such as 640x480. See 'capture-bench --help'.", status: 2)
        }
        exit(convertYUYVStream(size))
    case "--help", "-h":
        print("usage: capture-bench [--frames N]\nCapture overhead per frame (DQBUF to BGR Frame) from the fake camera;"
            + "\nMJPEG decoded by TurboJPEG beside libv4l2's conversion of the same frames."
            + "\n       capture-bench --convert-yuyv WxH < frames.yuyv > frames.bgr"
            + "\nConverts raw YUYV frames to BGR24 as the capture path does (limited range, BT.601).")
        exit(0)
    default:
        fail("unknown option \(argument). See 'capture-bench --help'.", status: 2)
    }
}

let vga = PixelSize(width: 640, height: 480)
let hd = PixelSize(width: 1280, height: 720)
/// The MJPEG frames show the corpus clip when it is there: real pictures cost more to decode than the pattern.
let clip = TestMedia.corpus?.appendingPathComponent("video/mediapipe_selfie_segmentation_web.mp4").path
let mjpegPicture = clip.map { "the selfie clip (\(URL(fileURLWithPath: $0).lastPathComponent))" } ?? "the test pattern"

print("capture overhead per frame: DQBUF + conversion or decoding into a BGR Frame + QBUF, on the capture thread;")
print("\(frames) frames per case from the fake camera; raw formats at 100 fps (pattern), MJPEG at 60 fps showing")
print("\(mjpegPicture); reference: memcpy of one BGR frame of the camera's size")
print("")
print("camera format  size        path       frame       median     p90        memcpy ref  ratio")

func fakeCamera(_ format: String, _ size: PixelSize) -> FakeCamera {
    var options = FakeCamera.Options()
    options.pixelFormats = [format]
    options.sizes = [(size.width, size.height)]
    options.rates = format == "MJPG" ? [60] : [100]
    if format == "MJPG" { options.video = clip }
    do {
        return try FakeCamera.start(options)
    } catch {
        fail("\(error)", status: 1)
    }
}

func report(_ benchCase: Case, _ samples: [Double], _ frameSize: PixelSize) -> Double {
    let reference = copyReference(benchCase.size)
    let middle = median(samples)
    func ms(_ seconds: Double) -> String { String(format: "%7.3f ms", seconds * 1000) }
    func column(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
    print(column(benchCase.format, 15) + column(benchCase.size.description, 12) + column(benchCase.path, 11)
        + column(frameSize.description, 12) + "\(ms(middle)) \(ms(percentile(samples, 0.9)))  \(ms(reference))  "
        + String(format: "%5.1fx", middle / reference))
    return middle
}

var goals: [String] = []
for size in [vga, hd] {
    let fake = fakeCamera("BGR3", size)
    let benchCase = Case(format: "BGR3", size: size)
    let measured = measure(benchCase, on: fake, frames: frames)
    _ = report(benchCase, measured.samples, measured.frameSize)
    fake.stop()
}

/// Both paths of `format` on one fake camera, alternating in two rounds so that the machine's load falls on both
/// alike; the medians of ThereminCapture's own path and of libv4l2's.
@MainActor
func compareConversions(_ format: String, _ size: PixelSize) -> (own: Double, libv4l2: Double) {
    let fake = fakeCamera(format, size)
    let paths = [Case(format: format, size: size, convertsHere: true), Case(format: format, size: size, convertsHere: false)]
    var samples: [[Double]] = [[], []]
    var frameSizes = [size, size]
    for _ in 0..<2 {
        for (index, path) in paths.enumerated() {
            let measured = measure(path, on: fake, frames: (frames + 1) / 2)
            samples[index] += measured.samples
            frameSizes[index] = measured.frameSize
        }
    }
    fake.stop()
    return (report(paths[0], samples[0], frameSizes[0]), report(paths[1], samples[1], frameSizes[1]))
}

for size in [vga, hd] {
    let yuyv = compareConversions("YUYV", size)
    if size == vga {
        goals.append("YUYV 640x480 (limited-range converter) under 1 ms: \(yuyv.own < 0.001 ? "met" : "NOT met")"
            + String(format: " (%.3f ms; libv4l2 %.3f ms)", yuyv.own * 1000, yuyv.libv4l2 * 1000))
    }
}
for (size, goal) in [(vga, 0.0015), (hd, 0.003)] {
    let mjpeg = compareConversions("MJPG", size)
    goals.append("MJPEG \(size) to a tracker-ready BGR frame (TurboJPEG) at most \(String(format: "%.1f", goal * 1000)) ms: "
        + "\(mjpeg.own <= goal ? "met" : "NOT met")" + String(format: " (%.3f ms; libv4l2 %.3f ms, %.1fx faster)",
                                                            mjpeg.own * 1000, mjpeg.libv4l2 * 1000, mjpeg.libv4l2 / mjpeg.own))
}
print("")
for goal in goals { print("goal: \(goal)") }

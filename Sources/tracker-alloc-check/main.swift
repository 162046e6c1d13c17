// Allocation check for the tracker's per-frame path: tracks every frame of a clip through the C API, counting the
// heap allocations made inside each call (MallocCounter replaces the malloc family in this executable). After the
// first frames (warm-up: OpenCV's and XNNPACK's lazily made buffers), no frame may allocate: neither one that only
// follows the hand (crop, landmark model, region) nor one where the palm detector searches (whole frame and a far
// search tile, suppression, landmark tries); they are counted separately. A deliberate allocation runs as a control:
// it must be caught, or the counter itself is broken.
// Prints the counts; exit 0 when no frame allocated and the control did, 1 otherwise, 77 when counting is unavailable
// (sanitizer builds), 2 for bad arguments or an unreadable clip or models.
// Usage: tracker-alloc-check CLIP MODELS_DIR   (Tests/ThereminTrackingTests/TrackerAllocationTests.swift runs it)
import CHandTracker
import Foundation
import MallocCounter
import ThereminCore
import ThereminTracking
import ThereminVideo

/// The text of a C message buffer, up to its terminating zero.
func messageText(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("tracker-alloc-check: \(message)\n".utf8))
    exit(2)
}

guard CommandLine.arguments.count == 3 else { fail("usage: tracker-alloc-check CLIP MODELS_DIR") }
guard theremin_malloc_counter_available() != 0 else {
    print("tracker-alloc-check: allocation counting is unavailable in a sanitizer build")
    exit(77)
}
let warmUp = 5
var frames: [Frame] = []
do {
    let source = try VideoFileSource(path: CommandLine.arguments[1])
    while let frame = try source.nextFrame() { frames.append(frame) }
} catch {
    fail("\(error)")
}
guard frames.count > warmUp else { fail("\(CommandLine.arguments[1]) has only \(frames.count) frames") }
let models = ModelFiles(directory: CommandLine.arguments[2])
th_set_num_threads(1)
var options = th_default_options()
options.threads = 1
var tracker: OpaquePointer?
var message = [CChar](repeating: 0, count: 512)
guard th_tracker_create(models.palmDetector, models.handLandmarks, &options, &tracker, &message, message.count) == TH_OK,
      let tracker else { fail(messageText(message)) }

var tracking = (frames: 0, allocations: UInt64(0))
var detecting = (frames: 0, allocations: UInt64(0))
// Every slot, as the pipeline asks for them; the buffer is made before counting starts.
var hands = [th_hand](repeating: th_hand(), count: Int(TH_MAX_HANDS))
var slots: Int32 = 0
for (index, frame) in frames.enumerated() {
    let (status, count) = frame.pixels.withUnsafeBufferPointer { pixels in
        hands.withUnsafeMutableBufferPointer { hands -> (th_status, UInt64) in
            theremin_malloc_counter_begin()
            let status = th_tracker_process_hands_bgr(tracker, pixels.baseAddress, Int32(frame.width),
                                                      Int32(frame.height), frame.bytesPerRow, hands.baseAddress,
                                                      Int32(hands.count), &slots, nil, 0)
            return (status, theremin_malloc_counter_end())
        }
    }
    guard status == TH_OK else { fail("frame \(index): \(th_status_name(status).map { String(cString: $0) } ?? "")") }
    guard index >= warmUp else { continue }
    // The detector's passes are the same in every slot.
    if hands[0].detector_ran != 0 {
        detecting.frames += 1
        detecting.allocations += count
    } else {
        tracking.frames += 1
        tracking.allocations += count
    }
}
th_tracker_destroy(tracker)

theremin_malloc_counter_begin()
let control = malloc(64)
let controlCount = theremin_malloc_counter_end()
free(control)

print("tracking frames: \(tracking.frames), \(tracking.allocations) allocation(s)")
print("detector frames: \(detecting.frames), \(detecting.allocations) allocation(s)")
print("control: \(controlCount) allocation(s)")
exit(tracking.allocations == 0 && detecting.allocations == 0 && controlCount > 0 ? 0 : 1)

import Foundation
import Synchronization
import ThereminCore

/// Renders a scheduled performance into a sound file as fast as the machine allows. The same schedule always gives
/// the same file, byte for byte.
///
/// Synthesis and writing run side by side: a render thread fills blocks of the two channels while the calling
/// thread lays out, converts and writes the previous ones (the conversion to 24-bit and the kernel's copy cost
/// about as much as the voice), so on two cores a render takes the longer of the two instead of their sum. Blocks
/// are handed over in order through a fixed ring, so the file is the same as a one-thread render's.
public enum OfflineRender {
    /// Frames per block, and blocks in flight between the two threads.
    static let blockFrames = 32_768
    static let ringBlocks = 6

    /// - Parameters:
    ///   - renderer: the performance to render (runs to its end).
    ///   - writer: the destination; finished (renamed into place) on success, discarded on failure.
    ///   - progress: called now and then with the fraction done.
    public static func run(_ renderer: ScheduledRenderer, into writer: SoundFileWriter,
                           progress: (Double) -> Void = { _ in }) throws {
        try run(renderer, totalFrames: renderer.totalFrames, into: writer, progress: progress)
    }

    /// Renders `totalFrames` frames of any renderer (e.g. a `StereoMixer` over a scheduled performance and a
    /// backing track) into `writer`, in stereo (mono files get the average).
    public static func run(_ renderer: BlockRenderer, totalFrames: Int, into writer: SoundFileWriter,
                           progress: (Double) -> Void = { _ in }) throws {
        let ring = BlockRing(blocks: ringBlocks, frames: blockFrames)
        // The renderer is handed to the render thread and not touched here until that thread has left (finish()).
        let handoff = RendererHandoff(renderer: renderer)
        let producer = Thread {
            ring.produce(totalFrames: totalFrames) { left, right, frames in
                handoff.renderer.renderStereo(left: left, right: right, frames: frames)
            }
        }
        producer.name = "theremin-offline-render"
        producer.start()
        var written = 0
        var blocks = 0
        do {
            while written < totalFrames {
                try ring.consume { left, right, frames in try writer.write(left: left, right: right, frames: frames) }
                written += min(blockFrames, totalFrames - written)
                blocks += 1
                if blocks % 16 == 0 { progress(Double(written) / Double(max(1, totalFrames))) }
            }
            ring.finish()
            progress(1)
            try writer.finish()
        } catch {
            ring.finish()
            writer.discard()
            throw error
        }
    }
}

/// A renderer owned by the render thread for the length of a render.
private struct RendererHandoff: @unchecked Sendable {
    let renderer: BlockRenderer
}

/// The fixed ring of two-channel blocks between the render thread and the writing thread: `free` counts slots the
/// renderer may fill, `filled` slots the writer may take, so each side waits only when the other is a whole ring
/// behind. Every slot is allocated up front.
final class BlockRing: @unchecked Sendable {
    private let frames: Int
    /// Each slot: `frames` left samples, then `frames` right ones.
    private let slots: [UnsafeMutablePointer<Float>]
    /// Frames in each slot: written by the renderer before `filled.signal()`, read by the writer after its wait.
    private let lengths: UnsafeMutablePointer<Int>
    private let free: DispatchSemaphore
    private let filled = DispatchSemaphore(value: 0)
    private let producerDone = DispatchSemaphore(value: 0)
    /// Set by the writer to make the renderer stop early (a write failed); read by the renderer between blocks.
    private let cancelled = Atomic<Bool>(false)
    private var readIndex = 0
    /// Set by the writer's first `finish()`; the writer alone reads and writes it.
    private var finished = false

    init(blocks: Int, frames: Int) {
        self.frames = frames
        slots = (0..<blocks).map { _ in
            let slot = UnsafeMutablePointer<Float>.allocate(capacity: 2 * frames)
            slot.initialize(repeating: 0, count: 2 * frames)
            return slot
        }
        lengths = .allocate(capacity: blocks)
        lengths.initialize(repeating: 0, count: blocks)
        free = DispatchSemaphore(value: blocks)
    }

    deinit {
        for slot in slots { slot.deallocate() }
        lengths.deallocate()
    }

    /// The render thread: fills slot after slot (left, right, frames) until `totalFrames` are rendered or the
    /// writer gave up.
    func produce(totalFrames: Int,
                 render: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, Int) -> Void) {
        var rendered = 0
        var index = 0
        while rendered < totalFrames {
            free.wait()
            if cancelled.load(ordering: .acquiring) { break }
            let count = min(frames, totalFrames - rendered)
            render(slots[index], slots[index] + frames, count)
            lengths[index] = count
            rendered += count
            index = (index + 1) % slots.count
            filled.signal()
        }
        producerDone.signal()
    }

    /// The writing thread: takes the next filled slot (left, right, frames), in order.
    func consume(_ body: (UnsafePointer<Float>, UnsafePointer<Float>, Int) throws -> Void) rethrows {
        filled.wait()
        defer {
            readIndex = (readIndex + 1) % slots.count
            free.signal()
        }
        try body(slots[readIndex], slots[readIndex] + frames, lengths[readIndex])
    }

    /// Stops the render thread (if it is still going) and waits for it to leave. Safe to call again (the writer's
    /// error path calls it after a finished render whose file could not be completed).
    func finish() {
        guard !finished else { return }
        finished = true
        cancelled.store(true, ordering: .releasing)
        free.signal()
        producerDone.wait()
        // Give back every slot the renderer took and the writer never returned (a write failed, e.g. a full disk):
        // libdispatch traps when a semaphore is freed below the value it was made with. A value above it is fine.
        for _ in 0...slots.count { free.signal() }
    }
}

import ThereminCore

/// Memory-mapped streaming on an open, configured device: the buffers, STREAMON/OFF, and turning a dequeued
/// buffer into a `Frame` (copied or decoded out, so the buffer goes straight back to the driver).
final class V4L2Stream: @unchecked Sendable {
    private struct MappedBuffer {
        var address: UnsafeRawPointer
        var length: Int
    }

    let device: V4L2Device
    let conversion: FrameConversion
    private var buffers: [MappedBuffer] = []
    private var streaming = false

    /// Allocates and maps `bufferCount` buffers, queues them all and starts streaming.
    init(device: V4L2Device, conversion: FrameConversion, bufferCount: Int) throws(V4L2Error) {
        self.device = device
        self.conversion = conversion
        do throws(V4L2Error) {
            let granted = try device.requestBuffers(bufferCount)
            guard granted >= 2 else {
                throw V4L2Error(kind: .failed, operation: .requestBuffers, device: device.path,
                                detail: "the driver granted \(granted) buffers, at least 2 are needed")
            }
            for index in 0..<granted {
                let location = try device.locateBuffer(index)
                buffers.append(MappedBuffer(address: try device.map(location), length: location.length))
                try device.queueBuffer(index)
            }
            try device.streamOn()
            streaming = true
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// STREAMOFF, unmap and free the buffers; safe to call more than once and after the device vanished.
    func stop() {
        if streaming { try? device.streamOff() }
        streaming = false
        for buffer in buffers { device.unmap(buffer.address, length: buffer.length) }
        if !buffers.isEmpty { _ = try? device.requestBuffers(0) }
        buffers = []
    }

    /// The result of one dequeue.
    enum Dequeued {
        case frame(Frame)
        /// The driver flagged the buffer, delivered it short, or its JPEG would not decode; it went back to the
        /// driver unused.
        case damaged
        /// No buffer was ready after all (EAGAIN).
        case none
        /// A frame off the tracking rate's grid (`keep` said no): back to the driver unconverted.
        case skipped
    }

    /// Dequeues the oldest filled buffer, turns it into a `Frame` stamped with the buffer's capture time, and
    /// queues the buffer again. A frame whose driver sequence number `keep` refuses goes back unconverted.
    func dequeue(keep: (UInt64) -> Bool = { _ in true }) throws(V4L2Error) -> Dequeued {
        guard let filled = try device.dequeueBuffer() else { return .none }
        guard keep(UInt64(filled.sequence)) else {
            try device.queueBuffer(filled.index)
            return .skipped
        }
        let start = MonotonicClock.now()
        var pixels: [UInt8]?
        if filled.index < buffers.count, !filled.damaged, filled.bytesUsed <= buffers[filled.index].length {
            pixels = conversion.pixels(from: UnsafeRawBufferPointer(start: buffers[filled.index].address,
                                                                    count: filled.bytesUsed))
        }
        try device.queueBuffer(filled.index)
        guard let pixels else { return .damaged }
        let size = conversion.frameSize
        var frame = Frame(width: size.width, height: size.height, bytesPerRow: conversion.frameBytesPerRow,
                          pixels: pixels, captureTime: filled.monotonicTimestamp ?? MonotonicClock.now(),
                          sequence: UInt64(filled.sequence))
        frame.layout = conversion.layout
        frame.preparation = MonotonicClock.now() - start
        return .frame(frame)
    }
}

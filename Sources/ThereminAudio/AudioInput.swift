import Foundation
import ThereminCore

/// Listens on an ALSA capture device (for the tuner): blocking reads of mono float samples, whatever the device
/// granted (float or 16-bit, one or more channels, which are averaged). Overruns — the reader falling behind — are
/// recovered and counted, never fatal.
public final class AudioInput {
    public let pcm: ALSAPCM
    public var format: AudioFormat { pcm.format }
    private var interleavedFloat: [Float]
    private var interleavedInt16: [Int16]
    public private(set) var overruns = 0

    /// Opens `device` for capture (48 kHz mono float preferred).
    /// - Throws: `ALSAError` when the device cannot be opened or refuses every usable format.
    public init(device: String, sampleRate: Int = 48_000, periodFrames: Int = 1_024) throws(ALSAError) {
        let request = PlaybackRequest(device: device, sampleRate: sampleRate, channels: 1, periodFrames: periodFrames, periods: 4)
        pcm = try ALSAPCM(request: request, direction: .capture)
        let capacity = pcm.format.periodFrames * pcm.format.channels
        interleavedFloat = [Float](repeating: 0, count: capacity)
        interleavedInt16 = [Int16](repeating: 0, count: capacity)
        if let handle = pcm.pcm {
            let stream = PCMStream(handle: handle)
            stream.setBlocking(true)
            let started = stream.start()
            if started < 0 {
                throw ALSAError(operation: "start capture", code: started, device: device, direction: .capture)
            }
        }
    }

    /// Reads up to one period of mono samples into `output` (which must hold `format.periodFrames`), waiting for
    /// the device. Returns how many were read.
    /// - Throws: `ALSAError` when the device fails and cannot be recovered (unplugged, …).
    public func read(into output: UnsafeMutablePointer<Float>, maxFrames: Int) throws(ALSAError) -> Int {
        guard let handle = pcm.pcm else { return 0 }
        let stream = PCMStream(handle: handle)
        let channels = format.channels
        let frames = min(maxFrames, format.periodFrames)
        while true {
            let result: Int
            switch format.sampleFormat {
            case .float32:
                result = interleavedFloat.withUnsafeMutableBytes { bytes in
                    bytes.baseAddress.map { stream.read(into: $0, frames: frames) } ?? 0
                }
            case .int16:
                result = interleavedInt16.withUnsafeMutableBytes { bytes in
                    bytes.baseAddress.map { stream.read(into: $0, frames: frames) } ?? 0
                }
            }
            if result < 0 {
                switch XrunRecovery.recover(handle, after: Int32(result)) {
                case .retry:
                    continue
                case .recovered(let overrun):
                    if overrun { overruns += 1 }
                    _ = stream.start()  // a prepared capture stream waits to be started
                    continue
                case .recoveryFailed(let code):
                    throw inputError("recover from overrun", code)
                case .failed(let code):
                    throw inputError("read", code)
                }
            }
            let got = Int(result)
            switch format.sampleFormat {
            case .float32:
                for frame in 0..<got {
                    var sum: Float = 0
                    for channel in 0..<channels { sum += interleavedFloat[frame * channels + channel] }
                    output[frame] = sum / Float(channels)
                }
            case .int16:
                for frame in 0..<got {
                    var sum: Float = 0
                    for channel in 0..<channels { sum += Float(interleavedInt16[frame * channels + channel]) / 32_768 }
                    output[frame] = sum / Float(channels)
                }
            }
            return got
        }
    }

    private func inputError(_ operation: String, _ code: Int32) -> ALSAError {
        ALSAError(operation: operation, code: code, device: pcm.device, direction: .capture)
    }

    /// Stops capturing and closes the device.
    public func close() {
        pcm.close()
    }
}

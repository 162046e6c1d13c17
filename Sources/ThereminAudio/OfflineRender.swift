import ThereminCore

/// Renders a scheduled performance into a sound file as fast as the machine allows. The same schedule always gives
/// the same file, byte for byte.
public enum OfflineRender {
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
        let block = 4_096
        let channels = writer.channels
        var left = [Float](repeating: 0, count: block)
        var right = [Float](repeating: 0, count: block)
        var interleaved = [Float](repeating: 0, count: block * channels)
        var blocks = 0
        var rendered = 0
        do {
            while rendered < totalFrames {
                let frames = min(block, totalFrames - rendered)
                left.withUnsafeMutableBufferPointer { l in
                    right.withUnsafeMutableBufferPointer { r in
                        interleaved.withUnsafeMutableBufferPointer { out in
                            guard let lb = l.baseAddress, let rb = r.baseAddress, let ob = out.baseAddress else { return }
                            renderer.renderStereo(left: lb, right: rb, frames: frames)
                            ChannelLayout.interleave(left: lb, right: rb, frames: frames, channels: channels, into: ob)
                        }
                    }
                }
                try interleaved.withUnsafeBufferPointer { try writer.write(UnsafeBufferPointer(rebasing: $0[0..<(frames * channels)])) }
                rendered += frames
                blocks += 1
                if blocks % 64 == 0 { progress(Double(rendered) / Double(max(1, totalFrames))) }
            }
            progress(1)
            try writer.finish()
        } catch {
            writer.discard()
            throw error
        }
    }
}

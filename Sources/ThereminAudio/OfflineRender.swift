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
        let block = 4_096
        let channels = writer.channels
        var mono = [Float](repeating: 0, count: block)
        var interleaved = [Float](repeating: 0, count: block * channels)
        var blocks = 0
        do {
            while !renderer.isFinished {
                let frames = min(block, renderer.totalFrames - renderer.renderedFrames)
                mono.withUnsafeMutableBufferPointer { buffer in
                    if let base = buffer.baseAddress { renderer.render(into: base, frames: frames) }
                }
                for frame in 0..<frames {
                    for channel in 0..<channels { interleaved[frame * channels + channel] = mono[frame] }
                }
                try interleaved.withUnsafeBufferPointer { try writer.write(UnsafeBufferPointer(rebasing: $0[0..<(frames * channels)])) }
                blocks += 1
                if blocks % 64 == 0 { progress(Double(renderer.renderedFrames) / Double(max(1, renderer.totalFrames))) }
            }
            progress(1)
            try writer.finish()
        } catch {
            writer.discard()
            throw error
        }
    }
}

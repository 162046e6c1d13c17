import ThereminCore

/// A sound file as the session's render destination: rendered and written side by side (`OfflineRender`).
extension SoundFileWriter: RenderDestination {
    public func render(_ mix: BlockRenderer, totalFrames: Int, progress: (Double) -> Void) throws {
        try OfflineRender.run(mix, totalFrames: totalFrames, into: self, progress: progress)
    }
}

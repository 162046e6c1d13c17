import Foundation

/// The looper's state in words, the same on the terminal line and in the preview: what it is doing, the layers
/// and where the loop is.
public enum LoopText {
    /// Nil while the looper is empty (nothing to say).
    public static func describe(_ status: LoopStatus?) -> String? {
        guard let status else { return nil }
        let layers = status.layers == 1 ? "1 layer" : "\(status.layers) layers"
        let place = String(format: "%.1f/%.1f s", status.position, status.length)
        switch status.state {
        case .empty:
            return nil
        case .recording:
            return String(format: "loop: recording %.1f s (l closes it)", status.length)
        case .playing:
            let full = status.full ? " (full: u to undo one)" : ""
            return "loop: playing \(layers) \(place)\(full)"
        case .overdubbing:
            return "loop: overdubbing layer \(status.layers) \(place)"
        }
    }
}

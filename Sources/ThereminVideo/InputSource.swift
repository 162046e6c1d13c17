import Foundation
import ThereminCore

/// Opens what `--input PATH` names: a folder or an image file becomes an `ImageSource`, anything else a
/// `VideoFileSource`.
public enum InputSource {
    /// Opens `path` as images or video, by what it is.
    /// - Throws: `VideoError` when it cannot be read or decoded.
    public static func open(_ path: String) throws(VideoError) -> FrameSource {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists && (isDirectory.boolValue || ImageSource.isImagePath(path)) {
            return try ImageSource(path: path)
        }
        return try VideoFileSource(path: path)
    }

    /// Whether frames from `source` are unrelated pictures that the tracker should treat one by one.
    public static func framesAreIndependent(_ source: FrameSource) -> Bool {
        (source as? ImageSource)?.framesAreIndependent ?? false
    }
}

import CVisionLoader

/// Why libtheremin-vision.so could not be loaded and what to do, for each module's "library missing" error.
public enum VisionLibrary {
    /// "cannot load libtheremin-vision.so: " and the loader's reason for each path tried.
    public static var failure: String { String(cString: theremin_vision_failure()) }
    /// The remedy clause (reinstall, or point THEREMIN_VISION_LIBRARY at the library).
    public static var remedy: String { String(cString: theremin_vision_remedy()) }
}

import Foundation

/// What the environment says about the display, and whether a preview window can be opened there.
public struct DisplayEnvironment: Sendable, Equatable {
    /// `DISPLAY`, the X server.
    public var display: String?
    /// `WAYLAND_DISPLAY`.
    public var waylandDisplay: String?
    /// `QT_QPA_PLATFORM`: OpenCV's windows are Qt windows on Debian, and Qt picks its platform from it.
    public var qtPlatform: String?

    public init(display: String?, waylandDisplay: String? = nil, qtPlatform: String? = nil) {
        self.display = display
        self.waylandDisplay = waylandDisplay
        self.qtPlatform = qtPlatform
    }

    /// The environment this process runs in.
    public static var current: DisplayEnvironment {
        let variables = ProcessInfo.processInfo.environment
        return DisplayEnvironment(display: variables["DISPLAY"], waylandDisplay: variables["WAYLAND_DISPLAY"],
                                  qtPlatform: variables["QT_QPA_PLATFORM"])
    }

    /// Checks, without touching the GUI toolkit (Qt aborts the process when it cannot reach its display), that a
    /// window can be opened: an X display that accepts a connection, or a Qt platform that needs none.
    /// - Throws: `PreviewError` of kind `.noDisplay` saying what is missing.
    public func check() throws(PreviewError) {
        try PreviewCalls.checkDisplay(display: display, waylandDisplay: waylandDisplay, qtPlatform: qtPlatform)
    }
}

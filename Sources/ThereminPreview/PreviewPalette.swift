/// The preview's colours. Lines and text are bright with a dark outline, so they read over any camera picture.
public enum PreviewPalette {}

// Public to the report's plot, which draws in the same colours.
public extension PreviewPalette {
    /// A natural note's line and label.
    static let naturalLine = Color(grey: 235)
    /// A sharp's line and label: a cooler, dimmer white, like the black keys standing back.
    static let sharpLine = Color(red: 150, green: 190, blue: 235)
    /// C and A lines (or the scale's root): the landmarks.
    static let emphasizedLine = Color(red: 255, green: 196, blue: 40)
    /// The note being played.
    static let playingLine = Color(red: 90, green: 255, blue: 120)
    static let outline = Color.black
    /// The playing box from the calibration, and the calibration's readings.
    static let box = Color(red: 60, green: 200, blue: 255)
    static let panel = Color.black
    static let panelOpacity = 0.58
    static let text = Color(grey: 240)
    static let dimText = Color(grey: 175)
    /// A hand the player lock ignores: a dim outline.
    static let ignoredHand = Color(grey: 200)
    static let ignoredOpacity = 0.45
    static let title = Color(red: 255, green: 196, blue: 40)
    static let inTune = Color(red: 90, green: 255, blue: 120)
    static let nearlyInTune = Color(red: 255, green: 220, blue: 60)
    static let outOfTune = Color(red: 255, green: 140, blue: 60)
    static let level = Color(red: 90, green: 220, blue: 120)
    static let muted = Color(red: 220, green: 40, blue: 40)
    static let paused = Color(red: 230, green: 170, blue: 20)
    static let warning = Color(red: 255, green: 150, blue: 50)
    static let failure = Color(red: 255, green: 80, blue: 70)
    static let waitingBackground = Color(grey: 32)
}

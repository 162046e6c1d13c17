/// The tune `theremin --demo` plays: the theme of Beethoven's "Ode to Joy" (public domain), in C so it lies inside
/// the default range (A3–A4), phrased as a thereminist would: re-articulated repeated notes, glides, vibrato on the long notes.
public enum DemoTune {
    public static let score = """
        E4 E4 F4 G4 | G4 F4 E4 D4 | C4 C4 D4 E4 | E4:1.5~ D4:0.5 D4:2~ | r:0.5
        E4 E4 F4 G4 | G4 F4 E4 D4 | C4 C4 D4 E4 | D4:1.5~ C4:0.5 C4:2~ | r:0.5
        D4 D4 E4 C4 | D4 E4:0.5 F4:0.5 /E4 C4 | D4 E4:0.5 F4:0.5 /E4 D4 | C4 D4 /G4 /E4:2~ | r:0.5
        E4 E4 F4 G4 | G4 F4 E4 D4 | C4 C4 D4 E4 | D4:1.5~ C4:0.5 /C4:2~
        """
    public static let tempo = 88.0
    /// The tune's name, as the demo says it and its score is titled.
    public static let title = "Ode to Joy (Beethoven)"

    /// The parsed tune. The score is fixed and a test holds it to parsing, so this throws only if it is broken.
    public static func tune() throws(TuneError) -> Tune {
        try Tune(score, tempo: tempo)
    }
}

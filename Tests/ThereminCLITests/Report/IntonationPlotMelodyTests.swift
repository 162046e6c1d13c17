import XCTest
import ThereminCore
import ThereminPreview
import ThereminTestSupport
@testable import ThereminCLI

/// `--plot` of a take played along with a score: the melody's notes as bands under the pitch, coloured by their
/// points, where the score put them.
final class IntonationPlotMelodyTests: XCTestCase {
    func testTheMelodyIsDrawnWhereTheScorePutsItColouredByItsPoints() throws {
        let score = try Score(text: "tempo 60\nC4 E4 G4\n", named: "melody")
        // From t = 1 s: C4 in tune, E4 40 cents flat, G4 never played.
        let trace = IntonationTraces.trace([.absent(seconds: 1), .hold(midi: 60, cents: 0, seconds: 1),
                                            .hold(midi: 64, cents: -40, seconds: 1), .absent(seconds: 1)])
        let plan = ReplayPlan(trace: trace, mapper: ControlMapper(), sampleRate: 48_000, tail: 0)
        let judged = PlayAlongScore(score: score, pitch: PlayedPitch(plan: plan, voice: VoiceSettings(pitchGlide: 1)), start: 1)
        let points = plan.pitchPoints
        let settings = IntonationSettings()
        let plot = IntonationPlot(report: IntonationReport(points: points, settings: settings), points: points,
                                  settings: settings, title: "melody",
                                  melody: IntonationPlot.Melody(judged, firstBeat: 1, traceStart: plan.startTime))
        let canvas = plot.draw()
        XCTAssertNil(canvas.problem)
        let band = { (midi: Int) in plot.row(midi: Double(midi)) - 2 }
        XCTAssertEqual(canvas.pixel(x: plot.column(time: 1.0) + 1, y: band(60)), PreviewPalette.inTune, "C4's start")
        XCTAssertLessThan(judged.notes[1].points, 80)
        XCTAssertEqual(canvas.pixel(x: plot.column(time: 2.0) + 1, y: band(64)), IntonationPlot.colour(points: judged.notes[1].points),
                       "E4 played 40 cents flat")
        XCTAssertNotEqual(canvas.pixel(x: plot.column(time: 2.0) + 1, y: band(64)), PreviewPalette.inTune)
        XCTAssertEqual(canvas.pixel(x: plot.column(time: 3.0) + 1, y: band(67)), PreviewPalette.outOfTune, "G4 missed")
        XCTAssertEqual(canvas.pixel(x: plot.column(time: 3.5), y: band(67)),
                       IntonationPlot.dim(IntonationPlot.dim(PreviewPalette.outOfTune)), "inside G4's band")
        XCTAssertEqual(canvas.pixel(x: plot.column(time: 0.5), y: band(60)), IntonationPlot.background,
                       "nothing due before the first beat")
    }
}

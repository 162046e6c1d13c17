import XCTest
import ThereminCore
import ThereminPreview
import ThereminTestSupport
import ThereminVideo
@testable import ThereminCLI

/// The report's picture, pixel by pixel at the grid rows of known notes (as the preview tests check note lines),
/// and its PNG read back through OpenCV.
final class IntonationPlotTests: XCTestCase {
    private func plot(settings: IntonationSettings = IntonationSettings()) -> IntonationPlot {
        let raw = OneEuroSettings(minCutoff: 1_000, beta: 0, derivativeCutoff: 1)
        let trace = IntonationTraces.trace(IntonationTraces.practicePerformance)
        let points = ReplayPlan(trace: trace, mapper: ControlMapper(smoothing: raw), sampleRate: 48_000, tail: 0).pitchPoints
        let report = IntonationReport(points: points, settings: settings)
        return IntonationPlot(report: report, points: points, settings: settings, title: "test")
    }

    func testNoteLinesHoldsAndLevelSitWhereTheFiguresSay() {
        let plot = plot()
        let canvas = plot.draw()
        XCTAssertNil(canvas.problem)
        // During the stretch without a hand (3.3–3.8 s) only the grid is drawn.
        let silent = plot.column(time: 3.55)
        XCTAssertEqual(canvas.pixel(x: silent, y: plot.row(midi: 60)), PreviewPalette.emphasizedLine, "C4: a landmark")
        XCTAssertEqual(canvas.pixel(x: silent, y: plot.row(midi: 62)), IntonationPlot.dim(PreviewPalette.naturalLine), "D4")
        XCTAssertEqual(canvas.pixel(x: silent, y: plot.row(midi: 63)), IntonationPlot.dim(PreviewPalette.sharpLine), "D#4")
        XCTAssertEqual(canvas.pixel(x: silent, y: plot.row(midi: 61) + 5), IntonationPlot.background, "between lines")
        XCTAssertEqual(canvas.pixel(x: silent, y: IntonationPlot.levelBottom - 2), IntonationPlot.background, "no level")
        // The holds: C4 +7 in the in-tune colour, E4 -18 in the nearly-in-tune one, on their own pitch rows.
        XCTAssertEqual(canvas.pixel(x: plot.column(time: 0.75), y: plot.row(midi: 60.07)), PreviewPalette.inTune)
        XCTAssertEqual(canvas.pixel(x: plot.column(time: 2.5), y: plot.row(midi: 63.82)), PreviewPalette.nearlyInTune)
        XCTAssertEqual(canvas.pixel(x: plot.column(time: 2.5), y: IntonationPlot.levelBottom - 2), IntonationPlot.level)
        XCTAssertEqual(canvas.pixel(x: plot.column(time: 2.5), y: plot.row(midi: 60)), PreviewPalette.emphasizedLine,
                       "C4's line is untouched while E4 is held")
    }

    func testAScaleDrawsItsNotesStronglyAndTheRestFaintly() {
        let plot = plot(settings: IntonationSettings(scale: .major, root: 7))
        let canvas = plot.draw()
        let silent = plot.column(time: 3.55)
        XCTAssertEqual(canvas.pixel(x: silent, y: plot.row(midi: 67)), PreviewPalette.emphasizedLine, "G4: the root")
        XCTAssertEqual(canvas.pixel(x: silent, y: plot.row(midi: 66)), PreviewPalette.naturalLine, "F#4 is in G major")
        XCTAssertEqual(canvas.pixel(x: silent, y: plot.row(midi: 65)), IntonationPlot.outsideScale, "F4 is not")
    }

    func testThePNGReadsBackAsThePicture() throws {
        let canvas = plot().draw()
        let folder = try temporaryFolder(prefix: "plot")
        let url = folder.url.appendingPathComponent("plot.png")
        try Data(try canvas.pngData()).write(to: url)
        let source = try ImageSource(path: url.path)
        XCTAssertEqual(source.frameSize.width, IntonationPlot.width)
        XCTAssertEqual(source.frameSize.height, IntonationPlot.height)
        let frame = try XCTUnwrap(try source.nextFrame())
        XCTAssertEqual(frame.pixels.count, canvas.image.pixels.count)
        XCTAssertTrue(frame.pixels == canvas.image.pixels, "PNG is lossless")
    }
}

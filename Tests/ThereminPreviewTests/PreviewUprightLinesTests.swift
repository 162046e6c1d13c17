import XCTest
import ThereminCore
import ThereminSession
import ThereminTestSupport
@testable import ThereminPreview

/// The antenna law on the preview: upright note lines at the columns where the mapping plays each note, crowding
/// towards the rod, labels in the band along the bottom; the calibration's sideways readings drawn upright.
final class PreviewUprightLinesTests: XCTestCase {
    private let layout = PreviewLayout(width: 640, height: 480)

    private func compose(_ status: LiveStatus, configure: (inout LiveSnapshot) -> Void = { _ in }) -> RGBPicture? {
        var snapshot = LiveSnapshot()
        snapshot.frame = Frame(width: 640, height: 480, bytesPerRow: 640 * 3,
                               pixels: [UInt8](repeating: 128, count: 640 * 480 * 3), captureTime: 0, sequence: 1)
        configure(&snapshot)
        let canvas = PreviewComposer().compose(snapshot, status: status)
        XCTAssertNil(canvas.problem)
        return RGBPicture(width: canvas.width, height: canvas.height, bytesPerRow: canvas.image.bytesPerRow,
                          bgr: canvas.image.pixels)
    }

    private func antennaStatus(_ side: AntennaField.Side = .right) -> LiveStatus {
        var status = LiveStatus()
        status.mapping = Mapping(law: .antenna, low: 220, high: 440, antenna: AntennaField(side: side))
        return status
    }

    /// The columns where runs of note-line colour start along a row.
    private func lineStarts(in picture: RGBPicture, row: Int, colors: [RGBPicture.Pixel]) -> [Int] {
        var starts: [Int] = []
        var previous = false
        for x in 0..<picture.width {
            let matched = colors.contains { $0.distance(to: picture.pixel(x, row)) <= 24 }
            if matched && !previous { starts.append(x) }
            previous = matched
        }
        return starts
    }

    func testLinesStandUprightAtTheMappingsColumns() throws {
        for side in AntennaField.Side.allCases {
            let status = antennaStatus(side)
            let picture = try XCTUnwrap(compose(status))
            let lines = PreviewNoteLines.lines(for: status, calibration: .identity)
            XCTAssertEqual(lines.count, 13)
            XCTAssertTrue(lines.allSatisfy(\.isVertical))
            let composer = PreviewComposer()
            let colors = lines.map { NoteLineChecks.pixel(composer.color(of: $0, playing: nil)) }
            let expected = lines.map { layout.column(forX: $0.position) }.sorted()
            // Across the middle of the picture, clear of the readout (top right) and the keys (bottom right).
            for row in [200, 240, 280] {
                XCTAssertEqual(lineStarts(in: picture, row: row, colors: colors), expected, "\(side), row \(row)")
            }
            // Nearer the rod, the notes crowd together.
            let ordered = side == .right ? expected : expected.reversed()
            let gaps = zip(ordered, ordered.dropFirst()).map { abs($1 - $0) }
            XCTAssertGreaterThan(gaps.first ?? 0, 3 * (gaps.last ?? 0), "\(side): far apart away from the rod")
            // Labels sit in the band along the bottom, under their lines, in their colours.
            let labels = PreviewComposer.labels(for: lines, playing: nil, layout: layout)
            XCTAssertTrue(labels.contains { $0.line.name == "A3" } && labels.contains { $0.line.name == "C4" })
            for label in labels {
                XCTAssertGreaterThan(label.rows.lowerBound, layout.uprightLineEnd(), label.line.name)
                let column = layout.column(forX: label.line.position)
                XCTAssertTrue(label.columns.contains(column) || column < 4 || column > layout.width - 4, label.line.name)
                let color = NoteLineChecks.pixel(composer.color(of: label.line, playing: nil))
                var count = 0
                for y in label.rows {
                    for x in label.columns where picture.pixel(x, y).distance(to: color) <= 40 { count += 1 }
                }
                XCTAssertGreaterThanOrEqual(count, 6, "label \(label.line.name)")
            }
            for (a, b) in zip(labels, labels.dropFirst()) { XCTAssertFalse(a.columns.overlaps(b.columns)) }
        }
    }

    func testTheHeightLawsKeepTheirHorizontalLines() throws {
        let picture = try XCTUnwrap(compose(LiveStatus()))
        let lines = PreviewNoteLines.lines(for: LiveStatus(), calibration: .identity)
        XCTAssertFalse(lines.contains(where: \.isVertical))
        XCTAssertEqual(NoteLineChecks.problems(in: picture, lines: lines, layout: layout), [])
    }

    func testSidewaysReadingsAreDrawnUprightWhileCalibrating() throws {
        let box = NoteLineChecks.pixel(PreviewPalette.box)
        let status = GuidedCalibration.Status(target: .loudest, phase: .countdown(remaining: 1),
                                              readings: [GuidedCalibration.Target.highestPitch.rawValue: 0.85],
                                              antenna: .right)
        let picture = try XCTUnwrap(compose(antennaStatus()) { $0.calibrationStatus = status })
        let column = layout.column(forX: 0.85)
        XCTAssertLessThanOrEqual(picture.pixel(column, 200).distance(to: box), 24, "the highest note's position, upright")
        XCTAssertGreaterThan(picture.pixel(300, layout.row(forY: 0.85)).distance(to: box), 24, "not across")
        XCTAssertTrue(status.instruction.contains("near the antenna") == false, "the volume steps need no antenna hint")
        let pitchStep = GuidedCalibration.Status(target: .highestPitch, phase: .countdown(remaining: 1), readings: [:],
                                                 antenna: .right)
        XCTAssertTrue(pitchStep.instruction.contains("near the antenna, right"), pitchStep.instruction)
    }
}

import XCTest
import ThereminCore
import ThereminSession
import ThereminTestSupport
@testable import ThereminPreview

/// The composed picture, checked pixel by pixel without a window: lines at the mapping's rows, labels, the box,
/// the hand, tags and prompts.
final class PreviewComposerTests: XCTestCase {
    private let layout = PreviewLayout(width: 640, height: 480)

    private func greyFrame(width: Int = 640, height: Int = 480, leftRed: Bool = false) -> Frame {
        var pixels = [UInt8](repeating: 128, count: width * height * 3)
        if leftRed {
            for y in 0..<height {
                for x in 0..<(width / 2) {
                    let offset = (y * width + x) * 3
                    pixels[offset] = 0
                    pixels[offset + 1] = 0
                    pixels[offset + 2] = 220
                }
            }
        }
        return Frame(width: width, height: height, bytesPerRow: width * 3, pixels: pixels, captureTime: 0, sequence: 1)
    }

    private func compose(_ status: LiveStatus = LiveStatus(), configure: (inout LiveSnapshot) -> Void = { _ in })
        -> (RGBPicture, Canvas) {
        var snapshot = LiveSnapshot()
        snapshot.frame = greyFrame()
        configure(&snapshot)
        let canvas = PreviewComposer().compose(snapshot, status: status)
        XCTAssertNil(canvas.problem)
        guard let picture = RGBPicture(width: canvas.width, height: canvas.height, bytesPerRow: canvas.image.bytesPerRow,
                                       bgr: canvas.image.pixels) else {
            XCTFail("the canvas is malformed")
            return (RGBPicture(width: 1, height: 1, rgb: [0, 0, 0])!, canvas)
        }
        return (picture, canvas)
    }

    func testChromaticLinesSitOnTheMappingsRowsWithLabels() {
        let (picture, _) = compose()
        let lines = PreviewNoteLines.lines(for: LiveStatus(), calibration: .identity)
        XCTAssertEqual(lines.count, 13)
        let problems = NoteLineChecks.problems(in: picture, lines: lines, layout: layout)
        XCTAssertEqual(problems, [], problems.joined(separator: "\n"))
    }

    func testExponentialLawSpacesTheSemitonesEvenly() {
        var status = LiveStatus()
        status.mapping = Mapping(law: .exponential, low: 220, high: 440)
        let (picture, _) = compose(status)
        let lines = PreviewNoteLines.lines(for: status, calibration: .identity)
        let rows = lines.map { layout.row(forY: $0.position) }
        XCTAssertEqual(rows, [479] + stride(from: 440, through: 0, by: -40), "twelve equal steps; A3 on the last row")
        let problems = NoteLineChecks.problems(in: picture, lines: lines, layout: layout)
        XCTAssertEqual(problems, [], problems.joined(separator: "\n"))
    }

    func testAScaleDrawsOnlyItsNotes() {
        var status = LiveStatus()
        status.scale = .major
        let (picture, _) = compose(status)
        let lines = PreviewNoteLines.lines(for: status, calibration: .identity)
        XCTAssertEqual(lines.count, 8)
        let problems = NoteLineChecks.problems(in: picture, lines: lines, layout: layout)
        XCTAssertEqual(problems, [], problems.joined(separator: "\n"))
    }

    func testTheChecksNoticeALineOffItsRow() {
        // The checks themselves: the default picture measured against a different range must fail.
        let (picture, _) = compose()
        var other = LiveStatus()
        other.mapping = Mapping(law: .linear, low: 220, high: 450)
        let problems = NoteLineChecks.problems(in: picture, lines: PreviewNoteLines.lines(for: other, calibration: .identity),
                                               layout: layout)
        XCTAssertFalse(problems.isEmpty)
    }

    func testCalibratedLinesAndThePlayingBox() {
        let box = Calibration(pitchTop: 0.25, pitchBottom: 0.75, volumeQuiet: 0.2, volumeLoud: 0.8)
        let (picture, _) = compose { $0.calibration = box }
        let lines = PreviewNoteLines.lines(for: LiveStatus(), calibration: box)
        XCTAssertEqual(layout.row(forY: lines[0].position), 360)
        XCTAssertEqual(layout.row(forY: lines[12].position), 120)
        // The box's sides: in the box colour, at the calibration's columns, between two note lines.
        let boxColor = NoteLineChecks.pixel(PreviewPalette.box)
        let between = (layout.row(forY: lines[5].position) + layout.row(forY: lines[6].position)) / 2
        XCTAssertLessThanOrEqual(picture.pixel(layout.column(forX: 0.2), between).distance(to: boxColor), 24)
        XCTAssertLessThanOrEqual(picture.pixel(layout.column(forX: 0.8), between).distance(to: boxColor), 24)
        XCTAssertGreaterThan(picture.pixel(layout.column(forX: 0.5), between).distance(to: boxColor), 24)
        let problems = NoteLineChecks.problems(in: picture, lines: lines, layout: layout)
        XCTAssertEqual(problems.filter { !$0.contains("between") }, [], problems.joined(separator: "\n"))
    }

    func testThePlayedNotesLineIsHighlighted() {
        var status = LiveStatus()
        status.frequency = 262
        status.level = 0.6
        let (picture, _) = compose(status)
        let lines = PreviewNoteLines.lines(for: status, calibration: .identity)
        let problems = NoteLineChecks.problems(in: picture, lines: lines, layout: layout, playing: 60)
        XCTAssertEqual(problems, [], problems.joined(separator: "\n"))
        let c4 = lines.first { $0.name == "C4" }.map { layout.row(forY: $0.position) } ?? 0
        XCTAssertLessThanOrEqual(picture.pixel(320, c4).distance(to: NoteLineChecks.pixel(PreviewPalette.playingLine)), 24)
    }

    func testTheCameraPictureIsMirrored() {
        var snapshot = LiveSnapshot()
        snapshot.frame = greyFrame(leftRed: true)
        let canvas = PreviewComposer().compose(snapshot, status: LiveStatus())
        let bottomRight = canvas.pixel(x: 500, y: 300), bottomLeft = canvas.pixel(x: 200, y: 300)
        XCTAssertGreaterThan(Int(bottomRight.red), 200, "the camera's left is the picture's right")
        XCTAssertLessThan(Int(bottomLeft.red), 140)
    }

    func testTheFingertipIsMarkedWhereTheSampleIs() {
        let (picture, _) = compose { $0.sample = HandSample(t: 0, x: 0.3, y: 0.55, present: true) }
        let tip = RGBPicture.Pixel(red: 255, green: 230, blue: 0)  // the tracker overlay's fingertip colour
        XCTAssertLessThanOrEqual(picture.pixel(layout.column(forX: 0.3), layout.row(forY: 0.55)).distance(to: tip), 30)
        XCTAssertGreaterThan(picture.pixel(layout.column(forX: 0.7), layout.row(forY: 0.55)).distance(to: tip), 30)
    }

    /// The sample carries the tracker's region to the display (it used to be dropped on the way).
    func testTheTrackingRegionIsDrawnFromTheSample() {
        // The overlay draws a region with the landmarks (all 21 at the fingertip here, out of the way).
        var hand = HandSample(t: 0, x: 0.5, y: 0.45, present: true,
                              landmarks: Array(repeating: NormalizedPoint(x: 0.5, y: 0.45), count: 21))
        hand.region = HandRegion(centerX: 0.5, centerY: 0.5, width: 0.4, height: 0.4, rotation: 0)
        let (picture, _) = compose { $0.sample = hand }
        let regionColour = RGBPicture.Pixel(red: 40, green: 160, blue: 200)  // the tracker overlay's region colour
        func nearest(_ x: Double, _ y: Double) -> Int {
            let column = layout.column(forX: x), row = layout.row(forY: y)
            return (-2...2).flatMap { dy in (-2...2).map { dx in (dx, dy) } }
                .map { picture.pixel(column + $0.0, row + $0.1).distance(to: regionColour) }.min() ?? .max
        }
        // A one-pixel anti-aliased line: at least half way from the grey picture (88 away) to the colour.
        XCTAssertLessThanOrEqual(nearest(0.5, 0.3), 44, "the region's top edge")
        XCTAssertLessThanOrEqual(nearest(0.3, 0.6), 44, "its left edge")
        XCTAssertGreaterThan(nearest(0.45, 0.62), 80, "inside it, the picture")
        hand.region = nil
        let (without, _) = compose { $0.sample = hand }
        let column = layout.column(forX: 0.5), row = layout.row(forY: 0.3)
        XCTAssertGreaterThan(without.pixel(column, row).distance(to: regionColour), 80, "no region, no rectangle")
    }

    func testEveryHandSeenIsDrawn() {
        let left = HandSample(t: 0, x: 0.25, y: 0.4, present: true), right = HandSample(t: 0, x: 0.6, y: 0.7, present: true)
        let (picture, _) = compose { $0.hands = HandsFrame(t: 0, hands: [left, right]) }
        let tip = RGBPicture.Pixel(red: 255, green: 230, blue: 0)
        for hand in [left, right] {
            XCTAssertLessThanOrEqual(picture.pixel(layout.column(forX: hand.x), layout.row(forY: hand.y)).distance(to: tip), 30)
        }
    }

    func testAHandThePlayerLockIgnoresIsOutlinedDimly() {
        // A hand at the right with its landmarks spanning x 0.7-0.85, y 0.3-0.6: its outline lies just outside that.
        var landmarks = (0..<21).map { NormalizedPoint(x: 0.7 + 0.15 * Double($0 % 5) / 4, y: 0.3 + 0.3 * Double($0) / 20) }
        landmarks[8] = NormalizedPoint(x: 0.75, y: 0.3)
        let hand = HandSample(t: 0, x: 0.75, y: 0.3, present: true, landmarks: landmarks)
        let (plain, _) = compose()
        let (marked, _) = compose {
            $0.ignoredHands = [PlayerLock.IgnoredHand(slot: 1, hand: hand, reason: .outsideArea)]
        }
        let left = layout.column(forX: 0.7 - 0.02), middle = layout.row(forY: 0.45)
        let before = plain.pixel(left, middle), after = marked.pixel(left, middle)
        XCTAssertGreaterThan(after.distance(to: before), 20, "the outline's left edge")
        XCTAssertLessThan(after.distance(to: RGBPicture.Pixel(red: 255, green: 255, blue: 255)),
                          before.distance(to: RGBPicture.Pixel(red: 255, green: 255, blue: 255)), "lighter, not a colour")
        // Not drawn as a playing hand: no fingertip marker.
        let tip = RGBPicture.Pixel(red: 255, green: 230, blue: 0)
        XCTAssertGreaterThan(marked.pixel(layout.column(forX: 0.75), layout.row(forY: 0.3)).distance(to: tip), 100)
        // Inside the outline the picture is untouched.
        let inside = (layout.column(forX: 0.8), layout.row(forY: 0.5))
        XCTAssertEqual(marked.pixel(inside.0, inside.1).distance(to: plain.pixel(inside.0, inside.1)), 0)
    }

    func testMutedAndPausedAreShown() {
        let colourCount = { (picture: RGBPicture, color: Color) -> Int in
            var count = 0
            for y in 0..<picture.height {
                for x in 0..<picture.width
                where picture.pixel(x, y).distance(to: NoteLineChecks.pixel(color)) <= 10 { count += 1 }
            }
            return count
        }
        let (plain, _) = compose()
        var status = LiveStatus()
        status.muted = true
        status.paused = true
        let (flagged, _) = compose(status)
        XCTAssertEqual(colourCount(plain, PreviewPalette.muted), 0)
        XCTAssertGreaterThan(colourCount(flagged, PreviewPalette.muted), 100, "the MUTED tag")
        XCTAssertGreaterThan(colourCount(flagged, PreviewPalette.paused), colourCount(plain, PreviewPalette.paused) + 100,
                             "the PAUSED tag and banner")
    }

    /// The looper's state heads the key help in the bottom right corner: red while recording, green while playing,
    /// nothing while empty.
    func testTheLoopStateIsShownOverTheKeys() {
        func count(_ picture: RGBPicture, _ color: Color) -> Int {
            var count = 0
            for y in (picture.height / 2)..<picture.height {
                for x in (picture.width / 2)..<picture.width
                where picture.pixel(x, y).distance(to: NoteLineChecks.pixel(color)) <= 10 { count += 1 }
            }
            return count
        }
        var status = LiveStatus()
        status.loop = LoopStatus()
        let (empty, _) = compose(status)
        status.loop?.state = .recording
        status.loop?.layers = 1
        status.loop?.length = 2.5
        let (recording, _) = compose(status)
        status.loop?.state = .playing
        status.loop?.position = 0.25
        let (quarter, _) = compose(status)
        status.loop?.position = 2.25
        let (playing, _) = compose(status)
        XCTAssertEqual(count(empty, PreviewPalette.muted), 0)
        XCTAssertEqual(count(empty, PreviewPalette.inTune), 0)
        XCTAssertGreaterThan(count(recording, PreviewPalette.muted), 50, "recording, in red")
        XCTAssertGreaterThan(count(playing, PreviewPalette.inTune), 50, "playing, in green")
        XCTAssertGreaterThan(count(playing, PreviewPalette.inTune), count(quarter, PreviewPalette.inTune) + 100,
                             "the position bar fills as the loop goes round")
        XCTAssertEqual(LoopText.describe(status.loop), "loop: playing 1 layer 2.2/2.5 s")
    }

    func testTheAbsentHandNoticeIsShown() {
        let (plain, _) = compose()
        var status = LiveStatus()
        status.handNotice = AbsentHandNotice.message
        let (noticed, _) = compose(status)
        var changed = 0
        for y in 0..<plain.height {
            for x in 0..<plain.width where plain.pixel(x, y).distance(to: noticed.pixel(x, y)) > 30 { changed += 1 }
        }
        XCTAssertGreaterThan(changed, 2_000, "a panel with the advice to come closer or calibrate")
    }

    /// A guided calibration fed with a hand held still at height `y` until `time` seconds.
    private func calibration(heldAt y: Double, until time: Double) -> GuidedCalibration.Status {
        var guided = GuidedCalibration()
        var status = guided.status
        for step in 0...Int(time * 30) {
            status = guided.feed(HandSample(t: Double(step) / 30, x: 0.5, y: y, present: true))
        }
        return status
    }

    func testCalibrationPromptReplacesTheLinesAndAvoidsTheHand() {
        let measuring = calibration(heldAt: 0.3, until: 3)
        XCTAssertEqual(measuring.phase, .measuring(progress: 0.5))
        let (picture, _) = compose { $0.calibrationStatus = measuring }
        let lines = PreviewNoteLines.lines(for: LiveStatus(), calibration: .identity)
        XCTAssertFalse(NoteLineChecks.problems(in: picture, lines: lines, layout: layout).isEmpty, "no note lines")
        XCTAssertLessThan(picture.pixel(320, 470).red, 100, "the prompt's panel at the bottom")
        XCTAssertEqual(picture.pixel(320, 20).red, 128, "nothing at the top")
        // Half the progress bar is filled.
        let green = NoteLineChecks.pixel(PreviewPalette.inTune)
        var filled = 0
        for x in 0..<640 where (400..<480).contains(where: { picture.pixel(x, $0).distance(to: green) <= 10 }) {
            filled += 1
        }
        let inner = Double(640 - 2 * layout.margin - 2 * layout.pixels(10))
        XCTAssertEqual(Double(filled), 0.5 * inner, accuracy: 6)

        let lowest = calibration(heldAt: 0.3, until: 4.5)
        XCTAssertEqual(lowest.target, .lowestPitch)
        let (asked, _) = compose { $0.calibrationStatus = lowest }
        XCTAssertLessThan(asked.pixel(320, 20).red, 100, "asked for the lowest note, the prompt moves to the top")
        let reading = NoteLineChecks.pixel(PreviewPalette.box)
        XCTAssertLessThanOrEqual(asked.pixel(320, layout.row(forY: 0.3)).distance(to: reading), 24,
                                 "the highest position already read is drawn")
    }

    func testACalibrationsResultShowsTheBoxAndSaysSo() {
        let done = CalibrationResultHoldTests.finished()
        guard case .done(let box) = done.phase else { return XCTFail("the calibration did not finish: \(done.phase)") }
        let (picture, _) = compose { $0.calibrationStatus = done }
        let boxColor = NoteLineChecks.pixel(PreviewPalette.box)
        XCTAssertLessThanOrEqual(picture.pixel(layout.column(forX: box.volumeQuiet), 200).distance(to: boxColor), 24)
        XCTAssertLessThanOrEqual(picture.pixel(layout.column(forX: box.volumeLoud), 200).distance(to: boxColor), 24)
        let green = NoteLineChecks.pixel(PreviewPalette.inTune)
        var words = 0
        for y in 380..<480 {
            for x in 0..<640 where picture.pixel(x, y).distance(to: green) <= 20 { words += 1 }
        }
        XCTAssertGreaterThan(words, 200, "'Calibrated: ...' in green at the bottom")
    }

    func testWaitingForTheFirstFrame() {
        let canvas = PreviewComposer().compose(LiveSnapshot(), status: LiveStatus())
        XCTAssertEqual(canvas.width, 640)
        XCTAssertEqual(canvas.height, 480)
        XCTAssertEqual(canvas.pixel(x: 100, y: 20), PreviewPalette.waitingBackground)
        XCTAssertNotEqual(canvas.pixel(x: 320, y: 240), PreviewPalette.waitingBackground, "a message in the middle")
    }

    func testLabelsNeverOverlapAndLandmarksAlwaysGetOne() {
        var status = LiveStatus()
        status.mapping = Mapping(law: .linear, low: 110, high: 880)  // three octaves: crowded at the bottom
        let lines = PreviewNoteLines.lines(for: status, calibration: .identity)
        let labels = PreviewComposer.labels(for: lines, playing: nil, layout: layout)
        XCTAssertLessThan(labels.count, lines.count, "some labels are left out")
        for (index, label) in labels.enumerated() {
            for other in labels[(index + 1)...] {
                XCTAssertFalse(label.rows.overlaps(other.rows), "\(label.line.name) and \(other.line.name) overlap")
            }
        }
        // A landmark goes without a label only where another landmark's label already stands.
        let landmarks = labels.filter(\.line.emphasized)
        for line in lines where line.emphasized && !labels.contains(where: { $0.line == line }) {
            let row = layout.row(forY: line.position)
            XCTAssertTrue(landmarks.contains { abs(($0.rows.lowerBound + $0.rows.upperBound) / 2 - row) < 20 },
                          "\(line.name) has no label and no landmark label near it")
        }
        XCTAssertGreaterThanOrEqual(landmarks.count, 5)
    }
}

import XCTest
import Foundation
import ThereminTestSupport

/// End to end: `--replay TRACE --midi-file OUT.mid --midi-mode mpe`, the file read back by Debian's `midicsv` (an SMF
/// parser independent of ours), checked for the zone, the channel rotation, the bends against the pitch played and
/// no note-on inside a legato glide.
final class MPEFileTests: BinaryTestCase {
    /// One MIDI event as midicsv prints it: `track, tick, type, fields…`.
    private struct Event {
        let tick: Int
        let type: String
        let fields: [Int]
    }

    /// Three phrases at 30 frames a second, the hand at x 0.8. The first glides through four held heights (across
    /// note boundaries: 63, 66.6, 70.2 and 58.68 semitones); the second and third hold one height each. Each hold
    /// is 8 frames, long enough for the smoothing (at --min-cutoff 100) to settle on it; the hand leaves for 3
    /// frames between phrases.
    private let phrases: [[Double]] = [[0.5, 0.4, 0.3, 0.62], [0.7], [0.2]]

    private func trace() -> (path: String, holdEnds: [[Int]]) {
        var rows = ["t,x,y,present"]
        var frame = 0
        var holdEnds: [[Int]] = []
        func time() -> String { String(format: "%.6f", Double(frame) / 30) }
        for phrase in phrases {
            var ends: [Int] = []
            for y in phrase {
                for _ in 0..<8 {
                    rows.append("\(time()),0.8,\(y),1")
                    frame += 1
                }
                ends.append((frame - 1) * 32)  // 960 ticks a second at the file's 120 bpm, 480 per quarter
            }
            holdEnds.append(ends)
            for _ in 0..<3 {
                rows.append("\(time()),,,0")
                frame += 1
            }
        }
        let path = directory.appendingPathComponent("glide.csv").path
        _ = FileManager.default.createFile(atPath: path, contents: Data((rows.joined(separator: "\n") + "\n").utf8))
        return (path, holdEnds)
    }

    private func events(_ arguments: [String]) throws -> [Event] {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/midicsv") else {
            throw XCTSkip("midicsv is not installed (Debian package midicsv)")
        }
        let out = directory.appendingPathComponent("take.mid").path
        let result = try ProcessRunner.run(binary, arguments + ["--midi-file", out, "--midi-mode", "mpe"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let csv = try ProcessRunner.run("/usr/bin/midicsv", [out])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        return csv.stdout.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count >= 3, let tick = Int(parts[1]), parts[2].hasSuffix("_c") else { return nil }
            return Event(tick: tick, type: parts[2], fields: parts.dropFirst(3).compactMap { Int($0) })
        }
    }

    func testAnMPEFileHasTheZoneRotatesChannelsAndBendsToThePitchPlayed() throws {
        let (path, holdEnds) = trace()
        let all = try events(["--replay", path, "--pitch-law", "exponential", "--low", "110", "--high", "880",
                              "--min-cutoff", "100", "--midi-slide", "pitch-x"])
        // The MPE Configuration Message first: RPN 6 on channel 1 (0 in midicsv's numbering), 15 member channels.
        let controls = all.filter { $0.type == "Control_c" }.map(\.fields)
        XCTAssertEqual(Array(controls.prefix(3)), [[0, 101, 0], [0, 100, 6], [0, 6, 15]])
        for channel in 1...15 {
            let rpn = controls.filter { $0[0] == channel }.map { [$0[1], $0[2]] }
            XCTAssertEqual(Array(rpn.prefix(3)), [[101, 0], [100, 0], [6, 48]], "±48 on member channel \(channel + 1)")
        }

        let noteOns = all.filter { $0.type == "Note_on_c" && $0.fields[2] > 0 }
        XCTAssertEqual(noteOns.map { $0.fields[0] }, [1, 2, 3], "one note a phrase, each on the next member channel")
        XCTAssertEqual(noteOns.map { $0.fields[1] }, [63, 56, 74], "the first phrase's note stays 63 through its glide")
        for (index, on) in noteOns.enumerated() {
            let channel = on.fields[0]
            let off = try XCTUnwrap(all.first { $0.tick >= on.tick && $0.type == "Note_off_c" && $0.fields[0] == channel })
            XCTAssertFalse(all.contains { $0.type == "Note_on_c" && $0.tick > on.tick && $0.tick < off.tick },
                           "no note-on inside the phrase on channel \(channel + 1)")
            // Before its note-on, on its channel: the note's pressure and its slide (x 0.8 -> 102).
            let before = all.filter { $0.tick == on.tick && $0.fields.first == channel }
            XCTAssertTrue(before.contains { $0.type == "Channel_aftertouch_c" }, "\(before)")
            XCTAssertTrue(before.contains { $0.type == "Control_c" && $0.fields == [channel, 74, 102] }, "\(before)")
            // At the end of every hold the bend plays that height's pitch, 45 + 36·(1 − y) semitones, within a cent.
            for (hold, end) in holdEnds[index].enumerated() {
                let bend = try XCTUnwrap(all.last { $0.type == "Pitch_bend_c" && $0.fields[0] == channel && $0.tick <= end })
                let heard = Double(on.fields[1]) + (Double(bend.fields[1]) - 8_192) / 8_192 * 48
                let played = 45 + 36 * (1 - phrases[index][hold])
                XCTAssertEqual(heard, played, accuracy: 0.01, "phrase \(index + 1), hold \(hold + 1)")
            }
        }
    }

    func testMPEOptionsRefuseWhatDoesNotApply() throws {
        let (path, _) = trace()
        for (options, expected) in [(["--midi-channel", "3"], "--midi-channel does not apply to --midi-mode mpe"),
                                    (["--midi-volume", "cc7"], "--midi-volume does not apply to --midi-mode mpe"),
                                    (["--midi-slide", "up"], "use off, pitch-x, volume-x, volume-y")] {
            let result = try ProcessRunner.run(binary, ["--replay", path, "--midi-file", "x.mid", "--midi-mode", "mpe"] + options)
            XCTAssertEqual(result.status, 2, "\(options): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains(expected), result.stderr)
        }
        for (options, expected) in [(["--midi-file", "x.mid", "--midi-slide", "pitch-x"], "--midi-slide needs --midi-mode mpe"),
                                    (["--midi-mode", "mpe"], "--midi-mode needs --midi-out PORT or --midi-file FILE"),
                                    (["--midi-file", "x.mid", "--midi-mode", "poly"], "use single or mpe")] {
            let result = try ProcessRunner.run(binary, ["--replay", path] + options)
            XCTAssertEqual(result.status, 2, "\(options): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(expected), result.stderr)
        }
    }
}

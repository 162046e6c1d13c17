import Foundation
import ThereminCore
import ThereminSession

/// Scores a recorded take against its score: the one `--play-along` names, or the one the take was played along
/// with (its metadata), from the first beat the take noted, or else from its first sound.
struct PlayAlongJudge {
    let score: Score
    let result: PlayAlongScore
    /// The trace time of the score's first beat.
    let firstBeat: Double
    /// How the first beat was found, when the take did not say.
    let alignment: String?

    /// nil when neither `--play-along` nor the take names a score.
    /// - Throws: `ScoreError` for the take's score that cannot be read now.
    init?(trace: Trace, pitch: PlayedPitch, settings: Settings) throws {
        let take = PlayAlongTake(trace.metadata)
        var chosen = settings.playAlong.score
        if let unpaced = settings.playAlong.unpaced, !settings.playAlong.paceGiven, let take {
            // The score named again for a take played at another pace: the take's pace.
            chosen = unpaced.paced(by: take.pace)
        }
        if chosen == nil, let take {
            do {
                let track = take.track.flatMap(ScoreTrack.init) ?? .first
                chosen = try PlayAlongSettings.score(path: take.score, track: track).paced(by: take.pace)
            } catch let error as ScoreError {
                throw ScoreError(file: error.file, line: error.line,
                                 problem: error.problem
                                     + " (the take was played along with it: give the score with --play-along SCORE)")
            }
        }
        guard let score = chosen else { return nil }
        self.score = score
        if let start = take?.start {
            firstBeat = start
            alignment = nil
        } else {
            let sound = pitch.firstSound ?? 0
            firstBeat = sound - (score.notes.first?.start ?? 0)
            alignment = String(format: "(the take does not say where the score began: its first note is taken to start at "
                               + "the first sound, %.2f s, so its lateness is not judged)", sound)
        }
        result = PlayAlongScore(score: score, pitch: pitch, start: firstBeat)
    }

    var text: String { PlayAlongText.render(result, bars: score.bars, aligned: alignment) }

    /// `--play-along` after a trace was played or written (`--replay`, the demo): how it followed the score, on
    /// stdout.
    static func say(_ trace: Trace, outputs: TraceOutputs, settings: Settings) throws {
        guard settings.playAlong.score != nil else { return }
        if let judged = try PlayAlongJudge(trace: trace, pitch: outputs.playedPitch(of: trace), settings: settings) {
            Output.out(judged.text)
        }
    }
}

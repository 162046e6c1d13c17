import Foundation
import ThereminCore

/// The play-along's part of the terminal line: the count-in's beat, then the note due with the cents off (an `=`
/// within ±15 cents), and the next note with the time until it.
enum PlayAlongLine {
    static func text(_ guide: PlayAlongGuide, _ moment: PlayAlongGuide.Moment) -> String {
        let notes = guide.score.notes
        if let beat = moment.countIn { return "count-in \(beat)/\(guide.score.beatsPerBar)" + next(notes, moment) }
        guard !moment.finished else { return "play-along over" }
        var text = ""
        if let current = moment.current {
            text = "play " + notes[current].name
            if let cents = moment.cents { text += " " + IntonationText.cents(cents) + (moment.inTune ? " =" : "") }
        } else {
            text = "rest"
        }
        return text + next(notes, moment)
    }

    private static func next(_ notes: [ScoreNote], _ moment: PlayAlongGuide.Moment) -> String {
        guard let next = moment.next else { return "" }
        return String(format: "  next %@ in %.1f s", notes[next].name, max(0, notes[next].start - moment.elapsed))
    }
}

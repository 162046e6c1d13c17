/// The columns of one hand (`x`, `y`, `present`, … with the hand's suffix), or nil where the header lacks them.
struct HandColumns {
    let suffix: String
    let present, x, y, confidence, hand, closed, acquired: Int?

    init(_ indexOf: [String: Int], suffix: String) {
        self.suffix = suffix
        present = indexOf["present" + suffix]
        x = indexOf["x" + suffix]
        y = indexOf["y" + suffix]
        confidence = indexOf["confidence" + suffix]
        hand = indexOf["hand" + suffix]
        closed = indexOf["closed" + suffix]
        acquired = indexOf["acquired" + suffix]
    }
}

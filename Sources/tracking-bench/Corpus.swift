import Foundation

/// The hand corpus (`../shared/corpus`): file lists and keypoint ground truth.
struct Corpus {
    let root: URL

    /// A ground-truth hand: 21 keypoints in pixels, with a flag for labelled ones.
    struct TruthHand {
        var points: [(x: Double, y: Double, labelled: Bool)]
    }

    func images(in folder: String) throws -> [URL] {
        let url = root.appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        return names.filter { [".jpg", ".jpeg", ".png"].contains(where: $0.lowercased().hasSuffix) }
            .sorted()
            .map { url.appendingPathComponent($0) }
    }

    func clips(in folder: String) throws -> [URL] {
        let url = root.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: url.path)
            .filter { $0.lowercased().hasSuffix(".mp4") }
            .sorted()
            .map { url.appendingPathComponent($0) }
    }

    /// The hands labelled in `image`'s JSON twin (`hands[].keypoints`: 21 `[x, y, v]`, v = 0 unlabelled).
    func truth(for image: URL) throws -> [TruthHand] {
        let file = image.deletingPathExtension().appendingPathExtension("json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
        guard let hands = (object as? [String: Any])?["hands"] as? [[String: Any]] else {
            throw BenchError("\(file.path) has no \"hands\" array")
        }
        return try hands.map { hand in
            guard let keypoints = hand["keypoints"] as? [[Double]], keypoints.count == 21,
                  keypoints.allSatisfy({ $0.count >= 3 }) else {
                throw BenchError("\(file.path): a hand without 21 [x, y, v] keypoints")
            }
            return TruthHand(points: keypoints.map { (x: $0[0], y: $0[1], labelled: $0[2] > 0) })
        }
    }
}

/// A benchmark failure: one line, exit status 2.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

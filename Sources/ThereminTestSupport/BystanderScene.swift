import Foundation
import ThereminCore

/// A stage with a bystander (issue 43), made at test time from two corpus hand photos so the corpus stays out of the
/// repository: the player's hand plays in one place; a second person's hand comes in at the side and waves, plays
/// alone while the player's hand is away, comes close to the player's when it is back; then the player leaps.
/// Frames are in camera orientation (as a webcam gives them); the player's true fingertip is known in every frame,
/// in the mirrored view the tracker reports.
public struct BystanderScene: Sendable {
    public static let width = 640
    public static let height = 480
    public static let rate = 30.0
    /// The side of each pasted hand photo, in pixels.
    public static let side = 200

    /// One hand photo and its labelled index fingertip (pixels of the photo).
    public struct Hand: Sendable {
        public var photo: Frame
        public var fingertip: (x: Double, y: Double)

        public init(photo: Frame, fingertip: (x: Double, y: Double)) {
            self.photo = photo
            self.fingertip = fingertip
        }

        /// A corpus photo with the index fingertip of its ground-truth file (`hands[0].keypoints[8]`, pixels).
        public init(photo: Frame, groundTruth: Data) throws {
            let object = try JSONSerialization.jsonObject(with: groundTruth) as? [String: Any]
            let hands = object?["hands"] as? [[String: Any]]
            guard let keypoints = hands?.first?["keypoints"] as? [[Double]],
                  keypoints.count > HandSample.fingertipLandmark, keypoints[HandSample.fingertipLandmark].count >= 2 else {
                throw FakeCameraError(description: "the ground truth holds no labelled index fingertip")
            }
            let tip = keypoints[HandSample.fingertipLandmark]
            self.init(photo: photo, fingertip: (tip[0], tip[1]))
        }
    }

    /// The photo pairs (player, bystander) of `hands_gt/` the tests and the benchmark stage.
    public static let photoPairs = [
        ("freihand_00000355", "freihand_00017620"), ("freihand_00017620", "freihand_00000355"),
        ("freihand_00050180", "onehand10k_1402"),
    ]

    /// The parts of the scene, by frame.
    public enum Part: String, Sendable, CaseIterable {
        /// The player alone.
        case solo
        /// The bystander comes in at the side while the player plays.
        case bystanderEnters
        /// The player's hand is away; the bystander waves alone.
        case bystanderAlone
        /// The player is back; the bystander's hand comes close to it and goes back.
        case passingClose
        /// The player leaps a fifth of the picture between two frames, the bystander still waving.
        case leap
    }

    /// The frames of each part (at 30 fps).
    public static let parts: [(part: Part, frames: Range<Int>)] = [
        (.solo, 0..<60), (.bystanderEnters, 60..<105), (.bystanderAlone, 105..<195), (.passingClose, 195..<285),
        (.leap, 285..<330),
    ]
    public static var frameCount: Int { parts.last?.frames.upperBound ?? 0 }

    private let player: Hand
    private let bystander: Hand
    private let background: [UInt8]

    /// - Parameters:
    ///   - player: the player's hand photo.
    ///   - bystander: the other person's.
    public init(player: Hand, bystander: Hand) {
        self.player = Self.scaled(player)
        self.bystander = Self.scaled(bystander)
        // A plain wall with a soft gradient, so the picture is not flat.
        var pixels = [UInt8](repeating: 0, count: Self.width * Self.height * 3)
        for row in 0..<Self.height {
            let grey = UInt8(100 + 50 * row / Self.height)
            for column in 0..<Self.width {
                let i = (row * Self.width + column) * 3
                pixels[i] = grey
                pixels[i + 1] = grey &+ 6
                pixels[i + 2] = grey &+ 12
            }
        }
        background = pixels
    }

    public static func part(of index: Int) -> Part? { parts.first { $0.frames.contains(index) }?.part }

    /// Where the player's photo sits in frame `index` (top-left, camera pixels), nil while the hand is away.
    public func playerPlace(_ index: Int) -> (x: Int, y: Int)? {
        let t = Double(index) / Self.rate
        switch Self.part(of: index) {
        case .bystanderAlone?, nil:
            return nil
        case .leap?:
            // Holds, then leaps down by a fifth of the picture between two frames, and holds there.
            return (360, index < 300 ? 120 : 216)
        default:
            return (Int(360 + 30 * sin(2 * .pi * 0.5 * t)), Int(120 + 50 * sin(2 * .pi * 0.7 * t)))
        }
    }

    /// Where the bystander's photo sits in frame `index`, nil before it comes in.
    public func bystanderPlace(_ index: Int) -> (x: Int, y: Int)? {
        let t = Double(index) / Self.rate
        let wave = Int(200 + 70 * sin(2 * .pi * 1.1 * t))
        switch Self.part(of: index) {
        case .solo?, nil:
            return nil
        case .passingClose?:
            // From the side until the two photos touch beside the player's hand, and back.
            let phase = Double(index - 195) / 90
            return (Int(10 + 140 * sin(.pi * phase)), wave)
        default:
            return (10, wave)
        }
    }

    /// The player's true index fingertip in frame `index`, normalized in the mirrored view; nil while away.
    public func playerFingertip(_ index: Int) -> (x: Double, y: Double)? {
        playerPlace(index).map { fingertip(of: player, at: $0) }
    }

    /// The bystander's true index fingertip in frame `index`, normalized in the mirrored view; nil before it comes.
    public func bystanderFingertip(_ index: Int) -> (x: Double, y: Double)? {
        bystanderPlace(index).map { fingertip(of: bystander, at: $0) }
    }

    /// Frame `index`, BGR in camera orientation, stamped at its time.
    public func frame(_ index: Int) -> Frame {
        var pixels = background
        if let place = bystanderPlace(index) { paste(bystander.photo, at: place, into: &pixels) }
        if let place = playerPlace(index) { paste(player.photo, at: place, into: &pixels) }
        return Frame(width: Self.width, height: Self.height, bytesPerRow: Self.width * 3, pixels: pixels,
                     captureTime: Double(index) / Self.rate, sequence: UInt64(index))
    }

    private func fingertip(of hand: Hand, at place: (x: Int, y: Int)) -> (x: Double, y: Double) {
        let x = (Double(place.x) + hand.fingertip.x) / Double(Self.width)
        return (1 - x, (Double(place.y) + hand.fingertip.y) / Double(Self.height))
    }

    private func paste(_ photo: Frame, at place: (x: Int, y: Int), into pixels: inout [UInt8]) {
        for row in 0..<photo.height where (0..<Self.height).contains(place.y + row) {
            let columns = max(0, -place.x)..<min(photo.width, Self.width - place.x)
            guard !columns.isEmpty else { continue }
            let from = row * photo.bytesPerRow + columns.lowerBound * 3
            let to = ((place.y + row) * Self.width + place.x + columns.lowerBound) * 3
            pixels.replaceSubrange(to..<(to + columns.count * 3), with: photo.pixels[from..<(from + columns.count * 3)])
        }
    }

    private static func scaled(_ hand: Hand) -> Hand {
        let small = FrameResize.resized(hand.photo, width: side, height: side, fit: .stretch)
        let (sx, sy) = (Double(side) / Double(hand.photo.width), Double(side) / Double(hand.photo.height))
        return Hand(photo: small, fingertip: (hand.fingertip.x * sx, hand.fingertip.y * sy))
    }
}

extension BystanderScene {
    /// The scene as a frame source: every frame in order, as a video file gives them.
    public final class Source: FrameSource, @unchecked Sendable {
        private let scene: BystanderScene
        private var next = 0
        public let name = "bystander scene"
        public let nominalFrameRate: Double? = BystanderScene.rate
        public let frameSize = (width: BystanderScene.width, height: BystanderScene.height)
        public var droppedFrames: Int { 0 }

        public init(_ scene: BystanderScene) { self.scene = scene }

        public func nextFrame() throws -> Frame? {
            guard next < BystanderScene.frameCount else { return nil }
            defer { next += 1 }
            return scene.frame(next)
        }

        public func close() {}
    }
}

extension BystanderScene {
    /// Writes the scene as an H.264 clip at 30 fps (near-lossless, 4:2:0 as a webcam's video is): what the built
    /// binary and the fake camera play. The raw frames go through a temporary file beside it.
    /// - Throws: `FakeCameraError` when ffmpeg is missing or fails, or the folder cannot be written.
    public func writeVideo(to video: URL) throws {
        let raw = video.deletingPathExtension().appendingPathExtension("bgr")
        guard FileManager.default.createFile(atPath: raw.path, contents: nil) else {
            throw FakeCameraError(description: "cannot write the scene's frames to \(raw.path)")
        }
        defer { try? FileManager.default.removeItem(at: raw) }
        let file = try FileHandle(forWritingTo: raw)
        for index in 0..<Self.frameCount { try file.write(contentsOf: frame(index).pixels) }
        try file.close()
        _ = try FFmpeg.run(["-y", "-f", "rawvideo", "-pix_fmt", "bgr24", "-s", "\(Self.width)x\(Self.height)",
                            "-r", String(Int(Self.rate)), "-i", raw.path, "-c:v", "libx264", "-crf", "12",
                            "-pix_fmt", "yuv420p", video.path])
    }
}

import Foundation
import XCTest

/// The "use it or skip saying why" steps that tests share: a test that needs something absent skips with a message,
/// never passes silently.
extension TestMedia {
    /// `../shared/corpus`, or a skip.
    public static func requireCorpus() throws -> URL {
        guard let corpus else { throw XCTSkip(corpusMissing) }
        return corpus
    }

    /// The selfie clip of the corpus (640×360, 225 frames, a hand in nearly all of them), or a skip.
    public static func requireSelfieClip() throws -> URL {
        try requireCorpus().appendingPathComponent("video/mediapipe_selfie_segmentation_web.mp4")
    }

    /// Skips unless the ffmpeg command is installed.
    public static func requireFFmpeg() throws {
        guard ffmpeg != nil else { throw XCTSkip(ffmpegMissing) }
    }
}

extension FakeCamera {
    /// Starts a fake camera, or skips saying why FUSE is unusable here (not root, no /dev/fuse, not built).
    public static func startOrSkip(_ options: Options) throws -> FakeCamera {
        do {
            return try start(options)
        } catch let unavailable as FakeCameraUnavailable {
            throw XCTSkip(unavailable.description)
        }
    }
}

extension ALSATestEnvironment {
    /// The configuration defining the paced test device, or a skip when its plugin is not built.
    public static func requirePacedDevice() throws -> String {
        guard let configuration = pacedDeviceConfiguration() else { throw XCTSkip(pacedDeviceMissing) }
        return configuration
    }
}

extension SmallDisk {
    /// Mounts a small file system at `path`, or skips saying why that is impossible here (not root, no tmpfs).
    public static func mountOrSkip(at path: String, size: String) throws -> SmallDisk {
        do {
            return try SmallDisk(at: path, size: size)
        } catch let unavailable as SmallDisk.Unavailable {
            throw XCTSkip(unavailable.reason)
        }
    }
}

extension JACKServer {
    /// Starts a private jackd2 (dummy driver), or skips when jackd2 is not installed.
    public static func startOrSkip(periodFrames: Int = 128) throws -> JACKServer {
        do {
            return try start(periodFrames: periodFrames)
        } catch let missing as JACKUnavailable {
            throw XCTSkip(missing.description)
        }
    }
}

extension RealtimeKitBus {
    /// Starts the tests' RealtimeKit allowing `user`, or skips saying why it cannot run here.
    public static func startOrSkip(allowing user: String) throws -> RealtimeKitBus {
        do {
            return try start(allowing: user)
        } catch let missing as RealtimeKitUnavailable {
            throw XCTSkip("RealtimeKit cannot run here: \(missing)")
        }
    }
}

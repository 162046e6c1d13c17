import CSndfile
import Foundation
import XCTest
import ThereminAudio
import ThereminTestSupport

/// Renders hand libsndfile finished 24-bit bytes (`PCM24Encoder`): the files must be the ones libsndfile makes
/// from the same float samples itself, byte for byte, clipping and rounding included.
final class SoundFileWriterTests: XCTestCase {
    /// Edge values (full scale, beyond it, infinities, values just around a 24-bit step and around libsndfile's
    /// rounding before it keeps the top three bytes), then seeded random ones over and past full scale.
    private func samples(count: Int) -> [Float] {
        var values: [Float] = [0, -0.0, 1, -1, 1.5, -1.5, .infinity, -.infinity, Float(1).nextDown, Float(-1).nextUp,
                               .leastNonzeroMagnitude, -.leastNonzeroMagnitude]
        for step in -3...3 {
            let base = Float(step) / 8_388_608  // multiples of one 24-bit step
            values += [base, base.nextUp, base.nextDown, base + 0.5 / 2_147_483_648, base - 0.5 / 2_147_483_648,
                       base + 127.5 / 2_147_483_648, base + 128.5 / 2_147_483_648]
        }
        var generator = SeededGenerator(seed: 24)
        while values.count < count { values.append(Float.random(in: -1.2...1.2, using: &generator)) }
        return values
    }

    /// What libsndfile writes for interleaved `samples` by its own float conversion (clipping on, as the writer sets).
    private func libsndfileBytes(_ samples: [Float], channels: Int, format: Int32, path: String) throws -> Data {
        var info = SF_INFO()
        info.samplerate = 48_000
        info.channels = Int32(channels)
        info.format = format
        let file = try XCTUnwrap(sf_open(path, Int32(SFM_WRITE), &info), "libsndfile cannot create \(path)")
        sf_command(file, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
        let frames = sf_count_t(samples.count / channels)
        XCTAssertEqual(samples.withUnsafeBufferPointer { sf_writef_float(file, $0.baseAddress, frames) }, frames)
        XCTAssertEqual(sf_close(file), 0)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    func testRendersAreByteForByteWhatLibsndfileWrites() throws {
        let folder = try temporaryFolder(prefix: "sound-writer")
        let left = samples(count: 20_000)
        let right = Array(left.reversed())
        let formats: [(name: String, format: Int32)] = [("wav", Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_24)),
                                                        ("aiff", Int32(SF_FORMAT_AIFF | SF_FORMAT_PCM_24))]
        for (name, format) in formats {
            for channels in [1, 2, 3] {
                let path = folder.path("ours-\(channels).\(name)")
                let writer = try SoundFileWriter(path: path, sampleRate: 48_000, channels: channels)
                // In uneven blocks, as a render hands them over.
                var start = 0
                for block in [1, 4_096, 7, 15_896] {
                    try left.withUnsafeBufferPointer { l in
                        try right.withUnsafeBufferPointer { r in
                            guard let l = l.baseAddress, let r = r.baseAddress else { return }
                            try writer.write(left: l + start, right: r + start, frames: block)
                        }
                    }
                    start += block
                }
                XCTAssertEqual(start, left.count)
                try writer.finish()
                var interleaved: [Float] = []
                for frame in left.indices {
                    switch channels {
                    case 1: interleaved.append(0.5 * (left[frame] + right[frame]))
                    default: interleaved += (0..<channels).map { $0 % 2 == 0 ? left[frame] : right[frame] }
                    }
                }
                let theirs = try libsndfileBytes(interleaved, channels: channels, format: format,
                                                 path: folder.path("theirs-\(channels).\(name)"))
                let ours = try Data(contentsOf: URL(fileURLWithPath: path))
                XCTAssertEqual(ours.count, theirs.count, "\(name), \(channels) channels")
                XCTAssertTrue(ours == theirs, "\(name), \(channels) channels: the bytes differ from libsndfile's")
            }
        }
    }

    func testFlacStillGoesThroughLibsndfilesOwnEncoder() throws {
        let folder = try temporaryFolder(prefix: "sound-writer")
        let path = folder.path("take.flac")
        let writer = try SoundFileWriter(path: path, sampleRate: 48_000, channels: 2)
        let tone = (0..<4_800).map { Float(0.5 * sin(2 * Double.pi * 440 * Double($0) / 48_000)) }
        try tone.withUnsafeBufferPointer { samples in
            guard let base = samples.baseAddress else { return }
            try writer.write(left: base, right: base, frames: samples.count)
        }
        try writer.finish()
        var info = SF_INFO()
        let file = try XCTUnwrap(sf_open(path, Int32(SFM_READ), &info))
        defer { sf_close(file) }
        XCTAssertEqual(info.format & Int32(SF_FORMAT_TYPEMASK), Int32(SF_FORMAT_FLAC))
        var back = [Float](repeating: 0, count: 2 * 4_800)
        XCTAssertEqual(back.withUnsafeMutableBufferPointer { sf_readf_float(file, $0.baseAddress, 4_800) }, 4_800)
        let worst = zip(tone, stride(from: 0, to: back.count, by: 2).map { back[$0] }).map { abs($0 - $1) }.max() ?? 1
        XCTAssertLessThan(worst, 1e-6, "24-bit FLAC reads back within a step")
    }
}

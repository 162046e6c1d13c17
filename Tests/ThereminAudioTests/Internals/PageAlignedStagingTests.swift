import XCTest
@testable import ThereminAudio

/// The staging of a sound file's bytes: every write but the last starts and ends on a page boundary of the file and
/// is whole frames, and the bytes come out as they went in, however the blocks are cut.
final class PageAlignedStagingTests: XCTestCase {
    private struct Write {
        let offset: Int
        let bytes: [UInt8]
    }

    /// Feeds `blocks` (byte counts) of a counting pattern through a staging for a file whose data starts at
    /// `dataStart`, and returns the writes it made, with their file offsets.
    private func writes(dataStart: Int, frameBytes: Int, blocks: [Int]) -> (writes: [Write], input: [UInt8]) {
        var staging = PageAlignedStaging(dataStart: dataStart, frameBytes: frameBytes)
        defer { staging.deallocate() }
        var input: [UInt8] = []
        var writes: [Write] = []
        var offset = dataStart
        let record = { (bytes: UnsafeMutablePointer<UInt8>, count: Int) in
            writes.append(Write(offset: offset, bytes: Array(UnsafeBufferPointer(start: bytes, count: count))))
            offset += count
        }
        for count in blocks {
            let room = staging.room(for: count)
            for i in 0..<count {
                room[i] = UInt8(truncatingIfNeeded: input.count &* 7 &+ 3)
                input.append(room[i])
            }
            staging.commit(count, write: record)
        }
        staging.flush(write: record)
        return (writes, input)
    }

    func testWritesAreWholePagesOfTheFileAndWholeFrames() {
        for (dataStart, frameBytes) in [(44, 6), (44, 3), (44, 9), (54, 6), (0, 6), (4_096, 6)] {
            let blocks = [6 * 32_768, frameBytes, 6 * 4_096 + frameBytes * 7, 6 * 32_768, frameBytes * 1_000]
                .map { $0 / frameBytes * frameBytes }
            let (writes, input) = writes(dataStart: dataStart, frameBytes: frameBytes, blocks: blocks)
            XCTAssertEqual(writes.flatMap(\.bytes), input, "header \(dataStart), \(frameBytes) bytes a frame: bytes changed")
            XCTAssertFalse(writes.isEmpty)
            for (index, write) in writes.enumerated() {
                XCTAssertEqual(write.bytes.count % frameBytes, 0, "write \(index) is not whole frames")
                guard index < writes.count - 1 else { continue }
                XCTAssertEqual((write.offset + write.bytes.count) % PageAlignedStaging.pageSize, 0,
                               "header \(dataStart), \(frameBytes) bytes a frame: write \(index) ends inside a page")
            }
        }
    }

    func testNothingIsHeldBackBeyondTheLastWholeRun() {
        // After the lead, each commit leaves less than one run held.
        var staging = PageAlignedStaging(dataStart: 44, frameBytes: 6)
        defer { staging.deallocate() }
        var written = 0
        for _ in 0..<5 {
            _ = staging.room(for: 196_608)
            staging.commit(196_608) { _, count in written += count }
        }
        XCTAssertEqual(staging.lead, 8_148, "44 + 8,148 = 8,192: the first page boundary at a whole frame")
        XCTAssertEqual(staging.granularity, 12_288)
        XCTAssertGreaterThan(written, 5 * 196_608 - staging.granularity)
        staging.flush { _, count in written += count }
        XCTAssertEqual(written, 5 * 196_608)
    }
}

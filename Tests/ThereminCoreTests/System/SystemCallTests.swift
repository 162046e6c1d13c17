import Foundation
import Glibc
import XCTest
import ThereminTestSupport
@testable import ThereminCore

/// The one EINTR retry: a call a signal interrupts is made again, and the file calls built on it neither fail nor
/// lose bytes when signals arrive mid-transfer.
final class SystemCallTests: XCTestCase {
    private var signals: SignalInterruptions!

    override func setUp() {
        signals = SignalInterruptions()
    }

    override func tearDown() {
        signals.restore()
    }

    private func pipe() throws -> (read: FileDescriptor, write: FileDescriptor) {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(Glibc.pipe(&ends), 0, "pipe: \(Errno.current)")
        return (FileDescriptor(owning: ends[0]), FileDescriptor(owning: ends[1]))
    }

    func testACallInterruptedBySignalsIsMadeAgainUntilItCompletes() throws {
        let (readEnd, writeEnd) = try pipe()
        let attempts = Shared(0)
        let outcome = Shared<(count: Int, byte: UInt8)?>(nil)
        let raw = readEnd.rawValue
        let reader = TestThread {
            var byte: UInt8 = 0
            let count = SystemCall.retryingInterrupts { () -> Int in
                attempts.update { $0 += 1 }
                return read(raw, &byte, 1)
            }
            outcome.current = (count, byte)
        }
        defer { reader.release() }
        let thread = try XCTUnwrap(reader.started())
        // Each signal that finds the read blocked makes it return EINTR, and the helper calls it again.
        XCTAssertTrue(waitUntil(timeout: 60) {
            _ = signals.interrupt(thread)
            return attempts.current >= 3
        }, "the read was interrupted and made again (attempts: \(attempts.current))")
        XCTAssertNil(outcome.current, "still waiting for data, not failed with EINTR")
        try [UInt8(42)].withUnsafeBytes { try writeEnd.write($0) }
        XCTAssertTrue(reader.finished(within: 30))
        let result = try XCTUnwrap(outcome.current)
        XCTAssertEqual(result.count, 1)
        XCTAssertEqual(result.byte, 42)
    }

    func testAWriteInterruptedMidwayGoesOnWithTheRest() throws {
        let (readEnd, writeEnd) = try pipe()
        // Sixty-four times a pipe's buffer: the writer blocks over and over, and a signal then makes `write` return
        // what it had written so far (a short count) or EINTR.
        let bytes = (0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 12) }
        let failure = Shared<String?>(nil)
        let writer = TestThread {
            do {
                try bytes.withUnsafeBufferPointer { (raw) throws(Errno) in try writeEnd.write(UnsafeRawBufferPointer(raw)) }
            } catch {
                failure.current = "\(error)"
            }
            writeEnd.close()
        }
        defer { writer.release() }
        let thread = try XCTUnwrap(writer.started())
        var received: [UInt8] = []
        received.reserveCapacity(bytes.count)
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        var interruptions = 0
        while true {
            // Interrupt the writer before every read: it is blocked on a full pipe most of the time.
            if signals.interrupt(thread) { interruptions += 1 }
            let count = try chunk.withUnsafeMutableBytes { try readEnd.read(into: $0) }
            if count == 0 { break }
            received += chunk.prefix(count)
        }
        XCTAssertTrue(writer.finished(within: 30))
        XCTAssertNil(failure.current, "no EINTR reached the caller")
        XCTAssertGreaterThan(interruptions, 0)
        XCTAssertEqual(received.count, bytes.count, "every byte arrived")
        XCTAssertTrue(received == bytes, "in order, none twice")
    }
}

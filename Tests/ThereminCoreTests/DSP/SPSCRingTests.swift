import XCTest
import Foundation
import ThereminCore

final class SPSCRingTests: XCTestCase {
    func testValuesCrossThreadsInOrderWithoutLoss() {
        let ring = SPSCRing<Int>(capacity: 16)
        let total = 200_000
        let producer = Thread {
            var next = 0
            while next < total {
                if ring.push(next) { next += 1 }
            }
        }
        producer.start()
        var expected = 0
        while expected < total {
            if let value = ring.pop() {
                XCTAssertEqual(value, expected)
                if value != expected { return }
                expected += 1
            }
        }
        XCTAssertNil(ring.pop())
    }

    func testFullRingRefusesAndNewestWins() {
        let ring = SPSCRing<Int>(capacity: 4)
        for i in 0..<4 { XCTAssertTrue(ring.push(i)) }
        XCTAssertFalse(ring.push(99), "a full ring drops the value")
        XCTAssertEqual(ring.popNewest(), 3)
        XCTAssertNil(ring.pop())
    }
}

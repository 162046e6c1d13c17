import ThereminCore
import XCTest

/// The tracking thread's budget: at most 80 % of its time busy, whatever its frames cost.
final class DutyBudgetTests: XCTestCase {
    func testAThreadThatCannotKeepUpRestsAFifthOfItsTime() {
        var budget = DutyBudget()
        var busy = 0.0, total = 0.0
        for _ in 0..<1000 {
            // Every frame waiting already: 26 ms of work, no idle time.
            let rest = budget.rest(busy: 0.026, idle: 0)
            busy += 0.026
            total += 0.026 + rest
        }
        XCTAssertEqual(busy / total, budget.share, accuracy: 0.01)
    }

    func testAThreadWithIdleTimeNeverRests() {
        var budget = DutyBudget()
        for _ in 0..<1000 {
            XCTAssertEqual(budget.rest(busy: 0.012, idle: 0.0047), 0, "12 ms of each 16.7")
        }
    }

    func testSavedIdleTimeAllowsOnlyAShortBurst() {
        var budget = DutyBudget()
        _ = budget.rest(busy: 0, idle: 60)  // a minute with nothing to do
        var burst = 0.0
        while budget.rest(busy: 0.01, idle: 0) == 0 { burst += 0.01 }
        XCTAssertLessThanOrEqual(burst, budget.savings / (1 - budget.share) + 0.01)
    }
}

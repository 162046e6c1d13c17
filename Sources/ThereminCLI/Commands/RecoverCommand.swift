import Foundation
import ThereminCore

/// `theremin --recover TAKE`: completes a take an interrupted run left (TakeRecovery) and says what it did.
struct RecoverCommand {
    let take: String

    func run() throws -> Outcome {
        let result = try TakeRecovery.recover(take)
        let length = String(format: "%d frames, %.1f s", result.frames, result.duration)
        guard result.changed else {
            Output.out("\(take) is complete (\(length)): nothing to recover\n")
            return .succeeded
        }
        var what = "recovered \(result.path): \(length)"
        if result.trimmedBytes > 0 { what += "; cut the torn last row (\(result.trimmedBytes) bytes)" }
        if result.path != take { what += "; moved from \(take)" }
        Output.out(what + "\n")
        return .succeeded
    }
}

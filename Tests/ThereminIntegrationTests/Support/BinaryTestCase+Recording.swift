import Foundation
import ThereminTestSupport

extension BinaryTestCase {
    /// Waits (up to `timeout`) until the live take `name` in the test's folder holds more than `lines` rows.
    func waitForRecording(named name: String, lines: Int, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            // A live take is written under its own name as it is played.
            if let text = try? String(contentsOfFile: directory.appendingPathComponent(name).path, encoding: .utf8),
               text.split(separator: "\n").filter({ !$0.hasPrefix("#") }).count > lines {
                return true
            }
            usleep(50_000)
        }
        return false
    }
}

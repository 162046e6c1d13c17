import ThereminCore
import ThereminOSC

/// `--osc-out` for every mode: opens the sender (a bad address is one line and no OSC: playing goes on), and at the
/// end says what was sent with `--stats` or `--verbose`.
enum OSCOut {
    /// Bundles queued before the oldest is dropped: about a second at 60 fps.
    static let queueCapacity = 64

    static func open(_ settings: Settings) -> OSCSender? {
        guard let endpoint = settings.oscOut else { return nil }
        do {
            let sender = try OSCSender(endpoint: endpoint, capacity: queueCapacity) { Output.err("theremin: \($0)\n") }
            sender.start()
            if settings.verbose { Output.err("OSC out: UDP to \(endpoint)\n") }
            return sender
        } catch {
            Output.err("theremin: \(error)\n")
            return nil
        }
    }

    /// Sends what is queued and stops the sender; prints its figures when asked.
    static func finish(_ sender: OSCSender?, settings: Settings) {
        guard let sender else { return }
        sender.finish()
        guard settings.stats || settings.verbose else { return }
        Output.err(summary(sender.statistics, endpoint: sender.endpoint) + "\n")
    }

    /// One line: bundles, messages (per second while sending), drops, failures, and the age of a bundle when sent
    /// (capture → sent) when it was measured.
    static func summary(_ stats: OSCSender.Statistics, endpoint: OSCEndpoint) -> String {
        var line = "OSC out to \(endpoint): \(stats.bundles) bundles, \(stats.messages) messages"
        if let rate = stats.messagesPerSecond { line += String(format: " (%.0f/s)", rate) }
        line += ", \(stats.dropped) dropped, \(stats.failed) failed"
        if !stats.ages.isEmpty {
            let sorted = stats.ages.sorted()
            line += String(format: "; age capture→sent median %.1f ms, p95 %.1f ms",
                           LatencyStats.percentile(sorted, 0.5) * 1000, LatencyStats.percentile(sorted, 0.95) * 1000)
        }
        return line
    }
}

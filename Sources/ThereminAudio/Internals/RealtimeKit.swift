import CDBus
import Foundation

/// RealtimeKit (`org.freedesktop.RealtimeKit1` on the system bus): real-time scheduling for the threads of a user who
/// may not set it, as PipeWire and JACK clients get theirs. rtkit grants `SCHED_RR` up to its MaxRealtimePriority (20
/// by default) to a process whose `RLIMIT_RTTIME` is at most its RTTimeUSecMax, so a runaway real-time thread is
/// killed by the kernel instead of freezing the machine; polkit decides who may ask (an active local session may).
enum RealtimeKit {
    static let service = "org.freedesktop.RealtimeKit1"
    static let path = "/org/freedesktop/RealtimeKit1"

    /// How long a call may take: the first one may start rtkit by bus activation.
    private static let timeoutMilliseconds: Int32 = 3_000

    /// Asks rtkit to make the calling thread `SCHED_RR`, `below` priorities under the highest rtkit allows (the
    /// tracking thread stays under the audio thread), and checks that the kernel now says so.
    /// - Returns: the priority granted, or why not in a few words.
    static func makeCurrentThreadRealtime(below: Int32) -> Result<Int32, Refusal> {
        let bus: SystemBus
        do {
            bus = try SystemBus()
        } catch {
            return .failure(Refusal("no system D-Bus"))
        }
        do {
            guard let maximum = try property(bus, "MaxRealtimePriority"), maximum >= 1,
                  let rttime = try property(bus, "RTTimeUSecMax"), rttime > 0 else {
                return .failure(Refusal("RealtimeKit did not say its limits"))
            }
            if let problem = ThreadCalls.limitRealtimeRunTime(microseconds: UInt64(rttime)) { return .failure(Refusal(problem)) }
            let priority = max(1, Int32(clamping: maximum) - below)
            _ = try bus.call(service, path, service, "MakeThreadRealtime",
                             [.uint64(theremin_thread_id()), .uint32(UInt32(priority))],
                             timeoutMilliseconds: timeoutMilliseconds)
            guard ThreadCalls.currentThreadIsRoundRobin else {
                return .failure(Refusal("RealtimeKit answered, but the thread is not SCHED_RR"))
            }
            return .success(priority)
        } catch let failure {
            if failure.isMissingService { return .failure(Refusal("RealtimeKit is not on the system bus")) }
            return .failure(Refusal("RealtimeKit refused (\(failure.message))"))
        }
    }

    /// Why rtkit did not make the thread real-time, in a few words for `-v` and the notice.
    struct Refusal: Error, Equatable {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    private static func property(_ bus: SystemBus, _ name: String) throws(SystemBus.Failure) -> Int64? {
        try bus.call(service, path, "org.freedesktop.DBus.Properties", "Get", [.string(service), .string(name)],
                     timeoutMilliseconds: timeoutMilliseconds)
    }
}

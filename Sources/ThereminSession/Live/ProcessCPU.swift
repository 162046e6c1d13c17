import Foundation

/// The whole process's CPU so far, user and system time over every thread (getrusage): what the statistics hold
/// beside the networks' share.
enum ProcessCPU {
    static func seconds() -> Double? {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return nil }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

import Foundation

/// What `--check` reads from the kernel: the cores' frequency governors, its command line, whether it is PREEMPT_RT.
enum CheckKernel {
    /// `scaling_governor` of each core that has one.
    static func governors(cpuFolder: String = "/sys/devices/system/cpu") -> [String] {
        let cores = ((try? FileManager.default.contentsOfDirectory(atPath: cpuFolder)) ?? [])
            .filter { $0.hasPrefix("cpu") && $0.dropFirst(3).allSatisfy(\.isNumber) && $0.count > 3 }
        return cores.sorted().compactMap { core in
            (try? String(contentsOfFile: "\(cpuFolder)/\(core)/cpufreq/scaling_governor", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    static func commandLine() -> String? {
        (try? String(contentsOfFile: "/proc/cmdline", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `/sys/kernel/realtime` reads 1 on a PREEMPT_RT kernel.
    static func isRealtimeKernel() -> Bool {
        (try? String(contentsOfFile: "/sys/kernel/realtime", encoding: .utf8))?.hasPrefix("1") ?? false
    }
}

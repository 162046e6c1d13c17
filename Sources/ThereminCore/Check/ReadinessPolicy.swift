/// How each finding of `--check` is judged: pure functions from what was read off the system to a verdict, so each
/// verdict is tested with the condition it names.
public enum ReadinessPolicy {
    /// The limits.d lines that give a user real-time priority and locked memory (Debian's jackd2 offers to write them).
    static let limitsFix = "add `@audio - rtprio 95` and `@audio - memlock unlimited` to /etc/security/limits.d/audio.conf, "
        + "`sudo adduser $USER audio`, and log in again"

    /// Real-time priority: what each thread would get (`ThreadScheduling`), from the rtprio limit or RealtimeKit.
    /// - Parameter rtprioLimit: the soft RLIMIT_RTPRIO (nil: unlimited).
    public static func realTime(audio: ThreadScheduling, tracking: ThreadScheduling, capture: ThreadScheduling,
                                rtprioLimit: UInt64?, mayRaiseItself: Bool) -> Readiness {
        let threads = "audio \(audio.description), tracking \(tracking.description), capture \(capture.description)"
        let limit = rtprioLimit.map { "rtprio limit \($0)" } ?? "rtprio unlimited"
        let source = mayRaiseItself && rtprioLimit.map({ $0 < 70 }) ?? false ? "CAP_SYS_NICE" : limit
        switch audio {
        case .fifo:
            return Readiness("real-time priority", .ok, "\(source): \(threads)")
        case .realtimeKit:
            return Readiness("real-time priority", .ok, "\(limit), RealtimeKit grants SCHED_RR: \(threads)")
        case .normal(let reason):
            return Readiness("real-time priority", .fail,
                             "\(limit) and RealtimeKit refused (\(reason)): every thread runs at normal priority, "
                                 + "and theremin plays at a 5 ms period",
                             fix: limitsFix + "; or install and run RealtimeKit (`sudo apt install rtkit`)")
        }
    }

    /// Locked memory: theremin locks its pages only when the limit cannot be reached.
    /// - Parameter limitBytes: the soft RLIMIT_MEMLOCK; nil when unlimited or lifted (`CAP_IPC_LOCK`).
    public static func memoryLock(limitBytes: UInt64?) -> Readiness {
        guard let limitBytes else {
            return Readiness("locked memory", .ok, "memlock unlimited: theremin locks its memory, nothing it plays is paged out")
        }
        return Readiness("locked memory", .warn,
                         "memlock limit \(limitBytes / 1024) KiB: theremin does not lock its memory, so a page the "
                             + "audio thread touches may be swapped out under memory pressure",
                         fix: limitsFix)
    }

    /// The CPU frequency governors of the cores (`scaling_governor`); empty when none can be read.
    public static func governors(_ names: [String]) -> Readiness {
        guard !names.isEmpty else {
            return Readiness("CPU frequency", .ok, "no frequency scaling to read here (a virtual machine, or a fixed clock)")
        }
        let distinct = Array(Set(names)).sorted()
        let slow = distinct.filter { $0 != "performance" }
        guard !slow.isEmpty else {
            return Readiness("CPU frequency", .ok, "governor performance on all \(names.count) cores")
        }
        return Readiness("CPU frequency", .warn,
                         "governor \(distinct.joined(separator: ", ")) on \(names.count) cores: a core that clocks down "
                             + "between audio periods wakes late",
                         fix: "`sudo cpupower frequency-set -g performance` while playing (Debian package linux-cpupower)")
    }

    /// Threaded interrupt handlers: `threadirqs` on the kernel's command line, or a PREEMPT_RT kernel.
    public static func threadedInterrupts(commandLine: String?, realtimeKernel: Bool) -> Readiness {
        if realtimeKernel {
            return Readiness("threaded interrupts", .ok, "a PREEMPT_RT kernel: interrupts run in threads")
        }
        guard let commandLine else {
            return Readiness("threaded interrupts", .warn, "the kernel's command line cannot be read (/proc/cmdline)",
                             fix: "check that it holds threadirqs")
        }
        if commandLine.split(separator: " ").contains("threadirqs") {
            return Readiness("threaded interrupts", .ok, "threadirqs on the kernel's command line")
        }
        return Readiness("threaded interrupts", .warn,
                         "threadirqs is not on the kernel's command line: a sound card's interrupt cannot be given "
                             + "a higher priority than the others",
                         fix: "add threadirqs to GRUB_CMDLINE_LINUX_DEFAULT in /etc/default/grub, `sudo update-grub`, "
                             + "reboot (rtirq-init then raises the sound card's)")
    }

    /// A JACK server's period: 256 frames or less keeps the latency near the tracker's own.
    public static func jack(server: String, sampleRate: Int, periodFrames: Int) -> Readiness {
        let milliseconds = Double(periodFrames) / Double(sampleRate) * 1000
        let found = "JACK server '\(server)' at \(sampleRate) Hz, \(periodFrames)-frame period "
            + "(\(format(milliseconds)) ms): play with --audio jack"
        guard periodFrames <= 256 else {
            return Readiness("sound server", .warn, found + ", a long quantum for an instrument",
                             fix: "`jack_bufsize 128` (or -p 128 when starting jackd)")
        }
        return Readiness("sound server", .ok, found)
    }

    /// What play costs the tracker here, against the camera's frame interval, and the latency it makes.
    ///
    /// Live play follows the hand almost every frame: a frame is taken as soon as it arrives while the tracker is
    /// free, followed, and its control reaches the sound at the audio thread's next period (half a period on
    /// average) and is heard two periods later. So the median from motion to sound is a followed frame, the hand-off
    /// from the camera's buffer to the tracking thread, and two and a half periods. A hand found afresh (after it left,
    /// or a leap too fast to follow) costs the palm detector once, which the median does not see.
    /// - Parameters:
    ///   - followed: milliseconds a followed frame takes here.
    ///   - afresh: milliseconds a frame that looks for a hand takes here (the palm detector, no hand in view).
    ///   - frameRate: the camera's chosen rate (nil: no camera; 30 assumed).
    ///   - periodFrames, sampleRate: the audio period theremin would play at.
    public static func tracker(followed: Double, afresh: Double, frameRate: Double?, periodFrames: Int,
                               sampleRate: Int) -> Readiness {
        let rate = frameRate ?? 30
        let interval = 1000 / rate
        let period = Double(periodFrames) / Double(sampleRate) * 1000
        let sound = 2.5 * period
        let expected = followed + handOff + sound
        let found = "a followed frame \(format(followed)) ms, a hand found afresh \(format(afresh)) ms: expect about "
            + "\(format(expected)) ms from motion to sound at \(format(rate)) fps (tracking \(format(followed)), "
            + "hand-off \(format(handOff)), sound \(format(sound)))"
        if followed < 0.8 * interval { return Readiness("tracker", .ok, found) }
        if followed < 100 {
            return Readiness("tracker", .warn, found + "; a followed frame does not fit the camera's frame interval, so some are skipped",
                             fix: "close other busy programs, or play with --fps \(Int(max(5, (800 / followed).rounded(.down))))")
        }
        return Readiness("tracker", .fail, found + "; too slow to follow a hand",
                         fix: "close other busy programs; a faster machine is needed")
    }

    /// Milliseconds from the camera's buffer to the tracking thread starting on it: the capture thread's wake-up and
    /// hand-over, measured live as `--stats`' capture→tracked less its tracking (1.2-1.7 ms on this project's VM).
    public static let handOff = 1.5

    static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

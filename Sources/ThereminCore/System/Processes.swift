import Foundation

/// This process and others, by id.
public enum Processes {
    /// This process's id.
    public static var current: pid_t { getpid() }

    /// True while a process with id `pid` exists (one owned by another user counts: `kill` says EPERM).
    public static func exists(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}

import Foundation

/// This process and others, by id.
public enum Processes {
    /// This process's id.
    public static var current: pid_t { getpid() }

    /// True while a process with id `pid` exists (one owned by another user counts: `kill` says EPERM).
    public static func exists(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    /// Sets the environment variable `name` for this process, unless it is set and `replacing` is false. Not while
    /// other threads may read the environment (`setenv` is not safe then): before any thread starts.
    public static func setEnvironment(_ name: String, to value: String, replacing: Bool) {
        setenv(name, value, replacing ? 1 : 0)
    }
}

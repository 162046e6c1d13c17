import Foundation
import ThereminCore

/// Names the calling thread for the kernel (`/proc/PID/task/TID/comm`, shown by `top -H`, `ps -L`, `perf`), which
/// Foundation's `Thread.name` does not do on Linux; at most 15 bytes. Through /proc/thread-self/comm, as
/// `pthread_setname_np` does it, because Swift does not see that GNU extension. A thread left unnamed still plays.
package func nameCurrentThread(_ name: String) {
    guard let comm = try? FileDescriptor.open("/proc/thread-self/comm", .writeOnly) else { return }
    defer { comm.close() }
    Array(name.utf8.prefix(15)).withUnsafeBytes { bytes in _ = try? comm.write(bytes) }
}

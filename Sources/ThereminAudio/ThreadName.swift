import Foundation

/// Names the calling thread for the kernel (`/proc/PID/task/TID/comm`, shown by `top -H`, `ps -L`, `perf`), which
/// Foundation's `Thread.name` does not do on Linux; at most 15 bytes. Through /proc/thread-self/comm, as
/// `pthread_setname_np` does it, because Swift does not see that GNU extension.
package func nameCurrentThread(_ name: String) {
    let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let bytes = Array(name.utf8.prefix(15))
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
}

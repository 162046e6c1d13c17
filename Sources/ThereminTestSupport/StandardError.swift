import Foundation

/// Captures what this process writes on stderr (file descriptor 2) while running a closure, for the parser cases the
/// bad-input matrix runs in process. Not for concurrent use: descriptor 2 is shared by the whole process.
public enum StandardError {
    public static func capture<T>(_ body: () -> T) -> (result: T, text: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)").path
        let descriptor = open(file, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return (body(), "") }
        defer {
            close(descriptor)
            unlink(file)
        }
        let saved = dup(STDERR_FILENO)
        dup2(descriptor, STDERR_FILENO)
        let result = body()
        dup2(saved, STDERR_FILENO)
        close(saved)
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        return (result, text)
    }
}

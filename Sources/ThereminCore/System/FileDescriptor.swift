import Foundation
import Synchronization

/// An open file that closes itself: the one owner of a raw descriptor in the program's file code. Its calls retry
/// EINTR (`SystemCall`), writes go on until every byte is out, and failures are thrown as `Errno`. Every descriptor
/// is opened close-on-exec, so the programs theremin starts never inherit it.
public final class FileDescriptor: Sendable {
    /// How the file is opened.
    public enum Access: Sendable {
        /// `O_RDONLY`.
        case readOnly
        /// `O_WRONLY`.
        case writeOnly
        /// `O_RDWR`.
        case readWrite

        var flags: Int32 {
            switch self {
            case .readOnly: O_RDONLY
            case .writeOnly: O_WRONLY
            case .readWrite: O_RDWR
            }
        }
    }

    /// What opening does besides giving access.
    public struct Options: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        /// `O_CREAT`: create the file when it does not exist.
        public static let create = Options(rawValue: O_CREAT)
        /// `O_EXCL` with `O_CREAT`: fail with EEXIST rather than open an existing file.
        public static let exclusive = Options(rawValue: O_EXCL)
        /// `O_TRUNC`: empty an existing file.
        public static let truncate = Options(rawValue: O_TRUNC)
        /// `O_DIRECTORY`: fail unless the path is a folder (opened to sync it).
        public static let directory = Options(rawValue: O_DIRECTORY)
    }

    /// -1 once closed; atomic so that closing is done exactly once whichever thread does it.
    private let descriptor: Atomic<Int32>

    /// Takes ownership of an open descriptor (from a call this type does not wrap, such as `pipe`).
    public init(owning descriptor: Int32) {
        self.descriptor = Atomic(descriptor)
    }

    /// Opens `path`.
    /// - Parameter permissions: for a file `.create` makes (before the umask).
    /// - Throws: the `Errno` of the failure (ENOENT, EACCES, EEXIST with `.exclusive`, …).
    public static func open(_ path: String, _ access: Access, options: Options = [],
                            permissions: mode_t = 0o644) throws(Errno) -> FileDescriptor {
        let flags = access.flags | options.rawValue | O_CLOEXEC
        let descriptor = try SystemCall.checked { Foundation.open(path, flags, permissions) }
        return FileDescriptor(owning: descriptor)
    }

    deinit {
        close()
    }

    /// The raw descriptor, for a C library's call on it (-1 once closed).
    public var rawValue: Int32 { descriptor.load(ordering: .acquiring) }

    /// Closes the file (once; later calls do nothing). Not retried on EINTR: Linux frees the descriptor anyway.
    public func close() {
        let old = descriptor.exchange(-1, ordering: .acquiringAndReleasing)
        if old >= 0 { _ = Foundation.close(old) }
    }

    /// Writes every byte of `bytes` at the file's position, as many `write` calls as the kernel needs.
    /// - Throws: the `Errno` of the first failing call (ENOSPC on a full disk); what went before it stays written.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
        guard let base = bytes.baseAddress else { return }
        let raw = rawValue
        var done = 0
        while done < bytes.count {
            done += try SystemCall.checked { Foundation.write(raw, base + done, bytes.count - done) }
        }
    }

    /// Writes the UTF-8 bytes of `text` (all of them, as `write(_:)`).
    public func write(_ text: String) throws(Errno) {
        try Array(text.utf8).withUnsafeBufferPointer { (bytes) throws(Errno) in try write(UnsafeRawBufferPointer(bytes)) }
    }

    /// Writes every byte of `bytes` at `offset`, leaving the file's position alone (`pwrite`).
    /// - Throws: the `Errno` of the first failing call.
    public func write(_ bytes: UnsafeRawBufferPointer, at offset: Int64) throws(Errno) {
        guard let base = bytes.baseAddress else { return }
        let raw = rawValue
        var done = 0
        while done < bytes.count {
            done += try SystemCall.checked {
                pwrite(raw, base + done, bytes.count - done, off_t(offset) + off_t(done))
            }
        }
    }

    /// Reads what is there, up to `buffer.count` bytes: the count read, 0 at the end of the file.
    /// - Throws: the `Errno` of the failure.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        let raw = rawValue
        return try SystemCall.checked { Foundation.read(raw, base, buffer.count) }
    }

    /// Cuts (or extends with zeros) the file to `length` bytes.
    public func truncate(to length: Int64) throws(Errno) {
        let raw = rawValue
        _ = try SystemCall.checked { ftruncate(raw, off_t(length)) }
    }

    /// Puts the file's data and metadata on the disk (`fsync`); for a folder, the names it lists.
    public func sync() throws(Errno) {
        let raw = rawValue
        _ = try SystemCall.checked { fsync(raw) }
    }

    /// Puts the file's data on the disk, and only the metadata needed to read it back (`fdatasync`).
    public func syncData() throws(Errno) {
        let raw = rawValue
        _ = try SystemCall.checked { fdatasync(raw) }
    }

    /// The file's size in bytes (`fstat`).
    public func size() throws(Errno) -> Int64 {
        var status = stat()
        let raw = rawValue
        _ = try SystemCall.checked { fstat(raw, &status) }
        return Int64(status.st_size)
    }
}

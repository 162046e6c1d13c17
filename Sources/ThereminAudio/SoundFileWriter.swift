import Foundation
import ThereminCore

/// Writes a sound file with libsndfile, into a temporary name beside the target that `finish()` renames, so a
/// failed or interrupted render never leaves a half-written file under the real name.
///
/// The container comes from the extension: `.wav`, `.flac`, `.aiff`/`.aif`, `.ogg` (24-bit PCM where the format
/// allows, Vorbis for `.ogg`).
public final class SoundFileWriter {
    public let path: String
    public let temporaryPath: String
    public let sampleRate: Int
    public let channels: Int
    private var file: SoundFileHandle?
    private let output: OutputFile
    /// For 24-bit PCM (WAV, AIFF): samples are converted here and handed over as bytes (`PCM24Encoder`); nil for
    /// FLAC and Ogg, which libsndfile must encode itself.
    private let rawOrder: PCM24Encoder.ByteOrder?
    /// The 24-bit bytes on their way out in page-aligned runs (set up once the header's size is known), and room
    /// for one block's interleaved floats, grown when a larger block comes.
    private var staging = PageAlignedStaging(dataStart: 0, frameBytes: 1)
    private var floats = ScratchBuffer<Float>()
    /// A second descriptor on the temporary file, only to start its writeback as blocks are finished, and how far
    /// that writeback has been asked for.
    private var writeback: FileDescriptor?
    private var written: Int64 = 0
    private var writebackStarted: Int64 = 0
    /// Bytes between two writeback requests.
    static let writebackInterval: Int64 = 4 << 20

    /// - Throws: `SoundFileError` for an unknown extension or a file that cannot be created.
    public init(path: String, sampleRate: Int, channels: Int) throws(SoundFileError) {
        self.path = path
        self.sampleRate = sampleRate
        self.channels = channels
        let url = URL(fileURLWithPath: path)
        guard let format = SoundFileWriter.format(forExtension: url.pathExtension.lowercased()) else {
            throw SoundFileError(path: path, problem: "unknown sound file type '.\(url.pathExtension)'; use .wav, .flac, .aiff or .ogg")
        }
        rawOrder = SoundFileWriter.rawOrder(forExtension: url.pathExtension.lowercased())
        output = OutputFile(path: path)
        temporaryPath = output.temporaryPath
        switch SoundFileHandle.create(temporaryPath, format: format, sampleRate: sampleRate, channels: channels) {
        case .success(let handle): file = handle
        case .failure(let failure):
            throw SoundFileError(path: path, problem: "cannot be created (\(failure.text)); check that the folder exists and is writable")
        }
        if rawOrder != nil {
            writeback = try? FileDescriptor.open(temporaryPath, .writeOnly)
            // libsndfile has written the header: the data starts at the file's present size.
            let headerSize = (try? writeback?.size()).map { Int($0) } ?? 0
            staging = PageAlignedStaging(dataStart: headerSize, frameBytes: 3 * channels)
        }
    }

    deinit {
        discard()
        staging.deallocate()
        floats.deallocate()
    }

    /// Appends interleaved float frames (`samples.count` must be a multiple of `channels`).
    /// - Throws: `SoundFileError` when the disk is full or the write fails.
    public func write(_ samples: UnsafeBufferPointer<Float>) throws(SoundFileError) {
        guard file != nil, let base = samples.baseAddress else { return }
        if let rawOrder {
            PCM24Encoder.encode(samples, order: rawOrder, into: staging.room(for: samples.count * 3))
            try writeRaw(count: samples.count * 3)
        } else {
            try writeFloats(base, frames: samples.count / channels)
        }
    }

    /// Appends a block of the stereo mix, laid out on the file's channels as on a device (`ChannelLayout`).
    /// Meant for renders: 24-bit files get the block as one write of finished bytes.
    /// - Throws: `SoundFileError` when the disk is full or the write fails.
    public func write(left: UnsafePointer<Float>, right: UnsafePointer<Float>, frames: Int) throws(SoundFileError) {
        guard file != nil, frames > 0 else { return }
        if let rawOrder, channels == 2 {
            PCM24Encoder.encodeStereo(left: left, right: right, frames: frames, order: rawOrder,
                                      into: staging.room(for: frames * 6))
            try writeRaw(count: frames * 6)
            return
        }
        let samples = frames * channels
        let interleaved = floats.room(samples)
        ChannelLayout.interleave(left: left, right: right, frames: frames, channels: channels, into: interleaved)
        try write(UnsafeBufferPointer(start: interleaved, count: samples))
    }

    private func writeFloats(_ samples: UnsafePointer<Float>, frames: Int) throws(SoundFileError) {
        guard let file else { return }
        if file.writeFrames(samples, frames: frames) != frames { throw writeFailed() }
    }

    /// Takes `count` bytes just encoded into the staging area and writes the runs it releases.
    private func writeRaw(count: Int) throws(SoundFileError) {
        try staging.commit(count) { (bytes, length) throws(SoundFileError) in try writeOut(bytes, count: length) }
    }

    private func writeOut(_ bytes: UnsafeMutablePointer<UInt8>, count: Int) throws(SoundFileError) {
        guard let file else { return }
        if file.writeRaw(bytes, count: count) != count { throw writeFailed() }
        written += Int64(count)
        startWriteback()
    }

    /// Asks the kernel to start writing what is finished (every `writebackInterval` bytes), without waiting: the
    /// disk works while the render goes on, and the rename at the end does not have it all to start. A failure
    /// only loses that head start.
    private func startWriteback() {
        guard let writeback, written - writebackStarted >= SoundFileWriter.writebackInterval else { return }
        writeback.startWriteback(from: writebackStarted, length: written - writebackStarted)
        writebackStarted = written
    }

    private func closeWriteback() {
        writeback?.close()
        writeback = nil
    }

    private func writeFailed() -> SoundFileError {
        SoundFileError(path: path, problem: "write failed (\(file?.failure.reason ?? "unknown error")): \(SoundFileWriter.remedy)",
                       kind: .runtime)
    }

    /// What to do when the file cannot be finished; an older file of that name is left as it was.
    static let remedy = "free some space or write to another folder; nothing under this name was changed"

    /// Closes the file and moves it into place.
    public func finish() throws(SoundFileError) {
        guard let file else { return }
        do {
            try staging.flush { (bytes, length) throws(SoundFileError) in try writeOut(bytes, count: length) }
        } catch {
            discard()
            throw error
        }
        self.file = nil
        closeWriteback()
        if let failure = file.close() {
            output.discard()
            throw SoundFileError(path: path, problem: "could not be completed (\(failure.reason)): "
                                 + SoundFileWriter.remedy, kind: .runtime)
        }
        do {
            try output.commit()
        } catch {
            throw SoundFileError(path: path, problem: "cannot be saved (\(error.reason))")
        }
    }

    /// Abandons the file: the temporary is removed and nothing appears under the real name.
    public func discard() {
        closeWriteback()
        guard let file else { return }
        file.close()
        self.file = nil
        output.discard()
    }

    static func rawOrder(forExtension ext: String) -> PCM24Encoder.ByteOrder? {
        switch ext {
        case "wav": return .littleEndian
        case "aiff", "aif": return .bigEndian
        default: return nil
        }
    }

    /// True when `path`'s extension names a type this writer makes (.wav, .flac, .aiff/.aif, .ogg/.oga), so an
    /// output written only at the end of a run can be refused at its start.
    public static func knowsType(of path: String) -> Bool {
        format(forExtension: URL(fileURLWithPath: path).pathExtension.lowercased()) != nil
    }

    static func format(forExtension ext: String) -> SoundFileFormat? {
        switch ext {
        case "wav": return .wav24
        case "flac": return .flac24
        case "aiff", "aif": return .aiff24
        case "ogg", "oga": return .oggVorbis
        default: return nil
        }
    }
}

/// A buffer reused block after block, grown (never shrunk) when a larger block comes.
private struct ScratchBuffer<Element> {
    private var start: UnsafeMutablePointer<Element>?
    private var capacity = 0

    /// Room for `count` elements (their contents are not kept across growth).
    mutating func room(_ count: Int) -> UnsafeMutablePointer<Element> {
        if let start, capacity >= count { return start }
        start?.deallocate()
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: max(count, 1))
        start = grown
        capacity = max(count, 1)
        return grown
    }

    func deallocate() {
        start?.deallocate()
    }
}

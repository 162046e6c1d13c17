import CSndfile
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
    private var file: OpaquePointer?
    private let output: OutputFile
    /// For 24-bit PCM (WAV, AIFF): samples are converted here and handed over as bytes (`PCM24Encoder`); nil for
    /// FLAC and Ogg, which libsndfile must encode itself.
    private let rawOrder: PCM24Encoder.ByteOrder?
    /// The 24-bit bytes on their way out in page-aligned runs (set up once the header's size is known), and room
    /// for one block's interleaved floats, grown when a larger block comes.
    private var staging = PageAlignedStaging(dataStart: 0, frameBytes: 1)
    private var floats = ScratchBuffer<Float>()
    /// A second descriptor on the temporary file, only to start its writeback as blocks are finished (-1: none),
    /// and how far that writeback has been asked for.
    private var writebackDescriptor: Int32 = -1
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
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = Int32(channels)
        info.format = format
        guard let handle = sf_open(temporaryPath, Int32(SFM_WRITE), &info) else {
            let reason = String(cString: sf_strerror(nil))
            throw SoundFileError(path: path, problem: "cannot be created (\(reason)); check that the folder exists and is writable")
        }
        file = handle
        // Deterministic output: no dither, no clipping surprises, no date/software strings that change per run.
        sf_command(handle, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
        if rawOrder != nil {
            writebackDescriptor = open(temporaryPath, O_WRONLY | O_CLOEXEC)
            // libsndfile has written the header: the data starts at the file's present size.
            var status = stat()
            let headerSize = writebackDescriptor >= 0 && fstat(writebackDescriptor, &status) == 0 ? Int(status.st_size) : 0
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
        let written = sf_writef_float(file, samples, sf_count_t(frames))
        if written != sf_count_t(frames) { throw writeFailed() }
    }

    /// Takes `count` bytes just encoded into the staging area and writes the runs it releases.
    private func writeRaw(count: Int) throws(SoundFileError) {
        try staging.commit(count) { (bytes, length) throws(SoundFileError) in try writeOut(bytes, count: length) }
    }

    private func writeOut(_ bytes: UnsafeMutablePointer<UInt8>, count: Int) throws(SoundFileError) {
        guard let file else { return }
        if sf_write_raw(file, bytes, sf_count_t(count)) != sf_count_t(count) { throw writeFailed() }
        written += Int64(count)
        startWriteback()
    }

    /// Asks the kernel to start writing what is finished (every `writebackInterval` bytes), without waiting: the
    /// disk works while the render goes on, and the rename at the end does not have it all to start. A failure
    /// only loses that head start.
    private func startWriteback() {
        guard writebackDescriptor >= 0, written - writebackStarted >= SoundFileWriter.writebackInterval else { return }
        _ = theremin_start_writeback(writebackDescriptor, writebackStarted, written - writebackStarted)
        writebackStarted = written
    }

    private func closeWriteback() {
        if writebackDescriptor >= 0 { close(writebackDescriptor) }
        writebackDescriptor = -1
    }

    private func writeFailed() -> SoundFileError {
        SoundFileError(path: path, problem: "write failed (\(SoundFileWriter.reason(sf_strerror(file)))): \(SoundFileWriter.remedy)",
                       kind: .runtime)
    }

    /// What to do when the file cannot be finished; an older file of that name is left as it was.
    static let remedy = "free some space or write to another folder; nothing under this name was changed"

    /// libsndfile's reason without its "System error : " prefix and final full stop.
    static func reason(_ text: UnsafePointer<CChar>?) -> String {
        var reason = text.map { String(cString: $0) } ?? "unknown error"
        if reason.hasPrefix("System error : ") { reason.removeFirst("System error : ".count) }
        while reason.hasSuffix(".") { reason.removeLast() }
        return reason
    }

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
        let closed = sf_close(file)
        guard closed == 0 else {
            output.discard()
            throw SoundFileError(path: path, problem: "could not be completed (\(SoundFileWriter.reason(sf_error_number(closed)))): "
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
        sf_close(file)
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

    static func format(forExtension ext: String) -> Int32? {
        switch ext {
        case "wav": return Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_24)
        case "flac": return Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_24)
        case "aiff", "aif": return Int32(SF_FORMAT_AIFF | SF_FORMAT_PCM_24)
        case "ogg", "oga": return Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS)
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

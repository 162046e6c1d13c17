// Every call into libsndfile and libsamplerate lives in this file (with the writeback request the CSndfile shim
// declares): `SoundFileReader`, `SoundFileWriter` and `BackingTrackLoader` see typed Swift values and text reasons.
import CSampleRate
import CSndfile
import ThereminCore

/// The containers and encodings theremin writes.
enum SoundFileFormat: Sendable, Equatable {
    /// `SF_FORMAT_WAV | SF_FORMAT_PCM_24`.
    case wav24
    /// `SF_FORMAT_FLAC | SF_FORMAT_PCM_24`.
    case flac24
    /// `SF_FORMAT_AIFF | SF_FORMAT_PCM_24`.
    case aiff24
    /// `SF_FORMAT_OGG | SF_FORMAT_VORBIS`.
    case oggVorbis

    fileprivate var rawValue: Int32 {
        switch self {
        case .wav24: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_24)
        case .flac24: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_24)
        case .aiff24: Int32(SF_FORMAT_AIFF | SF_FORMAT_PCM_24)
        case .oggVorbis: Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS)
        }
    }
}

/// What libsndfile says about a file opened for reading.
struct SoundFileInfo: Sendable {
    var sampleRate: Int
    var channels: Int
    var frames: Int
}

/// An open libsndfile handle; closes itself unless `close()` was called.
final class SoundFileHandle {
    private var file: OpaquePointer?

    private init(_ file: OpaquePointer) {
        self.file = file
    }

    deinit {
        if let file { sf_close(file) }
    }

    /// Opens `path` for reading.
    /// - Returns: the handle and what the file holds, or libsndfile's reason (`sf_strerror`).
    static func open(reading path: String) -> Result<(SoundFileHandle, SoundFileInfo), SoundFileCallFailure> {
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else { return .failure(.lastOpenFailure) }
        let details = SoundFileInfo(sampleRate: Int(info.samplerate), channels: Int(info.channels), frames: Int(info.frames))
        return .success((SoundFileHandle(file), details))
    }

    /// Creates `path` for writing, with clipping on: deterministic output, no dither, no clipping surprises, no
    /// date or software strings that change per run.
    /// - Returns: the handle, or libsndfile's reason.
    static func create(_ path: String, format: SoundFileFormat, sampleRate: Int,
                       channels: Int) -> Result<SoundFileHandle, SoundFileCallFailure> {
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = Int32(channels)
        info.format = format.rawValue
        guard let file = sf_open(path, Int32(SFM_WRITE), &info) else { return .failure(.lastOpenFailure) }
        sf_command(file, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
        return .success(SoundFileHandle(file))
    }

    /// Decodes up to `frames` frames into `samples` (interleaved); the frames read.
    func readFrames(into samples: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        guard let file else { return 0 }
        return Int(sf_readf_float(file, samples, sf_count_t(frames)))
    }

    /// Encodes `frames` interleaved frames; the frames written (fewer on a failure).
    func writeFrames(_ samples: UnsafePointer<Float>, frames: Int) -> Int {
        guard let file else { return 0 }
        return Int(sf_writef_float(file, samples, sf_count_t(frames)))
    }

    /// Appends finished sample bytes (`sf_write_raw`); the bytes written (fewer on a failure).
    func writeRaw(_ bytes: UnsafeRawPointer, count: Int) -> Int {
        guard let file else { return 0 }
        return Int(sf_write_raw(file, bytes, sf_count_t(count)))
    }

    /// Why the last call on this handle failed.
    var failure: SoundFileCallFailure { SoundFileCallFailure(text: sf_strerror(file)) }

    /// Closes the file (libsndfile writes its header's final sizes now); nil, or why that failed. Later calls do
    /// nothing.
    @discardableResult
    func close() -> SoundFileCallFailure? {
        guard let file else { return nil }
        self.file = nil
        let status = sf_close(file)
        return status == 0 ? nil : SoundFileCallFailure(text: sf_error_number(status))
    }
}

/// A libsndfile or libsamplerate failure, as the library words it.
struct SoundFileCallFailure: Error, Sendable {
    /// The library's text without libsndfile's "System error : " prefix and final full stop.
    let reason: String
    /// The library's text as it is.
    let text: String

    init(text pointer: UnsafePointer<CChar>?) {
        let text = pointer.map { String(cString: $0) } ?? "unknown error"
        self.text = text
        var reason = text
        if reason.hasPrefix("System error : ") { reason.removeFirst("System error : ".count) }
        while reason.hasSuffix(".") { reason.removeLast() }
        self.reason = reason
    }

    /// Why the last `sf_open` failed.
    static var lastOpenFailure: SoundFileCallFailure { SoundFileCallFailure(text: sf_strerror(nil)) }
}

/// libsamplerate, one whole channel at a time.
enum SampleRateConversion {
    /// `input` at `ratio` times its rate, with libsamplerate's `src_simple` (sinc, medium quality).
    /// - Returns: the resampled channel, or libsamplerate's reason (`src_strerror`).
    static func resample(_ input: [Float], ratio: Double) -> Result<[Float], SoundFileCallFailure> {
        let capacity = Int((Double(input.count) * ratio).rounded(.up)) + 16
        var output = [Float](repeating: 0, count: capacity)
        var generated = 0
        let status: Int32 = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                guard let sourceBase = source.baseAddress, let destinationBase = destination.baseAddress else { return -1 }
                var data = SRC_DATA()
                data.data_in = sourceBase
                data.input_frames = Int(source.count)
                data.data_out = destinationBase
                data.output_frames = Int(destination.count)
                data.src_ratio = ratio
                let result = src_simple(&data, Int32(SRC_SINC_MEDIUM_QUALITY), 1)
                generated = Int(data.output_frames_gen)
                return result
            }
        }
        guard status == 0 else { return .failure(SoundFileCallFailure(text: src_strerror(status))) }
        output.removeLast(output.count - generated)
        return .success(output)
    }
}

extension FileDescriptor {
    /// Asks the kernel to start writing `length` bytes of the file from `offset` to the disk, without waiting
    /// (`sync_file_range` with `SYNC_FILE_RANGE_WRITE`, declared in the CSndfile shim). A failure only loses that
    /// head start, so nothing is reported.
    func startWriteback(from offset: Int64, length: Int64) {
        _ = theremin_start_writeback(rawValue, offset, length)
    }
}

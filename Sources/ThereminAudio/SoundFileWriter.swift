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

    /// - Throws: `SoundFileError` for an unknown extension or a file that cannot be created.
    public init(path: String, sampleRate: Int, channels: Int) throws(SoundFileError) {
        self.path = path
        self.sampleRate = sampleRate
        self.channels = channels
        let url = URL(fileURLWithPath: path)
        guard let format = SoundFileWriter.format(forExtension: url.pathExtension.lowercased()) else {
            throw SoundFileError(path: path, problem: "unknown sound file type '.\(url.pathExtension)'; use .wav, .flac, .aiff or .ogg")
        }
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
    }

    deinit {
        discard()
    }

    /// Appends interleaved float frames (`samples.count` must be a multiple of `channels`).
    /// - Throws: `SoundFileError` when the disk is full or the write fails.
    public func write(_ samples: UnsafeBufferPointer<Float>) throws(SoundFileError) {
        guard let file, let base = samples.baseAddress else { return }
        let frames = sf_count_t(samples.count / channels)
        let written = sf_writef_float(file, base, frames)
        if written != frames {
            throw SoundFileError(path: path, problem: "write failed: \(String(cString: sf_strerror(file)))")
        }
    }

    /// Closes the file and moves it into place.
    public func finish() throws(SoundFileError) {
        guard let file else { return }
        self.file = nil
        let closed = sf_close(file)
        guard closed == 0 else {
            output.discard()
            throw SoundFileError(path: path, problem: "could not be completed: \(String(cString: sf_error_number(closed)))")
        }
        do {
            try output.commit()
        } catch {
            throw SoundFileError(path: path, problem: "cannot be saved (\(error.reason))")
        }
    }

    /// Abandons the file: the temporary is removed and nothing appears under the real name.
    public func discard() {
        guard let file else { return }
        sf_close(file)
        self.file = nil
        output.discard()
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

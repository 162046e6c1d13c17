import CVisionLoader

/// Every call into the CPreview C API goes through here: the function table, error buffers, status conversion.
enum PreviewCalls {
    private static let errorCapacity = 512

    /// The preview shim's C functions, from libtheremin-vision.so (loaded on first use, see CVisionLoader.h).
    /// - Throws: `PreviewError` (`.window`) when the library cannot be loaded.
    static func api() throws(PreviewError) -> pv_api {
        guard let table = theremin_vision_preview() else {
            throw PreviewError(kind: .window,
                               problem: String(cString: theremin_vision_failure()) + ": " + String(cString: theremin_vision_remedy()))
        }
        return table.pointee
    }

    /// Runs a C call that takes an error buffer; turns a failing status into a PreviewError.
    static func call(_ body: (UnsafeMutablePointer<CChar>, Int) -> pv_status) throws(PreviewError) {
        if let failure = failure(of: body) { throw failure }
    }

    /// Runs a C call that takes an error buffer and returns its failure, or nil (for use inside closures).
    static func failure(of body: (UnsafeMutablePointer<CChar>, Int) -> pv_status) -> PreviewError? {
        var message = [CChar](repeating: 0, count: errorCapacity)
        let status = message.withUnsafeMutableBufferPointer { buffer -> pv_status in
            guard let base = buffer.baseAddress else { return PV_ERROR_OUT_OF_MEMORY }
            return body(base, buffer.count)
        }
        guard status != PV_OK else { return nil }
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return error(status: status, message: text)
    }

    static func error(status: pv_status, message: String) -> PreviewError {
        let name = (try? api())?.pv_status_name(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
        let problem = message.isEmpty ? name : message
        switch status {
        case PV_ERROR_NO_DISPLAY: return PreviewError(kind: .noDisplay, problem: problem)
        case PV_ERROR_WINDOW: return PreviewError(kind: .window, problem: problem)
        case PV_ERROR_OUT_OF_MEMORY: return PreviewError(kind: .outOfMemory, problem: problem)
        default: return PreviewError(kind: .drawing, problem: problem)
        }
    }

    static func color(_ color: Color) -> pv_color {
        pv_color(blue: color.blue, green: color.green, red: color.red)
    }
}

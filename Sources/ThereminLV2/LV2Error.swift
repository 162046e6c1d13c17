import ThereminCore

/// An LV2 effect theremin cannot use: which plugin, what is wrong, and what to do.
public struct LV2Error: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Problem: Sendable, Equatable {
        /// No installed plugin has this URI.
        case notInstalled
        /// The plugin exists but cannot run here (`LV2Plugin.refusal`).
        case refused(String)
        /// lilv could not instantiate it at this rate.
        case instantiation(rate: Int)
    }

    public let uri: String
    public let problem: Problem

    public init(uri: String, problem: Problem) {
        self.uri = uri
        self.problem = problem
    }

    public var description: String {
        switch problem {
        case .notInstalled:
            return "--effect lv2:\(uri): no installed LV2 plugin has this URI; see the installed ones with "
                + "`theremin --list-effects`, or install the plugin's package (plugins are looked for in LV2_PATH, by "
                + "default ~/.lv2, /usr/local/lib/lv2 and /usr/lib/lv2)"
        case .refused(let reason):
            return "--effect lv2:\(uri) \(reason): pick another plugin (`theremin --list-effects` marks the ones it runs)"
        case .instantiation(let rate):
            return "--effect lv2:\(uri) could not be started at \(rate) Hz: try --rate 44100 or another plugin"
        }
    }
}

extension LV2Error: ReportableError {
    public var failureKind: FailureKind { .input }
}

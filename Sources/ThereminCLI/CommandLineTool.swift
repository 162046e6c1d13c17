import Foundation
import ThereminAudio
import ThereminCapture
import ThereminDevices
import ThereminCore
import ThereminTracking
import ThereminVideo

/// Entry point shared by the executable and the tests: runs one command, reports every error in one line on stderr
/// (`ErrorReport`) and returns how the run ended; `main.swift` turns that into the exit status.
public enum CommandLineTool {
    /// Runs theremin with the given arguments (without the program name).
    public static func run(arguments: [String]) -> Outcome {
        // Before any thread starts: the sound stream's name on a PipeWire desktop.
        PipeWireStreamName.apply()
        do {
            let settings = try Settings(arguments: arguments, applyingPresetsFrom: ProcessInfo.processInfo.environment)
            return try dispatch(settings)
        } catch {
            return ErrorReport.report(error)
        }
    }

    private static func dispatch(_ settings: Settings) throws -> Outcome {
        let result = try run(settings)
        // `--record take.csv --report take.csv`: the report on the take just recorded (under the next free name when
        // take.csv existed).
        if result.outcome == .succeeded, let take = settings.practice.reportAfterRecording {
            return try ReportCommand(settings: settings, tracePath: result.take ?? take).run()
        }
        return result.outcome
    }

    private static func run(_ settings: Settings) throws -> RunResult {
        if let outcome = try MusicSetup.prepare(settings) { return RunResult(outcome) }
        LeftoverReport.reportAtStart(settings)
        return try ModeTable.entry(settings.mode.kind).run(settings)
    }
}

/// A failure while running (device lost and not recovered, …): exit status 1.
struct RuntimeFailure: ReportableError {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
    var failureKind: FailureKind { .runtime }
}

/// Ends the process with the given status.
public func exitProcess(_ status: Int32) -> Never {
    exit(status)
}

import Foundation

/// Entry point shared by the executable and the tests.
public enum CommandLineTool {
    /// Runs theremin with the given arguments (without the program name) and returns the exit status.
    public static func run(arguments: [String]) -> Int32 {
        0
    }
}

/// Ends the process with the given status.
public func exitProcess(_ status: Int32) -> Never {
    exit(status)
}

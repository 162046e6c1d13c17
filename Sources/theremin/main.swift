import ThereminCLI

// The one place the exit status is decided: 0 on success, else what the reported failure's kind calls for
// (`FailureKind.exitStatus`: 1 runtime, 2 usage or input).
switch CommandLineTool.run(arguments: Array(CommandLine.arguments.dropFirst())) {
case .succeeded: exitProcess(0)
case .failed(let kind): exitProcess(kind.exitStatus)
}

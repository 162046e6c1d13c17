import ThereminCLI

exitProcess(CommandLineTool.run(arguments: Array(CommandLine.arguments.dropFirst())))

// rtkit-bus: the tests' private RealtimeKit (RealtimeKitBus: a system bus of its own with Debian's polkitd and
// rtkit-daemon on it, rtkit granted to one user), for scripts that measure theremin as an ordinary user with rtkit.
// Prints `DBUS_SYSTEM_BUS_ADDRESS=…` once the daemons own their names, then runs until SIGINT or SIGTERM.
//
// Usage: rtkit-bus [--user NAME]   (default nobody; needs root and the packages rtkit, polkitd and dbus-daemon)
import Foundation
import ThereminTestSupport

var user = "nobody"
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--user":
        guard let name = arguments.popFirst(), !name.isEmpty else {
            FileHandle.standardError.write(Data("rtkit-bus: --user needs a user name, e.g. nobody\n".utf8))
            exit(2)
        }
        user = name
    default:
        FileHandle.standardError.write(Data("rtkit-bus: unknown option '\(argument)'; usage: rtkit-bus [--user NAME]\n".utf8))
        exit(2)
    }
}

var stopSignals = sigset_t()
sigemptyset(&stopSignals)
sigaddset(&stopSignals, SIGINT)
sigaddset(&stopSignals, SIGTERM)
pthread_sigmask(SIG_BLOCK, &stopSignals, nil)
do {
    let bus = try RealtimeKitBus.start(allowing: user)
    FileHandle.standardOutput.write(Data("DBUS_SYSTEM_BUS_ADDRESS=\(bus.address)\n".utf8))
    var received: Int32 = 0
    sigwait(&stopSignals, &received)
    bus.stop()
} catch {
    FileHandle.standardError.write(Data("rtkit-bus: \(error)\n".utf8))
    exit(error is RealtimeKitUnavailable ? 2 : 1)
}

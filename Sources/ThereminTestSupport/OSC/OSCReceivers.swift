import Foundation
import XCTest

/// Real OSC receivers on loopback for the tests: liblo's `oscdump`, and Pure Data with a patch that writes what it
/// receives to a file. Each listens on a free UDP port and is waited for until its socket is bound.
public enum OSCReceivers {
    /// What a started receiver gives the test.
    public struct Receiver {
        public let process: ProcessRunner.Running
        public let port: UInt16
        /// Where the receiver writes one line per message.
        public let output: URL

        public func stop() {
            process.signal(SIGTERM)
            _ = process.wait()
        }

        /// Waits until the output holds at least `count` lines (or `timeout` seconds pass); returns the lines.
        public func lines(atLeast count: Int, timeout: Double = 30) -> [String] {
            let deadline = Date().addingTimeInterval(timeout)
            var lines: [String] = []
            while Date() < deadline {
                let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
                lines = text.split(separator: "\n").map(String.init)
                if lines.count >= count { break }
                usleep(20_000)
            }
            return lines
        }
    }

    /// oscdump -L on a free port: lines "TIMETAG ADDRESS TYPES VALUES…".
    public static func oscdump(in directory: URL) throws -> Receiver {
        let path = "/usr/bin/oscdump"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw XCTSkip("oscdump is missing: install liblo-tools (make deps-test)")
        }
        let port = freeUDPPort()
        let output = directory.appendingPathComponent("oscdump.txt")
        let process = try ProcessRunner.spawn("/bin/sh", ["-c", "exec \(path) -L \(port) > '\(output.path)'"])
        waitUntilBound(port)
        return Receiver(process: process, port: port, output: output)
    }

    /// Pure Data without a GUI or sound: [netreceive -u -b] → [oscparse] → [textfile], written out ten times a
    /// second; lines "theremin pitch 440" (the address split at its slashes, then the values).
    public static func pureData(in directory: URL) throws -> Receiver {
        let path = "/usr/bin/pd"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw XCTSkip("Pure Data is missing: install puredata-core (make deps-test)")
        }
        let port = freeUDPPort()
        let output = directory.appendingPathComponent("pd.txt")
        let patch = directory.appendingPathComponent("receive.pd")
        try Data("""
            #N canvas 0 0 400 300 12;
            #X obj 10 10 netreceive -u -b \(port);
            #X obj 10 40 oscparse;
            #X obj 10 70 list prepend add;
            #X obj 10 100 list trim;
            #X obj 10 130 textfile;
            #X obj 200 10 loadbang;
            #X obj 200 40 metro 100;
            #X msg 200 70 write \(output.path) cr;
            #X connect 0 0 1 0;
            #X connect 1 0 2 0;
            #X connect 2 0 3 0;
            #X connect 3 0 4 0;
            #X connect 5 0 6 0;
            #X connect 6 0 7 0;
            #X connect 7 0 4 0;

            """.utf8).write(to: patch)
        let process = try ProcessRunner.spawn(path, ["-nogui", "-nosound", "-nomidi", "-noprefs", "-open", patch.path])
        waitUntilBound(port)
        return Receiver(process: process, port: port, output: output)
    }

    /// A UDP port free on loopback now (bound, read back, released).
    public static func freeUDPPort() -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Waits (at most 20 s) until some socket is bound to `port` (/proc/net/udp and udp6).
    public static func waitUntilBound(_ port: UInt16) {
        let hexPort = String(format: ":%04X ", port)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let tables = ["/proc/net/udp", "/proc/net/udp6"].map { (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "" }
            if tables.contains(where: { $0.contains(hexPort) }) { return }
            usleep(20_000)
        }
    }
}

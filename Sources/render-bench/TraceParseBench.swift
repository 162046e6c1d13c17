import Foundation
import ThereminCore

/// The trace scripts/bench-start replays: two minutes at 30 fps, the pitch and level sweeping, the hand away for a
/// third of a second every three.
func twoMinuteTrace() -> [UInt8] {
    var text = "t,x,y,present\n"
    for i in 0..<3600 {
        let t = Double(i) / 30
        text += String(format: "%.4f,%.4f,%.4f,%d\n", t, 0.5 + 0.4 * sin(t * 0.7), 0.5 + 0.4 * sin(t * 2.1),
                       i % 90 < 80 ? 1 : 0)
    }
    return Array(text.utf8)
}

/// Prints the median time `TraceReader` takes to parse that trace from memory (no file reading).
func benchmarkTraceParse(runs: Int) {
    let bytes = twoMinuteTrace()
    var times: [Double] = []
    var samples = 0
    for _ in 0..<max(runs, 1) {
        let start = MonotonicClock.now()
        do {
            samples += try TraceReader.parse(bytes: bytes, name: "bench.csv").samples.count
        } catch {
            print("trace-parse: the generated trace was refused: \(error)")
            return
        }
        times.append(MonotonicClock.now() - start)
    }
    let rows = samples / max(runs, 1)
    let parse = median(times)
    print(String(format: "trace parse (2 min, %d rows, %d bytes): %.3f ms = %.0f ns a row (median of %d)",
                 rows, bytes.count, parse * 1000, parse * 1e9 / Double(rows), times.count))
}

import Foundation
import XCTest
import ThereminCore

/// The theremin waveform's tables, built from one sine table, against the sum of harmonics computed directly.
final class HarmonicWavetableTests: XCTestCase {
    func testTheRichestTableIsTheSumOfItsSixteenHarmonics() {
        for brightness in [0.0, 0.35, 1.0] {
            let table = HarmonicWavetable(brightness: brightness)
            let amplitudes = (1...16).map { pow(brightness, Double($0 - 1)) / Double($0) }
            let sum = amplitudes.reduce(0, +)
            var worst = 0.0
            for i in stride(from: 0, to: 2_048, by: 7) {
                let phase = Double(i) / 2_048
                let expected = zip(1..., amplitudes).map { n, a in a * sin(2 * Double.pi * Double(n) * phase) }
                    .reduce(0, +) / sum
                // A tiny increment: every harmonic is far below Nyquist, so the 16-harmonic table plays alone.
                worst = max(worst, abs(table.value(phase: phase, dt: 1e-6) - expected))
            }
            XCTAssertLessThan(worst, 1e-6, "brightness \(brightness): tables differ from the direct sum by \(worst)")
        }
    }
}

import Foundation

/// The One Euro filter (Casiez, Roussel, Vogel 2012): strong smoothing when the hand is still (no jitter in a held
/// note), little lag when it moves fast (no sluggish glides).
public struct OneEuroFilter: Sendable {
    public var settings: OneEuroSettings
    private var previousValue: Double?
    private var previousDerivative = 0.0
    private var previousTime = 0.0

    public init(settings: OneEuroSettings = OneEuroSettings()) {
        self.settings = settings
    }

    /// Forgets the history (the hand left); the next value passes unfiltered.
    public mutating func reset() {
        previousValue = nil
        previousDerivative = 0
    }

    /// Filters `value` observed at time `t` (seconds, non-decreasing).
    public mutating func filter(_ value: Double, at t: Double) -> Double {
        guard let previous = previousValue else {
            previousValue = value
            previousTime = t
            previousDerivative = 0
            return value
        }
        let dt = t - previousTime
        guard dt > 0 else { return previous }
        let derivative = (value - previous) / dt
        let smoothedDerivative = previousDerivative + alpha(cutoff: settings.derivativeCutoff, dt: dt) * (derivative - previousDerivative)
        let cutoff = settings.minCutoff + settings.beta * abs(smoothedDerivative)
        let result = previous + alpha(cutoff: cutoff, dt: dt) * (value - previous)
        previousValue = result
        previousDerivative = smoothedDerivative
        previousTime = t
        return result
    }

    private func alpha(cutoff: Double, dt: Double) -> Double {
        let tau = 1 / (2 * Double.pi * cutoff)
        return 1 / (1 + tau / dt)
    }
}

/// The One Euro filter's three parameters, as data for the command line.
public struct OneEuroSettings: Sendable, Equatable {
    public static let minCutoffSpec = ParameterSpec(name: "min-cutoff", defaultValue: 1.0, range: 0.01...100, unit: "Hz",
                                                    help: "smoothing of a still hand (lower = steadier note)")
    public static let betaSpec = ParameterSpec(name: "beta", defaultValue: 5.0, range: 0...1000, unit: "",
                                               help: "how quickly smoothing lets go when the hand moves (higher = less lag)")
    public static let derivativeCutoffSpec = ParameterSpec(name: "d-cutoff", defaultValue: 1.0, range: 0.01...100, unit: "Hz",
                                                           help: "smoothing of the speed estimate")

    public var minCutoff: Double
    public var beta: Double
    public var derivativeCutoff: Double

    public init(minCutoff: Double = OneEuroSettings.minCutoffSpec.defaultValue,
                beta: Double = OneEuroSettings.betaSpec.defaultValue,
                derivativeCutoff: Double = OneEuroSettings.derivativeCutoffSpec.defaultValue) {
        self.minCutoff = minCutoff
        self.beta = beta
        self.derivativeCutoff = derivativeCutoff
    }
}

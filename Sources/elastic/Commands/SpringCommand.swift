import ArgumentParser
import ElasticCore

/// `elastic spring`: the spring inspector a designer uses to tune a spring. Prints one spring
/// moving a value from 0 to 1 as CSV, with the derived stiffness and damping on standard error.
struct SpringCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spring",
        abstract: "Print one spring moving a value from 0 to 1 as CSV (t,value,velocity).",
        discussion: """
            The UIKit model (default) reads --duration as the settle time, as \
            animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:) does; \
            --velocity is in target-distances per second. The perceptual model is SwiftUI's \
            (--duration is the period, --damping is 1 − bounce).
            --plot FILE.svg also draws value and velocity, the target, the overshoot and the settle \
            time (from when the value stays within the app's rest distance, 0.005, of the target).
            Example: elastic spring --duration 0.9 --damping 0.57 --plot wave.svg > wave.csv
            """
    )

    enum Model: String, ExpressibleByArgument, CaseIterable {
        case uikit, perceptual
    }

    @Option(help: "Duration in seconds (UIKit: settle time; perceptual: period).")
    var duration: Double

    @Option(help: "Damping ratio ζ (UIKit clamps it to 1.2e-7…1).")
    var damping: Double

    @Option(parsing: .unconditional, help: "Initial velocity in target-distances per second (UIKit model only).")
    var velocity: Double = 0

    @Option(help: "Spring model: \(Model.allCases.map(\.rawValue).joined(separator: ", ")).")
    var model: Model = .uikit

    @Option(help: "Samples per second (0.001…100000).")
    var hz: Double = 60

    @Option(help: "How many seconds to print.")
    var seconds: Double = 2

    @Option(help: "Also draw the curve as SVG to this file: value and velocity, target, overshoot, settle time.")
    var plot: String?

    /// Largest |--velocity|: 10⁴ travels a second, far past any real fling (UIKit uses 0…~30).
    static let maxVelocity = 10_000.0
    /// Sample rates accepted: one sample per 1000 s up to 10⁵ a second (below, 1/hz can overflow).
    static let hzRange: ClosedRange<Double> = 0.001...100_000
    /// Largest perceptual --damping: ζ = 1000, the perceptual model's lowest bounce (−0.999).
    static let maxPerceptualDamping = 1000.0

    func validate() throws {
        guard duration.isFinite, duration > 0 else { throw ValidationError("--duration must be a positive number of seconds (got \(duration))") }
        guard damping.isFinite, damping >= 0 else { throw ValidationError("--damping must be a number ≥ 0 (got \(damping))") }
        guard velocity.isFinite, abs(velocity) <= SpringCommand.maxVelocity else {
            // Beyond this the closed form overflows (v·ω → ∞, ∞·0 = NaN in the very first row).
            throw ValidationError("--velocity must be between -\(Int(SpringCommand.maxVelocity)) and \(Int(SpringCommand.maxVelocity)) target-distances per second (got \(velocity))")
        }
        guard hz.isFinite, SpringCommand.hzRange.contains(hz) else { throw ValidationError("--hz must be between 0.001 and 100000 samples per second (got \(hz))") }
        guard seconds.isFinite, seconds > 0, seconds * hz <= 10_000_000 else {
            throw ValidationError("--seconds must be positive and --seconds × --hz at most 10,000,000")
        }
        if model == .perceptual {
            if velocity != 0 { throw ValidationError("--velocity applies to the uikit model only") }
            guard damping > 0, damping <= SpringCommand.maxPerceptualDamping else {
                throw ValidationError("--damping must be > 0 and at most 1000 for the perceptual model (got \(damping))")
            }
            let range = SpringParameters.perceptualDurationRange
            guard range.contains(duration) else {
                throw ValidationError("--duration must be between \(range.lowerBound) and \(range.upperBound) seconds for the perceptual model (got \(duration))")
            }
        }
        if let plot { try SpringPlot.checkPath(plot) }
    }

    func run() throws {
        let parameters: SpringParameters
        do {
            switch model {
            case .uikit:
                parameters = try .uikit(duration: duration, dampingRatio: damping, initialVelocity: velocity)
            case .perceptual:
                let bounce = damping <= 1 ? 1 - damping : 1 / damping - 1
                parameters = try .perceptual(duration: duration, bounce: bounce)
            }
        } catch let error as SpringParameterError {
            throw ValidationError(error.description)
        }
        let derived = [parameters.stiffness, parameters.damping, parameters.naturalFrequency, parameters.dampingRatio]
        guard derived.allSatisfy(\.isFinite), parameters.stiffness > 0 else {
            throw ValidationError("these settings give a spring that cannot be computed (\(parameters))")
        }
        let spring = Spring(parameters, value: 0, target: 1)
        let samples = Int((seconds * hz).rounded(.down))
        let dt = 1 / hz
        // Every row is checked before anything is written: a bad spring never leaves half a CSV.
        for i in 0...samples {
            let t = Double(i) * dt
            let s = spring.sample(after: t)
            guard t.isFinite, s.value.isFinite, s.velocity.isFinite else {
                throw ValidationError("these settings make the motion overflow at t = \(t) s (\(parameters))")
            }
        }
        printError("stiffness=\(parameters.stiffness) damping=\(parameters.damping) mass=\(parameters.mass) "
            + "natural_frequency=\(parameters.naturalFrequency) damping_ratio=\(parameters.dampingRatio)")
        if let plot {
            try SpringPlot(spring: spring, seconds: Double(samples) * dt, rest: .standard, label: modelLabel)
                .write(to: plot)
        }
        var out = "t,value,velocity\n"
        out.reserveCapacity(min(samples, 1 << 14) * 40)
        for i in 0...samples {
            // Sample the closed form from the start: exact at any rate, no drift.
            let t = Double(i) * dt
            let s = spring.sample(after: t)
            out += "\(t),\(s.value),\(s.velocity)\n"
            if out.utf8.count > 1 << 16 { print(out, terminator: ""); out.removeAll(keepingCapacity: true) }
        }
        print(out, terminator: "")
    }

    /// The settings as a designer typed them, for the plot's title.
    var modelLabel: String {
        switch model {
        case .uikit: return "UIKit spring: duration \(duration) s, damping ratio \(damping), velocity \(velocity)"
        case .perceptual: return "perceptual spring: period \(duration) s, damping \(damping)"
        }
    }
}

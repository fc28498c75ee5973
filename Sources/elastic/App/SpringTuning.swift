import ElasticCore
import ElasticScenes
import ElasticStats
import Foundation

/// A main spring as live tuning edits it: UIKit's settle duration and damping ratio.
struct TunedSpring: Equatable, Codable {
    var duration: Double
    var dampingRatio: Double

    static let durationRange: ClosedRange<Double> = 0.05...5
    static let dampingRatioRange: ClosedRange<Double> = 0.05...2

    /// Why these values cannot be used (nil when they can), naming `owner` ("wave-pull").
    func problem(_ owner: String) -> String? {
        for (name, v, range, unit) in [("duration", duration, TunedSpring.durationRange, " s"),
                                       ("dampingRatio", dampingRatio, TunedSpring.dampingRatioRange, "")] {
            guard v.isFinite else { return "\(owner) \(name) must be a finite number" }
            guard range.contains(v) else {
                return "\(owner) \(name) \(v)\(unit) is out of range \(range.lowerBound)…\(range.upperBound)\(unit)"
            }
        }
        return nil
    }

    /// The spring: UIKit's up to critical damping; past it (UIKit clamps there) the overdamped
    /// spring whose travel from rest is down to UIKit's ε at `duration`, so the duration still
    /// means the same thing.
    var parameters: SpringParameters {
        if dampingRatio <= 1 { return try! SpringParameters.uikit(duration: duration, dampingRatio: dampingRatio) }
        let z = dampingRatio, s = (z * z - 1).squareRoot()
        func left(_ w: Double) -> Double {   // x(d) from 1 at rest, target 0: positive, falls with ω
            let r1 = w * (z - s), r2 = w * (z + s)
            return (r2 * exp(-r1 * duration) - r1 * exp(-r2 * duration)) / (r2 - r1)
        }
        var lo = 1e-3, hi = 1e5
        for _ in 0..<200 {
            let mid = (lo * hi).squareRoot()
            if left(mid) > SpringParameters.uikitEpsilon { lo = mid } else { hi = mid }
        }
        let w = (lo * hi).squareRoot()
        return try! SpringParameters(stiffness: w * w, damping: 2 * z * w)
    }
}

/// Live spring tuning: the five scenes' main springs (defaults, or `--springs FILE`), changed by
/// keys ([ ] duration, - = damping ratio, w writes the file), applied to the scene on screen.
/// The HUD reads `curve`: the unit step response over `curveSeconds`, rebuilt only on a change.
final class SpringTuning {
    /// The scenes' own springs (each scene's `mainSpring`; a test checks they agree).
    static let defaults: [String: TunedSpring] = [
        WavePull.name: TunedSpring(duration: 0.9, dampingRatio: 0.57),
        GooeyMenu.name: TunedSpring(duration: 0.7, dampingRatio: 0.6),
        JellyBlock.name: TunedSpring(duration: 1.0, dampingRatio: 0.85),
        StickyRefresh.name: TunedSpring(duration: 0.6, dampingRatio: 1),
        WaveBalls.name: TunedSpring(duration: 0.6, dampingRatio: 1),
    ]
    static let step = KeyTable.tuningStep
    static let curveSamples = 97
    static let curveSeconds = 2.0
    static let defaultPath = "springs.json"

    private(set) var values = SpringTuning.defaults
    /// Where `w` writes (the loaded file, or springs.json in the working directory).
    let path: String
    private(set) var curve = [Double](repeating: 0, count: SpringTuning.curveSamples)
    private var curveFor: TunedSpring?

    /// Largest springs file read: five scenes' values take a few hundred bytes.
    static let maxFileBytes = 64 << 10

    /// Reads `path` when given and present; a path that is not a readable regular file of a
    /// sensible size, a file that does not parse, or one holding an unknown scene or unusable
    /// value throws, with the reason.
    init(path: String? = nil) throws {
        self.path = path ?? SpringTuning.defaultPath
        guard let path else { return }
        let data: Data
        do { data = try InputFile.read(path, what: "springs file", limit: SpringTuning.maxFileBytes) } catch let problem as InputFile.Problem {
            if problem.isMissing { return }
            throw ValidationFailure("cannot read the springs file \(quoted(path)): \(problem)")
        }
        let loaded: [String: TunedSpring]
        do { loaded = try JSONDecoder().decode([String: TunedSpring].self, from: data) } catch {
            throw ValidationFailure("springs file \(path): \(SpringTuning.reason(error))")
        }
        for (name, spring) in loaded.sorted(by: { $0.key < $1.key }) {
            guard values[name] != nil else {
                throw ValidationFailure("springs file \(path): unknown scene '\(name)' (known: \(SceneCatalog.names.joined(separator: ", ")))")
            }
            if let problem = spring.problem(name) { throw ValidationFailure("springs file \(path): \(problem)") }
            values[name] = spring
        }
    }

    /// What is wrong with a springs file, in the file's own terms.
    private static func reason(_ error: any Error) -> String {
        let shape = "want {\"scene-name\": {\"duration\": seconds, \"dampingRatio\": ratio}, …}"
        func at(_ path: [any CodingKey]) -> String { path.map(\.stringValue).joined(separator: " ") }
        switch error as? DecodingError {
        case let .keyNotFound(key, context)?: return "\(at(context.codingPath)) has no \"\(key.stringValue)\" (\(shape))"
        case let .typeMismatch(_, context)?, let .valueNotFound(_, context)?:
            return context.codingPath.count == 2 ? "\(at(context.codingPath)) must be a number" : "wrong shape (\(shape))"
        default: return "not valid JSON, or a number too large to be finite (\(shape))"
        }
    }

    /// Gives `scene` its tuned spring (call for every scene made).
    func apply(to scene: any Scene) {
        guard let spring = values[type(of: scene).name] else { return }
        scene.setMainSpring(spring.parameters)
    }

    /// A tuning key for the scene on screen: what to tell the user, and whether it is a refusal;
    /// nil for other keys.
    func handle(_ key: Key, scene: any Scene) -> (message: String, refused: Bool)? {
        let name = type(of: scene).name
        guard var spring = values[name] else { return nil }
        switch KeyTable.action(for: key) {
        case let .springDuration(direction): spring.duration = SpringTuning.stepped(spring.duration, direction)
        case let .springDamping(direction): spring.dampingRatio = SpringTuning.stepped(spring.dampingRatio, direction)
        case .writeSprings: return save()
        default: return nil
        }
        if let problem = spring.problem(name) { return ("springs: \(problem); kept \(SpringTuning.describe(values[name]!))", true) }
        values[name] = spring
        apply(to: scene)
        return ("springs: \(name) \(SpringTuning.describe(spring))", false)
    }

    /// Writes every scene's values to `path` (whole or not at all).
    func save() -> (message: String, refused: Bool) {
        do {
            try ReplacedFileCheck.check(path, what: "the spring values")
            try AtomicFile.write(json(), to: path, purpose: "spring values")
            return ("springs: wrote \(path)", false)
        } catch {
            return ("springs: \(error)", true)
        }
    }

    func json() -> String {
        let rows = SceneCatalog.names.compactMap { name in
            values[name].map { "  \"\(name)\": {\"duration\": \($0.duration), \"dampingRatio\": \($0.dampingRatio)}" }
        }
        return "{\n" + rows.joined(separator: ",\n") + "\n}\n"
    }

    /// The scene's values, refreshing `curve` when they changed since it was last built.
    func tuned(for scene: any Scene) -> TunedSpring? {
        guard let spring = values[type(of: scene).name] else { return nil }
        if spring != curveFor {
            curveFor = spring
            let motion = Spring(spring.parameters, value: 0, target: 1, velocity: 0)
            for i in curve.indices {
                curve[i] = motion.sample(after: Double(i) * SpringTuning.curveSeconds / Double(curve.count - 1)).value
            }
        }
        return spring
    }

    /// One step up or down, on the 0.01 grid so repeated steps do not drift.
    private static func stepped(_ v: Double, _ direction: Double) -> Double {
        ((v + direction * step) * 100).rounded() / 100
    }

    static func describe(_ s: TunedSpring) -> String {
        "duration \(s.duration) s, damping ratio \(s.dampingRatio)"
    }
}

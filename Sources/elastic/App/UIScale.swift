import ArgumentParser

/// `--scale`: how many window coordinates one scene point takes. `auto` fits the 1280×720 design
/// to the window; a number fixes it. Springs and thresholds stay in points, so motion looks the
/// same at every scale.
///
/// The rule works in window coordinates: on HiDPI displays, where window coordinates are not
/// pixels, the front end's pixel scale multiplies it when drawing (output pixels per point =
/// pixel scale × UI scale), so a 200 % display gets twice the pixels without counting them twice.
enum UIScaleChoice: Equatable, CustomStringConvertible, ExpressibleByArgument,
                    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    case auto
    case fixed(Double)

    /// The size the scenes are designed for, in points.
    static let designWidth = 1280.0, designHeight = 720.0
    static let range = 0.25...8.0

    init?(argument: String) {
        if argument.lowercased() == "auto" { self = .auto; return }
        guard let value = Double(argument) else { return nil }
        self = .fixed(value)
    }

    init(floatLiteral value: Double) { self = .fixed(value) }
    init(integerLiteral value: Int) { self = .fixed(Double(value)) }

    var description: String {
        switch self {
        case .auto: "auto"
        case let .fixed(s): "\(s)"
        }
    }

    /// Why a fixed scale is refused, or nil.
    var problem: String? {
        guard case let .fixed(s) = self, !(s.isFinite && UIScaleChoice.range.contains(s)) else { return nil }
        return "--scale must be auto or between 0.25 and 8 (got \(s))"
    }

    /// The scale for a window of `width`×`height` window coordinates.
    func resolve(width: Int, height: Int) -> Double {
        switch self {
        case .auto: UIScaleChoice.auto(width: Double(width), height: Double(height))
        case let .fixed(s): s
        }
    }

    /// min(width / 1280, height / 720), floored to a quarter so lines land on whole pixels more
    /// often, and never below 1: small windows keep the design's size and show less of it.
    static func auto(width: Double, height: Double) -> Double {
        let fit = min(width / designWidth, height / designHeight)
        guard fit.isFinite else { return 1 }
        return max(1, (fit * 4).rounded(.down) / 4)
    }
}

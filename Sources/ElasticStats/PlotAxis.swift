import Foundation

/// Axis ticks for every plot we draw (the frame plot and the spring inspector's): a step of
/// `mantissa` × 10^`exponent` with mantissa 1, 2, 5 or 25 (25 × 10^(p−1) is the 2.5 step), so
/// every tick is an integer times a power of ten and its label is exactly the value drawn.
public struct TickStep: Equatable, Sendable {
    public let mantissa: Int
    public let exponent: Int

    public init(mantissa: Int, exponent: Int) { self.mantissa = mantissa; self.exponent = exponent }

    public var value: Double { Self.decimal(mantissa, exponent) }

    /// The value of tick i (i × step), as a Double and as its exact label.
    public func tick(_ i: Int) -> (value: Double, label: String) {
        let units = i * mantissa
        return (Self.decimal(units, exponent), Self.decimalText(units, exponent))
    }

    /// The round step that cuts `span` into about `count` parts (1, 2, 2.5 or 5 × a power of 10).
    public static func nice(_ span: Double, count: Double = 6) -> TickStep {
        guard span.isFinite, span > 0 else { return TickStep(mantissa: 1, exponent: 0) }
        let raw = span / count
        let p = Int(log10(raw).rounded(.down))
        for (mantissa, exponent) in [(1, p), (2, p), (25, p - 1), (5, p), (1, p + 1), (2, p + 1)]
        where raw <= decimal(mantissa, exponent) * (1 + 1e-12) {
            return TickStep(mantissa: mantissa, exponent: exponent)
        }
        return TickStep(mantissa: 5, exponent: p + 1)
    }

    /// The ticks between `from` and `to` (both included when they fall on one).
    public func ticks(_ from: Double, _ to: Double) -> [(Double, String)] {
        let s = value
        let first = Int((from / s - 1e-9).rounded(.up)), last = Int((to / s + 1e-9).rounded(.down))
        guard first <= last else { return [] }
        return (first...last).map { tick($0) }
    }

    /// units × 10^exponent, rounded once (powers of ten up to 10^22 are exact doubles).
    static func decimal(_ units: Int, _ exponent: Int) -> Double {
        exponent >= 0 ? Double(units) * pow(10, Double(exponent)) : Double(units) / pow(10, Double(-exponent))
    }

    /// units × 10^exponent written out exactly: 25, −2 → "0.25"; 3, 2 → "300"; past 10^±7 as
    /// "3e-9" (the step's digits, not a long run of zeros).
    static func decimalText(_ units: Int, _ exponent: Int) -> String {
        let sign = units < 0 ? "-" : ""
        var digits = String(units.magnitude)
        if exponent > 6 || exponent < -7 { return units == 0 ? "0" : sign + digits + "e\(exponent)" }
        if exponent >= 0 { return units == 0 ? "0" : sign + digits + String(repeating: "0", count: exponent) }
        let decimals = -exponent
        if digits.count <= decimals { digits = String(repeating: "0", count: decimals + 1 - digits.count) + digits }
        return sign + digits.dropLast(decimals) + "." + digits.suffix(decimals)
    }
}

/// Ticks covering a range, rounded out to whole ticks (the axis runs from the first to the last).
public struct AxisTicks: Sendable {
    public let step: TickStep
    public let first: Int, last: Int

    public init(covering low: Double, _ high: Double, count: Double = 6) {
        var low = low, high = high
        // A flat range (a spring at rest) still gets an axis around its value.
        let size = max(abs(low), abs(high))
        if !(high - low > size * 1e-9) {
            let pad = size > 0 ? size * 0.05 : 1
            low -= pad; high += pad
        }
        step = TickStep.nice(high - low, count: count)
        first = Int((low / step.value - 1e-9).rounded(.down))
        last = Int((high / step.value + 1e-9).rounded(.up))
    }

    public var indices: ClosedRange<Int> { first...last }
    public var low: Double { value(first) }
    public var high: Double { value(last) }
    public func value(_ i: Int) -> Double { step.tick(i).value }
    public func label(_ i: Int) -> String { step.tick(i).label }
}

/// A linear map from data to pixels.
public struct PlotAxis: Sendable {
    public let from, to: Double
    public let pixels: (Double, Double)

    public init(from: Double, to: Double, pixels: (Double, Double)) {
        self.from = from; self.to = to; self.pixels = pixels
    }

    /// Over the ticks' span.
    public init(ticks: AxisTicks, pixels: (Double, Double)) {
        self.init(from: ticks.low, to: ticks.high, pixels: pixels)
    }

    public func callAsFunction(_ v: Double) -> Double {
        pixels.0 + (v - from) / (to - from) * (pixels.1 - pixels.0)
    }

    public func pixel(_ v: Double) -> Double { self(v) }
}

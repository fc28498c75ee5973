import Foundation

extension FramePlot {
    /// A tick step of `mantissa` × 10^`exponent`, mantissa 1, 2, 5 or 25 (25 × 10^(p−1) is the
    /// 2.5 step): integers, so every tick and its label are exact decimals.
    struct TickStep: Equatable {
        let mantissa: Int
        let exponent: Int

        var value: Double { FramePlot.decimal(mantissa, exponent) }
        /// Decimals every label of this step has.
        var decimals: Int { max(0, -exponent) }

        /// The value of tick i (i × step), as a Double and as its exact label.
        func tick(_ i: Int) -> (value: Double, label: String) {
            let units = i * mantissa
            return (FramePlot.decimal(units, exponent), FramePlot.decimalText(units, exponent))
        }
    }

    /// units × 10^exponent, rounded once (powers of ten up to 10^22 are exact doubles).
    static func decimal(_ units: Int, _ exponent: Int) -> Double {
        exponent >= 0 ? Double(units) * pow(10, Double(exponent)) : Double(units) / pow(10, Double(-exponent))
    }

    /// units × 10^exponent written out exactly: 25, −2 → "0.25"; 3, 2 → "300".
    static func decimalText(_ units: Int, _ exponent: Int) -> String {
        let sign = units < 0 ? "-" : ""
        var digits = String(units.magnitude)
        if exponent >= 0 { return units == 0 ? "0" : sign + digits + String(repeating: "0", count: exponent) }
        let decimals = -exponent
        if digits.count <= decimals { digits = String(repeating: "0", count: decimals + 1 - digits.count) + digits }
        return sign + digits.dropLast(decimals) + "." + digits.suffix(decimals)
    }

    /// The round step that cuts `span` into about `count` parts (1, 2, 2.5 or 5 × a power of 10).
    static func niceStep(_ span: Double, count: Double = 6) -> TickStep {
        guard span.isFinite, span > 0 else { return TickStep(mantissa: 1, exponent: 0) }
        let raw = span / count
        let p = Int(log10(raw).rounded(.down))
        for (mantissa, exponent) in [(1, p), (2, p), (25, p - 1), (5, p), (1, p + 1), (2, p + 1)]
        where raw <= decimal(mantissa, exponent) * (1 + 1e-12) {
            return TickStep(mantissa: mantissa, exponent: exponent)
        }
        return TickStep(mantissa: 5, exponent: p + 1)
    }

    /// The ticks of `step` between `from` and `to` (both included when they fall on one).
    static func ticks(_ from: Double, _ to: Double, step: TickStep) -> [(Double, String)] {
        let s = step.value
        let first = Int((from / s - 1e-9).rounded(.up)), last = Int((to / s + 1e-9).rounded(.down))
        guard first <= last else { return [] }
        return (first...last).map { step.tick($0) }
    }

    static func ticks(_ from: Double, _ to: Double) -> [(Double, String)] {
        ticks(from, to, step: niceStep(to - from))
    }

    /// The frame-time scale, 0 up to a whole tick: fitted to the data (room above p99.9; the max
    /// when it is close, else spikes are clipped and marked), taking in the budget only when it
    /// is within twice that (else the budget line would flatten the run into a strip).
    static func frameTimeScale(_ runs: [Run]) -> (top: Double, step: TickStep) {
        var wanted = 0.0
        for run in runs {
            let m = run.summary
            var top = m.frameTimeP99_9Ms * 1.2
            if m.frameTimeMaxMs <= top * 1.6 { top = max(top, m.frameTimeMaxMs * 1.05) }
            wanted = max(wanted, top)
        }
        let budget = runs[0].summary.budgetMs
        if budget <= 2 * wanted { wanted = max(wanted, budget * 1.1) }
        if !(wanted.isFinite && wanted > 0) { wanted = 1 }
        let step = niceStep(wanted)
        let count = Int((wanted / step.value - 1e-9).rounded(.up))
        return (step.tick(max(1, count)).value, step)
    }

    /// How many nines the percentile axis can show for n frames (at least 1, at most 4).
    static func nines(forCount n: Int) -> Double { min(4, max(1, log10(Double(max(n, 10))))) }

    struct Axis {
        let from, to: Double
        let pixels: (Double, Double)
        func callAsFunction(_ v: Double) -> Double {
            pixels.0 + (v - from) / (to - from) * (pixels.1 - pixels.0)
        }
    }

    /// A frame time in ms with 3 significant digits or more (0.312, 16.7, 1234).
    static func ms(_ v: Double) -> String {
        guard v.isFinite, v > 0 else { return f(v, 0) }
        return f(v, min(4, max(0, 2 - Int(log10(v).rounded(.down)))))
    }
}

import ElasticCore
import ElasticStats
import Foundation

/// `elastic spring --plot FILE.svg`: the spring's value over time with its target, the overshoot
/// and the settle time marked, and its velocity in a panel of its own below, on a shared time axis.
/// Hand-written SVG. Markers carry their exact figures as data-* attributes for tools and tests.
struct SpringPlot {
    let spring: Spring
    /// The time span drawn (the same as the CSV's).
    let seconds: Double
    let rest: RestThreshold
    let label: String

    static let width = 960.0, height = 700.0
    static let plotX = (from: 90.0, to: 900.0)
    static let valuePanel = (top: 150.0, bottom: 430.0)
    static let velocityPanel = (top: 480.0, bottom: 640.0)
    /// Enough points for a smooth curve at this width; more only make the file bigger.
    static let points = 1600
    static let valueColor = "#1f77b4", velocityColor = "#2ca02c", targetColor = "#555"
    static let overshootColor = "#d62728", settleColor = "#9467bd"

    /// Refuses a path the plot could not be written to, before anything is computed.
    static func checkPath(_ path: String) throws {
        try ReplacedFileCheck.check(path, what: "the plot")
        do { try AtomicFile.checkWritable(path, purpose: "plot") } catch let error as StatsError { throw ValidationFailure(error.description) }
        guard path.lowercased().hasSuffix(".svg") else {
            throw ValidationFailure("cannot write the plot to \(path): the name must end in .svg")
        }
    }

    func write(to path: String) throws {
        try SpringPlot.checkPath(path)
        do { try AtomicFile.write(try svg(), to: path, purpose: "plot") } catch let error as StatsError { throw ValidationFailure(error.description) }
    }

    func svg() throws -> String {
        let milestones = SpringMilestones(spring, settleDistance: rest.distance)
        let n = SpringPlot.points
        let end = seconds > 0 ? seconds : 1
        let samples = (0...n).map { i -> (t: Double, value: Double, velocity: Double) in
            let t = end * Double(i) / Double(n)
            let s = spring.sample(after: t)
            return (t, s.value, s.velocity)
        }
        guard samples.allSatisfy({ $0.value.isFinite && $0.velocity.isFinite }) else {
            throw ValidationFailure("cannot plot this spring: its motion overflows")
        }
        var shownOvershoot: SpringMilestones.Overshoot?
        if let o = milestones.overshoot, o.time <= end { shownOvershoot = o }
        let values = samples.map(\.value) + [spring.value, spring.target] + (shownOvershoot.map { [$0.value] } ?? [])
        let time = TickedAxis(AxisTicks(covering: 0, end), pixels: SpringPlot.plotX)
        let valueAxis = TickedAxis(AxisTicks(covering: values.min()!, values.max()!),
                                 pixels: (SpringPlot.valuePanel.bottom, SpringPlot.valuePanel.top))
        let velocities = samples.map(\.velocity) + [0]
        let velocityAxis = TickedAxis(AxisTicks(covering: velocities.min()!, velocities.max()!),
                                    pixels: (SpringPlot.velocityPanel.bottom, SpringPlot.velocityPanel.top))

        var s = SVGText(width: SpringPlot.width, height: SpringPlot.height)
        s.text(label, x: SpringPlot.plotX.from, y: 30, size: 18, weight: "bold")
        let p = spring.parameters
        s.text("k = \(short(p.stiffness)), c = \(short(p.damping)), m = \(short(p.mass)), ζ = \(short(p.dampingRatio)), "
               + "ω₀ = \(short(p.naturalFrequency)) rad/s; from \(short(spring.value)) to \(short(spring.target))",
               x: SpringPlot.plotX.from, y: 52, size: 13, fill: "#333")
        legend(&s, milestones: milestones, end: end)

        panel(&s, x: time, y: valueAxis, name: "value", top: SpringPlot.valuePanel.top)
        panel(&s, x: time, y: velocityAxis, name: "velocity", top: SpringPlot.velocityPanel.top)
        for tick in time.ticks.indices {
            s.tick(axis: "time", label: time.ticks.label(tick), x1: time.pixel(time.ticks.value(tick)),
                   y1: SpringPlot.velocityPanel.bottom, x2: time.pixel(time.ticks.value(tick)), y2: SpringPlot.velocityPanel.bottom + 5,
                   textX: time.pixel(time.ticks.value(tick)), textY: SpringPlot.velocityPanel.bottom + 20, anchor: "middle")
        }
        s.text("time (s)", x: (SpringPlot.plotX.from + SpringPlot.plotX.to) / 2, y: SpringPlot.velocityPanel.bottom + 42,
               size: 13, anchor: "middle")

        // Settle band and target behind the curve.
        for edge in [spring.target - rest.distance, spring.target + rest.distance] {
            s.line(x1: time.pixel(0), y1: valueAxis.pixel(edge), x2: time.pixel(end), y2: valueAxis.pixel(edge),
                   stroke: SpringPlot.settleColor, width: 0.6, dash: "2 3", cls: "settle-band")
        }
        s.line(x1: time.pixel(0), y1: valueAxis.pixel(spring.target), x2: time.pixel(end), y2: valueAxis.pixel(spring.target),
               stroke: SpringPlot.targetColor, width: 1.2, dash: "6 4", id: "target")
        s.polyline(samples.map { (time.pixel($0.t), valueAxis.pixel($0.value)) }, stroke: SpringPlot.valueColor, id: "value-curve")
        s.polyline(samples.map { (time.pixel($0.t), velocityAxis.pixel($0.velocity)) }, stroke: SpringPlot.velocityColor, id: "velocity-curve")

        if let o = shownOvershoot {
            let x = time.pixel(o.time), y = valueAxis.pixel(o.value)
            s.raw("<g id=\"overshoot\" data-time=\"\(o.time)\" data-value=\"\(o.value)\">")
            s.raw("<circle cx=\"\(fmt(x))\" cy=\"\(fmt(y))\" r=\"4.5\" fill=\"none\" stroke=\"\(SpringPlot.overshootColor)\" stroke-width=\"2\"/>")
            s.text("\(short(o.value)) at \(short(o.time)) s", x: x + 8, y: y - 8, size: 12, fill: SpringPlot.overshootColor)
            s.raw("</g>")
        }
        if let t = milestones.settleTime, t <= end {
            let x = time.pixel(t)
            s.raw("<g id=\"settle\" data-time=\"\(t)\">")
            s.line(x1: x, y1: SpringPlot.valuePanel.top, x2: x, y2: SpringPlot.velocityPanel.bottom,
                   stroke: SpringPlot.settleColor, width: 1.5, dash: "4 3")
            s.text("settled \(short(t)) s", x: x + 5, y: SpringPlot.valuePanel.top + 14, size: 12, fill: SpringPlot.settleColor)
            s.raw("</g>")
        }
        return s.finish()
    }

    /// What each mark means, with the figures also when they fall outside the plotted time.
    private func legend(_ s: inout SVGText, milestones: SpringMilestones, end: Double) {
        var y = 76.0
        func entry(_ color: String, dash: String?, _ text: String, id: String) {
            s.line(x1: SpringPlot.plotX.from, y1: y - 4, x2: SpringPlot.plotX.from + 26, y2: y - 4, stroke: color, width: 2, dash: dash)
            s.text(text, x: SpringPlot.plotX.from + 34, y: y, size: 12.5, fill: "#222", id: id)
            y += 17
        }
        entry(SpringPlot.valueColor, dash: nil, "value (top) and velocity per second (bottom, green); target dashed", id: "legend-curves")
        let overshoot: String
        if let o = milestones.overshoot {
            let percent = abs(o.value - spring.target) / abs(spring.target - spring.value) * 100
            overshoot = "overshoot: \(short(o.value)) (\(short(percent)) % of the travel past the target) at \(short(o.time)) s"
                + (o.time > end ? ", after the plotted time" : "")
        } else {
            overshoot = "no overshoot: the value never passes the target"
        }
        entry(SpringPlot.overshootColor, dash: nil, overshoot, id: "legend-overshoot")
        let within = "stays within \(short(rest.distance)) of the target (the app's rest distance, RestThreshold)"
        let settle: String
        if let t = milestones.settleTime {
            settle = "settle: \(within) from \(short(t)) s" + (t > end ? ", after the plotted time" : "")
        } else {
            settle = "settle: never \(within)"
        }
        entry(SpringPlot.settleColor, dash: "4 3", settle, id: "legend-settle")
    }

    private func panel(_ s: inout SVGText, x: TickedAxis, y: TickedAxis, name: String, top: Double) {
        let bottom = y.pixels.0
        s.raw("<rect x=\"\(fmt(x.pixels.0))\" y=\"\(fmt(top))\" width=\"\(fmt(x.pixels.1 - x.pixels.0))\" "
              + "height=\"\(fmt(bottom - top))\" fill=\"none\" stroke=\"#999\"/>")
        for tick in x.ticks.indices {
            let px = x.pixel(x.ticks.value(tick))
            s.line(x1: px, y1: top, x2: px, y2: bottom, stroke: "#eee", width: 1)
        }
        for tick in y.ticks.indices {
            let py = y.pixel(y.ticks.value(tick))
            s.line(x1: x.pixels.0, y1: py, x2: x.pixels.1, y2: py, stroke: "#eee", width: 1)
            s.tick(axis: name, label: y.ticks.label(tick), x1: x.pixels.0 - 5, y1: py, x2: x.pixels.0, y2: py,
                   textX: x.pixels.0 - 8, textY: py + 4, anchor: "end")
        }
        s.text(name, x: 20, y: (top + bottom) / 2, size: 13, anchor: "middle", rotate: true)
    }
}

/// Figures for the legend: 5 significant digits.
func short(_ v: Double) -> String { String(format: "%.5g", v) }
/// Pixel coordinates: hundredths of a pixel.
func fmt(_ v: Double) -> String { String(format: "%.2f", v) }

/// An axis and its ticks, both from ElasticStats' plot axis code (the frame plot's too).
struct TickedAxis {
    let ticks: AxisTicks
    let map: PlotAxis
    var pixels: (Double, Double) { map.pixels }

    init(_ ticks: AxisTicks, pixels: (Double, Double)) {
        self.ticks = ticks
        map = PlotAxis(ticks: ticks, pixels: pixels)
    }

    func pixel(_ v: Double) -> Double { map(v) }
}

import Foundation

/// The picture people post when they compare runs: frame time over time with the parts stacked
/// under it and the budget line, and beside it the percentile curve (frame time against
/// percentile on a "nines" axis, so 90, 99, 99.9 % are equally spaced and the tail is visible).
///
/// Hand-written SVG; `.png` goes through `rsvg-convert` (Debian: librsvg2-bin) or ImageMagick.
/// Series are decimated to ≤ 1000 buckets: the frame-time line keeps each bucket's min and max in
/// the order they happened (spikes stay visible), the stacked parts show each bucket's means.
/// The frame-time scale fits the data (see `frameTimeScale`); frames above its top are clipped
/// and marked with a red triangle. The percentile panel marks P1, P0.1 (MangoHud) and the 1% low
/// average (CapFrameX), as the summary computes them. Below: the frame-time distribution (a
/// histogram on the same frame-time scale, the R-8 median, p90, p99, p99.9 marked) and the input
/// latency over time for runs that have it. Up to 8 runs, each in its own colour.
public enum FramePlot {
    /// One run to draw: a label for the legend, its frames and its summary.
    public struct Run: Sendable {
        public var label: String
        public var log: FrameLog
        public var summary: FrameSummary
        public init(label: String, log: FrameLog, summary: FrameSummary) {
            self.label = label; self.log = log; self.summary = summary
        }
    }

    static let width = 1400.0, height = 1000.0
    static let left = (x0: 80.0, x1: 930.0), right = (x0: 1010.0, x1: 1370.0)
    static let plotTop = 120.0, plotBottom = 590.0
    static let maxBuckets = 1000

    static let parts: [(name: String, color: String, ns: @Sendable (FrameRecord) -> UInt64)] = [
        ("input", "#8dd3c7", { $0.inputNs }),
        ("update", "#80b1d3", { $0.updateNs }),
        ("tessellate", "#fdb462", { $0.tessellateNs }),
        ("submit", "#b3de69", { $0.submitNs }),
        ("present", "#bebada", { $0.presentNs }),
        ("hud", "#fccde5", { $0.hudNs }),
    ]
    static let runColors = ["#1b1b1b", "#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf"]
    static func color(_ run: Int) -> String { runColors[run % runColors.count] }
    static let budgetColor = "#d62728"

    /// Writes `path` as SVG, or as PNG when it ends in .png (converted with an external tool).
    public static func write(_ runs: [Run], title: String, to path: String) throws {
        let text = svg(runs, title: title)
        let lower = path.lowercased()
        if lower.hasSuffix(".svg") {
            try writeText(text, to: path)
        } else if lower.hasSuffix(".png") {
            try writePNG(svg: text, to: path)
        } else {
            throw StatsError("cannot write a plot to \(path): the name must end in .svg or .png")
        }
    }

    /// The SVG text of the picture (1 to 8 runs; the parts are stacked for the first run).
    public static func svg(_ runs: [Run], title: String) -> String {
        precondition(!runs.isEmpty && runs.allSatisfy { !$0.log.records.isEmpty }, "plot needs frames")
        let first = runs[0]
        let budget = first.summary.budgetMs
        let (yTop, yStep) = frameTimeScale(runs)
        let yTicks = ticks(0, yTop, step: yStep)
        let tEnd = runs.map { Double($0.log.records.last!.timeNs) / 1e9 }.max() ?? 1
        // The first frame began a frame time before it was presented, but not before the start:
        // a rounded frame time can exceed its elapsed time (MangoHud's 6 digits).
        let tStart = runs.map { run -> Double in
            let first = run.log.records[0]
            return max(0, (Double(first.timeNs) - Double(first.frameNs)) / 1e9)
        }.min() ?? 0
        let xTime = Axis(from: tStart, to: max(tEnd, tStart + 1e-3), pixels: left)
        let y = Axis(from: 0, to: yTop, pixels: (plotBottom, plotTop))

        // Each run has a line of figures at the top; past two, the panels move down to make room.
        let offset = 18 * Double(max(0, runs.count - 2))
        var s = SVG(width: width, height: height + offset)
        s.raw("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>")
        s.text(title, x: left.x0, y: 30, size: 20, weight: "bold")
        for (i, run) in runs.enumerated() {
            let m = run.summary
            let line = "\(runs.count > 1 ? run.label + ": " : "")\(m.frames) frames, \(f(m.durationSeconds, 1)) s · "
                + "avg \(f(m.averageFPS, 1)) FPS · median \(ms(m.frameTimeMedianMs)) · p99 \(ms(m.frameTimeP99Ms)) · "
                + "max \(ms(m.frameTimeMaxMs)) ms · P1 \(f(m.p1FPS, 1)) FPS (MangoHud) · "
                + "1% low avg \(f(m.onePercentLowAverageFPS, 1)) FPS (CapFrameX) · "
                + "late \(m.lateFrames) (missed a refresh) · stutter \(f(m.stutteringTimePercent, 2)) %"
            s.text(line, x: left.x0, y: 54 + Double(i) * 18, size: 12.5, fill: runs.count > 1 ? color(i) : "#333")
        }
        s.raw("<g transform=\"translate(0 \(f(offset)))\">")

        // Left panel: frame time over time.
        s.text("frame time over time", x: left.x0, y: plotTop - 12, size: 14, weight: "bold")
        gridAndAxes(&s, x: xTime, y: y, xLabel: "time (s)", yLabel: "frame time (ms)",
                    xTicks: ticks(xTime.from, xTime.to), yTicks: yTicks)
        if first.log.hasParts { stackedParts(&s, run: first, x: xTime, y: y) }
        for (i, run) in runs.enumerated() {
            frameTimeLine(&s, run: run, x: xTime, y: y, color: color(i))
        }
        budgetLine(&s, budget: budget, hz: first.summary.targetRefreshHz, x: xTime, y: y, yTop: yTop)
        clippedMarks(&s, runs: runs, x: xTime, yTop: yTop, topLabel: yTicks.last?.1 ?? ms(yTop))

        // Right panel: percentile curve on a nines axis.
        let maxNines = runs.map { nines(forCount: $0.log.records.count) }.max() ?? 1
        let xNines = Axis(from: 0, to: maxNines, pixels: right)
        s.text("frame time by percentile", x: right.x0, y: plotTop - 12, size: 14, weight: "bold")
        var nineTicks: [(Double, String)] = [(0, "0%"), (1, "90%")]
        if maxNines >= 2 { nineTicks.append((2, "99%")) }
        if maxNines >= 3 { nineTicks.append((3, "99.9%")) }
        if maxNines >= 4 { nineTicks.append((4, "99.99%")) }
        gridAndAxes(&s, x: xNines, y: y, xLabel: "percentile (slower frames to the right)", yLabel: nil,
                    xTicks: nineTicks, yTicks: yTicks)
        for (i, run) in runs.enumerated() {
            percentileCurve(&s, run: run, x: xNines, y: y, yTop: yTop, color: color(i))
        }
        budgetLine(&s, budget: budget, hz: nil, x: xNines, y: y, yTop: yTop)
        lowMarks(&s, runs: runs, x: xNines, y: y)

        distribution(&s, runs: runs, yTop: yTop, yStep: yStep)
        inputLatency(&s, runs: runs, x: xTime)
        legend(&s, runs: runs)
        s.raw("</g>")
        return s.finish()
    }
}

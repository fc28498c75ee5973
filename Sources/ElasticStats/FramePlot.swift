import Foundation

/// The picture people post when they compare runs: frame time over time with the parts stacked
/// under it and the budget line, and beside it the percentile curve (frame time against
/// percentile on a "nines" axis, so 90, 99, 99.9 % are equally spaced and the tail is visible).
///
/// Hand-written SVG; `.png` goes through `rsvg-convert` (Debian: librsvg2-bin) or ImageMagick.
/// Series are decimated to ≤ 1000 buckets: the frame-time line keeps each bucket's min and max in
/// the order they happened (spikes stay visible), the stacked parts show each bucket's means.
/// Frames above the top of the scale are clipped and marked with a red triangle.
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

    static let width = 1400.0, height = 680.0
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
    static let runColors = ["#1b1b1b", "#1f77b4"]
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

    /// The SVG text of the picture (1 or 2 runs; the parts are stacked for the first run).
    public static func svg(_ runs: [Run], title: String) -> String {
        precondition(!runs.isEmpty && runs.allSatisfy { !$0.log.records.isEmpty }, "plot needs frames")
        let first = runs[0]
        let budget = first.summary.budgetMs
        let yTop = scaleTop(runs)
        let tEnd = runs.map { run -> Double in
            let last = run.log.records.last!
            return Double(last.timeNs) / 1e9
        }.max() ?? 1
        let tStart = runs.map { Double($0.log.records[0].timeNs &- $0.log.records[0].frameNs) / 1e9 }.min() ?? 0
        let xTime = Axis(from: tStart, to: max(tEnd, tStart + 1e-3), pixels: left)
        let y = Axis(from: 0, to: yTop, pixels: (plotBottom, plotTop))

        var s = SVG(width: width, height: height)
        s.raw("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>")
        s.text(title, x: left.x0, y: 30, size: 20, weight: "bold")
        for (i, run) in runs.enumerated() {
            let m = run.summary
            let line = "\(runs.count > 1 ? run.label + ": " : "")\(m.frames) frames, \(f(m.durationSeconds, 1)) s · "
                + "avg \(f(m.averageFPS, 1)) FPS · median \(f(m.frameTimeMedianMs, 2)) · p99 \(f(m.frameTimeP99Ms, 2)) · "
                + "max \(f(m.frameTimeMaxMs, 1)) ms · P1 \(f(m.p1FPS, 1)) FPS (MangoHud) · "
                + "1% low avg \(f(m.onePercentLowAverageFPS, 1)) FPS (CapFrameX) · "
                + "over budget \(m.framesOverBudget) · stutter \(f(m.stutteringTimePercent, 2)) %"
            s.text(line, x: left.x0, y: 54 + Double(i) * 18, size: 12.5, fill: runs.count > 1 ? runColors[i % 2] : "#333")
        }

        // Left panel: frame time over time.
        s.text("frame time over time", x: left.x0, y: plotTop - 12, size: 14, weight: "bold")
        gridAndAxes(&s, x: xTime, y: y, xLabel: "time (s)", yLabel: "frame time (ms)", xTicks: ticks(xTime.from, xTime.to))
        if first.log.hasParts { stackedParts(&s, run: first, x: xTime, y: y) }
        for (i, run) in runs.enumerated() {
            frameTimeLine(&s, run: run, x: xTime, y: y, color: runColors[i % 2])
        }
        budgetLine(&s, budget: budget, hz: first.summary.targetRefreshHz, x: xTime, y: y, yTop: yTop)
        clippedMarks(&s, runs: runs, x: xTime, yTop: yTop)

        // Right panel: percentile curve on a nines axis.
        let maxNines = runs.map { nines(forCount: $0.log.records.count) }.max() ?? 1
        let xNines = Axis(from: 0, to: maxNines, pixels: right)
        s.text("frame time by percentile", x: right.x0, y: plotTop - 12, size: 14, weight: "bold")
        var nineTicks: [(Double, String)] = [(0, "0%"), (1, "90%")]
        if maxNines >= 2 { nineTicks.append((2, "99%")) }
        if maxNines >= 3 { nineTicks.append((3, "99.9%")) }
        if maxNines >= 4 { nineTicks.append((4, "99.99%")) }
        gridAndAxes(&s, x: xNines, y: y, xLabel: "percentile (slower frames to the right)", yLabel: nil,
                    xTicks: nineTicks)
        for (i, run) in runs.enumerated() {
            percentileCurve(&s, run: run, x: xNines, y: y, yTop: yTop, color: runColors[i % 2])
        }
        budgetLine(&s, budget: budget, hz: nil, x: xNines, y: y, yTop: yTop)

        legend(&s, runs: runs)
        return s.finish()
    }

    // MARK: Scales

    /// The top of the frame-time scale: room above p99.9 and the budget; the max when it is close,
    /// else spikes are clipped (and marked) so that the body of the run stays readable.
    static func scaleTop(_ runs: [Run]) -> Double {
        var top = 0.0
        for run in runs {
            let m = run.summary
            var wanted = max(m.budgetMs * 1.25, m.frameTimeP99_9Ms * 1.2)
            if m.frameTimeMaxMs <= wanted * 1.6 { wanted = max(wanted, m.frameTimeMaxMs * 1.05) }
            top = max(top, wanted)
        }
        return niceCeil(max(top, 1))
    }

    static func niceStep(_ span: Double, count: Double = 6) -> Double {
        let raw = span / count
        let power = pow(10, floor(log10(raw)))
        for m in [1.0, 2, 2.5, 5, 10] where raw <= m * power { return m * power }
        return 10 * power
    }

    static func niceCeil(_ value: Double) -> Double {
        let step = niceStep(value, count: 5)
        return ceil(value / step) * step
    }

    static func ticks(_ from: Double, _ to: Double) -> [(Double, String)] {
        let step = niceStep(to - from)
        var out: [(Double, String)] = []
        var v = ceil(from / step) * step
        let decimals = step < 1 ? Int(ceil(-log10(step))) : 0
        while v <= to + step * 1e-9 { out.append((v, f(v, decimals))); v += step }
        return out
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

    // MARK: Drawing

    static func gridAndAxes(_ s: inout SVG, x: Axis, y: Axis, xLabel: String, yLabel: String?,
                            xTicks: [(Double, String)]) {
        for (v, label) in ticks(y.from, y.to) {
            let py = y(v)
            s.raw("<line x1=\"\(f(x.pixels.0))\" y1=\"\(f(py))\" x2=\"\(f(x.pixels.1))\" y2=\"\(f(py))\" stroke=\"#e6e6e6\"/>")
            s.text(label, x: x.pixels.0 - 6, y: py + 4, size: 11, anchor: "end", fill: "#444")
        }
        for (v, label) in xTicks {
            let px = x(v)
            s.raw("<line x1=\"\(f(px))\" y1=\"\(f(y.pixels.0))\" x2=\"\(f(px))\" y2=\"\(f(y.pixels.1))\" stroke=\"#eeeeee\"/>")
            s.raw("<line x1=\"\(f(px))\" y1=\"\(f(y.pixels.0))\" x2=\"\(f(px))\" y2=\"\(f(y.pixels.0 + 5))\" stroke=\"#444\"/>")
            s.text(label, x: px, y: y.pixels.0 + 18, size: 11, anchor: "middle", fill: "#444")
        }
        s.raw("<rect x=\"\(f(x.pixels.0))\" y=\"\(f(y.pixels.1))\" width=\"\(f(x.pixels.1 - x.pixels.0))\" "
            + "height=\"\(f(y.pixels.0 - y.pixels.1))\" fill=\"none\" stroke=\"#444\"/>")
        s.text(xLabel, x: (x.pixels.0 + x.pixels.1) / 2, y: y.pixels.0 + 36, size: 12, anchor: "middle")
        if let yLabel {
            let cx = x.pixels.0 - 52, cy = (y.pixels.0 + y.pixels.1) / 2
            s.raw("<text x=\"\(f(cx))\" y=\"\(f(cy))\" font-size=\"12\" text-anchor=\"middle\" "
                + "transform=\"rotate(-90 \(f(cx)) \(f(cy)))\">\(escape(yLabel))</text>")
        }
    }

    /// Bucket boundaries over the records (≤ maxBuckets buckets).
    static func buckets(_ count: Int) -> [Range<Int>] {
        let n = min(count, maxBuckets)
        return (0..<n).map { b in (b * count / n)..<((b + 1) * count / n) }.filter { !$0.isEmpty }
    }

    static func stackedParts(_ s: inout SVG, run: Run, x: Axis, y: Axis) {
        let records = run.log.records
        let ranges = buckets(records.count)
        // cumulative[k][b]: the top of part k in bucket b (mean ms).
        var cumulative = [[Double]](repeating: [], count: parts.count)
        var xs: [Double] = []
        for range in ranges {
            var sum = 0.0
            for (k, part) in parts.enumerated() {
                var total: UInt64 = 0
                for i in range { total &+= part.ns(records[i]) }
                sum += Double(total) / 1e6 / Double(range.count)
                cumulative[k].append(sum)
            }
            let t = (Double(records[range.lowerBound].timeNs) + Double(records[range.upperBound - 1].timeNs)) / 2e9
            xs.append(x(t))
        }
        for k in parts.indices {
            var points = ""
            for b in xs.indices { points += "\(f(xs[b])),\(f(y(min(cumulative[k][b], y.to)))) " }
            for b in xs.indices.reversed() {
                let bottom = k == 0 ? 0 : cumulative[k - 1][b]
                points += "\(f(xs[b])),\(f(y(min(bottom, y.to)))) "
            }
            s.raw("<polygon points=\"\(points)\" fill=\"\(parts[k].color)\" stroke=\"none\"/>")
        }
    }

    static func frameTimeLine(_ s: inout SVG, run: Run, x: Axis, y: Axis, color: String) {
        let records = run.log.records
        var points = ""
        for range in buckets(records.count) {
            var lo = range.lowerBound, hi = range.lowerBound
            for i in range {
                if records[i].frameNs < records[lo].frameNs { lo = i }
                if records[i].frameNs > records[hi].frameNs { hi = i }
            }
            for i in (lo == hi ? [lo] : [min(lo, hi), max(lo, hi)]) {
                let ms = min(Double(records[i].frameNs) / 1e6, y.to)
                points += "\(f(x(Double(records[i].timeNs) / 1e9))),\(f(y(ms))) "
            }
        }
        s.raw("<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.2\" stroke-linejoin=\"round\"/>")
    }

    static func budgetLine(_ s: inout SVG, budget: Double, hz: Double?, x: Axis, y: Axis, yTop: Double) {
        guard budget <= yTop else { return }
        let py = y(budget)
        s.raw("<line x1=\"\(f(x.pixels.0))\" y1=\"\(f(py))\" x2=\"\(f(x.pixels.1))\" y2=\"\(f(py))\" "
            + "stroke=\"\(budgetColor)\" stroke-width=\"1.5\" stroke-dasharray=\"8 5\"/>")
        let label = hz.map { "budget \(f(budget, 2)) ms (\(f($0, 0)) Hz)" } ?? "budget"
        s.text(label, x: x.pixels.1 - 6, y: py - 6, size: 12, anchor: "end", fill: budgetColor, weight: "bold")
    }

    static func clippedMarks(_ s: inout SVG, runs: [Run], x: Axis, yTop: Double) {
        var note: [String] = []
        for (i, run) in runs.enumerated() {
            let over = run.log.records.filter { Double($0.frameNs) / 1e6 > yTop }
            guard !over.isEmpty else { continue }
            var lastX = -10.0
            for r in over {
                let px = x(Double(r.timeNs) / 1e9)
                guard px - lastX >= 3 else { continue }
                lastX = px
                s.raw("<path d=\"M\(f(px - 4)),\(f(plotTop + 8)) L\(f(px + 4)),\(f(plotTop + 8)) L\(f(px)),\(f(plotTop)) Z\" fill=\"\(budgetColor)\"/>")
            }
            note.append("\(runs.count > 1 ? run.label + ": " : "")\(over.count) frame\(over.count == 1 ? "" : "s") above \(f(yTop, 0)) ms (max \(f(run.summary.frameTimeMaxMs, 1)) ms), clipped ▲")
            _ = i
        }
        if !note.isEmpty {
            s.text(note.joined(separator: " · "), x: left.x1, y: plotTop - 12, size: 12, anchor: "end", fill: budgetColor)
        }
    }

    static func percentileCurve(_ s: inout SVG, run: Run, x: Axis, y: Axis, yTop: Double, color: String) {
        let ascending = run.log.records.map { Double($0.frameNs) / 1e6 }.sorted()
        let end = nines(forCount: ascending.count)
        var points = ""
        let samples = 400
        for k in 0...samples {
            let v = end * Double(k) / Double(samples)
            let p = 1 - pow(10, -v)
            let ms = FrameSummary.quantileR8(ascending, min(1, p))
            points += "\(f(x(v))),\(f(y(min(ms, yTop)))) "
        }
        points += "\(f(x(end))),\(f(y(min(ascending.last!, yTop)))) "
        s.raw("<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.8\"/>")
        if ascending.last! > yTop {
            s.raw("<path d=\"M\(f(x(end) - 4)),\(f(plotTop + 8)) L\(f(x(end) + 4)),\(f(plotTop + 8)) L\(f(x(end))),\(f(plotTop)) Z\" fill=\"\(budgetColor)\"/>")
        }
    }

    static func legend(_ s: inout SVG, runs: [Run]) {
        var x = left.x0
        let y = height - 32
        func item(_ label: String, swatch: String) {
            s.raw(swatch)
            s.text(label, x: x + 22, y: y + 4, size: 12)
            x += 30 + Double(label.count) * 7
        }
        for (i, run) in runs.enumerated() {
            item("frame time\(runs.count > 1 ? " (" + run.label + ")" : "")",
                 swatch: "<line x1=\"\(f(x))\" y1=\"\(f(y))\" x2=\"\(f(x + 16))\" y2=\"\(f(y))\" stroke=\"\(runColors[i % 2])\" stroke-width=\"2\"/>")
        }
        item("budget", swatch: "<line x1=\"\(f(x))\" y1=\"\(f(y))\" x2=\"\(f(x + 16))\" y2=\"\(f(y))\" stroke=\"\(budgetColor)\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>")
        if runs[0].log.hasParts {
            for part in parts {
                item(part.name, swatch: "<rect x=\"\(f(x))\" y=\"\(f(y - 6))\" width=\"16\" height=\"12\" fill=\"\(part.color)\"/>")
            }
            s.text("parts\(runs.count > 1 ? " of " + runs[0].label : ""): stacked means per time bucket; "
                   + "the gap up to the line is time outside the parts",
                   x: left.x0, y: y + 17, size: 11, fill: "#666")
        }
    }

    // MARK: Output

    static func writeText(_ text: String, to path: String) throws {
        try WholeFileWriter.write(Data(text.utf8), to: path, what: "the plot")
    }

    static func writePNG(svg text: String, to path: String) throws {
        let tools: [(String, (String, String) -> [String])] = [
            ("rsvg-convert", { input, output in ["-b", "white", "-o", output, input] }),
            ("convert", { input, output in ["-density", "96", input, output] }),
        ]
        guard let (tool, arguments) = tools.lazy.compactMap({ name, args in findExecutable(name).map { ($0, args) } }).first else {
            throw StatsError("cannot write \(path): PNG needs rsvg-convert (apt-get install librsvg2-bin) or ImageMagick; "
                + "or write .svg instead")
        }
        let svgPath = path + ".tmp-\(getpid()).svg"
        try writeText(text, to: svgPath)
        defer { try? FileManager.default.removeItem(atPath: svgPath) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments(svgPath, path)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw StatsError("cannot write \(path): could not run \(tool): \(error)")
        }
        let message = String(data: errors.fileHandleForReading.readDataToEndOfFile(), encoding: .utf8) ?? ""
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw StatsError("cannot write \(path): \(tool) failed: \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }

    static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    static func f(_ v: Double, _ decimals: Int = 1) -> String { FrameSummary.format(v, decimals) }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// A tiny SVG text builder.
    struct SVG {
        var body: String
        init(width: Double, height: Double) {
            body = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width, 0))\" height=\"\(f(height, 0))\" "
                + "viewBox=\"0 0 \(f(width, 0)) \(f(height, 0))\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
        }
        mutating func raw(_ element: String) { body += element + "\n" }
        mutating func text(_ content: String, x: Double, y: Double, size: Double, anchor: String = "start",
                           fill: String = "#111", weight: String = "normal") {
            body += "<text x=\"\(f(x))\" y=\"\(f(y))\" font-size=\"\(f(size, 0))\" text-anchor=\"\(anchor)\" "
                + "fill=\"\(fill)\" font-weight=\"\(weight)\">\(escape(content))</text>\n"
        }
        func finish() -> String { body + "</svg>\n" }
    }
}

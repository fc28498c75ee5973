import Foundation

extension FramePlot {
    // MARK: Drawing

    static func gridAndAxes(_ s: inout SVG, x: Axis, y: Axis, xLabel: String, yLabel: String?,
                            xTicks: [(Double, String)], yTicks: [(Double, String)]) {
        for (v, label) in yTicks {
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
        guard budget <= yTop else {
            // Said once, on the time panel: the scale fits the run, which is far under its budget.
            if let hz {
                s.text("budget \(f(budget, 2)) ms (\(f(hz, 0)) Hz): above this scale", x: x.pixels.1 - 6, y: plotTop + 16,
                       size: 12, anchor: "end", fill: budgetColor, weight: "bold")
            }
            return
        }
        let py = y(budget)
        s.raw("<line x1=\"\(f(x.pixels.0))\" y1=\"\(f(py))\" x2=\"\(f(x.pixels.1))\" y2=\"\(f(py))\" "
            + "stroke=\"\(budgetColor)\" stroke-width=\"1.5\" stroke-dasharray=\"8 5\"/>")
        let label = hz.map { "budget \(f(budget, 2)) ms (\(f($0, 0)) Hz)" } ?? "budget"
        s.text(label, x: x.pixels.1 - 6, y: py - 6, size: 12, anchor: "end", fill: budgetColor, weight: "bold")
    }

    static func clippedMarks(_ s: inout SVG, runs: [Run], x: Axis, yTop: Double, topLabel: String) {
        var note: [String] = []
        for run in runs {
            let over = run.log.records.filter { Double($0.frameNs) / 1e6 > yTop }
            guard !over.isEmpty else { continue }
            var lastX = -10.0
            for r in over {
                let px = x(Double(r.timeNs) / 1e9)
                guard px - lastX >= 3 else { continue }
                lastX = px
                s.raw("<path d=\"M\(f(px - 4)),\(f(plotTop + 8)) L\(f(px + 4)),\(f(plotTop + 8)) L\(f(px)),\(f(plotTop)) Z\" fill=\"\(budgetColor)\"/>")
            }
            note.append("\(runs.count > 1 ? run.label + ": " : "")\(over.count) frame\(over.count == 1 ? "" : "s") above \(topLabel) ms (max \(ms(run.summary.frameTimeMaxMs)) ms), clipped ▲")
        }
        if !note.isEmpty {
            s.text(note.joined(separator: " · "), x: left.x1, y: plotTop - 12, size: 12, anchor: "end", fill: budgetColor)
        }
    }

    /// P1 and P0.1 (MangoHud's percentile frames) and the 1% low average (CapFrameX) as frame
    /// times, across the percentile panel: dotted lines, labels kept apart.
    static func lowMarks(_ s: inout SVG, runs: [Run], x: Axis, y: Axis) {
        var marks: [(ms: Double, label: String, color: String)] = []
        for (i, run) in runs.enumerated() {
            let m = run.summary
            let prefix = runs.count > 1 ? run.label + " " : ""
            for (name, fps) in [("P1", m.p1FPS), ("P0.1", m.p0_1FPS), ("1% low avg", m.onePercentLowAverageFPS)] {
                guard fps > 0 else { continue }   // a frame time of 0: no line to draw
                let frameMs = 1000 / fps
                let clipped = frameMs > y.to ? " (above the scale)" : ""
                marks.append((min(frameMs, y.to), "\(prefix)\(name) \(ms(frameMs)) ms, \(f(fps, 1)) FPS\(clipped)", color(i)))
            }
        }
        let sorted = marks.sorted { $0.ms < $1.ms }
        let labelYs = stackedLabels(at: sorted.map { y($0.ms) - 3 }, top: plotTop + labelGap, gap: labelGap)
        for mark in sorted {
            let py = y(mark.ms)
            s.raw("<line x1=\"\(f(x.pixels.0))\" y1=\"\(f(py))\" x2=\"\(f(x.pixels.1))\" y2=\"\(f(py))\" "
                + "stroke=\"\(mark.color)\" stroke-width=\"1\" stroke-dasharray=\"2 3\" class=\"low-mark\"/>")
        }
        // Labels after every line, each on a white backdrop: no line runs through a label.
        for (mark, labelY) in zip(sorted, labelYs) {
            s.text(mark.label, x: x.pixels.0 + 6, y: labelY, size: 11, fill: mark.color, backdrop: true)
        }
    }

    /// The vertical gap between stacked 11-px labels' baselines.
    static let labelGap = 14.0

    /// Baselines for labels wanted at `wanted` (bottom first, each above the one before), at least
    /// `gap` apart and none above `top`: stacked upwards from where each is wanted, then, if the
    /// stack passes the top, pushed back down from it.
    static func stackedLabels(at wanted: [Double], top: Double, gap: Double) -> [Double] {
        var ys: [Double] = []
        for w in wanted { ys.append(min(w, (ys.last ?? .infinity) - gap)) }
        var floor = top
        for i in ys.indices.reversed() {
            ys[i] = max(ys[i], floor)
            floor = ys[i] + gap
        }
        return ys
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
                 swatch: "<line x1=\"\(f(x))\" y1=\"\(f(y))\" x2=\"\(f(x + 16))\" y2=\"\(f(y))\" stroke=\"\(color(i))\" stroke-width=\"2\"/>")
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
}

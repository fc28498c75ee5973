import Foundation

extension FramePlot {
    static let lowerTop = 700.0, lowerBottom = 900.0
    static let histogramBins = 60

    /// Share of frames (%) in each of `histogramBins` equal bins over [0, yTop]; frames above the
    /// scale go in the last bin (they are also marked ▲ above).
    static func histogram(_ run: Run, yTop: Double) -> [Double] {
        var counts = [Int](repeating: 0, count: histogramBins)
        for r in run.log.records {
            let bin = Int(Double(r.frameNs) / 1e6 / yTop * Double(histogramBins))
            counts[min(max(bin, 0), histogramBins - 1)] += 1
        }
        let n = Double(max(1, run.log.records.count))
        return counts.map { 100 * Double($0) / n }
    }

    /// The frame-time distribution: a histogram per run (bars for one run, outlines for several)
    /// with the R-8 median, p90, p99 and p99.9 of each run marked.
    static func distribution(_ s: inout SVG, runs: [Run], yTop: Double, yStep: TickStep) {
        let shares = runs.map { histogram($0, yTop: yTop) }
        let peak = shares.flatMap { $0 }.max() ?? 1
        let shareStep = niceStep(max(peak, 1), count: 4)
        let shareTicks = ticks(0, max(peak, 1), step: shareStep)
        let shareTop = (shareTicks.last?.0 ?? peak) < peak ? peak : (shareTicks.last?.0 ?? peak)
        let x = Axis(from: 0, to: yTop, pixels: left)
        let y = Axis(from: 0, to: max(shareTop, 1e-9), pixels: (lowerBottom, lowerTop))
        s.text("frame-time distribution (share of frames per \(ms(yTop / Double(histogramBins))) ms bin)",
               x: left.x0, y: lowerTop - 12, size: 14, weight: "bold")
        gridAndAxes(&s, x: x, y: y, xLabel: "frame time (ms)", yLabel: "% of frames",
                    xTicks: ticks(0, yTop, step: yStep), yTicks: shareTicks)
        let binWidth = (x.pixels.1 - x.pixels.0) / Double(histogramBins)
        for (i, share) in shares.enumerated() {
            if runs.count == 1 {
                for (b, v) in share.enumerated() where v > 0 {
                    s.raw("<rect x=\"\(f(x.pixels.0 + Double(b) * binWidth))\" y=\"\(f(y(v)))\" width=\"\(f(binWidth - 1))\" "
                        + "height=\"\(f(y(0) - y(v)))\" fill=\"#9ecae1\" class=\"histogram-bin\"/>")
                }
            } else {
                var points = "\(f(x.pixels.0)),\(f(y(0))) "
                for (b, v) in share.enumerated() {
                    points += "\(f(x.pixels.0 + Double(b) * binWidth)),\(f(y(v))) \(f(x.pixels.0 + Double(b + 1) * binWidth)),\(f(y(v))) "
                }
                s.raw("<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(color(i))\" stroke-width=\"1.4\" class=\"histogram\"/>")
            }
        }
        // The percentiles, as the summary gives them, labelled at the top of the panel: each label
        // in the first row where it meets no other label.
        var rows: [[ClosedRange<Double>]] = []
        var labels: [(text: String, x: Double, row: Int, color: String)] = []
        for (i, run) in runs.enumerated() {
            let m = run.summary
            let markColor = runs.count == 1 ? "#08519c" : color(i)
            for (name, value) in [("median", m.frameTimeMedianMs), ("p90", m.frameTimeP90Ms),
                                  ("p99", m.frameTimeP99Ms), ("p99.9", m.frameTimeP99_9Ms)] where value <= yTop {
                let px = x(value)
                s.raw("<line x1=\"\(f(px))\" y1=\"\(f(lowerTop))\" x2=\"\(f(px))\" y2=\"\(f(lowerBottom))\" "
                    + "stroke=\"\(markColor)\" stroke-dasharray=\"3 3\" class=\"percentile-mark\"/>")
                let text = "\(name) \(ms(value))"
                let span = (px + 1)...(px + 5 + textWidth(text, size: 10))
                let row = rows.firstIndex { $0.allSatisfy { !$0.overlaps(span) } } ?? rows.count
                if row == rows.count { rows.append([]) }
                rows[row].append(span)
                labels.append((text, px + 3, row, markColor))
            }
        }
        for label in labels {
            s.text(label.text, x: label.x, y: lowerTop + 12 + Double(label.row) * 12, size: 10, fill: label.color, backdrop: true)
        }
    }

    /// Input latency (event to the present that showed it) over time, for runs that recorded it.
    static func inputLatency(_ s: inout SVG, runs: [Run], x time: Axis) {
        let panel = (x0: right.x0, x1: right.x1)
        s.text("input latency", x: panel.x0, y: lowerTop - 12, size: 14, weight: "bold")
        let samples = runs.map { $0.log.records.compactMap { r in r.inputLatencyNs.map { (Double(r.timeNs) / 1e9, Double($0) / 1e6) } } }
        guard let top = samples.flatMap({ $0.map(\.1) }).max() else {
            s.raw("<rect x=\"\(f(panel.x0))\" y=\"\(f(lowerTop))\" width=\"\(f(panel.x1 - panel.x0))\" "
                + "height=\"\(f(lowerBottom - lowerTop))\" fill=\"none\" stroke=\"#ccc\"/>")
            s.text("not recorded in \(runs.count == 1 ? "this run" : "these runs")", x: (panel.x0 + panel.x1) / 2,
                   y: (lowerTop + lowerBottom) / 2, size: 12, anchor: "middle", fill: "#888")
            return
        }
        let step = niceStep(max(top, 1e-3), count: 4)
        let latencyTicks = ticks(0, max(top, 1e-3), step: step)
        let yTop = max(latencyTicks.last?.0 ?? top, top)
        let x = Axis(from: time.from, to: time.to, pixels: panel)
        let y = Axis(from: 0, to: yTop, pixels: (lowerBottom, lowerTop))
        gridAndAxes(&s, x: x, y: y, xLabel: "time (s)", yLabel: nil, xTicks: ticks(x.from, x.to, step: niceStep(x.to - x.from, count: 3)),
                    yTicks: latencyTicks)
        for (i, points) in samples.enumerated() where !points.isEmpty {
            for (t, latency) in points.enumerated().filter({ $0.offset % max(1, points.count / 2000) == 0 }).map(\.element) {
                s.raw("<circle cx=\"\(f(x(t)))\" cy=\"\(f(y(latency)))\" r=\"1.6\" fill=\"\(color(i))\" class=\"latency\"/>")
            }
            let sorted = points.map(\.1).sorted()
            let p99 = FrameSummary.quantileR8(sorted, 0.99)
            s.raw("<line x1=\"\(f(x.pixels.0))\" y1=\"\(f(y(p99)))\" x2=\"\(f(x.pixels.1))\" y2=\"\(f(y(p99)))\" "
                + "stroke=\"\(color(i))\" stroke-dasharray=\"2 3\"/>")
            s.text("\(runs.count > 1 ? runs[i].label + " " : "")p99 \(ms(p99)) ms", x: x.pixels.1 - 4, y: y(p99) - 4,
                   size: 10, anchor: "end", fill: color(i))
        }
    }
}

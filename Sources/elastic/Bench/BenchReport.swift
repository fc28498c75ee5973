import Foundation

/// `elastic bench --report FILE.svg`: a row per benchmark, its FPS as a bar (to scale with the
/// fastest) and its frame times over the run as a line from 0 to its own slowest frame (named at
/// its end), the score and the machine above.
enum BenchReport {
    static func svg(_ results: [BenchResults.Benchmark], frameTimes: [[Double]], machine: BenchResults.Machine) -> String {
        let rowHeight = 34.0, top = 70.0, labelWidth = 470.0, barWidth = 240.0, plotWidth = 260.0, gap = 20.0
        let width = labelWidth + barWidth + plotWidth + 4 * gap + 80
        var svg = SVGText(width: width, height: top + rowHeight * Double(max(1, results.count)) + 30)
        let score = BenchPlan.printedScore(results)
        svg.text("elastic bench Score: \(score)", x: gap, y: 28, size: 18, weight: "bold", id: "score")
        svg.text("\(machine.cpu), \(machine.cores) cores; \(machine.videoDriver), \(machine.renderer) renderer", x: gap, y: 48, size: 12, fill: "#444")
        svg.text("FPS", x: labelWidth + gap, y: top - 6, size: 11, fill: "#444")
        svg.text("frame time over the run (0 to its slowest)", x: labelWidth + barWidth + 3 * gap, y: top - 6, size: 11, fill: "#444")
        let fastest = results.map(\.fps).max() ?? 1
        for (i, r) in results.enumerated() {
            let y = top + rowHeight * Double(i)
            svg.text(r.label, x: gap, y: y + 20, size: 12)
            let w = fastest > 0 ? barWidth * r.fps / fastest : 0
            svg.raw("<rect class=\"bar\" data-fps=\"\(r.fps)\" x=\"\(labelWidth + gap)\" y=\"\(y + 6)\" width=\"\(String(format: "%.1f", w))\" height=\"\(rowHeight - 12)\" fill=\"#4a7bd0\"/>")
            svg.text("\(Int(r.fps.rounded()))", x: labelWidth + gap + w + 4, y: y + 21, size: 11)
            let times = i < frameTimes.count ? frameTimes[i] : []
            guard times.count > 1, let slowest = times.max(), slowest > 0 else { continue }
            let x0 = labelWidth + barWidth + 3 * gap
            let points = times.enumerated().map { j, t in
                (x0 + plotWidth * Double(j) / Double(times.count - 1), y + rowHeight - 4 - (rowHeight - 8) * t / slowest)
            }
            svg.line(x1: x0, y1: y + rowHeight - 4, x2: x0 + plotWidth, y2: y + rowHeight - 4, stroke: "#bbb", width: 1)
            svg.polyline(points, stroke: "#d04a4a", id: "frames-\(i)")
            svg.text("\(BenchPlan.ms(slowest)) ms", x: x0 + plotWidth + 6, y: y + 12, size: 10, fill: "#444")
        }
        return svg.finish()
    }
}

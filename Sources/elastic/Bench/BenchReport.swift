import Foundation

/// `elastic bench --report FILE.svg`: a row per benchmark, its FPS as a bar (to scale with the
/// fastest) and its frame times over the run as a line (to scale with the slowest frame of all),
/// the score and the machine above.
enum BenchReport {
    static func svg(_ results: [BenchResults.Benchmark], frameTimes: [[Double]], machine: BenchResults.Machine) -> String {
        let rowHeight = 34.0, top = 70.0, labelWidth = 380.0, barWidth = 260.0, plotWidth = 300.0, gap = 20.0
        let width = labelWidth + barWidth + plotWidth + 3 * gap
        var svg = SVGText(width: width, height: top + rowHeight * Double(max(1, results.count)) + 30)
        let score = BenchPlan.printedScore(results)
        svg.text("elastic bench Score: \(score)", x: gap, y: 28, size: 18, weight: "bold", id: "score")
        svg.text("\(machine.cpu), \(machine.cores) cores; \(machine.videoDriver), \(machine.renderer) renderer", x: gap, y: 48, size: 12, fill: "#444")
        svg.text("FPS", x: labelWidth + gap, y: top - 6, size: 11, fill: "#444")
        let slowest = frameTimes.flatMap { $0 }.max() ?? 1
        svg.text("frame time (0 to \(BenchPlan.ms(slowest)) ms)", x: labelWidth + barWidth + 2 * gap, y: top - 6, size: 11, fill: "#444")
        let fastest = results.map(\.fps).max() ?? 1
        for (i, r) in results.enumerated() {
            let y = top + rowHeight * Double(i)
            svg.text(r.label, x: gap, y: y + 20, size: 12)
            let w = fastest > 0 ? barWidth * r.fps / fastest : 0
            svg.raw("<rect class=\"bar\" data-fps=\"\(r.fps)\" x=\"\(labelWidth + gap)\" y=\"\(y + 6)\" width=\"\(String(format: "%.1f", w))\" height=\"\(rowHeight - 12)\" fill=\"#4a7bd0\"/>")
            svg.text("\(Int(r.fps.rounded()))", x: labelWidth + gap + w + 4, y: y + 21, size: 11)
            let times = i < frameTimes.count ? frameTimes[i] : []
            guard times.count > 1, slowest > 0 else { continue }
            let x0 = labelWidth + barWidth + 2 * gap
            let points = times.enumerated().map { j, t in
                (x0 + plotWidth * Double(j) / Double(times.count - 1), y + rowHeight - 4 - (rowHeight - 8) * t / slowest)
            }
            svg.line(x1: x0, y1: y + rowHeight - 4, x2: x0 + plotWidth, y2: y + rowHeight - 4, stroke: "#bbb", width: 1)
            svg.polyline(points, stroke: "#d04a4a", id: "frames-\(i)")
        }
        return svg.finish()
    }
}

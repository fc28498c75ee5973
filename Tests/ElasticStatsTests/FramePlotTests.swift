import Foundation
import Testing
@testable import ElasticStats

/// The SVG's `<text>` elements at the given x and y attributes (as written), in order.
func svgTexts(_ svg: String, x: String? = nil, y: String? = nil) -> [String] {
    svg.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("<text "), let close = line.firstIndex(of: ">"),
              let end = line.range(of: "</text>") else { return nil }
        if let x, !line.contains("x=\"\(x)\"") { return nil }
        if let y, !line.contains("y=\"\(y)\"") { return nil }
        return String(line[line.index(after: close)..<end.lowerBound])
    }
}

/// The numeric attribute `name` of an SVG element line.
func svgAttribute(_ line: Substring, _ name: String) -> Double? {
    guard let r = line.range(of: " \(name)=\"") else { return nil }
    return Double(line[r.upperBound...].prefix { $0 != "\"" })
}

func plotRun(_ text: String) throws -> FramePlot.Run {
    let log = try FrameStatsReader.parse(text, name: "run.csv")
    return FramePlot.Run(label: "run.csv", log: log, summary: try log.summary())
}

@Suite("Frame plot")
struct FramePlotTests {
    let mangoHeader = "os,cpu,gpu,ram,kernel,driver,cpuscheduler\nDebian,CPU,,24684092,6.1,,\n"
        + MangoHudLayout.header + "\n"

    @Test func aFirstFrameTimeRoundedAboveItsElapsedTimeDoesNotWrapTheTimeAxis() throws {
        // Frames of 16666667 ns: 6 significant digits write 16.6667 ms, 33 ns more than elapsed.
        let rows = (1...3).map { "60,16.6667,0,0,0,0,0,0,0,0,0,0,0,0,0,\($0 * 16_666_667)" }
        let svg = FramePlot.svg([try plotRun(mangoHeader + rows.joined(separator: "\n"))], title: "t")
        // Time axis 0 … 0.05 s in steps of 0.01 (labels under the left panel, at y = 590 + 18).
        let timeLabels = svgTexts(svg, y: "608.0").filter { !$0.hasSuffix("%") }
        #expect(timeLabels == ["0.00", "0.01", "0.02", "0.03", "0.04", "0.05"])
        // Every point of the frame-time line is inside the panel.
        let line = try #require(svg.split(separator: "\n").first { $0.hasPrefix("<polyline") })
        let xs = line.split(separator: "\"")[1].split(separator: " ").compactMap { Double($0.split(separator: ",")[0]) }
        #expect(xs.count == 3 && xs.allSatisfy { $0 >= 80 && $0 <= 930 })
    }

    @Test func aSubMillisecondRunIsScaledToItsFramesNotToTheBudget() throws {
        var rows = ["frame,t_ms,frame_ms,input_ms,update_ms,steps,tessellate_ms,submit_ms,present_ms,hud_ms,vertices,triangles,scene"]
        var t = 0.0
        for i in 0..<1000 {
            let ft = i % 100 == 99 ? 0.35 : 0.30
            t += ft
            rows.append("\(i),\(t),\(ft),0.01,0.05,1,0.1,0.05,0.05,0,100,30,wave-balls")
        }
        let svg = FramePlot.svg([try plotRun(rows.joined(separator: "\n"))], title: "t")
        // p99.9 = 0.35 ms → wanted 0.42 ms; the 16.67 ms budget is far above it and left out;
        // steps of 0.1 ms up to 0.5 (labels left of the panel, x = 80 − 6).
        #expect(svgTexts(svg, x: "74.0").prefix(6) == ["0.0", "0.1", "0.2", "0.3", "0.4", "0.5"])
        #expect(svg.contains("budget 16.67 ms (60 Hz): above this scale"))
        #expect(!svg.contains("stroke-dasharray=\"8 5\""))   // no budget line
    }

    @Test func yLabelsSitExactlyAtTheirValues() throws {
        let svg = FramePlot.svg([try plotRun(tailRows())], title: "t")
        // The tail: p99.9 29.666 × 1.2 = 35.6 ms (above the 30 ms max, the 18.3 budget room):
        // steps of 10 up to 40.
        // (The top panel's labels: the distribution panel below has its own at the same x.)
        let lines = svg.split(separator: "\n").filter { $0.hasPrefix("<text x=\"74.0\"") && (svgAttribute($0, "y") ?? 1e9) < 600 }
        let texts: [String] = lines.compactMap { $0.split(separator: ">")[1].split(separator: "<").first.map(String.init) }
        #expect(texts == ["0", "10", "20", "30", "40"])
        for line in lines {
            let label = try #require(Double(line.split(separator: ">")[1].split(separator: "<")[0]))
            let y = try #require(svgAttribute(line, "y"))
            #expect(abs(y - 4 - (590 - label / 40 * 470)) < 0.06, "\(line)")
        }
    }

    @Test func ticksAreRoundStepsWithExactLabels() throws {
        #expect(FramePlot.ticks(0, 1, step: FramePlot.TickStep(mantissa: 25, exponent: -2)).map(\.1)
            == ["0.00", "0.25", "0.50", "0.75", "1.00"])
        #expect(FramePlot.ticks(0.3, 1.3, step: FramePlot.TickStep(mantissa: 2, exponent: -1)).map(\.1)
            == ["0.4", "0.6", "0.8", "1.0", "1.2"])
        #expect(FramePlot.ticks(0, 3000, step: FramePlot.TickStep(mantissa: 5, exponent: 2)).map(\.1)
            == ["0", "500", "1000", "1500", "2000", "2500", "3000"])
        // Any span: labels parse (as decimals) to equally spaced values 1, 2, 2.5 or 5 × 10^k apart,
        // each the value the tick is placed at.
        var span = 1e-4
        while span < 1e5 {
            let ticks = FramePlot.ticks(0, span)
            let decimals = ticks.map { Decimal(string: $0.1)! }
            #expect(ticks.count >= 3 && ticks.count <= 8, "\(span): \(ticks.map(\.1))")
            let step = decimals[1] - decimals[0]
            #expect(zip(decimals, decimals.dropFirst()).allSatisfy { $1 - $0 == step }, "\(span): \(ticks.map(\.1))")
            var mantissa = step
            while mantissa >= 10 { mantissa /= 10 }
            while mantissa < 1 { mantissa *= 10 }
            #expect([1, 2, 2.5, 5].map { Decimal($0) }.contains(mantissa), "\(span): step \(step)")
            for (value, label) in ticks { #expect(abs(value - Double(label)!) <= 1e-12 * max(1, abs(value))) }
            span *= 1.37
        }
    }

    @Test func marksP1P01AndTheOnePercentLowAsTheSummaryDefinesThem() throws {
        let svg = FramePlot.svg([try plotRun(tailRows())], title: "t")
        // From the summary tests' tail: P1 21 ms, P0.1 30 ms, 1% low average 25.5 ms.
        for (label, ms) in [("P1 21.0 ms, 47.6 FPS", 21.0), ("P0.1 30.0 ms, 33.3 FPS", 30.0),
                            ("1% low avg 25.5 ms, 39.2 FPS", 25.5)] {
            #expect(svg.contains(">\(label)</text>"), "\(label)")
            let y = 590 - ms / 40 * 470
            #expect(svg.split(separator: "\n").contains { line in
                line.contains("class=\"low-mark\"") && abs((svgAttribute(line, "y1") ?? -1) - y) < 0.06
            }, "no line at \(ms) ms")
        }
    }

    /// 980 frames of 10 ms then 11 … 30 ms (StatsSummaryTests' tail), as an elastic file.
    func tailRows() -> String {
        let times = Array(repeating: 10.0, count: 980) + (11...30).map(Double.init)
        var t = 0.0
        var rows = ["frame,t_ms,frame_ms,input_ms,update_ms,steps,tessellate_ms,submit_ms,present_ms,hud_ms,vertices,triangles,scene"]
        for (i, ft) in times.enumerated() {
            t += ft
            rows.append("\(i),\(t),\(ft),0,0,1,0,0,0,0,1,1,s")
        }
        return rows.joined(separator: "\n")
    }

    @Test func aReaderGivenImpossibleElapsedTimesSaysSo() {
        for bad in ["inf", "1e30", "-5"] {
            let text = mangoHeader + "60,16.6667,0,0,0,0,0,0,0,0,0,0,0,0,0,\(bad)\n"
            #expect {
                try FrameStatsReader.parse(text, name: "m.csv")
            } throws: { error in
                "\(error)" == "m.csv:4: elapsed is not a number of nanoseconds: '\(bad)'"
            }
        }
    }

    @Test func theDistributionPanelIsAHistogramWithThePercentilesMarked() throws {
        let run = try plotRun(tailRows())
        let svg = FramePlot.svg([run], title: "t")
        #expect(svg.contains("frame-time distribution"))
        // The bars hold every frame: their shares add up to 100 %.
        let shares = FramePlot.histogram(run, yTop: 40)
        #expect(abs(shares.reduce(0, +) - 100) < 1e-9)
        #expect(svg.split(separator: "\n").contains { $0.contains("class=\"histogram-bin\"") })
        // Median, p90, p99, p99.9 marked at the summary's values.
        let marks = svg.split(separator: "\n").filter { $0.contains("class=\"percentile-mark\"") }
        #expect(marks.count == 4)
        let x = FramePlot.Axis(from: 0, to: 40, pixels: FramePlot.left)
        let expected = [run.summary.frameTimeMedianMs, run.summary.frameTimeP90Ms, run.summary.frameTimeP99Ms, run.summary.frameTimeP99_9Ms]
        for (mark, value) in zip(marks, expected) {
            #expect(abs((svgAttribute(mark, "x1") ?? -1) - x(value)) < 0.06)
        }
        #expect(svg.contains("not recorded in this run"))   // no input latency in this file
    }

    @Test func threeRunsEachGetAColourAndTheLatencyPanelShowsWhereRecorded() throws {
        var a = try plotRun(tailRows()), b = a, c = a
        a.label = "a"; b.label = "b"; c.label = "c"
        for i in c.log.records.indices { c.log.records[i].inputLatencyNs = UInt64(5_000_000 + i * 1000) }
        let svg = FramePlot.svg([a, b, c], title: "t")
        for color in FramePlot.runColors.prefix(3) { #expect(svg.contains("stroke=\"\(color)\"")) }
        #expect(svg.split(separator: "\n").filter { $0.contains("class=\"histogram\"") }.count == 3)
        #expect(svg.contains("class=\"latency\"") && !svg.contains("not recorded"))
        #expect(svg.contains("height=\"1018\""))   // one more line of figures: the panels move down 18
    }

    /// The boxes of the labels set on a backdrop: x, y, width, height.
    static func labelBoxes(_ svg: String) -> [(x: Double, y: Double, w: Double, h: Double)] {
        svg.split(separator: "\n").filter { $0.contains("class=\"label-backdrop\"") }.compactMap { line in
            guard let x = svgAttribute(line, "x"), let y = svgAttribute(line, "y"),
                  let w = svgAttribute(line, "width"), let h = svgAttribute(line, "height") else { return nil }
            return (x, y, w, h)
        }
    }

    @Test("labels of marks a fraction of a ms apart never overlap, nor rise into the panel's title", arguments: [25.0, 40.0])
    func closeMarksKeepTheirLabelsApart(spike: Double) throws {
        // 60 Hz with every 90th frame doubled and ±0.2 ms of jitter: P1, P0.1 and the 1% low
        // average within a ms of each other, the median and p90 within 0.5 ms; with 40 ms spikes
        // the three low marks sit above a scale fitted to the run's body.
        var text = "# target_refresh_hz: 60\nframe,t_ms,frame_ms\n"
        var t = 0.0
        for i in 0..<900 {
            let ft = i % 90 == 0 ? spike + Double(i % 7) * 0.1 : 16.667 + (i % 2 == 0 ? 0.2 : -0.2)
            t += ft
            text += "\(i),\(t),\(ft)\n"
        }
        let svg = FramePlot.svg([try plotRun(text)], title: "t")
        let boxes = Self.labelBoxes(svg)
        #expect(boxes.count >= 5)   // P1, P0.1, 1% low avg, and the distribution's marks
        for a in boxes.indices { for b in boxes.indices where a < b {
            let (p, q) = (boxes[a], boxes[b])
            let apart = p.x + p.w <= q.x || q.x + q.w <= p.x || p.y + p.h <= q.y || q.y + q.h <= p.y
            #expect(apart, "labels overlap: \(p) and \(q)")
        } }
        // Every label stays under its panel's title line (the titles' baselines are 12 px above each panel).
        #expect(boxes.allSatisfy { $0.y >= FramePlot.plotTop - 1 || $0.y > FramePlot.plotBottom })
    }
}

import Foundation

extension FrameSummary {
    /// One line of the table: a label and a value, with its unit in the label.
    struct Row {
        let label: String
        let value: Double?
        let decimals: Int
        /// Whether a bigger value is better (for reading ratios): FPS yes, ms no.
        let higherIsBetter: Bool?
    }

    var rows: [Row] {
        [
            Row(label: "frames", value: Double(frames), decimals: 0, higherIsBetter: nil),
            Row(label: "duration s", value: durationSeconds, decimals: 2, higherIsBetter: nil),
            Row(label: "average FPS (frames ÷ time)", value: averageFPS, decimals: 2, higherIsBetter: true),
            Row(label: "frame time mean ms", value: frameTimeMeanMs, decimals: 3, higherIsBetter: false),
            Row(label: "frame time median ms", value: frameTimeMedianMs, decimals: 3, higherIsBetter: false),
            Row(label: "frame time p90 ms (R-8)", value: frameTimeP90Ms, decimals: 3, higherIsBetter: false),
            Row(label: "frame time p99 ms (R-8)", value: frameTimeP99Ms, decimals: 3, higherIsBetter: false),
            Row(label: "frame time p99.9 ms (R-8)", value: frameTimeP99_9Ms, decimals: 3, higherIsBetter: false),
            Row(label: "frame time max ms", value: frameTimeMaxMs, decimals: 3, higherIsBetter: false),
            Row(label: "P1 FPS (MangoHud percentile)", value: p1FPS, decimals: 2, higherIsBetter: true),
            Row(label: "P0.1 FPS (MangoHud percentile)", value: p0_1FPS, decimals: 2, higherIsBetter: true),
            Row(label: "P1 FPS (CapFrameX quantile)", value: p1FPSCapFrameX, decimals: 2, higherIsBetter: true),
            Row(label: "P0.1 FPS (CapFrameX quantile)", value: p0_1FPSCapFrameX, decimals: 2, higherIsBetter: true),
            Row(label: "1% low average FPS (CapFrameX)", value: onePercentLowAverageFPS, decimals: 2, higherIsBetter: true),
            Row(label: "0.1% low average FPS (CapFrameX)", value: zeroPointOnePercentLowAverageFPS, decimals: 2, higherIsBetter: true),
            Row(label: "1% low integral FPS (CapFrameX)", value: onePercentLowIntegralFPS, decimals: 2, higherIsBetter: true),
            Row(label: "0.1% low integral FPS (CapFrameX)", value: zeroPointOnePercentLowIntegralFPS, decimals: 2, higherIsBetter: true),
            Row(label: "late frames (> 1.5 × budget \(Self.format(budgetMs, 3)) ms at \(Self.format(targetRefreshHz, 2)) Hz)",
                value: Double(lateFrames), decimals: 0, higherIsBetter: false),
            Row(label: "late frames %", value: lateFramesPercent, decimals: 2, higherIsBetter: false),
            Row(label: "longest run of late frames", value: Double(longestLateRun), decimals: 0, higherIsBetter: false),
            Row(label: "stuttering frames (CapFrameX)", value: Double(stutteringFrames), decimals: 0, higherIsBetter: false),
            Row(label: "stuttering time % (CapFrameX)", value: stutteringTimePercent, decimals: 2, higherIsBetter: false),
            Row(label: "mean input ms", value: meanInputMs, decimals: 3, higherIsBetter: false),
            Row(label: "mean update ms", value: meanUpdateMs, decimals: 3, higherIsBetter: false),
            Row(label: "mean steps", value: meanSteps, decimals: 2, higherIsBetter: nil),
            Row(label: "mean tessellate ms", value: meanTessellateMs, decimals: 3, higherIsBetter: false),
            Row(label: "mean submit ms", value: meanSubmitMs, decimals: 3, higherIsBetter: false),
            Row(label: "mean present ms", value: meanPresentMs, decimals: 3, higherIsBetter: false),
            Row(label: "mean hud ms", value: meanHudMs, decimals: 3, higherIsBetter: false),
            Row(label: "input latency p50 ms (R-8)", value: inputLatencyP50Ms, decimals: 3, higherIsBetter: false),
            Row(label: "input latency p99 ms (R-8)", value: inputLatencyP99Ms, decimals: 3, higherIsBetter: false),
            Row(label: "input latency max ms", value: inputLatencyMaxMs, decimals: 3, higherIsBetter: false),
            Row(label: "first present ms (start-up, not in figures)", value: firstPresentMs, decimals: 3, higherIsBetter: false),
            Row(label: "paused s", value: pausedSeconds, decimals: 2, higherIsBetter: nil),
            Row(label: "lost rows", value: Double(lostRows), decimals: 0, higherIsBetter: false),
        ]
    }

    /// The short table printed at exit and by `elastic stats`.
    public func table() -> String {
        let rows = self.rows.filter { row in
            // Say nothing about pauses and lost rows when there were none.
            !((row.label == "paused s" || row.label == "lost rows") && (row.value ?? 0) == 0)
                && !((row.label.hasPrefix("input latency") || row.label.hasPrefix("first present")) && row.value == nil)
        }
        let width = rows.map { $0.label.count }.max() ?? 0
        var out = ""
        for row in rows {
            out += row.label.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + (row.value.map { Self.format($0, row.decimals) } ?? "n/a") + "\n"
        }
        if pauses > 0 {
            out += "(recording paused \(pauses) time\(pauses == 1 ? "" : "s"): paused time is not in these figures)\n"
        }
        if lostRows > 0 {
            out += "(\(lostRows) row\(lostRows == 1 ? "" : "s") could not be written; their frames are in these figures)\n"
        }
        return out
    }

    /// The most runs `comparison` puts side by side.
    public static let maxComparedRuns = 8

    /// Two runs side by side, with the ratio b / a for each figure.
    public static func comparison(_ a: FrameSummary, _ b: FrameSummary, labels: (String, String)) -> String {
        comparison([a, b], labels: [labels.0, labels.1])
    }

    /// Runs side by side (up to `maxComparedRuns`), each after the first with its ratio to the first.
    public static func comparison(_ runs: [FrameSummary], labels: [String]) -> String {
        precondition(!runs.isEmpty && runs.count == labels.count)
        let table = runs.map(\.rows)
        var header = [""]
        for (k, label) in labels.enumerated() {
            header.append(label)
            if k > 0 { header.append("÷ \(labels[0])") }
        }
        var lines: [[String]] = [header]
        for (r, first) in table[0].enumerated() {
            let sameLabel = table.allSatisfy { $0[r].label == first.label }
            var line = [sameLabel ? first.label : first.label.replacingOccurrences(of: " ms (", with: " ms (first: ")]
            for (k, rows) in table.enumerated() {
                let row = rows[r]
                line.append(row.value.map { format($0, row.decimals) } ?? "n/a")
                guard k > 0 else { continue }
                var ratio = ""
                if let u = first.value, let v = row.value {
                    if u != 0 { ratio = format(v / u, 3) + "×" } else if v == 0 { ratio = "=" } else { ratio = "—" }
                }
                line.append(ratio)
            }
            lines.append(line)
        }
        var widths = [Int](repeating: 0, count: header.count)
        for line in lines { for (i, cell) in line.enumerated() { widths[i] = max(widths[i], cell.count) } }
        var out = ""
        for line in lines {
            var text = line[0].padding(toLength: widths[0], withPad: " ", startingAt: 0)
            for i in 1..<line.count {
                text += "  " + String(repeating: " ", count: widths[i] - line[i].count) + line[i]
            }
            out += text + "\n"
        }
        out += "(ratios are each run ÷ the first: FPS above 1 means faster; ms and counts below 1 mean better)\n"
        return out
    }

    /// The summary as JSON: explicit snake_case keys, sorted, pretty-printed.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try encoder.encode(self)
    }

    /// A number with a fixed count of decimals, locale-independent.
    static func format(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        return String(format: "%.\(decimals)f", value)
    }
}

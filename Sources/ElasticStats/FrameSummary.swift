import Foundation

/// The figures people compare runs by, each under the name of the tool whose definition it is
/// (the tools disagree on "1% low": every variant here says which one it is).
///
/// Definitions (frame times in ms, n frames):
/// - Average FPS = frames ÷ total time (= 1000 / mean frame time), not the mean of per-frame FPS.
/// - Frame-time median / p90 / p99 / p99.9: MathNet's default quantile (R-8, interpolated), which is
///   what CapFrameX uses; the median is the usual one (mean of the two middle values for even n).
/// - P1 / P0.1 FPS (MangoHud, since Aug 2024): sort slowest first, take index ⌊p·n − 1⌋ clamped to
///   ≥ 0, no interpolation; 1000 / that frame time.
/// - 1% / 0.1% low average (CapFrameX): 1000 / mean of the frame times ≥ the p99 (p99.9) frame time.
/// - 1% / 0.1% low integral (CapFrameX, "as MSI Afterburner"): add frame times slowest first until
///   they reach 1% (0.1%) of the total time; 1000 / the frame that got there.
/// - Stutter (CapFrameX): a frame longer than 2.5 × the moving average. Our moving average for a
///   frame is the mean of the frames just before it covering the preceding 500 ms (the shortest run
///   of preceding frames whose total reaches 500 ms, or all of them near the start); the first frame
///   is never a stutter. Stuttering time % = 100 × stuttering frames' time ÷ total time.
/// - Over budget: frame time > 1000 / target refresh rate.
/// - Input-to-present latency p50 / p99 (R-8, as the frame times) and max, over the frames that
///   applied input (oldest input event applied → return of the present); absent when none did.
/// A frame time of 0 would be infinite FPS: such figures are reported as 0.
public struct FrameSummary: Codable, Sendable, Equatable {
    public var frames: Int
    /// Sum of the frame times (paused time excluded).
    public var durationSeconds: Double
    /// frames ÷ durationSeconds.
    public var averageFPS: Double
    public var frameTimeMeanMs: Double
    public var frameTimeMinMs: Double
    public var frameTimeMedianMs: Double
    public var frameTimeP90Ms: Double
    public var frameTimeP99Ms: Double
    public var frameTimeP99_9Ms: Double
    public var frameTimeMaxMs: Double
    /// MangoHud's percentile P1 (1000 / frame at index ⌊0.01·n − 1⌋ slowest first).
    public var p1FPS: Double
    /// MangoHud's percentile P0.1.
    public var p0_1FPS: Double
    /// CapFrameX "1% low average": 1000 / mean of frame times ≥ the p99 frame time.
    public var onePercentLowAverageFPS: Double
    public var zeroPointOnePercentLowAverageFPS: Double
    /// CapFrameX "1% low integral" (as MSI Afterburner).
    public var onePercentLowIntegralFPS: Double
    public var zeroPointOnePercentLowIntegralFPS: Double
    public var targetRefreshHz: Double
    /// 1000 / targetRefreshHz.
    public var budgetMs: Double
    public var framesOverBudget: Int
    public var framesOverBudgetPercent: Double
    /// Longest run of consecutive frames over the budget (OCAT's "consecutive missed frames").
    public var longestOverBudgetRun: Int
    public var stutteringFrames: Int
    public var stutteringTimePercent: Double
    public var stutterFactor: Double
    public var stutterWindowMs: Double
    /// Means of the parts; nil when the file does not have them (MangoHud format).
    public var meanInputMs: Double?
    public var meanUpdateMs: Double?
    public var meanSteps: Double?
    public var meanTessellateMs: Double?
    public var meanSubmitMs: Double?
    public var meanPresentMs: Double?
    public var meanHudMs: Double?
    /// Input-to-present latency over the frames that applied input; nil when no frame did.
    public var inputLatencyP50Ms: Double?
    public var inputLatencyP99Ms: Double?
    public var inputLatencyMaxMs: Double?
    /// Rows that could not be written (disk full, …); their frames are still in these figures.
    public var lostRows: Int
    /// Time spent paused (window hidden or minimised), not counted in the figures.
    public var pausedSeconds: Double
    /// How many times recording paused.
    public var pauses: Int

    public static let stutterFactorCapFrameX = 2.5
    public static let stutterWindowMsDefault = 500.0

    enum CodingKeys: String, CodingKey {
        case frames
        case durationSeconds = "duration_s"
        case averageFPS = "average_fps_frames_over_time"
        case frameTimeMeanMs = "frame_time_mean_ms"
        case frameTimeMinMs = "frame_time_min_ms"
        case frameTimeMedianMs = "frame_time_median_ms"
        case frameTimeP90Ms = "frame_time_p90_ms_r8"
        case frameTimeP99Ms = "frame_time_p99_ms_r8"
        case frameTimeP99_9Ms = "frame_time_p99_9_ms_r8"
        case frameTimeMaxMs = "frame_time_max_ms"
        case p1FPS = "p1_fps_mangohud_percentile"
        case p0_1FPS = "p0_1_fps_mangohud_percentile"
        case onePercentLowAverageFPS = "one_percent_low_average_fps_capframex"
        case zeroPointOnePercentLowAverageFPS = "zero_point_one_percent_low_average_fps_capframex"
        case onePercentLowIntegralFPS = "one_percent_low_integral_fps_capframex"
        case zeroPointOnePercentLowIntegralFPS = "zero_point_one_percent_low_integral_fps_capframex"
        case targetRefreshHz = "target_refresh_hz"
        case budgetMs = "budget_ms"
        case framesOverBudget = "frames_over_budget"
        case framesOverBudgetPercent = "frames_over_budget_percent"
        case longestOverBudgetRun = "longest_over_budget_run"
        case stutteringFrames = "stuttering_frames_capframex"
        case stutteringTimePercent = "stuttering_time_percent_capframex"
        case stutterFactor = "stutter_factor"
        case stutterWindowMs = "stutter_moving_average_window_ms"
        case meanInputMs = "mean_input_ms"
        case meanUpdateMs = "mean_update_ms"
        case meanSteps = "mean_steps"
        case meanTessellateMs = "mean_tessellate_ms"
        case meanSubmitMs = "mean_submit_ms"
        case meanPresentMs = "mean_present_ms"
        case meanHudMs = "mean_hud_ms"
        case inputLatencyP50Ms = "input_latency_p50_ms"
        case inputLatencyP99Ms = "input_latency_p99_ms"
        case inputLatencyMaxMs = "input_latency_max_ms"
        case lostRows = "lost_rows"
        case pausedSeconds = "paused_s"
        case pauses
    }

    /// Means of the parts of a frame, in ms (steps: per frame).
    public struct PartMeans: Sendable, Equatable {
        public var inputMs, updateMs, steps, tessellateMs, submitMs, presentMs, hudMs: Double
        public init(inputMs: Double, updateMs: Double, steps: Double, tessellateMs: Double,
                    submitMs: Double, presentMs: Double, hudMs: Double) {
            self.inputMs = inputMs; self.updateMs = updateMs; self.steps = steps
            self.tessellateMs = tessellateMs; self.submitMs = submitMs
            self.presentMs = presentMs; self.hudMs = hudMs
        }
    }

    /// The summary of records (their frame times and parts). Zero frames → `StatsError.noFrames`.
    public static func compute(
        records: [FrameRecord], targetRefreshRate: Double,
        lostRows: Int = 0, pausedSeconds: Double = 0, pauses: Int = 0
    ) throws -> FrameSummary {
        guard !records.isEmpty else { throw StatsError.noFrames }
        var times = [Double]()
        times.reserveCapacity(records.count)
        var sums = [UInt64](repeating: 0, count: 6)
        var steps = 0
        var latencies: [Double] = []
        for r in records {
            if let latency = r.inputLatencyNs { latencies.append(Double(latency) / 1e6) }
            times.append(Double(r.frameNs) / 1e6)
            sums[0] &+= r.inputNs; sums[1] &+= r.updateNs; sums[2] &+= r.tessellateNs
            sums[3] &+= r.submitNs; sums[4] &+= r.presentNs; sums[5] &+= r.hudNs
            steps += r.steps
        }
        let n = Double(records.count)
        let parts = PartMeans(
            inputMs: Double(sums[0]) / 1e6 / n, updateMs: Double(sums[1]) / 1e6 / n, steps: Double(steps) / n,
            tessellateMs: Double(sums[2]) / 1e6 / n, submitMs: Double(sums[3]) / 1e6 / n,
            presentMs: Double(sums[4]) / 1e6 / n, hudMs: Double(sums[5]) / 1e6 / n)
        return try compute(frameTimesMs: times, parts: parts, targetRefreshRate: targetRefreshRate,
                           inputLatenciesMs: latencies, lostRows: lostRows, pausedSeconds: pausedSeconds, pauses: pauses)
    }

    /// The summary of frame times in ms, in the order they happened (the order matters for stutter
    /// and runs over budget). Zero frames → `StatsError.noFrames`; a target rate that is not a
    /// positive number → a `StatsError` saying so.
    public static func compute(
        frameTimesMs times: [Double], parts: PartMeans? = nil, targetRefreshRate: Double,
        inputLatenciesMs: [Double] = [], lostRows: Int = 0, pausedSeconds: Double = 0, pauses: Int = 0
    ) throws -> FrameSummary {
        guard !times.isEmpty else { throw StatsError.noFrames }
        guard targetRefreshRate.isFinite, targetRefreshRate > 0 else {
            throw StatsError("the target refresh rate must be a positive number of Hz (got \(targetRefreshRate))")
        }
        if let bad = times.firstIndex(where: { !$0.isFinite || $0 < 0 }) {
            throw StatsError("frame \(bad) has an invalid frame time (\(times[bad]) ms)")
        }
        let n = times.count
        let total = times.reduce(0, +)
        let ascending = times.sorted()
        let budget = 1000 / targetRefreshRate

        var over = 0, run = 0, longest = 0
        for t in times {
            if t > budget { over += 1; run += 1; longest = max(longest, run) } else { run = 0 }
        }
        let stutter = stutterFrames(times, factor: stutterFactorCapFrameX, windowMs: stutterWindowMsDefault)
        let latencies = inputLatenciesMs.filter { $0.isFinite && $0 >= 0 }.sorted()

        return FrameSummary(
            frames: n,
            durationSeconds: total / 1000,
            averageFPS: total > 0 ? Double(n) * 1000 / total : 0,
            frameTimeMeanMs: total / Double(n),
            frameTimeMinMs: ascending[0],
            frameTimeMedianMs: quantileR8(ascending, 0.5),
            frameTimeP90Ms: quantileR8(ascending, 0.90),
            frameTimeP99Ms: quantileR8(ascending, 0.99),
            frameTimeP99_9Ms: quantileR8(ascending, 0.999),
            frameTimeMaxMs: ascending[n - 1],
            p1FPS: fps(mangoHudPercentile(ascending, 0.01)),
            p0_1FPS: fps(mangoHudPercentile(ascending, 0.001)),
            onePercentLowAverageFPS: fps(lowAverage(ascending, 0.99)),
            zeroPointOnePercentLowAverageFPS: fps(lowAverage(ascending, 0.999)),
            onePercentLowIntegralFPS: fps(lowIntegral(ascending, total: total, share: 0.01)),
            zeroPointOnePercentLowIntegralFPS: fps(lowIntegral(ascending, total: total, share: 0.001)),
            targetRefreshHz: targetRefreshRate,
            budgetMs: budget,
            framesOverBudget: over,
            framesOverBudgetPercent: 100 * Double(over) / Double(n),
            longestOverBudgetRun: longest,
            stutteringFrames: stutter.count,
            stutteringTimePercent: total > 0 ? 100 * stutter.time / total : 0,
            stutterFactor: stutterFactorCapFrameX,
            stutterWindowMs: stutterWindowMsDefault,
            meanInputMs: parts?.inputMs, meanUpdateMs: parts?.updateMs, meanSteps: parts?.steps,
            meanTessellateMs: parts?.tessellateMs, meanSubmitMs: parts?.submitMs,
            meanPresentMs: parts?.presentMs, meanHudMs: parts?.hudMs,
            inputLatencyP50Ms: latencies.isEmpty ? nil : quantileR8(latencies, 0.5),
            inputLatencyP99Ms: latencies.isEmpty ? nil : quantileR8(latencies, 0.99),
            inputLatencyMaxMs: latencies.last,
            lostRows: lostRows, pausedSeconds: pausedSeconds, pauses: pauses)
    }

    // MARK: The definitions

    /// FPS of a frame time; 0 for a frame time of 0 (never infinity: JSON has no infinity).
    static func fps(_ ms: Double) -> Double { ms > 0 ? 1000 / ms : 0 }

    /// MathNet.Numerics' default quantile (R-8, approximately median-unbiased), as CapFrameX uses:
    /// h = (n + 1/3)·p + 1/3, interpolating between the ⌊h⌋-th and next value (1-based).
    public static func quantileR8(_ ascending: [Double], _ p: Double) -> Double {
        let n = ascending.count
        precondition(n > 0 && p >= 0 && p <= 1)
        let h = (Double(n) + 1.0 / 3.0) * p + 1.0 / 3.0
        let hf = Int(h.rounded(.down))
        if hf <= 0 || p == 0 { return ascending[0] }
        if hf >= n || p == 1 { return ascending[n - 1] }
        let a = ascending[hf - 1], b = ascending[hf]
        return a + (h - Double(hf)) * (b - a)
    }

    /// MangoHud's percentile frame: slowest first, index ⌊p·n − 1⌋ clamped to [0, n−1]
    /// (MangoHud truncates a float; the 1e-9 guards against p·n landing just under an integer).
    public static func mangoHudPercentile(_ ascending: [Double], _ p: Double) -> Double {
        let n = ascending.count
        let index = min(n - 1, max(0, Int((p * Double(n) - 1 + 1e-9).rounded(.down))))
        return ascending[n - 1 - index]
    }

    /// CapFrameX's "x% low average": mean of the frame times at or above the R-8 quantile q.
    public static func lowAverage(_ ascending: [Double], _ q: Double) -> Double {
        let threshold = quantileR8(ascending, q)
        var sum = 0.0, count = 0
        for t in ascending.reversed() {
            guard t >= threshold else { break }
            sum += t; count += 1
        }
        return count > 0 ? sum / Double(count) : threshold
    }

    /// CapFrameX's "x% low integral" (as MSI Afterburner): slowest first, the frame at which the
    /// running sum reaches `share` of the total time.
    public static func lowIntegral(_ ascending: [Double], total: Double, share: Double) -> Double {
        let target = total * share
        var sum = 0.0
        for t in ascending.reversed() {
            sum += t
            if sum >= target { return t }
        }
        return ascending[0]
    }

    /// Frames longer than `factor` × the mean of the preceding `windowMs` (see the type's notes).
    public static func stutterFrames(_ times: [Double], factor: Double, windowMs: Double) -> (count: Int, time: Double) {
        var count = 0, time = 0.0
        var lo = 0, sum = 0.0
        for i in 1..<max(1, times.count) {
            sum += times[i - 1]
            while lo < i - 1, sum - times[lo] >= windowMs { sum -= times[lo]; lo += 1 }
            let average = sum / Double(i - lo)
            if times[i] > factor * average { count += 1; time += times[i] }
        }
        return (count, time)
    }
}

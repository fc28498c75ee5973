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
/// - P1 / P0.1 FPS (CapFrameX): the R-8 quantile of the per-frame FPS at 1% (0.1%).
/// - Stutter (CapFrameX, `GetStutteringTimePercentage`): a frame longer than 2.5 × CapFrameX's
///   sample-based moving average, which ends at and includes the frame and spans
///   round(10·√(mean frame time)) frames (see `stutterFrames`). Stuttering time % = 100 ×
///   stuttering frames' time ÷ total time.
/// - Over budget: frame time > 1000 / target refresh rate, by any margin (a run paced at the
///   budget has about half its frames over by microseconds: timer and clock jitter).
/// - Late (`late_frames`): a present that missed a refresh, frame time > 1.5 × budget: at the
///   target rate it came at least half a period after the refresh it was due at, so it showed a
///   refresh (or more) late. This is what the text summary and the plot report.
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
    /// CapFrameX's P1: the R-8 quantile at 1% of the per-frame FPS.
    public var p1FPSCapFrameX: Double
    /// CapFrameX's P0.1.
    public var p0_1FPSCapFrameX: Double
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
    /// Frames that missed a refresh (frame time > `lateFactor` × budget).
    public var lateFrames: Int
    public var lateFramesPercent: Double
    /// Longest run of consecutive late frames.
    public var longestLateRun: Int
    public var stutteringFrames: Int
    public var stutteringTimePercent: Double
    public var stutterFactor: Double
    /// The frames CapFrameX's moving average spans for this run: round(10·√mean frame time).
    public var stutterMovingAverageSamples: Int
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
    /// The loop's start to its first present (the start-up, kept out of the figures); nil when the
    /// file does not say.
    public var firstPresentMs: Double?

    public static let stutterFactorCapFrameX = 2.5
    /// A frame is late past 1.5 budgets: half a refresh beyond its own, far outside pacing jitter.
    public static let lateFactor = 1.5

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
        case p1FPSCapFrameX = "p1_fps_capframex_quantile"
        case p0_1FPSCapFrameX = "p0_1_fps_capframex_quantile"
        case onePercentLowAverageFPS = "one_percent_low_average_fps_capframex"
        case zeroPointOnePercentLowAverageFPS = "zero_point_one_percent_low_average_fps_capframex"
        case onePercentLowIntegralFPS = "one_percent_low_integral_fps_capframex"
        case zeroPointOnePercentLowIntegralFPS = "zero_point_one_percent_low_integral_fps_capframex"
        case targetRefreshHz = "target_refresh_hz"
        case budgetMs = "budget_ms"
        case framesOverBudget = "frames_over_budget"
        case framesOverBudgetPercent = "frames_over_budget_percent"
        case longestOverBudgetRun = "longest_over_budget_run"
        case lateFrames = "late_frames"
        case lateFramesPercent = "late_frames_percent"
        case longestLateRun = "longest_late_run"
        case stutteringFrames = "stuttering_frames_capframex"
        case stutteringTimePercent = "stuttering_time_percent_capframex"
        case stutterFactor = "stutter_factor"
        case stutterMovingAverageSamples = "stutter_moving_average_samples_capframex"
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
        case firstPresentMs = "first_present_ms"
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
        lostRows: Int = 0, pausedSeconds: Double = 0, pauses: Int = 0, firstPresentMs: Double? = nil
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
                           inputLatenciesMs: latencies, lostRows: lostRows, pausedSeconds: pausedSeconds, pauses: pauses,
                           firstPresentMs: firstPresentMs)
    }

    /// The summary of frame times in ms, in the order they happened (the order matters for stutter
    /// and runs over budget). Zero frames → `StatsError.noFrames`; a target rate that is not a
    /// positive number → a `StatsError` saying so.
    public static func compute(
        frameTimesMs times: [Double], parts: PartMeans? = nil, targetRefreshRate: Double,
        inputLatenciesMs: [Double] = [], lostRows: Int = 0, pausedSeconds: Double = 0, pauses: Int = 0,
        firstPresentMs: Double? = nil
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

        func count(over limit: Double) -> (frames: Int, longestRun: Int) {
            var frames = 0, run = 0, longest = 0
            for t in times {
                if t > limit { frames += 1; run += 1; longest = max(longest, run) } else { run = 0 }
            }
            return (frames, longest)
        }
        let over = count(over: budget), late = count(over: budget * lateFactor)
        let samples = capFrameXMovingAverageSamples(meanMs: total / Double(n))
        let stutter = stutterFrames(times, factor: stutterFactorCapFrameX, samples: samples)
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
            p1FPSCapFrameX: capFrameXQuantileFPS(ascending, 0.01),
            p0_1FPSCapFrameX: capFrameXQuantileFPS(ascending, 0.001),
            onePercentLowAverageFPS: fps(lowAverage(ascending, 0.99)),
            zeroPointOnePercentLowAverageFPS: fps(lowAverage(ascending, 0.999)),
            onePercentLowIntegralFPS: fps(lowIntegral(ascending, total: total, share: 0.01)),
            zeroPointOnePercentLowIntegralFPS: fps(lowIntegral(ascending, total: total, share: 0.001)),
            targetRefreshHz: targetRefreshRate,
            budgetMs: budget,
            framesOverBudget: over.frames,
            framesOverBudgetPercent: 100 * Double(over.frames) / Double(n),
            longestOverBudgetRun: over.longestRun,
            lateFrames: late.frames,
            lateFramesPercent: 100 * Double(late.frames) / Double(n),
            longestLateRun: late.longestRun,
            stutteringFrames: stutter.count,
            stutteringTimePercent: total > 0 ? 100 * stutter.time / total : 0,
            stutterFactor: stutterFactorCapFrameX,
            stutterMovingAverageSamples: samples,
            meanInputMs: parts?.inputMs, meanUpdateMs: parts?.updateMs, meanSteps: parts?.steps,
            meanTessellateMs: parts?.tessellateMs, meanSubmitMs: parts?.submitMs,
            meanPresentMs: parts?.presentMs, meanHudMs: parts?.hudMs,
            inputLatencyP50Ms: latencies.isEmpty ? nil : quantileR8(latencies, 0.5),
            inputLatencyP99Ms: latencies.isEmpty ? nil : quantileR8(latencies, 0.99),
            inputLatencyMaxMs: latencies.last,
            lostRows: lostRows, pausedSeconds: pausedSeconds, pauses: pauses, firstPresentMs: firstPresentMs)
    }
}

import Foundation
import Testing
@testable import ElasticStats

/// The summary maths on inputs whose figures are worked out by hand in the comments.
@Suite("Stats summary")
struct StatsSummaryTests {
    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

    /// 980 frames of 10 ms then 20 frames of 11, 12, …, 30 ms (n = 1000, total 9800 + 410 = 10210 ms).
    var tail: [Double] { Array(repeating: 10, count: 980) + (11...30).map(Double.init) }

    @Test func averageFPSIsFramesOverTime() throws {
        let s = try FrameSummary.compute(frameTimesMs: tail, targetRefreshRate: 60)
        #expect(s.frames == 1000)
        #expect(close(s.durationSeconds, 10.21))
        #expect(close(s.averageFPS, 1000 / 10.21))          // 97.943…, not the mean of per-frame FPS
        #expect(close(s.frameTimeMeanMs, 10.21))
        #expect(s.frameTimeMinMs == 10)
        #expect(s.frameTimeMaxMs == 30)
    }

    @Test func frameTimePercentilesR8() throws {
        let s = try FrameSummary.compute(frameTimesMs: tail, targetRefreshRate: 60)
        // median: h = 1000.333·0.5 + 1/3 = 500.5 → between the 500th and 501st (both 10).
        #expect(close(s.frameTimeMedianMs, 10))
        // p90: h = 900.633 → 900th and 901st are both 10.
        #expect(close(s.frameTimeP90Ms, 10))
        // p99: h = 1000.333·0.99 + 1/3 = 990.6633 → 990th (20) + 0.6633 × (991st (21) − 20).
        #expect(close(s.frameTimeP99Ms, 20 + (1000 + 1.0 / 3) * 0.99 + 1.0 / 3 - 990))
        #expect(close(s.frameTimeP99Ms, 20.66333, 1e-4))
        // p99.9: h = 1000.333·0.999 + 1/3 = 999.6663 → 999th (29) + 0.6663 × (30 − 29).
        #expect(close(s.frameTimeP99_9Ms, 29.66633, 1e-4))
    }

    @Test func mangoHudPercentileFPS() throws {
        let s = try FrameSummary.compute(frameTimesMs: tail, targetRefreshRate: 60)
        // Slowest first: 30, 29, …, 11, 10, … P1: index 0.01·1000 − 1 = 9 → 21 ms.
        #expect(close(s.p1FPS, 1000.0 / 21))
        // P0.1: index 0.001·1000 − 1 = 0 → 30 ms.
        #expect(close(s.p0_1FPS, 1000.0 / 30))
    }

    @Test func capFrameXOnePercentLowAverage() throws {
        let s = try FrameSummary.compute(frameTimesMs: tail, targetRefreshRate: 60)
        // Frame times ≥ p99 (20.663): 21 … 30, mean 25.5 → 39.216 FPS.
        #expect(close(s.onePercentLowAverageFPS, 1000 / 25.5))
        // ≥ p99.9 (29.666): only 30 → 33.33 FPS.
        #expect(close(s.zeroPointOnePercentLowAverageFPS, 1000.0 / 30))
    }

    @Test func capFrameXOnePercentLowIntegral() throws {
        let s = try FrameSummary.compute(frameTimesMs: tail, targetRefreshRate: 60)
        // 1% of 10210 ms = 102.1 ms; slowest first 30, 59, 87, 114 → reached at the 27 ms frame.
        #expect(close(s.onePercentLowIntegralFPS, 1000.0 / 27))
        // 0.1% = 10.21 ms: the first frame (30 ms) reaches it.
        #expect(close(s.zeroPointOnePercentLowIntegralFPS, 1000.0 / 30))
    }

    @Test func theThreeOnePercentLowsDiffer() throws {
        let s = try FrameSummary.compute(frameTimesMs: tail, targetRefreshRate: 60)
        #expect(s.p1FPS != s.onePercentLowAverageFPS)
        #expect(s.onePercentLowAverageFPS != s.onePercentLowIntegralFPS)
    }

    @Test func budget() throws {
        let s = try FrameSummary.compute(frameTimesMs: tail, targetRefreshRate: 60)
        // Budget 16.667 ms: 17 … 30 are over, 14 frames, all in a row at the end.
        #expect(close(s.budgetMs, 1000.0 / 60))
        #expect(s.framesOverBudget == 14)
        #expect(close(s.framesOverBudgetPercent, 1.4))
        #expect(s.longestOverBudgetRun == 14)
        // The tail climbs 1 ms a frame: 11 ms after ten-ish ms is no stutter, and nor is 30 after 29.
        #expect(s.stutteringFrames == 0)
    }

    @Test("a run paced at the budget with 10 doubled frames has 10 late frames, though half its frames are over by microseconds")
    func lateFramesMissedARefresh() throws {
        // 60 Hz, as a timer paces it: each frame within ±0.4 ms of 16.667, alternating over and under,
        // and ten frames that took two refreshes, two of them back to back.
        let budget = 1000.0 / 60
        let jitter = 0.3
        var times: [Double] = (0..<600).map { i in i % 2 == 0 ? budget + jitter : budget - jitter }
        let doubled = [50, 120, 121, 200, 260, 333, 400, 450, 520, 599]
        for i in doubled { times[i] = 2 * budget }
        let s = try FrameSummary.compute(frameTimesMs: times, targetRefreshRate: 60)
        #expect(s.lateFrames == 10)
        #expect(s.longestLateRun == 2)
        #expect(close(s.lateFramesPercent, 100.0 * 10 / 600))
        // Over the budget by jitter alone: the 300 even frames, 7 of which are among the doubled.
        #expect(s.framesOverBudget == 300 - 7 + 10)
        #expect(s.table().contains("late frames"))
        #expect(!s.table().contains("over budget"))
    }

    @Test func stutterAgainstCapFrameXsMovingAverage() throws {
        // 100 × 10 ms, 26, 24, 100 × 10 ms, 100: mean 2150 / 203 = 10.59 ms, so CapFrameX's
        // moving average spans round(10·√10.59) = round(32.54) = 33 frames, the frame itself included.
        // 26 ms: (26 + 32 × 10) / 33 = 10.48, × 2.5 = 26.2: not a stutter. 24 ms: (24 + 26 + 31 × 10) / 33
        // = 10.91 → 27.3: no. 100 ms is more than 3 × the 10 ms before it, so inside its own mean it
        // counts as 10: mean 10 → 25: a stutter. Stuttering time 100 of 2150 ms.
        let times = Array(repeating: 10.0, count: 100) + [26, 24] + Array(repeating: 10.0, count: 100) + [100]
        let s = try FrameSummary.compute(frameTimesMs: times, targetRefreshRate: 60)
        #expect(s.stutterMovingAverageSamples == 33)
        #expect(s.stutteringFrames == 1)
        #expect(close(s.stutteringTimePercent, 100 * 100 / 2150))
        #expect(s.stutterFactor == 2.5)
    }

    @Test func movingAverageSamplesRoundHalvesToEven() {
        // .NET's Convert.ToInt32: 10·√0.0625 = 2.5 → 2, 10·√0.5625 = 7.5 → 8; never below 1.
        #expect(FrameSummary.capFrameXMovingAverageSamples(meanMs: 0.0625) == 2)
        #expect(FrameSummary.capFrameXMovingAverageSamples(meanMs: 0.5625) == 8)
        #expect(FrameSummary.capFrameXMovingAverageSamples(meanMs: 16.0) == 40)
        #expect(FrameSummary.capFrameXMovingAverageSamples(meanMs: 0) == 1)
    }

    @Test func firstFrameIsNeverAStutter() {
        // Its moving average is itself.
        #expect(FrameSummary.stutterFrames([100, 10, 10], factor: 2.5, samples: 33).count == 0)
    }

    @Test func oddCount() throws {
        let s = try FrameSummary.compute(frameTimesMs: [5, 1, 3], targetRefreshRate: 60)
        #expect(close(s.frameTimeMedianMs, 3))              // the middle one
        #expect(close(s.averageFPS, 3 * 1000 / 9.0))        // 333.33
        #expect(close(s.p1FPS, 200))                        // index ⌊0.03 − 1⌋ → clamped to 0 → 5 ms
        #expect(close(s.frameTimeMaxMs, 5))
        // R-8 p90: h = 3.333·0.9 + 1/3 = 3.333 ≥ n → the largest, 5.
        #expect(close(s.frameTimeP90Ms, 5))
    }

    @Test func evenCountMedianIsTheMeanOfTheMiddleTwo() throws {
        let s = try FrameSummary.compute(frameTimesMs: [4, 1, 3, 2], targetRefreshRate: 60)
        #expect(close(s.frameTimeMedianMs, 2.5))
    }

    @Test func oneFrame() throws {
        let s = try FrameSummary.compute(frameTimesMs: [20], targetRefreshRate: 60)
        #expect(s.frames == 1)
        #expect(close(s.averageFPS, 50))
        #expect(close(s.frameTimeMedianMs, 20) && close(s.frameTimeP99_9Ms, 20))
        #expect(close(s.p1FPS, 50) && close(s.p0_1FPS, 50))
        #expect(close(s.onePercentLowAverageFPS, 50) && close(s.onePercentLowIntegralFPS, 50))
        #expect(s.framesOverBudget == 1)
        #expect(s.stutteringFrames == 0)
        #expect(!s.table().isEmpty)
    }

    @Test func zeroFramesIsAClearError() {
        #expect(throws: StatsError.noFrames) {
            try FrameSummary.compute(frameTimesMs: [], targetRefreshRate: 60)
        }
        #expect(throws: StatsError.noFrames) {
            try FrameSummary.compute(records: [], targetRefreshRate: 60)
        }
        #expect(StatsError.noFrames.description == "no frames recorded")
    }

    @Test func zeroFrameTimeGivesNoInfinity() throws {
        let s = try FrameSummary.compute(frameTimesMs: [0, 0], targetRefreshRate: 60)
        #expect(s.averageFPS == 0 && s.p1FPS == 0)
        _ = try s.jsonData()
    }

    @Test func partsAreMeansOfTheRecords() throws {
        let records = [
            FrameRecord(frame: 0, timeNs: 10_000_000, frameNs: 10_000_000, inputNs: 1_000_000, updateNs: 2_000_000,
                        steps: 1, tessellateNs: 3_000_000, submitNs: 1_000_000, presentNs: 2_000_000, hudNs: 0),
            FrameRecord(frame: 1, timeNs: 30_000_000, frameNs: 20_000_000, inputNs: 3_000_000, updateNs: 4_000_000,
                        steps: 2, tessellateNs: 5_000_000, submitNs: 1_000_000, presentNs: 6_000_000, hudNs: 500_000),
        ]
        let s = try FrameSummary.compute(records: records, targetRefreshRate: 60)
        #expect(close(s.meanInputMs ?? -1, 2) && close(s.meanUpdateMs ?? -1, 3) && close(s.meanSteps ?? -1, 1.5))
        #expect(close(s.meanTessellateMs ?? -1, 4) && close(s.meanSubmitMs ?? -1, 1))
        #expect(close(s.meanPresentMs ?? -1, 4) && close(s.meanHudMs ?? -1, 0.25))
        #expect(close(s.averageFPS, 2000 / 30.0))
    }

    @Test func jsonKeysNameTheirDefinitions() throws {
        let s = try FrameSummary.compute(frameTimesMs: tail, targetRefreshRate: 60)
        let object = try JSONSerialization.jsonObject(with: s.jsonData()) as? [String: Any] ?? [:]
        for key in ["frames", "duration_s", "average_fps_frames_over_time", "frame_time_p99_ms_r8",
                    "p1_fps_mangohud_percentile", "p0_1_fps_mangohud_percentile",
                    "one_percent_low_average_fps_capframex", "one_percent_low_integral_fps_capframex",
                    "frames_over_budget", "stuttering_time_percent_capframex", "lost_rows", "paused_s"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        let back = try JSONDecoder().decode(FrameSummary.self, from: s.jsonData())
        #expect(back == s)
    }

    @Test func comparisonShowsRatios() throws {
        let a = try FrameSummary.compute(frameTimesMs: Array(repeating: 20, count: 10), targetRefreshRate: 60)
        let b = try FrameSummary.compute(frameTimesMs: Array(repeating: 10, count: 10), targetRefreshRate: 60)
        let text = FrameSummary.comparison(a, b, labels: ("slow", "fast"))
        let fpsLine = text.split(separator: "\n").first { $0.hasPrefix("average FPS") } ?? ""
        #expect(fpsLine.contains("50.00") && fpsLine.contains("100.00") && fpsLine.contains("2.000×"))
    }

    @Test func threeRunsSideBySideEachWithItsRatioToTheFirst() throws {
        let a = try FrameSummary.compute(frameTimesMs: Array(repeating: 20, count: 100), targetRefreshRate: 60)
        let b = try FrameSummary.compute(frameTimesMs: Array(repeating: 10, count: 100), targetRefreshRate: 60)
        let c = try FrameSummary.compute(frameTimesMs: Array(repeating: 40, count: 100), targetRefreshRate: 60)
        let text = FrameSummary.comparison([a, b, c], labels: ["a.csv", "b.csv", "c.csv"])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0].contains("a.csv") && lines[0].contains("b.csv") && lines[0].contains("c.csv"))
        #expect(lines[0].components(separatedBy: "÷ a.csv").count == 3)   // a ratio column for b and for c
        let fps = try #require(lines.first { $0.hasPrefix("average FPS") })
        let cells = fps.split(separator: " ").map(String.init)
        #expect(cells.suffix(5) == ["50.00", "100.00", "2.000×", "25.00", "0.500×"])
    }
}

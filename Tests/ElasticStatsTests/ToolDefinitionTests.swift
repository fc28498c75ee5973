import Foundation
import Testing
@testable import ElasticStats

/// The tools' own definitions, ported line by line from their sources (not from ours), as the
/// oracle for the figures that carry their names:
/// - CapFrameX: source/CapFrameX.Statistics.NetStandard/FrametimeStatisticProvider.cs
///   (GetStutteringTimePercentage, GetMovingAverage, GetFpsMetricValue, GetPercentageHigh…Sequence),
///   SampleBasedMovingAverage.cs, and MathNet.Numerics' ArrayStatistics.QuantileInplace.
/// - MangoHud: src/fps_metrics.h (`calculate`: floats, index `val * size - 1`).
enum ToolOracle {
    /// .NET's Convert.ToInt32(double): round half to even.
    static func convertToInt32(_ x: Double) -> Int {
        let f = x.rounded(.down), d = x - f
        if d > 0.5 { return Int(f) + 1 }
        if d < 0.5 { return Int(f) }
        return Int(f).isMultiple(of: 2) ? Int(f) : Int(f) + 1
    }

    /// SampleBasedMovingAverage.ProcessSamples.
    static func processSamples(_ sequence: [Double], sampleSize: Int) -> [Double] {
        var filtered: [Double] = []
        for i in 0..<sequence.count {
            var localIndex = i
            var localSum = 0.0
            var localCount = 0
            while localIndex >= 0 {
                if localIndex > 0 && sequence[localIndex] > sequence[localIndex - 1] * 3 {
                    localSum += sequence[localIndex - 1]
                } else {
                    localSum += sequence[localIndex]
                }
                localCount += 1
                if localCount >= sampleSize { break }
                localIndex -= 1
            }
            filtered.append(localSum / Double(localCount))
        }
        return filtered
    }

    /// GetStutteringTimePercentage, and how many frames it counts.
    static func stutteringTimePercentage(_ sequence: [Double], factor: Double) -> (percent: Double, frames: Int) {
        let average = sequence.reduce(0, +) / Double(sequence.count)
        let movingAverage = processSamples(sequence, sampleSize: convertToInt32(average.squareRoot() * 10))
        var stutteringTime = 0.0, frames = 0
        for i in 0..<movingAverage.count where sequence[i] > factor * movingAverage[i] {
            stutteringTime += sequence[i]; frames += 1
        }
        return (100 * stutteringTime / sequence.reduce(0, +), frames)
    }

    /// MathNet's QuantileInplace.
    static func quantile(_ data: [Double], _ tau: Double) -> Double {
        let sorted = data.sorted()
        let h = (Double(sorted.count) + 1.0 / 3.0) * tau + 1.0 / 3.0
        let hf = Int(h)
        if hf <= 0 || tau == 0 { return sorted[0] }
        if hf >= sorted.count || tau == 1 { return sorted[sorted.count - 1] }
        let a = sorted[hf - 1], b = sorted[hf]
        return a + (h - Double(hf)) * (b - a)
    }

    /// GetFpsMetricValue for P1 / P0.1: the quantile of 1000 / frame time.
    static func capFrameXPercentileFPS(_ sequence: [Double], _ p: Double) -> Double {
        quantile(sequence.map { 1000.0 / $0 }, p)
    }

    /// 1000 / GetPercentageHighAverageSequence(sequence, 1 - p).
    static func lowAverageFPS(_ sequence: [Double], _ p: Double) -> Double {
        let q = quantile(sequence, 1 - p)
        let low = sequence.filter { $0 >= q }
        return 1000 / (low.reduce(0, +) / Double(low.count))
    }

    /// 1000 / GetPercentageHighIntegralSequence(sequence, 1 - p).
    static func lowIntegralFPS(_ sequence: [Double], _ p: Double) -> Double {
        let sorted = Array(sequence.sorted().reversed())
        let totalTime = sorted.reduce(0, +)
        let percentLowTime = totalTime * (1 - (1 - p))
        var lowTimeSum = 0.0, index = 0
        for i in 0..<sorted.count {
            lowTimeSum += sorted[i]; index = i
            if lowTimeSum >= percentLowTime { break }
        }
        return 1000 / sorted[index]
    }

    /// MangoHud's fps_metrics `calculate` for a metric "0.01" / "0.001".
    static func mangoHudPercentileFPS(_ sequence: [Double], _ name: String) -> Double {
        let sorted = sequence.map { Float($0) }.sorted(by: >)
        let val = Float(name)!
        let idx = UInt64(val * Float(sorted.count) - 1)
        return Double(1000 / sorted[Int(idx)])
    }
}

/// Crafted runs: a deterministic jitter, with planted spikes whose fate is worked out by hand.
enum CraftedRuns {
    static func jitter(_ count: Int, base: Double, spread: Double, seed: UInt64) -> [Double] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return base + spread * (Double(state >> 11) / Double(1 << 53) - 0.5)
        }
    }

    /// ~16 ms frames (window round(10·√16.x) = 40) with spikes: 60 ms (> 3 × the frame before, so it
    /// counts as that frame in its own mean: a stutter), 45 ms ((45 + 39 × ~16) / 40 ≈ 16.7, × 2.5 ≈
    /// 41.8: a stutter), 100 ms (stutter) followed by three 40 ms frames (their means hold the 100:
    /// ≈ 18.7 × 2.5 ≈ 46.7: not stutters). Three stutters.
    static var sixtyHz: [Double] {
        var t = jitter(3000, base: 16, spread: 1, seed: 7)
        t[500] = 60; t[1200] = 45; t[2000] = 100; t[2001] = 40; t[2002] = 40; t[2003] = 40
        return t
    }

    /// ~7 ms frames with a slow climb to 20 ms (no stutter: each frame near its neighbours) and
    /// isolated 30 ms spikes every 400 frames (stutters).
    static var fastWithClimb: [Double] {
        var t = jitter(2400, base: 7, spread: 0.4, seed: 11)
        for i in 1000..<1300 { t[i] = 7 + 13 * Double(i - 1000) / 300 }
        for i in stride(from: 200, to: 2400, by: 400) where !(1000..<1300).contains(i) { t[i] = 30 }
        return t
    }
}

struct ToolDefinitionTests {
    static func agree(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * max(1, abs(b)) }

    @Test(arguments: [("60 Hz with spikes", CraftedRuns.sixtyHz, 3), ("7 ms with a climb", CraftedRuns.fastWithClimb, 5)])
    func namedFiguresAgreeWithTheToolsOwnCode(name: String, times: [Double], plantedStutters: Int) throws {
        let s = try FrameSummary.compute(frameTimesMs: times, targetRefreshRate: 60)
        let stutter = ToolOracle.stutteringTimePercentage(times, factor: 2.5)
        #expect(stutter.frames == plantedStutters, "\(name): the oracle finds the planted stutters")
        #expect(s.stutteringFrames == stutter.frames)
        #expect(Self.agree(s.stutteringTimePercent, stutter.percent))
        #expect(Self.agree(s.p1FPSCapFrameX, ToolOracle.capFrameXPercentileFPS(times, 0.01)))
        #expect(Self.agree(s.p0_1FPSCapFrameX, ToolOracle.capFrameXPercentileFPS(times, 0.001)))
        #expect(Self.agree(s.onePercentLowAverageFPS, ToolOracle.lowAverageFPS(times, 0.01)))
        #expect(Self.agree(s.zeroPointOnePercentLowAverageFPS, ToolOracle.lowAverageFPS(times, 0.001)))
        #expect(Self.agree(s.onePercentLowIntegralFPS, ToolOracle.lowIntegralFPS(times, 0.01)))
        #expect(Self.agree(s.zeroPointOnePercentLowIntegralFPS, ToolOracle.lowIntegralFPS(times, 0.001)))
        // MangoHud computes in float: agreement to float precision.
        #expect(abs(s.p1FPS - ToolOracle.mangoHudPercentileFPS(times, "0.01")) <= 1e-4 * s.p1FPS)
        #expect(abs(s.p0_1FPS - ToolOracle.mangoHudPercentileFPS(times, "0.001")) <= 1e-4 * s.p0_1FPS)
        #expect(Self.agree(s.frameTimeP99Ms, ToolOracle.quantile(times, 0.99)))
        #expect(Self.agree(s.averageFPS, Double(times.count) * 1000 / times.reduce(0, +)))   // CapFrameX's Average
    }
}

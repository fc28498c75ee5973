import Foundation

extension FrameSummary {
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
    /// As CapFrameX computes it: the total summed slowest first, the target `total × (1 − (1 − share))`.
    public static func lowIntegral(_ ascending: [Double], total _: Double, share: Double) -> Double {
        let total = ascending.reversed().reduce(0, +)
        let target = total * (1 - (1 - share))
        var sum = 0.0
        for t in ascending.reversed() {
            sum += t
            if sum >= target { return t }
        }
        return ascending[0]
    }

    /// The sample count of CapFrameX's moving average: `Convert.ToInt32(Math.Sqrt(average) * 10)`
    /// (.NET rounds halves to even), at least 1 (CapFrameX's filter always takes the frame itself).
    public static func capFrameXMovingAverageSamples(meanMs: Double) -> Int {
        let size = (meanMs.squareRoot() * 10).rounded(.toNearestOrEven)
        return size.isFinite && size >= 1 ? Int(min(size, Double(Int32.max))) : 1
    }

    /// CapFrameX's stutter (`FrametimeStatisticProvider.GetStutteringTimePercentage` with
    /// `SampleBasedMovingAverage`): frame i stutters when it is longer than `factor` × the mean of
    /// the `samples` frames ending at and including frame i (fewer at the start); inside that mean a
    /// frame more than 3 × the one before it counts as the one before it. Summed from frame i
    /// backwards, as CapFrameX sums.
    public static func stutterFrames(_ times: [Double], factor: Double, samples: Int) -> (count: Int, time: Double) {
        var count = 0, time = 0.0
        for i in times.indices {
            var j = i, sum = 0.0, taken = 0
            while j >= 0 {
                sum += j > 0 && times[j] > times[j - 1] * 3 ? times[j - 1] : times[j]
                taken += 1
                if taken >= samples { break }
                j -= 1
            }
            if times[i] > factor * (sum / Double(taken)) { count += 1; time += times[i] }
        }
        return (count, time)
    }

    /// CapFrameX's P1 / P0.1 FPS: the R-8 quantile (MathNet's `Quantile`) of the per-frame FPS
    /// (1000 / frame time). A frame time of 0 is infinite FPS there; a non-finite result is 0.
    public static func capFrameXQuantileFPS(_ ascendingMs: [Double], _ p: Double) -> Double {
        let fpsAscending = ascendingMs.reversed().map { $0 > 0 ? 1000 / $0 : Double.infinity }
        let q = quantileR8(fpsAscending, p)
        return q.isFinite ? q : 0
    }
}

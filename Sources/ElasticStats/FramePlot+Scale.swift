import Foundation

extension FramePlot {
    typealias TickStep = ElasticStats.TickStep
    typealias Axis = PlotAxis

    static func niceStep(_ span: Double, count: Double = 6) -> TickStep { TickStep.nice(span, count: count) }
    static func ticks(_ from: Double, _ to: Double, step: TickStep) -> [(Double, String)] { step.ticks(from, to) }
    static func ticks(_ from: Double, _ to: Double) -> [(Double, String)] { niceStep(to - from).ticks(from, to) }

    /// The frame-time scale, 0 up to a whole tick: fitted to the data (room above p99.9; the max
    /// when it is close, else spikes are clipped and marked), taking in the budget only when it
    /// is within twice that (else the budget line would flatten the run into a strip).
    static func frameTimeScale(_ runs: [Run]) -> (top: Double, step: TickStep) {
        var wanted = 0.0
        for run in runs {
            let m = run.summary
            var top = m.frameTimeP99_9Ms * 1.2
            if m.frameTimeMaxMs <= top * 1.6 { top = max(top, m.frameTimeMaxMs * 1.05) }
            wanted = max(wanted, top)
        }
        let budget = runs[0].summary.budgetMs
        if budget <= 2 * wanted { wanted = max(wanted, budget * 1.1) }
        if !(wanted.isFinite && wanted > 0) { wanted = 1 }
        let step = niceStep(wanted)
        let count = Int((wanted / step.value - 1e-9).rounded(.up))
        return (step.tick(max(1, count)).value, step)
    }

    /// How many nines the percentile axis can show for n frames (at least 1, at most 4).
    static func nines(forCount n: Int) -> Double { min(4, max(1, log10(Double(max(n, 10))))) }

    /// A frame time in ms with 3 significant digits or more (0.312, 16.7, 1234).
    static func ms(_ v: Double) -> String {
        guard v.isFinite, v > 0 else { return f(v, 0) }
        return f(v, min(4, max(0, 2 - Int(log10(v).rounded(.down)))))
    }
}

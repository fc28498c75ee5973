import TestRandom
import Testing
@testable import ElasticCore
@testable import ElasticRaster

/// The spans a tracker hands out stay each run's exact coverage however they were found: kept in
/// place in the last frame's buffer, kept or converted in a rasteriser that holds them, or copied.
/// More runs than held rasterisers, moving in turns and resting whole frames, take every path.
/// The oracle is each quad's exact area per pixel (`SpanDamageTests.coverage`).
@Suite("span reuse across frames")
struct RunSpansReuseTests {
    @Test("every run's spans are its exact coverage, whichever runs moved or rested", arguments: [11, 29])
    func spansStayExact(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        var quads = (0..<6).map { _ in SpanDamageTests.randomQuad(&rng) }
        var tracker = DamageTracker(), coverage = FrameCoverage()
        let (w, h) = SpanDamageTests.size
        tracker.update(SpanDamageTests.list(quads), scale: 1, width: w, height: h, coverage: &coverage)
        for frame in 0..<30 {
            // Every third frame rests; otherwise a random few quads move, the first or the last at times.
            if frame % 3 != 2 {
                for k in quads.indices where Int.random(in: 0...3, using: &rng) == 0 {
                    let d = Vec2(rng.double(in: -2...2), rng.double(in: -2...2))
                    quads[k].corners = quads[k].corners.map { $0 + d }
                }
            }
            tracker.update(SpanDamageTests.list(quads), scale: 1, width: w, height: h, coverage: &coverage)
            let exact = SpanDamageTests.coverage(quads, scale: 1)
            #expect(coverage.runs.count == quads.count)
            for (k, run) in coverage.runs.enumerated() {
                guard let range = run.spans else { Issue.record("frame \(frame) run \(k) has no spans"); continue }
                var alpha = [Int](repeating: 0, count: w * h)
                for s in coverage.spans[range] { for x in s.x0..<s.x1 { alpha[Int(s.y) * w + Int(x)] = Int(s.alpha) } }
                let worst = alpha.indices.map { abs(Double(alpha[$0]) - exact[k][$0] * 255) }.max() ?? 0
                #expect(worst <= 1.5, "frame \(frame) run \(k): alpha off its exact coverage by \(worst)/255")
            }
        }
    }
}

import Testing
@testable import ElasticCore
@testable import ElasticRaster

/// `RoundedRamp` against the rounded division it replaces, written out here in Double-free
/// integer arithmetic (round half away from zero), for random lines of both slopes.
@Suite struct RoundedRampTests {
    static func rounded(_ n: Int64, _ d: Int64) -> Int64 {
        let q = (n.magnitude + UInt64(d) / 2) / UInt64(d)
        return n < 0 ? -Int64(q) : Int64(q)
    }

    @Test func matchesOneDivisionPerStep() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let denominator = Int64.random(in: 1...5_000_000, using: &rng)
            let numerator = Int64.random(in: -5_000_000...5_000_000, using: &rng)
            let origin = Int64.random(in: -4_000_000...4_000_000, using: &rng)
            let t0 = Int64.random(in: 0...300, using: &rng), step = Int64.random(in: 0...256, using: &rng)
            var ramp = RoundedRamp(origin: origin, t0: t0, step: step, numerator: numerator, denominator: denominator)
            for k in 0..<40 {
                let t = t0 + Int64(k) * step
                let expected = origin + Self.rounded(t * numerator, denominator)
                #expect(ramp.value == expected, "t \(t) n \(numerator) d \(denominator)")
                ramp.advance()
            }
        }
    }
}

import TestRandom
import Testing
@testable import ElasticCore
@testable import ElasticRaster

/// `CoverageRasterizer.rounded` against `Float.rounded()` on every kind of value it is given.
@Suite struct FixedPointRoundingTests {
    @Test("rounds half away from zero exactly as Float.rounded(), across the coordinate range")
    func matchesFloatRounded() {
        var random = SplitMix64(seed: 22)
        var values: [Float] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999997, -0.49999997, 4_194_304, -4_194_304,
                               4_194_303.5, -4_194_303.5, 1_048_575.75, 0.5000001, 8388607.0 / 2]
        for _ in 0..<200_000 {
            let v = Float(random.double(in: -16_384...16_384)) * 256
            values.append(v)
            values.append(v.rounded(.down) + 0.5)
            values.append(v.rounded(.down).nextUp)
        }
        // One expectation over the sweep, naming the first few values that round differently.
        let wrong = values.filter { abs($0) <= 4_194_304 && CoverageRasterizer.rounded($0) != Int64($0.rounded()) }
        #expect(wrong.isEmpty, "\(wrong.count) values round differently, e.g. \(wrong.prefix(5))")
        #expect(values.count > 600_000)
    }
}

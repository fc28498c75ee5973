import TestRandom
import Testing
@testable import ElasticCore
@testable import ElasticRaster

/// `SpanBlend.blendRun` (eight pixels at a time in 16-bit lanes) against `blend` pixel by pixel,
/// whose formula `SpanBlendTests` checks byte by byte.
@Suite struct SpanBlendRunTests {
    @Test("a run blends every pixel exactly as blend does, whatever its length and alignment, and nothing past it")
    func runMatchesPixelByPixel() {
        var random = SplitMix64(seed: 21)
        var got = [UInt32](repeating: 0, count: 80), expected = got
        for trial in 0..<3_000 {
            for k in got.indices { got[k] = UInt32(truncatingIfNeeded: random.next()); expected[k] = got[k] }
            let color = UInt32(truncatingIfNeeded: random.next())
            let alpha = trial < 256 ? UInt32(trial) : UInt32(random.next() % 256)
            let start = Int(random.next() % 8), count = Int(random.next() % 70)
            for k in start..<(start + count) { expected[k] = SpanBlend.blend(color, over: expected[k], alpha: alpha) }
            got.withUnsafeMutableBufferPointer { SpanBlend.blendRun($0.baseAddress! + start, count: count, color: color, alpha: alpha) }
            #expect(got == expected, "trial \(trial): alpha \(alpha), pixels \(start)..<\(start + count)")
        }
    }
}

import Testing
@testable import ElasticCore

/// `PixelRun.fillShared` against the plain definition of a fill: every pixel of the run holds the
/// value and not one pixel around it changed, whatever the length and alignment (the split
/// between the two cores falls inside), and when several threads fill at once (one of them gets
/// the worker, the others fill alone).
@Suite struct FillWorkerTests {
    /// Fills `count` pixels from `offset` into a buffer of guard pixels and checks every pixel.
    private static func check(count: Int, offset: Int, pixel: UInt32) -> (wrong: Int, guardsHit: Int) {
        let margin = 64, guardValue: UInt32 = 0xDEAD_BEEF
        let buffer = UnsafeMutablePointer<UInt32>.allocate(capacity: count + offset + margin)
        defer { buffer.deallocate() }
        buffer.initialize(repeating: guardValue, count: count + offset + margin)
        PixelRun.fillShared(buffer + offset, count: count, with: pixel)
        var wrong = 0, guardsHit = 0
        for i in 0..<(count + offset + margin) {
            let inside = i >= offset && i < offset + count
            if inside, buffer[i] != pixel { wrong += 1 }
            if !inside, buffer[i] != guardValue { guardsHit += 1 }
        }
        return (wrong, guardsHit)
    }

    @Test("a shared fill sets exactly its run, any length and alignment around the split",
          arguments: [0, 1, 2, 3, 1 << 10, PixelRun.sharedCount - 1, PixelRun.sharedCount, PixelRun.sharedCount + 31,
                      3 * PixelRun.sharedCount + 7])
    func sharedFillSetsExactlyItsRun(count: Int) {
        for offset in [0, 1, 15] {
            let result = Self.check(count: count, offset: offset, pixel: 0xFF00_80FF ^ UInt32(count & 0xFF))
            #expect(result.wrong == 0, "\(count) pixels from \(offset): \(result.wrong) not set")
            #expect(result.guardsHit == 0, "\(count) pixels from \(offset): \(result.guardsHit) outside changed")
        }
    }

    @Test("fills from several threads at once each set their own run")
    func concurrentFillsEachSetTheirRun() async {
        let results = await withTaskGroup(of: (Int, Int).self) { group in
            for k in 0..<6 {
                group.addTask { Self.check(count: PixelRun.sharedCount + 1000 * k + 3, offset: k, pixel: UInt32(k) &* 0x0101_0101) }
            }
            var all: [(Int, Int)] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 6)
        #expect(results.allSatisfy { $0 == 0 && $1 == 0 }, "\(results)")
    }
}

import ElasticCore
@testable import ElasticRaster
import Testing

@Suite("sharing a clear with the second core (FarHalf)")
struct FarHalfTests {
    /// 1024 × 1024 = 2^20 pixels, over `PixelRun.sharedCount`; its far half is rows 512..<1024,
    /// 2^19 pixels, of which an eighth is 65,536 (64 full rows).
    static let frame = PixelRect(x0: 0, y0: 0, x1: 1024, y1: 1024)

    @Test("shared while what is drawn over the lower half covers at most an eighth of it, counted box by box")
    func eighthOfTheFarHalf() {
        var far = FarHalf([Self.frame])
        far.add(PixelRect(x0: 0, y0: 0, x1: 1024, y1: 512))  // the near half: not counted
        far.add(PixelRect(x0: 0, y0: 500, x1: 1024, y1: 548))  // 36 rows of it below 512
        far.add(PixelRect(x0: 0, y0: 996, x1: 1024, y1: 1024))  // 28 more: 64 rows, an eighth exactly
        #expect(far.shares)
        far.add(PixelRect(x0: 10, y0: 700, x1: 11, y1: 701))  // one pixel past it
        #expect(!far.shares)
    }

    @Test("a box drawn over another counts again: each is its own writes over the half")
    func overlapsCountTwice() {
        var far = FarHalf([Self.frame])
        for _ in 0..<2 { far.add(PixelRect(x0: 0, y0: 512, x1: 1024, y1: 560)) }  // 48 rows, twice
        #expect(!far.shares)
    }

    @Test("never for damaged rectangles, small frames, or when not asked")
    func notShared() {
        #expect(!FarHalf([Self.frame, PixelRect(x0: 0, y0: 0, x1: 1, y1: 1)]).shares)
        #expect(!FarHalf([PixelRect(x0: 0, y0: 0, x1: 1023, y1: 512)]).shares)  // under 2^19
        #expect(!FarHalf([]).shares)
        #expect(FarHalf([Self.frame]).shares)
    }
}

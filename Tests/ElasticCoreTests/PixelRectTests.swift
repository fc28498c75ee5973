import TestRandom
import Testing
@testable import ElasticCore

@Suite struct PixelRectTests {
    @Test("the pieces of a rectangle outside another cover exactly its pixels not in the other, once each")
    func piecesOutside() {
        var random = SplitMix64(seed: 11)
        func rect() -> PixelRect {
            let x = Int(random.next() % 12), y = Int(random.next() % 12)
            return PixelRect(x0: x, y0: y, x1: x + Int(random.next() % 10), y1: y + Int(random.next() % 10))
        }
        for _ in 0..<500 {
            let a = rect(), b = rect()
            var count = Array(repeating: 0, count: 24 * 24)
            a.forEachPiece(outside: b) { piece in
                #expect(!piece.isEmpty)
                for y in piece.y0..<piece.y1 { for x in piece.x0..<piece.x1 { count[y * 24 + x] += 1 } }
            }
            for y in 0..<24 {
                for x in 0..<24 {
                    let expected = a.contains(x: x, y: y) && !b.contains(x: x, y: y) ? 1 : 0
                    #expect(count[y * 24 + x] == expected, "pixel \(x),\(y) of \(a) outside \(b)")
                }
            }
        }
    }
}

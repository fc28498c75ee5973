import ElasticCore
import Testing

/// The shift that makes a renderer truncating vertex coordinates round them instead.
@Suite("half-pixel shift: truncation of the shifted vertex rounds the original")
struct HalfPixelShiftTests {
    @Test("for vertices at many fractions of a pixel and several scales, Int((x + shift) × scale) is x × scale rounded")
    func truncationRounds() {
        var shift = HalfPixelShift()
        for scale: Float in [1, 2, 3] {
            let vertices = (0..<64).map { i in
                Vertex(x: 10 + Float(i) / 64 + 0.25 / 256, y: 3 + Float(63 - i) / 64 + 0.25 / 256, color: .white)
            }
            let shifted = shift.apply(to: vertices, scale: scale)
            #expect(shifted.count == vertices.count)
            for (v, s) in zip(vertices, shifted) {
                #expect(Int(s.x * scale) == Int((v.x * scale).rounded()), "x \(v.x) at \(scale)")
                #expect(Int(s.y * scale) == Int((v.y * scale).rounded()), "y \(v.y) at \(scale)")
                #expect(s.color == v.color)
            }
        }
    }
}

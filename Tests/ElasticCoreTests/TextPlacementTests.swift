import ElasticCore
import Testing

/// Where a label of a given width sits, and the pixel size fonts are asked for.
@Suite("text placement: the anchor by alignment, the font's pixel size")
struct TextPlacementTests {
    @Test("a label's left edge is its anchor, half its width left of it, or its whole width left of it")
    func leftEdge() {
        let anchor = Vec2(100, 50)
        #expect(TextItem("a", at: anchor, size: 16, color: .white, alignment: .leading).leftEdge(width: 30) == 100)
        #expect(TextItem("a", at: anchor, size: 16, color: .white, alignment: .center).leftEdge(width: 30) == 85)
        #expect(TextItem("a", at: anchor, size: 16, color: .white, alignment: .trailing).leftEdge(width: 30) == 70)
    }

    @Test("the pixel size is the point size times the scale, rounded, from 1 to 512")
    func pixelSize() {
        #expect(TextItem.pixelSize(16, scale: 1) == 16)
        #expect(TextItem.pixelSize(15, scale: 1.5) == 23)  // 22.5 rounds away from zero
        #expect(TextItem.pixelSize(0.1, scale: 1) == 1)
        #expect(TextItem.pixelSize(200, scale: 4) == 512)
    }
}

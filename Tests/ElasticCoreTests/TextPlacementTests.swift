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

/// A text's measured width in points, from a font's width in pixels at the drawn pixel size.
@Suite("measured text width: the font's pixels at the drawn size, in points")
struct MeasuredWidthTests {
    /// A font whose every character is `pixelSize / 2` pixels wide, rounded down; it records the sizes asked for.
    final class HalfEmFont {
        var asked: [Int] = []
        func width(_ text: String, pixelSize: Int) -> Int? {
            asked.append(pixelSize)
            return text.count * (pixelSize / 2)
        }
    }

    @Test("15 pt at scale 1.5 is measured at 23 px (22.5 rounded): 3 characters of 11 px are 33 px, 22 pt")
    func measuresAtDrawnSize() {
        let font = HalfEmFont()
        #expect(TextItem.measuredWidth("abc", size: 15, scale: 1.5, pixelWidth: font.width) == 22)
        #expect(font.asked == [23])
    }

    @Test("empty text is 0 wide without asking the font; no size, or no font, measures nothing")
    func edges() {
        let font = HalfEmFont()
        #expect(TextItem.measuredWidth("", size: 15, scale: 2, pixelWidth: font.width) == 0)
        #expect(font.asked.isEmpty)
        #expect(TextItem.measuredWidth("abc", size: 0, scale: 2, pixelWidth: font.width) == nil)
        #expect(TextItem.measuredWidth("abc", size: .nan, scale: 2, pixelWidth: font.width) == nil)
        #expect(TextItem.measuredWidth("abc", size: 15, scale: 2) { _, _ in nil } == nil)
    }
}

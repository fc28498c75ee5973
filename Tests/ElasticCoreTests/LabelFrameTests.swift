import ElasticCore
import Testing

/// Where a label is drawn, in the single-precision arithmetic SDL's renderer uses; figures worked
/// by hand (ElasticSDLTests checks the same against SDL itself).
@Suite("label frames: placed by the anchor, sized in points, truncated to pixels")
struct LabelFrameTests {
    @Test("a label's size in points comes back as its pixels through (int)(points · scale): 1–2000 px at scales 0.5–4")
    func pointsComeBackAsPixels() {
        for scale: Float in [0.5, 0.75, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4] {
            for pixels in 1...2000 {
                let p = LabelFrame.points(pixels, scale: scale)
                #expect(Int(p * scale) == pixels, "\(pixels) px at \(scale)")
                // Within a hair of the quotient: the label is not moved or grown.
                #expect(abs(p - Float(pixels) / scale) <= 4 * (Float(pixels) / scale).ulp, "\(pixels) px at \(scale)")
            }
        }
    }

    @Test("a 30 × 20 px label at scale 2: centred, leading and trailing on its anchor, its vertical centre on the anchor")
    func frameFromAnchor() {
        let at = Vec2(100, 50)
        let center = TextItem("a", at: at, size: 10, color: .white).labelFrame(width: 30, height: 20, scale: 2)
        #expect(center == LabelFrame(x: 92.5, y: 45, width: 15, height: 10))
        #expect(TextItem("a", at: at, size: 10, color: .white, alignment: .leading).labelFrame(width: 30, height: 20, scale: 2).x == 100)
        #expect(TextItem("a", at: at, size: 10, color: .white, alignment: .trailing).labelFrame(width: 30, height: 20, scale: 2).x == 85)
    }

    @Test("only text with a size and a place that are numbers is drawn")
    func drawable() {
        #expect(TextItem("a", at: Vec2(1, 2), size: 10, color: .white).isDrawable)
        #expect(!TextItem("", at: Vec2(1, 2), size: 10, color: .white).isDrawable)
        #expect(!TextItem("a", at: Vec2(1, 2), size: 0, color: .white).isDrawable)
        #expect(!TextItem("a", at: Vec2(1, 2), size: .infinity, color: .white).isDrawable)
        #expect(!TextItem("a", at: Vec2(.nan, 2), size: 10, color: .white).isDrawable)
    }

    @Test("the viewport is met by any overlap, not by touching an edge; an empty frame meets nothing, a NaN-sized one passes")
    func meetsViewport() {
        let view = (width: 200, height: 100)  // 100 × 50 points at scale 2
        #expect(LabelFrame(x: 10, y: 10, width: 20, height: 5).meetsViewport(view, scale: 2))
        #expect(LabelFrame(x: -19.5, y: -4, width: 20, height: 5).meetsViewport(view, scale: 2))  // half a point in
        #expect(!LabelFrame(x: -20, y: 10, width: 20, height: 5).meetsViewport(view, scale: 2))   // touches the left edge
        #expect(!LabelFrame(x: 100, y: 10, width: 20, height: 5).meetsViewport(view, scale: 2))   // touches the right edge
        #expect(!LabelFrame(x: 10, y: 50, width: 20, height: 5).meetsViewport(view, scale: 2))    // touches the bottom
        #expect(LabelFrame(x: 99.5, y: 49.5, width: 20, height: 5).meetsViewport(view, scale: 2))
        #expect(!LabelFrame(x: 10, y: 10, width: 0, height: 5).meetsViewport(view, scale: 2))
        #expect(!LabelFrame(x: 10, y: 10, width: 20, height: -1).meetsViewport(view, scale: 2))
        #expect(!LabelFrame(x: 10, y: 10, width: 20, height: 5).meetsViewport((0, 100), scale: 2))
        #expect(LabelFrame(x: 10, y: 10, width: .nan, height: 5).meetsViewport(view, scale: 2))
        // −∞ + ∞ is NaN, which no comparison of SDL's narrows away: it passes too.
        #expect(LabelFrame(x: -.infinity, y: 10, width: .infinity, height: 5).meetsViewport(view, scale: 2))
    }

    @Test("the origin is the scaled corner truncated toward zero, when the scaled size is the label's")
    func pixelOrigin() throws {
        let frame = LabelFrame(x: 10.6, y: -3.7, width: 4, height: 2)
        let origin = try #require(frame.pixelOrigin(scale: 1, width: 4, height: 2))
        #expect(origin == (10, -3))
        let scaled = try #require(LabelFrame(x: 10.6, y: -3.7, width: 2, height: 1).pixelOrigin(scale: 2, width: 4, height: 2))
        #expect(scaled == (21, -7))  // 21.2 and -7.4
        #expect(frame.pixelOrigin(scale: 1, width: 5, height: 2) == nil)          // SDL would stretch it
        #expect(frame.pixelOrigin(scale: 1.5, width: 4, height: 2) == nil)
        #expect(LabelFrame(x: 3e9, y: 0, width: 4, height: 2).pixelOrigin(scale: 1, width: 4, height: 2) == nil)  // beyond (int)
        #expect(LabelFrame(x: .nan, y: 0, width: 4, height: 2).pixelOrigin(scale: 1, width: 4, height: 2) == nil)
    }
}

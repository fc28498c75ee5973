import ElasticCore
@testable import ElasticRaster
import Testing

/// All the compositor asks of its host is a label's pixels: only for a label that meets what the
/// frame redraws, blended where the host places it; an empty image is skipped.
@Suite("compositor host: label pixels, asked for only where the frame redraws")
struct CompositorHostTests {
    /// Hands out a 4×2 opaque green label where the item is, or an empty one for "gone".
    final class Labels: CompositorHost {
        var asked: [String] = []
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: 8)
        init() { pixels.initialize(repeating: 0xFF00_FF00, count: 8) }
        deinit { pixels.deallocate() }
        func labelImage(_ item: TextItem) -> LabelImage? {
            asked.append(item.text)
            let x = Int(item.position.x), y = Int(item.position.y)
            if item.text == "gone" { return LabelImage(pixels: pixels, width: 0, height: 0, pitch: 0, x: x, y: y, opacity: 0) }
            return LabelImage(pixels: pixels, width: 4, height: 2, pitch: 4, x: x, y: y, opacity: 255)
        }
    }

    /// A square at `x`, a label in the bottom corner that never moves, and one the host has no pixels for.
    static func list(squareAt x: Double) -> DrawList {
        var list = DrawList()
        list.addRect(Rect(x: x, y: 4, width: 10, height: 10), color: RGBA(200, 30, 40, 255))
        list.addText(TextItem("still", at: Vec2(50, 40), size: 4, color: RGBA(0, 0, 0, 255)))
        list.addText(TextItem("gone", at: Vec2(30, 40), size: 4, color: RGBA(0, 0, 0, 255)))
        return list
    }

    @Test("a whole frame asks for every label and blends it; a frame whose damage misses them asks for none")
    func labelsWhereRedrawn() {
        let compositor = Compositor()
        compositor.partialUpdates = true
        let host = Labels()
        CompositorFrameTests.withBuffer { buffer in
            #expect(compositor.begin(Self.list(squareAt: 4), scale: 1, target: buffer))
            compositor.composite(Self.list(squareAt: 4), host: host)
            #expect(host.asked == ["still", "gone"])
            let row = (buffer.base + 41 * buffer.pitch).assumingMemoryBound(to: UInt32.self)
            #expect(row[50] & 0xFF_FFFF == 0x00_FF00 && row[53] & 0xFF_FFFF == 0x00_FF00, "the label is blended")
            #expect(row[49] & 0xFF_FFFF == 0xFF_FFFF && row[54] & 0xFF_FFFF == 0xFF_FFFF, "only the label")
            #expect(row[30] & 0xFF_FFFF == 0xFF_FFFF, "the empty image draws nothing")

            host.asked = []
            #expect(compositor.begin(Self.list(squareAt: 20), scale: 1, target: buffer))
            compositor.composite(Self.list(squareAt: 20), host: host)
            #expect(!compositor.redrawsWholeOutput)
            #expect(host.asked.isEmpty, "the square's damage (rows 4…14) misses both labels")
        }
    }
}

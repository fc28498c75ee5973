import ElasticCore
@testable import ElasticRaster
import Testing

/// What the compositor asks of its host when it has no buffer of its own: every command, in
/// painter's order, once for each of the frame's rectangles it meets, the host clipped to it.
@Suite("compositor host: each command once per area it meets, clipped to it")
struct CompositorHostTests {
    final class Recorder: CompositorHost {
        var calls: [String] = []
        func flush() {}
        func clip(to area: PixelRect) { calls.append("clip \(area)") }
        func clear(_ color: RGBA, area: PixelRect?) { calls.append("clear \(area.map { "\($0)" } ?? "all")") }
        func drawTriangles(first: Int, count: Int, blend: BlendMode) { calls.append("triangles \(first) \(count)") }
        func drawText(_ item: TextItem) { calls.append("text \(item.text)") }
        func labelImage(_ item: TextItem) -> LabelImage? { nil }
        func fillRect(_ rect: Rect, color: RGBA) { calls.append("rect \(rect.x)") }
    }

    /// A square at `x`, and a label far from it in the bottom corner that never moves.
    static func list(squareAt x: Double) -> DrawList {
        var list = DrawList()
        list.addRect(Rect(x: x, y: 4, width: 10, height: 10), color: RGBA(200, 30, 40, 255))
        list.addText(TextItem("still", at: Vec2(200, 140), size: 10, color: RGBA(0, 0, 0, 255)))
        return list
    }

    @Test("a whole frame: one unclipped call each; a damaged one: per area, clipped, none for text it misses")
    func perArea() {
        let compositor = Compositor()
        compositor.partialUpdates = true
        let host = Recorder()
        let output = (width: 240, height: 160)
        #expect(compositor.begin(Self.list(squareAt: 4), scale: 1, output: output, target: nil, directFills: false))
        compositor.composite(Self.list(squareAt: 4), host: host)
        #expect(host.calls == ["clear all", "rect 4.0", "text still"])

        host.calls = []
        #expect(compositor.begin(Self.list(squareAt: 60), scale: 1, output: output, target: nil, directFills: false))
        compositor.composite(Self.list(squareAt: 60), host: host)
        let areas = compositor.frameRects
        #expect(!areas.isEmpty)
        // The square left x 4…14 and went to 60…70 (rows 4…14): the areas lie within both, away from the label.
        #expect(areas.allSatisfy { $0.intersection(PixelRect(x0: 4, y0: 4, x1: 70, y1: 14)) == $0 }, "\(areas)")
        var expected: [String] = []
        for area in areas { expected += ["clip \(area)", "clear \(area)"] }
        for area in areas { expected += ["clip \(area)", "rect 60.0"] }
        #expect(host.calls == expected)
    }
}

@testable import elastic
import ElasticCore
import Foundation
import Testing

/// `--trace-draw` lists a frame's items in painter's order, each shape once, whatever the draw
/// list merged: the order is read back from how the test drew them, not from the encoder.
@Suite struct DrawTraceOrderTests {
    @Test func itemsComeInPainterOrderEachShapeOnce() throws {
        var tessellator = Tessellator(tolerance: 0.1, antialias: false)
        tessellator.rectangleCores = true  // a big fill becomes triangles and a core rectangle
        tessellator.shapeLog = ShapeLog()
        var list = DrawList()
        let blue = RGBA(0, 0, 255), red = RGBA(255, 0, 0)
        var wave = Path()
        wave.move(to: Vec2(0, 0)); wave.line(to: Vec2(400, 0)); wave.line(to: Vec2(400, 200))
        wave.quad(to: Vec2(0, 200), control: Vec2(200, 300)); wave.close()
        tessellator.fill(wave, color: blue, into: &list)                      // 1: fill (merged batches, a core)
        var dot = Path()
        dot.circle(center: Vec2(50, 50), radius: 10)
        tessellator.fill(dot, color: blue, into: &list)                       // 2: fill extending batch 1
        list.addText(TextItem("hi \"there\"", at: Vec2(10, 10), size: 12, color: .black))  // 3: text
        tessellator.fillRoundedRect(Rect(x: 10, y: 10, width: 60, height: 20), radius: 10,
                                    color: red.withOpacity(0.5), into: &list) // 4: fill
        let v0 = list.mesh.add(Vertex(Vec2(0, 0), red)), v1 = list.mesh.add(Vertex(Vec2(10, 0), red))
        let v2 = list.mesh.add(Vertex(Vec2(10, 10), red))
        list.mesh.triangle(v0, v1, v2)
        list.commitTriangles(blend: .none)                                    // 5: raw triangles
        tessellator.fillRect(Rect(x: 5, y: 5, width: 10, height: 10), color: red, into: &list)  // 6: a rect on whole pixels
        var tick = Path()
        tick.move(to: Vec2(0, 0)); tick.line(to: Vec2(5, 5)); tick.line(to: Vec2(15, -5))
        tessellator.stroke(tick, width: 2, color: .white, into: &list)        // 7: stroke
        let log = try #require(tessellator.shapeLog)
        #expect(log.shapes.count == 5)  // the label and the raw triangles are no shapes

        let encoder = DrawTraceFrame(frame: 3, time: 0.05, width: 800, height: 600, scale: 2,
                                     damage: [PixelRect(x0: 0, y0: 0, x1: 800, y1: 600)])
        let line = encoder.line(list: list, log: log)
        let frame = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let items = try #require(frame["items"] as? [[String: Any]])
        let kinds = items.map { ["fill", "stroke", "rect", "text", "triangles"].first(where: $0.keys.contains) ?? "?" }
        #expect(kinds == ["fill", "fill", "text", "fill", "triangles", "fill", "stroke"])
        #expect(items[2]["text"] as? String == "hi \"there\"")
        // Coordinates are output pixels (scale 2); the quadratic and the arc are kept as such.
        let wavePath = try #require(items[0]["fill"] as? [Any])
        #expect(wavePath.contains { $0 as? String == "Q" })
        #expect((wavePath[4] as? Double ?? (wavePath[4] as? Int).map(Double.init)) == 800)
        #expect((items[1]["fill"] as? [Any])?.contains { $0 as? String == "A" } == true)
        #expect(items[6]["width"] as? Double == 4 || items[6]["width"] as? Int == 4)
        #expect(frame["damage"] as? [[Int]] == [[0, 0, 800, 600]])
    }

    @Test func aTraceThatWouldOverwriteTheReplayIsRefused() async throws {
        let dir = try ElasticBinary.scratch("draw-trace-refused")
        let replay = dir.appendingPathComponent("in.jsonl")
        try "{\"t\": 0.1, \"type\": \"key\", \"key\": \"space\"}\n".write(to: replay, atomically: true, encoding: .utf8)
        let run = try await ElasticBinary.run(["play", "--headless", "--frames", "2", "--replay", replay.path, "--trace-draw", replay.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--trace-draw"))
        #expect(try String(contentsOf: replay, encoding: .utf8).contains("space"))
    }
}

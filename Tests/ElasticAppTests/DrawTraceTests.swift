import ElasticCore
import ElasticSDL
import Foundation
import TestSupport
import Testing

/// `play --trace-draw` exports what Elastic drew: a traced frame, redrawn from its exported paths
/// by the test's own exact-area oracle (`CoverageReference`: paths flattened far finer than any
/// render, 64 × 64 samples a pixel; rectangles by their exact overlap), matches Elastic's
/// screenshot of that frame. So peers replaying the trace draw the same picture.
///
/// Tolerance. Elastic flattens curves with chords within 0.1 px of them (`--tolerance`) that
/// straddle the curve (half inside, half outside), so on a curved edge a pixel's coverage may
/// differ from the true curve's by about 0.05 × √2 of the pixel (≈ 18/255); the oracle's 64
/// samples across a pixel add up to 1/64 per edge (4/255), and each 8-bit blend up to 1/255.
/// Hence: no pixel more than 24/255 off; off by more than 3/255 only on edges (at most 0.5 % of
/// the frame's pixels); and the mean error under 0.1/255. A shape left out, in the wrong colour or
/// order, or moved by half a pixel is off by more than that (lines moved ½ px: 52–126/255). Labels (SDL2_ttf) and strokes (the oracle has no stroker; peers stroke
/// them, see compare-peers.py --check) are masked out.
@Suite struct DrawTraceTests {
    @Test(arguments: ["wave-pull", "gooey-menu", "jelly-block", "sticky-refresh", "wave-balls"])
    func exportedFrameRedrawsAsTheScreenshot(scene: String) async throws {
        let dir = try ElasticBinary.scratch("draw-trace-\(scene)")
        let trace = dir.appendingPathComponent("draw.jsonl").path, shot = dir.appendingPathComponent("last.png").path
        let replay = ElasticBinary.root.appendingPathComponent("assets/replays/\(scene)-moving.jsonl").path
        let run = try await ElasticBinary.run(["play", "--headless", "--scene", scene, "--replay", replay, "--frames", "45",
                                         "--no-hint", "--renderer", "software", "--trace-draw", trace, "--screenshot", shot])
        try #require(run.status == 0, "\(run.stderr)")
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 45)
        let frame = try #require(try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any])
        let image = try PNGImage.load(shot)
        let (expected, mask) = try Self.redraw(frame, width: image.width, height: image.height)

        var worst = 0, offEdges = 0, total = 0, sum = 0, compared = 0
        for y in 0..<image.height {
            for x in 0..<image.width where !mask[y * image.width + x] {
                let p = image.pixel(x, y), e = expected[y * image.width + x]
                let d = max(abs(Int(p.r) - e.0), abs(Int(p.g) - e.1), abs(Int(p.b) - e.2))
                worst = max(worst, d); sum += d; compared += 1
                if d > 3 { offEdges += 1 }
            }
            total += image.width
        }
        let items = (frame["items"] as? [[String: Any]])?.count ?? 0
        #expect(items > 0)
        #expect(compared > total / 2, "most of the frame is compared")
        #expect(worst <= 24, "\(scene): worst pixel \(worst)/255")
        #expect(Double(offEdges) <= 0.005 * Double(total), "\(scene): \(offEdges) pixels off by > 3/255")
        #expect(Double(sum) / Double(compared) < 0.1, "\(scene): mean error \(Double(sum) / Double(compared))/255")
    }

    /// The frame composited from its exported items in Double (source over, straight alpha),
    /// rounded to 8 bits; and the pixels not compared (labels, strokes).
    static func redraw(_ frame: [String: Any], width: Int, height: Int) throws -> ([(Int, Int, Int)], [Bool]) {
        let clear = try #require(frame["clear"] as? [Double])
        var canvas = [(Double, Double, Double)](repeating: (clear[0], clear[1], clear[2]), count: width * height)
        var mask = [Bool](repeating: false, count: width * height)
        func blend(_ x: Int, _ y: Int, _ c: [Double], _ coverage: Double) {
            guard x >= 0, x < width, y >= 0, y < height, coverage > 0 else { return }
            let a = min(coverage, 1) * c[3] / 255
            let i = y * width + x
            canvas[i] = (canvas[i].0 * (1 - a) + c[0] * a, canvas[i].1 * (1 - a) + c[1] * a, canvas[i].2 * (1 - a) + c[2] * a)
        }
        func maskBox(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
            for y in max(Int(y0.rounded(.down)) - 2, 0)..<min(Int(y1.rounded(.up)) + 2, height) {
                for x in max(Int(x0.rounded(.down)) - 2, 0)..<max(min(Int(x1.rounded(.up)) + 2, width), 0) { mask[y * width + x] = true }
            }
        }
        for item in try #require(frame["items"] as? [[String: Any]]) {
            let color = try #require(item["color"] as? [Double])
            if let flat = item["fill"] as? [Any] {
                let path = try Self.path(flat)
                if let r = Self.axisAlignedRect(path) {
                    Self.rectCoverage(r, width: width, height: height) { blend($0, $1, color, $2) }
                } else {
                    let reference = CoverageReference(path, scale: 1, bounds: (width, height))
                    for y in reference.y0..<(reference.y0 + reference.height) {
                        for x in reference.x0..<(reference.x0 + reference.width) { blend(x, y, color, reference.coverage(x, y)) }
                    }
                }
            } else if let flat = item["stroke"] as? [Any], let w = item["width"] as? Double {
                // Every pixel within reach of the centre line (a miter reaches 4 half-widths out).
                let reach = 2 * w + 2
                for line in CoverageReference.flatten(try Self.path(flat), scale: 1) {
                    for (a, b) in zip(line, line.dropFirst() + [line[0]]) {  // closed all round (more mask if open)
                        let steps = max(1, Int(((b - a).length * 2).rounded(.up)))
                        for k in 0...steps {
                            let p = a + (b - a) * (Double(k) / Double(steps))
                            maskBox(p.x - reach, p.y - reach, p.x + reach, p.y + reach)
                        }
                    }
                }
            } else if let r = item["rect"] as? [Double] {
                Self.rectCoverage(Rect(x: r[0], y: r[1], width: r[2], height: r[3]), width: width, height: height) { blend($0, $1, color, $2) }
            } else if let x = item["x"] as? Double, let y = item["y"] as? Double, let size = item["size"] as? Double {
                let w = (item["width"] as? Double) ?? size * Double((item["text"] as? String ?? "").count)
                let left = item["align"] as? String == "leading" ? x : item["align"] as? String == "trailing" ? x - w : x - w / 2
                maskBox(left - 4, y - size, left + w + 4, y + size)
            } else {
                Issue.record("unexpected item \(item.keys.sorted())")
            }
        }
        return (canvas.map { (Int($0.0.rounded()), Int($0.1.rounded()), Int($0.2.rounded())) }, mask)
    }

    /// The exported flat path array back as a `Path` (coordinates are output pixels).
    static func path(_ flat: [Any]) throws -> Path {
        var path = Path()
        var i = 0
        func number() throws -> Double {
            i += 1
            return try #require(flat[i - 1] as? Double ?? (flat[i - 1] as? Int).map(Double.init))
        }
        while i < flat.count {
            let op = try #require(flat[i] as? String)
            i += 1
            switch op {
            case "M": path.move(to: Vec2(try number(), try number()))
            case "L": path.line(to: Vec2(try number(), try number()))
            case "Q":
                let c = Vec2(try number(), try number())
                path.quad(to: Vec2(try number(), try number()), control: c)
            case "A":
                let c = Vec2(try number(), try number()), r = try number(), start = try number(), sweep = try number()
                path.arc(center: c, radius: r, start: start, end: start + sweep, clockwise: sweep >= 0)
            case "Z": path.close()
            default: Issue.record("unknown path op \(op)")
            }
        }
        return path
    }

    /// A path that is one axis-aligned rectangle (move, three lines, close).
    static func axisAlignedRect(_ path: Path) -> Rect? {
        let points = path.commands.compactMap { c -> Vec2? in if case let .move(p) = c { p } else if case let .line(p) = c { p } else { nil } }
        guard path.commands.count == 5, points.count == 4, case .close = path.commands[4] else { return nil }
        let xs = Set(points.map(\.x)), ys = Set(points.map(\.y))
        guard xs.count == 2, ys.count == 2 else { return nil }
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// Each pixel's exact covered area by the rectangle: the product of its overlaps across x and y.
    static func rectCoverage(_ r: Rect, width: Int, height: Int, _ body: (Int, Int, Double) -> Void) {
        let x0 = max(Int(r.x.rounded(.down)), 0), x1 = min(Int(r.maxX.rounded(.up)), width)
        let y0 = max(Int(r.y.rounded(.down)), 0), y1 = min(Int(r.maxY.rounded(.up)), height)
        guard x1 > x0, y1 > y0 else { return }
        for y in y0..<y1 {
            let cy = min(r.maxY, Double(y + 1)) - max(r.y, Double(y))
            for x in x0..<x1 { body(x, y, cy * (min(r.maxX, Double(x + 1)) - max(r.x, Double(x)))) }
        }
    }
}

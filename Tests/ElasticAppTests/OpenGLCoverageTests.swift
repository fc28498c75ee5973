import ElasticCore
import ElasticScenes
@testable import ElasticSDL
import Foundation
import Testing

/// End to end on OpenGL (offscreen EGL, Mesa llvmpipe here): the held wave-pull frame's coverage,
/// read back from the screenshot's colours, summed down each pixel column, against the exact area
/// under the wave computed here from the control points the run traced.
@Suite("OpenGL pixels: the wave's coverage against its exact area", .serialized)
struct OpenGLCoverageTests {
    struct Columns { var mean: Double, p95: Double }

    static func measure(tolerance: Double) async throws -> Columns {
        let dir = try ElasticBinary.scratch("gl-coverage")
        let shot = dir.appendingPathComponent("w.png").path, trace = dir.appendingPathComponent("w.csv").path
        let replay = ElasticBinary.root.appendingPathComponent("assets/replays/wave-pull-center.jsonl").path
        let run = try await ElasticBinary.run(["play", "--headless", "--renderer", "opengl", "--window", "1280x720", "--no-hint",
                                         "--tolerance", "\(tolerance)", "--replay", replay, "--trace", trace,
                                         "--screenshot-at", "1.2", "--screenshot", shot],
                                        // Under scripts/sanitize.sh: Mesa's llvmpipe, unloaded at exit, leaves
                                        // allocations LeakSanitizer cannot attribute; they are not ours.
                                        environment: ["ASAN_OPTIONS": "detect_leaks=0"])
        try #require(run.status == 0, "\(run.stderr)")
        let image = try PNGImage.load(dir.appendingPathComponent("w-1.2s.png").path)

        // The wave's points at the held frame (the finger is still, so they are too).
        var points: [String: Vec2] = [:]
        for line in try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").dropFirst() {
            let f = line.split(separator: ",")
            guard f.count >= 5, let t = Double(f[1]), t <= 1.2, let x = Double(f[3]), let y = Double(f[4]) else { continue }
            points[String(f[2])] = Vec2(x, y)
        }
        let names = ["l3", "l2", "l1", "c", "r1", "r2", "r3"]
        let p = try names.map { try #require(points[$0], "\($0) traced") }
        // WavePull's outline: (0,0) → (0, l3.y) → quad to l1 via l2 → quad to r1 via c → quad to
        // r3 via r2 → (w, 0). Area under the curve per column, by fine trapezoids, each split
        // where it crosses a column boundary.
        let quads = [(Vec2(0, p[0].y), p[1], p[2]), (p[2], p[3], p[4]), (p[4], p[5], Vec2(Double(image.width), p[6].y))]
        var reference = Array(repeating: 0.0, count: image.width)
        for (a, c, b) in quads {
            var previous = a
            let steps = 20_000
            for k in 1...steps {
                let t = Double(k) / Double(steps), u = 1 - t
                let q = a * (u * u) + c * (2 * u * t) + b * (t * t)
                var x = previous.x
                while x < q.x {
                    let column = Int(x.rounded(.down)), end = min(q.x, Double(column + 1))
                    // The chord's height at the middle of this piece.
                    let y = previous.y + (q.y - previous.y) * (((x + end) / 2 - previous.x) / (q.x - previous.x))
                    if column >= 0, column < image.width { reference[column] += y * (end - x) }
                    x = end
                }
                previous = q
            }
        }
        // Coverage from the red channel: the fill is (57, 67, 89) over white.
        var errors: [Double] = []
        for x in 2..<(image.width - 2) {
            var sum = 0.0
            for y in 0..<image.height { sum += (255 - Double(image.pixel(x, y).r)) / (255 - 57) }
            errors.append(sum - reference[x])
        }
        let sorted = errors.map(abs).sorted()
        return Columns(mean: errors.reduce(0, +) / Double(errors.count), p95: sorted[Int(Double(sorted.count) * 0.95)])
    }

    @Test("fine flattening: the edge is where the path is (mean within 0.05 px, p95 within 0.1 px per column)")
    func fineFlattening() async throws {
        let c = try await Self.measure(tolerance: 0.02)
        #expect(abs(c.mean) <= 0.05 && c.p95 <= 0.1, "mean \(c.mean), p95 \(c.p95)")
    }

    @Test("the app's flattening: the targets (mean within 0.05 px, p95 within 0.2 px per column)")
    func appFlattening() async throws {
        let c = try await Self.measure(tolerance: FrameDriver.defaultTolerancePixels)
        #expect(abs(c.mean) <= 0.05 && c.p95 <= 0.2, "mean \(c.mean), p95 \(c.p95)")
    }
}

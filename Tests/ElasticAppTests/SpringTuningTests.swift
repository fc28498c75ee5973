import ElasticCore
import ElasticScenes
import Foundation
import Testing
@testable import elastic

/// UIKit's spring from rest at 0 towards 1, worked out here (ζ < 1): ω₀ from the settle condition
/// ζ·e^(−ζω₀d) / √(1−ζ²) = ε with ε = 0.001, then the underdamped step response.
private func uikitStep(duration d: Double, zeta: Double, at t: Double) -> Double {
    let w0 = log(zeta / (0.001 * (1 - zeta * zeta).squareRoot())) / (zeta * d)
    let wd = w0 * (1 - zeta * zeta).squareRoot()
    return 1 - exp(-zeta * w0 * t) * (cos(wd * t) + zeta * w0 / wd * sin(wd * t))
}

@Suite("live spring tuning")
struct SpringTuningTests {
    @Test("the defaults are the scenes' own main springs")
    func defaultsMatchTheScenes() throws {
        let tuning = try SpringTuning()
        for entry in SceneCatalog.all {
            let scene = entry.make(Size(1280, 720))
            let tuned = try #require(tuning.values[entry.name])
            #expect(tuned.parameters == scene.mainSpring, "\(entry.name)")
        }
    }

    @Test("past critical damping: the travel from rest is down to 0.1 % at the duration")
    func overdamped() {
        for (d, z) in [(0.6, 1.5), (1.2, 2.0), (0.05, 1.05)] {
            let p = TunedSpring(duration: d, dampingRatio: z).parameters
            #expect(abs(p.dampingRatio - z) < 1e-9)
            let left = Spring(p, value: 1, target: 0, velocity: 0).sample(after: d).value
            #expect(abs(left - 0.001) < 1e-7, "\(d), \(z): \(left)")
        }
    }

    @Test("the HUD plots the step response from the closed form, only while shown")
    func hudCurve() throws {
        let tuning = try SpringTuning()
        let hud = Hud(renderer: "test", stepRate: 240, refreshRate: 60)
        let scene = JellyBlock(size: Size(1280, 720))
        var list = DrawList(), tessellator = Tessellator(tolerance: 0.25, antialias: false)
        func curveVertices() -> [Vec2] {
            list.removeAll()
            hud.draw(into: &list, tessellator: &tessellator, scene: scene, triangles: 0, now: 1, tuning: tuning)
            return list.mesh.vertices.filter { $0.color == Hud.curveColor }.map(\.position)
        }
        #expect(curveVertices().isEmpty, "hidden: nothing drawn")
        hud.visible = true
        for (duration, zeta, keys) in [(1.0, 0.85, [Key]()), (0.5, 0.3, [.leftBracket] + Array(repeating: .minus, count: 11)
                                        + Array(repeating: .leftBracket, count: 9))] {
            for key in keys { _ = tuning.handle(key, scene: scene) }
            #expect(tuning.values[JellyBlock.name] == TunedSpring(duration: duration, dampingRatio: zeta))
            let vertices = curveVertices()
            #expect(vertices.count == 4 * (SpringTuning.curveSamples - 1), "a quad per segment")
            // Every 0.25 s (a sample): the line's corners there lie within its half width of the
            // worked-out value.
            let r = hud.curveRect
            for k in 1...8 {
                let t = Double(k) * 0.25
                let x = r.x + t / SpringTuning.curveSeconds * r.width
                let y = r.maxY - min(uikitStep(duration: duration, zeta: zeta, at: t), Hud.curveTop) / Hud.curveTop * r.height
                let near = vertices.filter { abs($0.x - x) < 0.8 }
                #expect(near.count >= 2 && near.allSatisfy { abs($0.y - y) < 0.8 }, "t=\(t) ζ=\(zeta): \(near) vs \(y)")
            }
        }
    }
}

/// The real binary: --springs loads, keys in a replay change and save, bad values are refused.
@Suite("elastic play --springs", .serialized)
struct SpringFileTests {
    func write(_ text: String, to url: URL) throws { try text.write(to: url, atomically: true, encoding: .utf8) }

    func keys(_ list: [(Double, String)]) -> String {
        list.map { "{\"t\": \($0.0), \"type\": \"key\", \"key\": \"\($0.1)\"}\n" }.joined()
    }

    func play(_ args: [String], scene: String = "wave-pull", seconds: Double = 1, in dir: URL) async throws -> ElasticBinary.Result {
        try await ElasticBinary.run(["play", "--headless", "--window", "1280x720", "--scene", scene, "--seconds", "\(seconds)"] + args)
    }

    func load(_ url: URL) throws -> [String: TunedSpring] {
        try JSONDecoder().decode([String: TunedSpring].self, from: Data(contentsOf: url))
    }

    @Test("load, change by key, save, load again: the same values")
    func roundTrip() async throws {
        let dir = try ElasticBinary.scratch("springs-round-trip")
        let file = dir.appendingPathComponent("springs.json"), replay = dir.appendingPathComponent("keys.jsonl")
        try write(#"{"wave-pull": {"duration": 0.9, "dampingRatio": 0.57}, "jelly-block": {"duration": 0.7, "dampingRatio": 0.5}}"#, to: file)
        try write(keys([(0.1, "]"), (0.2, "-"), (0.3, "3"), (0.4, "["), (0.5, "="), (0.55, "="), (0.7, "w")]), to: replay)
        let first = try await play(["--springs", file.path, "--replay", replay.path], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("springs: wave-pull duration 0.95 s, damping ratio 0.52"))
        #expect(first.stdout.contains("springs: wrote \(file.path)"))
        var expected = try SpringTuning().values
        expected["wave-pull"] = TunedSpring(duration: 0.95, dampingRatio: 0.52)
        expected["jelly-block"] = TunedSpring(duration: 0.65, dampingRatio: 0.6)
        #expect(try load(file) == expected)
        let saved = try String(contentsOf: file, encoding: .utf8)

        // Loaded again and saved unchanged: the same file.
        try write(keys([(0.1, "w")]), to: replay)
        let second = try await play(["--springs", file.path, "--replay", replay.path], scene: "jelly-block", in: dir)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == saved)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["keys.jsonl", "springs.json"], "no temporary left")
    }

    @Test("a tuned jelly-block reaches the top when the closed form says")
    func tunedMotion() async throws {
        let dir = try ElasticBinary.scratch("springs-motion")
        let file = dir.appendingPathComponent("springs.json"), replay = dir.appendingPathComponent("keys.jsonl")
        try write(keys([(0.5, "space")]), to: replay)
        var arrivals: [Double] = []
        for duration in [1.0, 0.5] {
            try write("{\"jelly-block\": {\"duration\": \(duration), \"dampingRatio\": 0.85}}", to: file)
            let trace = dir.appendingPathComponent("trace.csv")
            let result = try await play(["--springs", file.path, "--replay", replay.path, "--trace", trace.path],
                                  scene: "jelly-block", seconds: 2.5, in: dir)
            #expect(result.status == 0, "\(result.stderr)")
            let top = try #require(try TraceRow.load(trace).first { $0.entity == "block" && $0.time > 0.5 && $0.y <= 101 })
            // The worked-out curve's first time within 1 pt of the top (570 pt of travel).
            var t = 0.0
            while 670 - 570 * uikitStep(duration: duration, zeta: 0.85, at: t) > 101 { t += 1e-4 }
            #expect(abs(top.time - 0.5 - t) < 2.0 / 60, "duration \(duration): \(top.time - 0.5) vs \(t)")
            arrivals.append(top.time)
        }
        #expect(arrivals[1] < arrivals[0] - 0.2)
    }

    @Test("bad files are refused at start with exit status 2 and the reason",
          arguments: [
            ("{\"wave-pull\": ", "not valid JSON"),
            ("{\"wave-pull\": {\"duration\": 7, \"dampingRatio\": 0.5}}", "wave-pull duration 7.0 s is out of range 0.05…5.0 s"),
            ("{\"jelly-block\": {\"duration\": 1, \"dampingRatio\": 0.01}}", "jelly-block dampingRatio 0.01 is out of range 0.05…2.0"),
            ("{\"wave-pull\": {\"duration\": 1e999, \"dampingRatio\": 0.5}}", "a number too large to be finite"),
            ("{\"wave-pull\": {\"duration\": \"fast\", \"dampingRatio\": 0.5}}", "wave-pull duration must be a number"),
            ("[0.9, 0.57]", "wrong shape"),
            ("{\"wave-pool\": {\"duration\": 1, \"dampingRatio\": 0.5}}", "unknown scene 'wave-pool'"),
            ("{\"wave-pull\": {\"duration\": 1}}", "wave-pull has no \"dampingRatio\""),
          ])
    func badFiles(text: String, reason: String) async throws {
        let dir = try ElasticBinary.scratch("springs-bad")
        let file = dir.appendingPathComponent("springs.json")
        try write(text, to: file)
        let result = try await play(["--springs", file.path], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("elastic: springs file \(file.path)") && result.stderr.contains(reason), "\(result.stderr)")
    }

    @Test("a springs file that does not exist yet: the scenes' own springs, and w creates it; an unwritable one is reported")
    func missingAndUnwritable() async throws {
        let dir = try ElasticBinary.scratch("springs-missing")
        let file = dir.appendingPathComponent("new.json"), replay = dir.appendingPathComponent("keys.jsonl")
        try write(keys([(0.1, "w")]), to: replay)
        let result = try await play(["--springs", file.path, "--replay", replay.path], in: dir)
        #expect(result.status == 0 && result.stderr.contains("no springs file \(file.path) yet"))
        #expect(try load(file) == SpringTuning().values)
        let nowhere = dir.appendingPathComponent("no-folder/springs.json")
        let refused = try await play(["--springs", nowhere.path, "--replay", replay.path], in: dir)
        #expect(refused.status == 0)
        #expect(refused.stderr.contains("elastic: springs: cannot write the spring values to \(nowhere.path): no folder"), "\(refused.stderr)")
    }

    @Test("a key past the range is refused with a message and the spring stays")
    func outOfRangeKey() async throws {
        let dir = try ElasticBinary.scratch("springs-range")
        let file = dir.appendingPathComponent("springs.json"), replay = dir.appendingPathComponent("keys.jsonl")
        try write(#"{"wave-pull": {"duration": 5, "dampingRatio": 0.05}}"#, to: file)
        try write(keys([(0.1, "]"), (0.2, "-"), (0.3, "w")]), to: replay)
        let result = try await play(["--springs", file.path, "--replay", replay.path], in: dir)
        #expect(result.status == 0)
        #expect(result.stderr.contains("springs: wave-pull duration 5.05 s is out of range 0.05…5.0 s; kept duration 5.0 s, damping ratio 0.05"))
        #expect(result.stderr.contains("springs: wave-pull dampingRatio 0.0 is out of range"))
        #expect(try load(file)["wave-pull"] == TunedSpring(duration: 5, dampingRatio: 0.05))
    }
}

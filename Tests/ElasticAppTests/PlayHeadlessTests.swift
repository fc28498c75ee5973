import ElasticCore
import ElasticSDL
import ElasticScenes
import Foundation
import Testing

/// End-to-end: the real binary, headless (SDL's dummy driver, software renderer), on a simulated
/// display clock. Serialized: each run is a whole SDL program and the machine has two cores.
@Suite("elastic play --headless (wave-pull)", .serialized)
struct PlayHeadlessTests {
    let replay = ElasticBinary.root.appendingPathComponent("assets/replays/wave-pull-center.jsonl").path

    func play(_ extra: [String], in dir: URL, fps: Int = 60) async throws -> (ElasticBinary.Result, [TraceRow]) {
        let trace = dir.appendingPathComponent("trace-\(fps).csv")
        let result = try await ElasticBinary.run(["play", "--headless", "--window", "1280x720", "--replay", replay,
                                            "--fps", "\(fps)", "--seconds", "3.5", "--trace", trace.path] + extra)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        return (result, try TraceRow.load(trace))
    }

    @Test("a replayed drag holds the spec's layout, then springs back along the closed form")
    func dragAndRelease() async throws {
        let dir = try ElasticBinary.scratch("drag")
        let (result, rows) = try await play([], in: dir)
        #expect(result.stderr.contains("dummy"))
        // Held at t = 1.0…1.5 with the pointer at (640, 200), drag distance 190 from y = 10.
        let add = 190.0, wave = 0.6 * add, base = 64 + add - wave
        let held = rows.filter { $0.time > 1.1 && $0.time < 1.45 }
        #expect(!held.isEmpty)
        let expected: [String: (Double, Double)] = [
            "l3": (0, base), "l2": (0.44 * 640, base), "l1": (0.71 * 640, base + 0.64 * wave),
            "c": (640, base + 1.36 * wave), "r1": (1280 - 0.71 * 640, base + 0.64 * wave),
            "r2": (1280 - 0.44 * 640, base), "r3": (1280, base),
        ]
        for row in held {
            let (x, y) = try #require(expected[row.entity])
            #expect(abs(row.x - x) < 1e-9 && abs(row.y - y) < 1e-9, "\(row)")
        }
        // Released at t = 1.5: y(t) = 64 + (y0 − 64)·closed form.
        let spring = try SpringParameters.uikit(duration: 0.9, dampingRatio: 0.57)
        let after = rows.filter { $0.entity == "c" && $0.time >= 1.5 }
        #expect(after.count > 100)
        for row in after {
            let exact = Spring(spring, value: base + 1.36 * wave, target: 64, velocity: 0).sample(after: row.time - 1.5).value
            // Until it settles: exact (the trace's time is rounded to the nanosecond). Once within the
            // rest threshold (0.005 pt) the spring snaps to 64 while the closed form still wiggles.
            let tolerance = row.y == 64 ? RestThreshold.standard.distance : 1e-5
            #expect(abs(row.y - exact) < tolerance, "t=\(row.time): \(row.y) vs \(exact)")
            #expect(row.x == 640 && row.targetY == 64)
        }
    }

    @Test("the same replay at 30, 60 and 144 fps gives the same motion (within 0.5 px)")
    func frameRateIndependent() async throws {
        let dir = try ElasticBinary.scratch("fps")
        var curves: [Int: [TraceRow]] = [:]
        for fps in [30, 60, 144] { curves[fps] = try await play([], in: dir, fps: fps).1.filter { $0.entity == "c" || $0.entity == "l1" } }
        func value(_ rows: [TraceRow], _ entity: String, at t: Double) -> Double? {
            let r = rows.filter { $0.entity == entity }
            guard let i = r.firstIndex(where: { $0.time >= t }), i > 0 else { return nil }
            let a = r[i - 1], b = r[i]
            return a.y + (b.y - a.y) * (t - a.time) / (b.time - a.time)
        }
        // Every row of the 30- and 60-fps runs against the 144-fps curve at the same time, from the
        // last pointer move on (during a drag the pointer itself is sampled once per frame, so each
        // rate sees a different pointer; afterwards only the springs move). The 144-fps curve is
        // interpolated linearly between its frames: at most a·dt²/8 ≈ 0.2 px off here.
        var compared = 0
        for fps in [30, 60] {
            for row in curves[fps]! where row.time >= 1.0 && row.time <= 3.3 {
                guard let ref = value(curves[144]!, row.entity, at: row.time) else { continue }
                #expect(abs(row.y - ref) < 0.5, "\(row.entity) at \(row.time): \(fps) fps \(row.y) vs 144 fps \(ref)")
                compared += 1
            }
        }
        #expect(compared > 200)
        // At frame times all three rates share (every 1/6 s), the positions are the same.
        for t in stride(from: 1.0 / 6, to: 3.3, by: 1.0 / 6) where t < 0.5 || t > 1.05 {
            let rows = [30, 60, 144].compactMap { fps in curves[fps]!.first { $0.entity == "c" && abs($0.time - (t - 1.0 / 240)) < 1e-6 } }
            #expect(rows.count == 3, "t=\(t)")
            if rows.count == 3 { #expect(abs(rows[0].y - rows[1].y) < 1e-6 && abs(rows[1].y - rows[2].y) < 1e-6, "t=\(t): \(rows)") }
        }
    }

    @Test("same inputs, same output: two runs give identical traces and screenshots")
    func deterministic() async throws {
        let dir = try ElasticBinary.scratch("determinism")
        var traces: [Data] = [], shots: [Data] = []
        for run in 0..<2 {
            let trace = dir.appendingPathComponent("t\(run).csv"), shot = dir.appendingPathComponent("s\(run).png")
            let r = try await ElasticBinary.run(["play", "--headless", "--replay", replay, "--seconds", "2",
                                           "--trace", trace.path, "--screenshot", shot.path])
            #expect(r.status == 0, "\(r.stderr)")
            traces.append(try Data(contentsOf: trace))
            shots.append(try Data(contentsOf: shot))
        }
        #expect(traces[0] == traces[1])
        #expect(shots[0] == shots[1])
    }

    @Test("screenshot pixels: fill RGB(57,67,89) above the curve, white below")
    func screenshotPixels() async throws {
        let dir = try ElasticBinary.scratch("pixels")
        let shot = dir.appendingPathComponent("held.png")
        let r = try await ElasticBinary.run(["play", "--headless", "--window", "1280x720", "--replay", replay, "--seconds", "3",
                                       "--screenshot", shot.path, "--screenshot-at", "1.25", "--screenshot-at", "3", "--no-hint"])
        #expect(r.status == 0, "\(r.stderr)")
        let image = try PNGImage.load(dir.appendingPathComponent("held-1.25s.png").path)
        #expect(image.width == 1280 && image.height == 720)
        let fill = RGBA(57, 67, 89), white = RGBA.white
        // Held: base = 140, wave = 114; the curve's lowest point is under the pointer at x = 640:
        // the middle quad from l1 (454.4, 212.96) via c (640, 295.04) to r1 (825.6, 212.96) bottoms out at
        // t = 0.5: y = 0.25·212.96 + 0.5·295.04 + 0.25·212.96 = 254.
        let bottom = 254.0
        #expect(image.pixel(640, Int(bottom) - 3) == fill)
        #expect(image.pixel(640, Int(bottom) + 3) == white)
        #expect(image.pixel(640, 5) == fill)
        #expect(image.pixel(640, 700) == white)
        // The flat parts sit at base = 140 near the edges (l3 → l1 starts flat at (0, 140)).
        #expect(image.pixel(2, 136) == fill)
        #expect(image.pixel(2, 144) == white)
        #expect(image.pixel(1277, 136) == fill)
        #expect(image.pixel(1277, 144) == white)
        // At rest at the end: the spec's minimum height, 64, across the whole width.
        let last = try PNGImage.load(dir.appendingPathComponent("held-3s.png").path)
        for x in stride(from: 0, to: 1280, by: 71) {
            #expect(last.pixel(x, 60) == fill, "x = \(x)")
            #expect(last.pixel(x, 68) == white, "x = \(x)")
        }
    }

    @Test("a bad replay file is refused with its line number and a non-zero exit")
    func badReplay() async throws {
        let dir = try ElasticBinary.scratch("bad")
        let bad = dir.appendingPathComponent("bad.jsonl")
        try "{\"t\": 0.5, \"type\": \"down\", \"x\": 640, \"y\": 10}\n{\"t\": 0.4, \"type\": \"up\", \"x\": 1, \"y\": 2}\n"
            .write(to: bad, atomically: true, encoding: .utf8)
        let r = try await ElasticBinary.run(["play", "--headless", "--replay", bad.path])
        #expect(r.status != 0)
        #expect(r.stderr.contains("line 2"))
        #expect(r.stderr.contains("goes backwards"))
        let missing = try await ElasticBinary.run(["play", "--headless", "--replay", dir.appendingPathComponent("nope.jsonl").path])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("no such replay file"))
    }

    @Test("bad flags get a clear message and a non-zero exit",
          arguments: [
            (["--scene", "nope"], "unknown scene"),
            (["--window", "0x0"], "window"),
            (["--fps", "0"], "--fps"),
            (["--fps", "-5"], "--fps"),
            (["--step-rate", "0"], "--step-rate"),
            (["--tolerance", "0"], "--tolerance"),
            (["--renderer", "vulkan"], "renderer"),
            (["--frames", "10", "--seconds", "1"], "cannot be used together"),
            (["--fullscreen", "--window", "800x600"], "cannot be used together"),
            (["--screenshot-at", "1"], "needs --screenshot"),
          ])
    func badFlags(flags: [String], message: String) async throws {
        let r = try await ElasticBinary.run(["play", "--headless"] + flags)
        #expect(r.status != 0)
        #expect(r.stderr.contains(message), "stderr: \(r.stderr)")
    }

    @Test("a screenshot path that is a folder is refused before the run; nothing else is written")
    func screenshotIsFolder() async throws {
        let dir = try ElasticBinary.scratch("shot-folder")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("x.png"), withIntermediateDirectories: true)
        let r = try await ElasticBinary.run(["play", "--headless", "--seconds", "1", "--screenshot", dir.appendingPathComponent("x.png").path,
                                       "--trace", dir.appendingPathComponent("t.csv").path])
        #expect(r.status == 2 && r.stderr.contains("Is a directory"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["x.png"])
    }

    @Test("a --screenshot-at time after the run's end fails the run (exit 1); the reached one is written")
    func screenshotNeverReached() async throws {
        let dir = try ElasticBinary.scratch("shot-late")
        let shot = dir.appendingPathComponent("s.png")
        let r = try await ElasticBinary.run(["play", "--headless", "--seconds", "1", "--screenshot", shot.path,
                                       "--screenshot-at", "0.5", "--screenshot-at", "9"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("no screenshot at 9 s"), "\(r.stderr)")
        #expect(try PNGImage.load(dir.appendingPathComponent("s-0.5s.png").path).width == 1280)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("s-9s.png").path))
    }

    // Not under ThreadSanitizer: its runtime maps files of its own and dies of SIGBUS under a
    // 4 KiB file-size limit before the app runs.
    @Test("a screenshot cut short by a file-size limit (the PNG writer says it saved it) fails the run and is removed",
          .enabled(if: ProcessInfo.processInfo.environment["ELASTIC_SANITIZER"] != "thread"))
    func screenshotCutShort() async throws {
        let dir = try ElasticBinary.scratch("shot-fsize")
        let shot = dir.appendingPathComponent("s.png")
        let r = try await ElasticBinary.run(["play", "--headless", "--frames", "5", "--screenshot", shot.path], shell: "ulimit -f 4;")
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("was cut short"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: shot.path))
    }

    @Test("without a display, play says so and shows the headless command instead of running invisibly")
    func noDisplay() async throws {
        let r = try await ElasticBinary.run(["play", "--seconds", "1"], environment: ["WAYLAND_DISPLAY": ""])
        #expect(r.status != 0)
        #expect(r.stderr.contains("no display") || r.stderr.contains("cannot open a display"), "\(r.stderr)")
        #expect(r.stderr.contains("--headless"))
    }

    @Test("tiny windows run the whole replay: exit 0, every frame traced and finite, the wave at rest spans the window",
          arguments: ["1x1", "320x240"])
    func tinyWindow(size: String) async throws {
        let width = Double(size.split(separator: "x")[0])!
        let dir = try ElasticBinary.scratch("tiny-\(size)")
        let trace = dir.appendingPathComponent("t.csv")
        let r = try await ElasticBinary.run(["play", "--headless", "--window", size, "--replay", replay, "--seconds", "2", "--trace", trace.path])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try TraceRow.load(trace)
        // 2 s at 60 fps, each frame with the wave's seven points.
        #expect(Set(rows.map(\.frame)).count >= 120 && rows.count == 7 * Set(rows.map(\.frame)).count, "\(rows.count) rows")
        #expect((rows.map(\.time).max() ?? 0) >= 1.95)
        for row in rows { #expect(row.x.isFinite && row.y.isFinite) }
        // Before the replay's first press (0.5 s), the spec's rest: l3 at x = 0, r3 at x = W, all at y = 64.
        let first = rows.filter { $0.frame == rows[0].frame }
        #expect(first.first { $0.entity == "l3" }?.x == 0 && first.first { $0.entity == "r3" }?.x == width, "\(first)")
        #expect(first.allSatisfy { $0.y == 64 }, "\(first)")
    }

    @Test("--record-input writes a script that replays")
    func recordInput() async throws {
        // Every replay, at a frame rate that does not divide the step rate and at a UI scale:
        // the recording of a headless run replays to the same trace, byte for byte.
        let dir = try ElasticBinary.scratch("record")
        for name in ["wave-pull-regrab", "gooey-menu-open-close", "sticky-refresh-fail", "wave-balls-pull", "jelly-block-fling"] {
            let scene = SceneCatalog.names.first { name.hasPrefix($0) }!
            let source = ElasticBinary.root.appendingPathComponent("assets/replays/\(name).jsonl").path
            let recorded = dir.appendingPathComponent("\(name).rec.jsonl").path
            let common = ["play", "--headless", "--scene", scene, "--fps", "144", "--scale", "1.5", "--seconds", "4"]
            let first = try await ElasticBinary.run(common + ["--replay", source, "--record-input", recorded,
                                                        "--trace", dir.appendingPathComponent("\(name).a.csv").path])
            #expect(first.status == 0, "\(first.stderr)")
            let events = try ReplayScript.parse(contentsOf: recorded)
            let original = try ReplayScript.parse(contentsOf: source)
            #expect(events.count == original.count, "\(name): every applied event is recorded")
            #expect(events.map(\.event) == original.map(\.event), "\(name): in window coordinates, in order")
            let second = try await ElasticBinary.run(common + ["--replay", recorded,
                                                         "--trace", dir.appendingPathComponent("\(name).b.csv").path])
            #expect(second.status == 0, "\(second.stderr)")
            let a = try Data(contentsOf: dir.appendingPathComponent("\(name).a.csv"))
            let b = try Data(contentsOf: dir.appendingPathComponent("\(name).b.csv"))
            #expect(a.count > 1000 && a == b, "\(name): the recording replays to the same trace")
        }
    }

    @Test("the spring inspector prints CSV and the derived parameters")
    func springCommand() async throws {
        let r = try await ElasticBinary.run(["spring", "--duration", "0.9", "--damping", "0.57", "--hz", "100", "--seconds", "1"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.first == "t,value,velocity")
        #expect(lines.count == 102)
        #expect(r.stderr.contains("stiffness=162.6"))
        let bad = try await ElasticBinary.run(["spring", "--duration", "-1", "--damping", "0.5"])
        #expect(bad.status != 0 && bad.stderr.contains("--duration"))
    }
}

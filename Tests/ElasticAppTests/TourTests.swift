import ElasticCore
import ElasticScenes
import ElasticSDL
import Foundation
import Testing
@testable import elastic

/// `play --tour`: the shipped stops visit every scene with motion in each (the real binary,
/// headless, read through its stats and trace files), and a person's input takes over (the app's
/// game loop on the null front end, on a clock moved by hand).
@Suite("play --tour", .serialized)
struct TourTests {
    static let directory = ElasticBinary.root.appendingPathComponent("assets/tour").path

    @Test("headless, the tour shows all five scenes in turn, each moving")
    func visitsEveryScene() async throws {
        let dir = try ElasticBinary.scratch("tour")
        let stats = dir.appendingPathComponent("stats.csv"), trace = dir.appendingPathComponent("trace.csv")
        let result = try await ElasticBinary.run(["play", "--tour", "--headless", "--window", "640x360", "--scale", "0.5", "--fps", "30",
                                            "--stats", stats.path, "--trace", trace.path], timeout: 300)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        for (i, name) in SceneCatalog.names.enumerated() { #expect(result.stdout.contains("tour \(i + 1)/5: \(name):"), "\(name)") }
        // The scene each frame showed (the stats' `scene` column), in the order shown.
        var sceneOf: [Int: String] = [:]
        var order: [String] = []
        let lines = try String(contentsOf: stats, encoding: .utf8).split(separator: "\n")
        let header = try #require(lines.first { $0.hasPrefix("frame,") }).split(separator: ",")
        let sceneColumn = try #require(header.firstIndex(of: "scene"))
        for line in lines where !line.hasPrefix("#") && !line.hasPrefix("frame,") {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard let frame = Int(fields[0]), fields.count > sceneColumn else { continue }
            let scene = String(fields[sceneColumn])
            sceneOf[frame] = scene
            if order.last != scene { order.append(scene) }
        }
        #expect(order == SceneCatalog.names)
        // Motion: in each scene some spring entity travels at least 20 points along x or along y
        // (each coordinate's range on its own: an entity whose x and y differ is not travel).
        var range: [String: [String: (x: ClosedRange<Double>, y: ClosedRange<Double>)]] = [:]
        for row in try TraceRow.load(trace) {
            guard let scene = sceneOf[row.frame] else { continue }
            let old = range[scene]?[row.entity] ?? (row.x...row.x, row.y...row.y)
            range[scene, default: [:]][row.entity] = (min(old.x.lowerBound, row.x)...max(old.x.upperBound, row.x),
                                                     min(old.y.lowerBound, row.y)...max(old.y.upperBound, row.y))
        }
        for name in SceneCatalog.names {
            let spans = range[name]?.values.map { max($0.x.upperBound - $0.x.lowerBound, $0.y.upperBound - $0.y.lowerBound) }
            let travel = spans?.max() ?? 0
            #expect(travel >= 20, "\(name): entities moved at most \(travel) points")
        }
    }

    /// The app's loop with the shipped tour, on the null front end and a hand-moved clock.
    final class Rig {
        let clock = LoopRig.ManualClock()
        let loop: GameLoop
        let tour: Tour
        let frontEnd = NullFrontEnd(width: 1280, height: 720)

        init() throws {
            tour = try Tour.load(directory: TourTests.directory, loops: true)
            var config = RunConfiguration(
                sceneName: "wave-pull", frontEnd: FrontEndOptions(windowSize: (1280, 720), headless: true, renderer: .software, vsync: false),
                uiScale: 1, stepRate: 240, tolerance: FrameDriver.defaultTolerancePixels, antialias: true, showHint: true,
                fps: 60, frameLimit: nil, replay: [], screenshotPath: nil, screenshotTimes: [])
            config.tour = tour
            loop = try GameLoop(config: config, frontEnd: frontEnd, outputs: RunOutputs(), time: clock)
            loop.report = { _ in }
            loop.announceFirstFrame = false
        }

        var scene: String { type(of: loop.driver.scene).name }

        /// `seconds` of frames at 60 fps, `inputs` arriving before the first.
        func run(_ seconds: Double, _ inputs: [InputEvent] = []) {
            frontEnd.send(inputs.map { .input($0) })
            for _ in 0..<Int((seconds * 60).rounded()) {
                loop.runFrame()
                clock.time += 1.0 / 60
            }
        }
    }

    @Test("a click mid-drag takes over: the script stops and lets go; 30 s without input resume it at the next stop")
    func yieldsToInput() throws {
        let rig = try Rig()
        rig.run(0.9)
        #expect(rig.scene == "wave-pull" && rig.tour.currentStop == 0 && !rig.tour.personInControl)
        #expect(!rig.loop.driver.scene.isIdle)  // the script's finger holds the wave
        // Pointer motion alone is not taking over (a mouse crossing the window).
        rig.run(0.1, [.pointerMove(.mouse, Vec2(300, 300))])
        #expect(!rig.tour.personInControl)
        let p = Vec2(200, 500)
        rig.run(0.2, [.pointerDown(.mouse, p)])
        rig.run(0.1, [.pointerUp(.mouse, p)])
        #expect(rig.tour.personInControl && rig.loop.driver.nextReplayTime == nil)
        // No scene switch at the stop's end (7.5 s), and the wave was let go: it settles.
        rig.run(9)
        #expect(rig.scene == "wave-pull")
        #expect(rig.loop.driver.scene.isIdle, "the script's touch is still holding the wave")
        rig.run(20)  // 29.1 s after the last input
        #expect(rig.tour.personInControl && rig.scene == "wave-pull")
        rig.run(1.5)
        #expect(!rig.tour.personInControl && rig.tour.currentStop == 1 && rig.scene == "gooey-menu")
        // A key hands over too.
        rig.run(0.5, [.key(.right)])
        #expect(rig.tour.personInControl && rig.tour.currentStop == nil)
    }

    @Test("live, the tour loops: after the last stop the first plays again")
    func loops() throws {
        let rig = try Rig()
        rig.run(rig.tour.length + 1)
        #expect(rig.tour.visited == ["1-wave-pull", "2-gooey-menu", "3-jelly-block", "4-sticky-refresh", "5-wave-balls", "1-wave-pull"])
        #expect(rig.scene == "wave-pull")
    }

    @Test("--tour with --replay is refused; a stop without a caption is refused")
    func refused() async throws {
        let result = try await ElasticBinary.run(["play", "--headless", "--tour", "--replay", ElasticBinary.root.appendingPathComponent("assets/replays/wave-pull-center.jsonl").path])
        #expect(result.status == 2 && result.stderr.contains("--tour and --replay"), "\(result.stderr)")
        let dir = try ElasticBinary.scratch("tour-bad")
        try "{\"t\": 0, \"type\": \"key\", \"key\": \"1\"}\n".write(to: dir.appendingPathComponent("1-x.jsonl"), atomically: true, encoding: .utf8)
        let bad = try await ElasticBinary.run(["play", "--headless", "--tour", "--tour-dir", dir.path])
        #expect(bad.status == 2 && bad.stderr.contains("caption"), "\(bad.stderr)")
    }
}

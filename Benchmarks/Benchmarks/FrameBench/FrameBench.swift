// One frame of the app's CPU work per scene at 1280×720 through the app's own FrameDriver: no
// input, the fixed steps of 1/60 s (4 steps at 240 Hz), then the tessellation into its reused draw
// list (rectangle cores included), as the game loop runs it between polling input and submitting to
// SDL. Rendering (SDL) is not included: scripts/compare-peers.py measures the whole frame of the real binary.
//
// Each scene runs a short input script over and over (a drag and release, a key press…); only
// frames that receive no input and start with the scene animating are measured, so every sample
// is a mid-animation frame. The frames that deliver input, and the idle frames while waiting for
// the scene to settle before the script starts again, run outside the measurement.
// Warm-up runs whole script cycles first, so buffers have reached their steady-state capacity.

import Benchmark
import ElasticCore
import ElasticScenes

let width = 1280.0, height = 720.0
let fps = 60.0

/// Input events for frame `f` of a script cycle (empty: a no-input frame), and the cycle's length
/// before the driver waits for the scene to come to rest.
struct Script: Sendable {
    let events: @Sendable (Int) -> [InputEvent]
    let length: Int

    /// Press at `from`, drag to `to` over `frames` frames, release: as the replays in assets/replays do.
    static func drag(from: Vec2, to: Vec2, frames: Int) -> Script {
        Script(events: { f in
            if f == 0 { return [.pointerDown(.mouse, from)] }
            if f <= frames { return [.pointerMove(.mouse, from + (to - from) * (Double(f) / Double(frames)))] }
            if f == frames + 1 { return [.pointerUp(.mouse, to)] }
            return []
        }, length: frames + 2)
    }

    /// Space now and again after `gap` frames (open then close, launch then relaunch).
    static func space(twiceAfter gap: Int?) -> Script {
        Script(events: { f in
            (f == 0 || f == gap) ? [.key(.space)] : []
        }, length: (gap ?? 0) + 1)
    }
}

let scripts: [String: Script] = [
    WavePull.name: .drag(from: Vec2(640, 10), to: Vec2(700, 250), frames: 20),
    GooeyMenu.name: .space(twiceAfter: 90),
    JellyBlock.name: .space(twiceAfter: nil),
    StickyRefresh.name: .drag(from: Vec2(640, 200), to: Vec2(640, 450), frames: 60),
    WaveBalls.name: .drag(from: Vec2(640, 200), to: Vec2(640, 420), frames: 60),
]

final class Driver: @unchecked Sendable {
    let driver: FrameDriver
    let script: Script
    var frameInCycle = 0
    var frames = 0
    /// Measured frames so far, and the triangles of the last one.
    var measured = 0
    var triangles = 0

    var scene: any Scene { driver.scene }

    init(entry: SceneCatalog.Entry) {
        driver = try! FrameDriver(scene: entry.name, windowSize: Size(width, height))
        driver.frame(now: 0)
        script = scripts[entry.name]!
        // Warm up: two whole cycles (to rest), so every buffer has grown to its steady size.
        for _ in 0..<2 {
            repeat { unmeasuredFrame() } while !(frameInCycle >= script.length && scene.isIdle) && frameInCycle < 3_000
            frameInCycle = 0
        }
    }

    /// One frame of app work with the input of this script frame.
    func frame(events: [InputEvent]) {
        for e in events { driver.input(e) }
        frames += 1
        driver.frame(now: Double(frames) / fps)
        driver.drainReports { _ in }
    }

    private func unmeasuredFrame() {
        frame(events: script.events(frameInCycle))
        frameInCycle += 1
    }

    /// Runs frames until the next one has no input and starts with the scene animating.
    func advanceToMeasurableFrame() {
        while true {
            if frameInCycle >= script.length && (scene.isIdle || frameInCycle > 3_000) {
                frameInCycle = 0   // settled: start the script again
            }
            if script.events(frameInCycle).isEmpty && !scene.isIdle { return }
            unmeasuredFrame()
        }
    }

    func measuredFrame() {
        frame(events: [])
        frameInCycle += 1
        measured += 1
        triangles = driver.drawList.triangleCount
    }
}

final class Box<T>: @unchecked Sendable {
    var value: T?
    init() {}
}

let trianglesPerFrame = BenchmarkMetric.custom("triangles per frame", polarity: .prefersSmaller, useScalingFactor: false)

let benchmarks: @Sendable () -> Void = {
    for entry in SceneCatalog.all {
        let box = Box<Driver>()
        Benchmark("frame \(entry.name) 1280x720 (4 steps + draw)",
                  configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal, .mallocBytesCount, trianglesPerFrame],
                                       timeUnits: .microseconds,
                                       warmupIterations: 60, maxDuration: .seconds(2), maxIterations: 5_000)) { b in
            if box.value == nil { box.value = Driver(entry: entry) }
            let d = box.value!
            d.advanceToMeasurableFrame()
            b.startMeasurement()
            d.measuredFrame()
            b.stopMeasurement()
            b.measurement(trianglesPerFrame, d.triangles)
        }
    }
}

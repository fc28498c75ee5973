// Tessellation of wave-pull's path at 1280×720, mid-drag: the scene is driven with a pointer
// down at the top edge and dragged 240 pt down (the wave at full stretch, its seven points pinned
// under the finger), then each iteration tessellates that frame into a reused DrawList exactly as
// the game loop does (`removeAll`, `scene.draw`). Antialias on (the app's default) and off.

import Benchmark
import ElasticCore
import ElasticScenes
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@inline(__always) func nowNs() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

final class WaveState: @unchecked Sendable {
    let scene: WavePull
    var list = DrawList()
    var tessellator: Tessellator
    init(antialias: Bool) {
        scene = WavePull(size: Size(1280, 720))
        tessellator = Tessellator(antialias: antialias)
        let dt = 1.0 / 240
        scene.handle(.pointerDown(.mouse, Vec2(700, 10)))
        for k in 1...24 {
            scene.handle(.pointerMove(.mouse, Vec2(700, 10 + 10 * Double(k))))
            for _ in 0..<4 { scene.step(dt: dt) }
        }
    }
}

final class Box<T>: @unchecked Sendable {
    var value: T?
    init() {}
}

let trianglesPerSecond = BenchmarkMetric.custom("triangles/s", polarity: .prefersLarger, useScalingFactor: false)
let trianglesPerPath = BenchmarkMetric.custom("triangles per path", polarity: .prefersSmaller, useScalingFactor: false)

let benchmarks: @Sendable () -> Void = {
    for antialias in [true, false] {
        let box = Box<WaveState>()
        Benchmark("wave-pull path 1280x720 mid-drag, antialias \(antialias ? "on" : "off")",
                  configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal, trianglesPerSecond, trianglesPerPath],
                                       timeUnits: .microseconds,
                                       warmupIterations: 100, maxDuration: .seconds(2), maxIterations: 20_000)) { b in
            if box.value == nil { box.value = WaveState(antialias: antialias) }
            let s = box.value!
            b.startMeasurement()
            let t0 = nowNs()
            s.list.removeAll()
            s.scene.draw(into: &s.list, tessellator: &s.tessellator, alpha: 1)
            let t1 = nowNs()
            b.stopMeasurement()
            let triangles = s.list.triangleCount
            b.measurement(trianglesPerPath, triangles)
            b.measurement(trianglesPerSecond, Int(Double(triangles) / (Double(max(t1 - t0, 1)) * 1e-9)))
        }
    }
}

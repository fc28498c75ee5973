// Spring system throughput: the exact step (`SpringSystem.step`) against a semi-implicit Euler
// baseline over the same struct-of-arrays, and the machine's memcpy rate for a buffer the size of
// the entity arrays, measured in the same run.
//
// Every entity moves for the whole run: one shared, very lightly damped spring (ζ = 0.0005), so
// nothing settles and the at-rest shortcut never applies. This is the system's worst case.
//
// Bytes touched per entity per step (8-byte Doubles):
//   exact step: reads positionX/Y, velocityX/Y, targetX/Y (48), springIndex (4), motion (1),
//               atRest (1) = 54; writes previousX/Y, positionX/Y, velocityX/Y = 48 → 102 B
//   Euler:      the same without springIndex, motion and atRest → 96 B
// memcpy of the entity arrays (8 Doubles + Int32 + UInt8 + Bool = 70 B per entity) reads and
// writes 70 B per entity: its traffic is 140 B per entity copied. The "% of memcpy" metric compares
// traffic (bytes read + bytes written per second) on both sides.

import Benchmark
import ElasticCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let exactBytesPerEntity = 102
let eulerBytesPerEntity = 96
let arrayBytesPerEntity = 70
let dt = 1.0 / 240

@inline(__always) func nowNs() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

let movingSpring = try! SpringParameters(stiffness: 100, damping: 0.01)

/// A world of `n` entities, all moving: spread over a 1000-pt square, targets at the origin,
/// some velocity, none at rest.
func makeWorld(_ n: Int) -> World {
    var w = World()
    for i in 0..<n {
        w.spawn("e", at: Vec2(Double(i % 1000), Double((i / 1000) % 1000)), spring: movingSpring)
    }
    for i in 0..<n {
        w.targetX[i] = 0; w.targetY[i] = 0
        w.velocityX[i] = Double(i % 7) - 3; w.velocityY[i] = Double(i % 5) - 2
        w.atRest[i] = false
        w.motion[i] = .spring
    }
    return w
}

/// Semi-implicit (symplectic) Euler over the same arrays: v += a·dt, then x += v·dt.
/// No rest detection, no per-entity spring lookup: the cheapest step one would write by hand.
func eulerStep(_ w: inout World, stiffness k: Double, damping c: Double, dt: Double) {
    let n = w.count
    w.targetX.withUnsafeBufferPointer { tx in
    w.targetY.withUnsafeBufferPointer { ty in
    w.positionX.withUnsafeMutableBufferPointer { px in
    w.positionY.withUnsafeMutableBufferPointer { py in
    w.velocityX.withUnsafeMutableBufferPointer { vx in
    w.velocityY.withUnsafeMutableBufferPointer { vy in
    w.previousX.withUnsafeMutableBufferPointer { prevX in
    w.previousY.withUnsafeMutableBufferPointer { prevY in
        for i in 0..<n {
            let x = px[i], y = py[i]
            prevX[i] = x; prevY[i] = y
            let nvx = vx[i] + (-k * (x - tx[i]) - c * vx[i]) * dt
            let nvy = vy[i] + (-k * (y - ty[i]) - c * vy[i]) * dt
            vx[i] = nvx; vy[i] = nvy
            px[i] = x + nvx * dt; py[i] = y + nvy * dt
        }
    }}}}}}}}
}

/// Mutable state a benchmark keeps between iterations (built lazily, outside the measurement).
final class Box<T>: @unchecked Sendable {
    var value: T?
    init() {}
}

final class SpringState: @unchecked Sendable {
    var world: World
    var system: SpringSystem
    /// Bytes read + written per second by memcpy of the entity arrays (2 × bytes copied).
    let memcpyTraffic: Double
    init(n: Int) {
        world = makeWorld(n)
        system = SpringSystem(dt: dt)
        system.prepare(for: world)
        memcpyTraffic = 2 * Memcpy(bytes: n * arrayBytesPerEntity).rate()
    }
}

/// The memcpy rate (bytes copied per second, best of a few runs) for `bytes`-sized buffers.
final class Memcpy: @unchecked Sendable {
    let bytes: Int
    let src: UnsafeMutableRawPointer
    let dst: UnsafeMutableRawPointer
    init(bytes: Int) {
        self.bytes = bytes
        src = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        dst = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        memset(src, 1, bytes); memset(dst, 2, bytes)   // fault the pages in
    }
    func copy() { memcpy(dst, src, bytes) }
    /// Median copy rate over `runs` copies, in bytes copied per second.
    func rate(runs: Int = 9) -> Double {
        var rates: [Double] = []
        for _ in 0..<runs {
            let t0 = nowNs(); copy(); let t1 = nowNs()
            rates.append(Double(bytes) / (Double(t1 - t0) * 1e-9))
        }
        return rates.sorted()[runs / 2]
    }
}

let counts: [(label: String, n: Int)] = [("1e3", 1_000), ("1e5", 100_000), ("1e6", 1_000_000)]

let entityStepsPerSecond = BenchmarkMetric.custom("entity-steps/s", polarity: .prefersLarger, useScalingFactor: false)
let trafficPerSecond = BenchmarkMetric.custom("traffic MB/s", polarity: .prefersLarger, useScalingFactor: false)
let percentOfMemcpy = BenchmarkMetric.custom("% of memcpy traffic", polarity: .prefersLarger, useScalingFactor: false)
let memcpyMBps = BenchmarkMetric.custom("memcpy MB/s copied", polarity: .prefersLarger, useScalingFactor: false)

let benchmarks: @Sendable () -> Void = {
    for (label, n) in counts {
        let big = n >= 100_000
        let config = Benchmark.Configuration(
            metrics: [.wallClock, .throughput, .mallocCountTotal, entityStepsPerSecond, trafficPerSecond, percentOfMemcpy],
            warmupIterations: big ? 3 : 100,
            maxDuration: .seconds(2),
            maxIterations: big ? 300 : 20_000
        )

        // memcpy of a buffer the size of the entity arrays, in the same run.
        let copyBox = Box<Memcpy>()
        Benchmark("memcpy entity arrays \(label) (\(n * arrayBytesPerEntity / 1000) kB)",
                  configuration: .init(metrics: [.wallClock, .throughput, memcpyMBps],
                                       warmupIterations: big ? 3 : 100, maxDuration: .seconds(2),
                                       maxIterations: big ? 300 : 20_000)) { b in
            if copyBox.value == nil { copyBox.value = Memcpy(bytes: n * arrayBytesPerEntity) }
            let m = copyBox.value!
            b.startMeasurement()
            let t0 = nowNs()
            m.copy()
            let t1 = nowNs()
            b.stopMeasurement()
            b.measurement(memcpyMBps, Int(Double(m.bytes) / Double(t1 - t0) * 1e9 / 1e6))
        }

        // The exact step; the memcpy reference for the percentage is measured in the setup.
        let exactBox = Box<SpringState>()
        Benchmark("spring exact step \(label)", configuration: config) { b in
            if exactBox.value == nil { exactBox.value = SpringState(n: n) }
            let s = exactBox.value!
            b.startMeasurement()
            let t0 = nowNs()
            s.system.step(&s.world)
            let t1 = nowNs()
            b.stopMeasurement()
            report(b, n: n, ns: t1 - t0, bytesPerEntity: exactBytesPerEntity, memcpyTraffic: s.memcpyTraffic)
        }

        let eulerBox = Box<SpringState>()
        Benchmark("spring Euler baseline \(label)", configuration: config) { b in
            if eulerBox.value == nil { eulerBox.value = SpringState(n: n) }
            let s = eulerBox.value!
            b.startMeasurement()
            let t0 = nowNs()
            eulerStep(&s.world, stiffness: movingSpring.stiffness, damping: movingSpring.damping, dt: dt)
            let t1 = nowNs()
            b.stopMeasurement()
            report(b, n: n, ns: t1 - t0, bytesPerEntity: eulerBytesPerEntity, memcpyTraffic: s.memcpyTraffic)
        }
    }
}

func report(_ b: Benchmark, n: Int, ns: UInt64, bytesPerEntity: Int, memcpyTraffic: Double) {
    let seconds = Double(max(ns, 1)) * 1e-9
    let traffic = Double(n * bytesPerEntity) / seconds
    b.measurement(entityStepsPerSecond, Int(Double(n) / seconds))
    b.measurement(trafficPerSecond, Int(traffic / 1e6))
    b.measurement(percentOfMemcpy, Int((100 * traffic / memcpyTraffic).rounded()))
}

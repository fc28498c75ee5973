import ElasticCore
import ElasticScenes
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One scene driven headless the way `GameLoop` drives it, with no SDL: a simulated display,
/// the fixed-step clock, input applied at the first step of its frame, tessellation into a
/// `DrawList`. Each frame is checked: every vertex and every entity position must be finite.
/// `elastic soak` and the fault tests use it.
final class SceneRig {
    private(set) var scene: any Scene
    private(set) var clock: FixedStepClock
    private var tessellator: Tessellator
    private(set) var drawList = DrawList()
    private(set) var size: Size
    private(set) var frame = 0
    /// Display time of the last frame, in seconds.
    private(set) var displayTime = 0.0
    let fps: Double
    /// Vertices and entity positions found not finite, over the whole run.
    private(set) var nonFinite = 0
    /// What the first non-finite value was (scene, frame, where).
    private(set) var firstNonFinite: String?

    init(scene name: String, size: Size, fps: Double = 60, stepRate: Double = 240, tolerance: Double = 0.25) throws {
        guard let entry = SceneCatalog.entry(named: name) else { throw ValidationFailure("unknown scene '\(name)'") }
        self.size = size
        self.fps = fps
        scene = entry.make(size)
        clock = FixedStepClock(stepRate: stepRate)
        tessellator = Tessellator(tolerance: tolerance, antialias: true)
        _ = clock.tick(now: 0)
    }

    /// The window changed size (resize, HiDPI move): as `GameLoop` does on `.resized`.
    func resize(to newSize: Size) {
        size = Size(max(newSize.width, 1), max(newSize.height, 1))
        scene.resize(to: size)
    }

    /// One display frame, `delta` seconds after the last (1 / fps by default; a stall passes more).
    /// `inputs` are applied at the frame's first step. Returns the number of fixed steps taken.
    @discardableResult
    func runFrame(_ inputs: [InputEvent] = [], delta: Double? = nil) -> Int {
        displayTime += delta ?? 1 / fps
        frame += 1
        let steps = clock.tick(now: displayTime)
        var applied = false
        for _ in 0..<steps {
            if !applied { for e in inputs { scene.handle(e) }; applied = true }
            scene.step(dt: clock.dt)
        }
        if !applied { for e in inputs { scene.handle(e) } }
        drawList.removeAll()
        scene.draw(into: &drawList, tessellator: &tessellator, alpha: clock.alpha)
        check()
        scene.reports.removeAll()
        return steps
    }

    private func check() {
        for v in drawList.mesh.vertices where !(v.x.isFinite && v.y.isFinite) {
            note("vertex (\(v.x), \(v.y))")
        }
        let w = scene.world
        for i in 0..<w.count where !(w.positionX[i].isFinite && w.positionY[i].isFinite && w.velocityX[i].isFinite && w.velocityY[i].isFinite) {
            note("entity \(w.name[i]) at (\(w.positionX[i]), \(w.positionY[i]))")
        }
    }

    private func note(_ what: String) {
        nonFinite += 1
        if firstNonFinite == nil { firstNonFinite = "\(type(of: scene).name) frame \(frame): \(what)" }
    }
}

/// Random drags, taps, keys and wheel turns from a seeded generator (SplitMix64): the same seed
/// gives the same input, so a soak failure can be replayed.
struct RandomInput {
    private var state: UInt64
    private var drag: (id: PointerID, at: Vec2, framesLeft: Int, velocity: Vec2)?
    let size: Size

    init(seed: UInt64, size: Size) { state = seed; self.size = size }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func unit() -> Double { Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0) }
    mutating func chance(_ p: Double) -> Bool { unit() < p }
    mutating func between(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }

    private mutating func point() -> Vec2 {
        // Mostly inside the window, sometimes far outside it (drags leave the window).
        if chance(0.1) { return Vec2(between(-size.width, 2 * size.width), between(-size.height, 2 * size.height)) }
        return Vec2(between(0, size.width), between(0, size.height))
    }

    /// The input of one frame: 0…n events.
    mutating func frame() -> [InputEvent] {
        var out: [InputEvent] = []
        if var d = drag {
            // 1–4 moves a frame (a 240 Hz mouse at 60 fps), now and then a jump.
            for _ in 0..<(1 + Int(next() % 4)) {
                d.at = chance(0.02) ? point() : d.at + d.velocity * (1.0 / 240) + Vec2(between(-3, 3), between(-3, 3))
                out.append(.pointerMove(d.id, d.at))
            }
            d.framesLeft -= 1
            if d.framesLeft <= 0 {
                out.append(chance(0.05) ? .pointerCancel(d.id) : .pointerUp(d.id, d.at))
                drag = nil
            } else {
                drag = d
            }
        } else if chance(1.0 / 20) {
            let id = chance(0.3) ? PointerID(device: .touch, id: Int64(1 + next() % 10)) : .mouse
            let at = point()
            let v = Vec2(between(-3000, 3000), between(-3000, 3000))
            drag = (id, at, 1 + Int(next() % 120), v)
            out.append(.pointerDown(id, at))
        }
        if chance(1.0 / 240) {
            let keys: [Key] = [.space, .s, .f, .r, .left, .right, .up, .down, .f1]
            out.append(.key(keys[Int(next() % UInt64(keys.count))]))
        }
        if chance(1.0 / 120) { out.append(.wheel(Vec2(0, between(-400, 400)))) }
        return out
    }
}

/// Resident set size in KiB, from /proc/self/statm (0 where there is no /proc).
func residentKiB() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * sysconf(Int32(_SC_PAGESIZE)) / 1024
}

/// What one soak of one scene found.
struct SoakReport {
    var scene: String
    var frames = 0
    var steps = 0
    var events = 0
    var warmupFrames = 0
    var entitiesAtWarmup = 0
    var maxEntities = 0
    var maxEntitiesAfterWarmup = 0
    var maxVertices = 0
    var rssWarmupKiB = 0
    var rssEndKiB = 0
    var rssMaxAfterWarmupKiB = 0
    var nonFinite = 0
    var firstNonFinite: String?
    var seconds = 0.0

    var rssGrowthKiB: Int { rssMaxAfterWarmupKiB - rssWarmupKiB }

    /// Problems against the limits: non-finite values, RSS growth, entity growth.
    func problems(maxRSSGrowthKiB: Int) -> [String] {
        var out: [String] = []
        if nonFinite > 0 { out.append("\(nonFinite) non-finite values, first: \(firstNonFinite ?? "?")") }
        if rssGrowthKiB > maxRSSGrowthKiB { out.append("resident memory grew \(rssGrowthKiB) KiB after warm-up (limit \(maxRSSGrowthKiB))") }
        if maxEntitiesAfterWarmup > entitiesAtWarmup { out.append("entity count grew from \(entitiesAtWarmup) to \(maxEntitiesAfterWarmup)") }
        return out
    }

    var line: String {
        "soak: scene=\(scene) frames=\(frames) steps=\(steps) events=\(events) warmup=\(warmupFrames) "
            + "entities_warmup=\(entitiesAtWarmup) entities_max=\(maxEntities) entities_max_after_warmup=\(maxEntitiesAfterWarmup) "
            + "vertices_max=\(maxVertices) rss_warmup_kib=\(rssWarmupKiB) rss_end_kib=\(rssEndKiB) "
            + "rss_growth_kib=\(rssGrowthKiB) non_finite=\(nonFinite) seconds=\((seconds * 100).rounded() / 100)"
    }
}

enum Soak {
    /// Runs `frames` frames of `scene` with random input from `seed`; RSS is sampled every 600
    /// frames after `warmup` frames.
    static func run(scene: String, frames: Int, seed: UInt64, warmup: Int, size: Size = Size(1280, 720),
                    fps: Double = 60, stepRate: Double = 240) throws -> SoakReport {
        let started = MonotonicTimeSource.nanoseconds()
        let rig = try SceneRig(scene: scene, size: size, fps: fps, stepRate: stepRate)
        var input = RandomInput(seed: seed, size: size)
        var report = SoakReport(scene: scene, warmupFrames: warmup)
        var events: [InputEvent] = []
        events.reserveCapacity(16)
        for f in 0..<frames {
            events = input.frame()
            report.events += events.count
            report.steps += rig.runFrame(events)
            let n = rig.scene.world.count
            report.maxEntities = max(report.maxEntities, n)
            report.maxVertices = max(report.maxVertices, rig.drawList.vertexCount)
            if f + 1 == warmup {
                report.entitiesAtWarmup = n
                report.rssWarmupKiB = residentKiB()
                report.rssMaxAfterWarmupKiB = report.rssWarmupKiB
            } else if f + 1 > warmup {
                report.maxEntitiesAfterWarmup = max(report.maxEntitiesAfterWarmup, n)
                if (f + 1 - warmup) % 600 == 0 { report.rssMaxAfterWarmupKiB = max(report.rssMaxAfterWarmupKiB, residentKiB()) }
            }
        }
        report.frames = rig.frame
        report.rssEndKiB = residentKiB()
        if frames > warmup { report.rssMaxAfterWarmupKiB = max(report.rssMaxAfterWarmupKiB, report.rssEndKiB) }
        if frames <= warmup { report.entitiesAtWarmup = rig.scene.world.count; report.maxEntitiesAfterWarmup = report.entitiesAtWarmup }
        report.nonFinite = rig.nonFinite
        report.firstNonFinite = rig.firstNonFinite
        report.seconds = Double(MonotonicTimeSource.nanoseconds() - started) / 1e9
        return report
    }
}

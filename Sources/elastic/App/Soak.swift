import ElasticCore
import ElasticScenes
import Foundation
#if canImport(Glibc)
import Glibc
#endif

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
    /// The scene's own entities before any input.
    var entitiesAtStart = 0
    var maxEntities = 0
    /// The most entities seen after warm-up in a frame where no pointer is held and the scene is at
    /// rest: entities made for a finger (a wave-pull crest) must be gone again by then.
    var maxEntitiesAtRest = 0
    /// How many frames after warm-up were at rest (the frames the entity check looked at).
    var restFrames = 0
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
        if maxEntitiesAtRest > entitiesAtStart { out.append("entity count at rest grew from \(entitiesAtStart) to \(maxEntitiesAtRest)") }
        return out
    }

    var line: String {
        "soak: scene=\(scene) frames=\(frames) steps=\(steps) events=\(events) warmup=\(warmupFrames) "
            + "entities_start=\(entitiesAtStart) entities_max=\(maxEntities) entities_max_at_rest=\(maxEntitiesAtRest) rest_frames=\(restFrames) "
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
        let rig = try LoopRig(scene: scene, size: size, fps: fps, stepRate: stepRate)
        var input = RandomInput(seed: seed, size: size)
        var report = SoakReport(scene: scene, warmupFrames: warmup)
        var events: [InputEvent] = []
        events.reserveCapacity(16)
        report.entitiesAtStart = rig.scene.world.count
        report.maxEntitiesAtRest = report.entitiesAtStart
        for f in 0..<frames {
            events = input.frame()
            report.events += events.count
            report.steps += rig.runFrame(events)
            let n = rig.scene.world.count
            report.maxEntities = max(report.maxEntities, n)
            report.maxVertices = max(report.maxVertices, rig.drawList.vertexCount)
            if f + 1 > warmup, !input.holding, rig.scene.isIdle {
                report.maxEntitiesAtRest = max(report.maxEntitiesAtRest, n)
                report.restFrames += 1
            }
            if f + 1 == warmup {
                report.rssWarmupKiB = residentKiB()
                report.rssMaxAfterWarmupKiB = report.rssWarmupKiB
            } else if f + 1 > warmup, (f + 1 - warmup) % 600 == 0 {
                report.rssMaxAfterWarmupKiB = max(report.rssMaxAfterWarmupKiB, residentKiB())
            }
        }
        report.frames = rig.frame
        report.rssEndKiB = residentKiB()
        if frames > warmup { report.rssMaxAfterWarmupKiB = max(report.rssMaxAfterWarmupKiB, report.rssEndKiB) }
        report.nonFinite = rig.nonFinite
        report.firstNonFinite = rig.firstNonFinite
        report.seconds = Double(MonotonicTimeSource.nanoseconds() - started) / 1e9
        return report
    }
}

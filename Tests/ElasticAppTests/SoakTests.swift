import Foundation
import Testing
@testable import elastic

/// The soak, short: `elastic soak` runs every scene 3,000 frames (50 simulated seconds) with
/// seeded random drags, no SDL. `scripts/soak.sh` runs the simulated hour.
@Suite("soak (short)", .serialized)
struct SoakTests {
    static func parse(_ stdout: String) -> [KeyValueFigures] {
        stdout.split(separator: "\n").filter { $0.hasPrefix("soak: ") }.map { KeyValueFigures($0.dropFirst(6), from: "the soak's line") }
    }

    /// Under a sanitizer (scripts/sanitize.sh) freed memory stays resident in ASan's quarantine:
    /// the memory figure is meaningless there, the rest still holds.
    static let sanitized = ProcessInfo.processInfo.environment["ELASTIC_SANITIZER"] != nil

    @Test("every scene, 3,000 frames of random drags: no NaN, no memory or entity growth")
    func short() async throws {
        let limit = SoakTests.sanitized ? ["--max-rss-growth-kib", "\(Int.max)"] : []
        // A sanitizer's build runs several times slower: give it the time it needs.
        let r = try await ElasticBinary.run(["soak", "--frames", "3000", "--seed", "7"] + limit, timeout: SoakTests.sanitized ? 900 : 120)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let figures = SoakTests.parse(r.stdout)
        #expect(figures.count == 5, "stdout: \(r.stdout)")
        for f in figures {
            let scene = f.values["scene"] ?? "?"
            #expect(try f.int("frames") == 3000, "\(scene)")
            #expect(try f.int("steps") == 12000, "\(scene)")
            #expect(try f.int("events") > 1000, "\(scene)")
            #expect(try f.int("non_finite") == 0, "\(scene)")
            let growth = try f.int("rss_growth_kib")
            if !SoakTests.sanitized { #expect(growth <= 1024, "\(scene)") }
            #expect(try f.int("entities_max_at_rest") == f.int("entities_start"), "\(scene)")
            #expect(try f.int("rest_frames") > 10, "\(scene): the entity check saw frames at rest")
            if scene == "wave-pull" { #expect(try f.int("entities_max") > f.int("entities_start"), "fingers pulled crests of their own") }
            #expect(try f.int("vertices_max") > 0, "\(scene)")
        }
    }

    @Test("a soak is reproducible from its seed")
    func seeded() async throws {
        let a = try await ElasticBinary.run(["soak", "--scene", "jelly-block", "--frames", "300", "--seed", "3"])
        let b = try await ElasticBinary.run(["soak", "--scene", "jelly-block", "--frames", "300", "--seed", "3"])
        let c = try await ElasticBinary.run(["soak", "--scene", "jelly-block", "--frames", "300", "--seed", "4"])
        let fa = SoakTests.parse(a.stdout), fb = SoakTests.parse(b.stdout), fc = SoakTests.parse(c.stdout)
        #expect(fa.count == 1 && fb.count == 1 && fc.count == 1)
        // Every figure of the simulation repeats (memory and wall time are the machine's, not the seed's).
        let simulated = ["frames", "steps", "events", "entities_start", "entities_max", "entities_max_at_rest",
                         "rest_frames", "vertices_max", "non_finite"]
        for key in simulated {
            #expect(fa.first?.values[key] != nil && fa.first?.values[key] == fb.first?.values[key], "\(key)")
        }
        // Another seed is another run: its random input differs.
        #expect(fa.first?.values["events"] != nil && fa.first?.values["events"] != fc.first?.values["events"])
        let bad = try await ElasticBinary.run(["soak", "--scene", "nope"])
        #expect(bad.status != 0 && bad.stderr.contains("unknown scene"))
    }
}

@Suite("soak report")
struct SoakReportTests {
    @Test("growth after warm-up and non-finite values are problems; a steady run has none")
    func problems() {
        var steady = SoakReport(scene: "s")
        steady.entitiesAtStart = 7; steady.maxEntitiesAtRest = 7; steady.maxEntities = 35
        steady.rssWarmupKiB = 1000; steady.rssMaxAfterWarmupKiB = 1500
        #expect(steady.problems(maxRSSGrowthKiB: 1024).isEmpty)

        var grown = steady
        grown.maxEntitiesAtRest = 14
        #expect(grown.problems(maxRSSGrowthKiB: 1024) == ["entity count at rest grew from 7 to 14"])
        var leaky = steady
        leaky.rssMaxAfterWarmupKiB = 3000
        #expect(leaky.problems(maxRSSGrowthKiB: 1024).count == 1)
        var nan = steady
        nan.nonFinite = 2; nan.firstNonFinite = "x"
        #expect(nan.problems(maxRSSGrowthKiB: 1024).first?.hasPrefix("2 non-finite values") == true)
    }
}

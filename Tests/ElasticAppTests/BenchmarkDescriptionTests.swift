import Testing
@testable import elastic

/// Benchmark descriptions (`SCENE[:KEY=VALUE]...`): every one reads back as itself, defaults are
/// left out of it, and the default set is the issue's: moving replays, the sweep, full redraws.
@Suite("elastic bench: benchmark descriptions")
struct BenchmarkDescriptionTests {
    @Test("a description reads back as the same benchmark, with the defaults left out", arguments: [
        ("wave-pull", "wave-pull"),
        ("wave-pull:redraw=damage:scale=auto:replay=wave-pull-moving", "wave-pull"),
        ("gooey-menu:seconds=2.5:redraw=all", "gooey-menu:redraw=all:seconds=2.5"),
        ("jelly-block:window=3840x2160:scale=3", "jelly-block:window=3840x2160:scale=3"),
        ("wave-pull:replay=/tmp/my.jsonl", "wave-pull:replay=/tmp/my.jsonl"),
        ("wave-balls:rounds=3:seconds=1", "wave-balls:seconds=1:rounds=3"),
    ])
    func roundTrip(text: String, canonical: String) throws {
        let benchmark = try Benchmark(parsing: text)
        #expect(benchmark.description == canonical)
        #expect(try Benchmark(parsing: benchmark.description) == benchmark)
    }

    @Test("the default set: each scene's moving replay, the wave sweep, each scene redrawn whole")
    func defaultSet() {
        let set = Benchmark.defaultSet
        #expect(set.count == 11)
        #expect(set.prefix(5).allSatisfy { $0.replay == "\($0.scene)-moving" && $0.redraw == .damage })
        #expect(set[5].scene == "wave-pull" && set[5].replay == "wave-pull-sweep")
        #expect(set.suffix(5).allSatisfy { $0.redraw == .all && $0.replay == "\($0.scene)-moving" })
    }

    @Test("frames: seconds × 60, else the replay's last event rounded up to a whole second")
    func frames() throws {
        #expect(try Benchmark(parsing: "wave-pull:seconds=2").frameCount(lastEventTime: 7.9) == 120)
        #expect(try Benchmark(parsing: "wave-pull").frameCount(lastEventTime: 4.075) == 300)
        #expect(try Benchmark(parsing: "wave-pull").frameCount(lastEventTime: 0) == 60)
    }
}

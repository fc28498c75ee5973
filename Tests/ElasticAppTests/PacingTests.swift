import ElasticCore
import Foundation
import Testing
@testable import elastic

@Suite("Pacing and input-to-present latency in the app's loop")
struct PacingTests {
    @Test("a frame that applies input has a latency; one that applies none has none; input waiting for a step carries over")
    func latencyPerFrame() throws {
        let rig = try LoopRig(scene: "wave-pull", size: Size(1280, 720))
        rig.runFrame()
        #expect(rig.loop.lastInputLatencyNs == nil)
        rig.runFrame([.pointerDown(.mouse, Vec2(640, 10))])
        #expect(rig.loop.lastInputLatencyNs != nil)
        rig.runFrame()
        #expect(rig.loop.lastInputLatencyNs == nil)
        // No time passes: no fixed step, so the move is not applied in this frame but in the next.
        rig.runFrame([.pointerMove(.mouse, Vec2(640, 80))], delta: 0)
        #expect(rig.loop.lastInputLatencyNs == nil)
        rig.runFrame()
        #expect(rig.loop.lastInputLatencyNs != nil)
    }

    @Test("headless: not paced, said so in the stats header; input_latency_ms is filled exactly on the frames that applied the replay's events")
    func headlessReplayLatencyColumn() async throws {
        let replay = ElasticBinary.root.appendingPathComponent("assets/replays/wave-pull-center.jsonl")
        let dir = try ElasticBinary.scratch("pacing-headless")
        let csv = dir.appendingPathComponent("run.csv")
        let r = try await ElasticBinary.run(["play", "--headless", "--replay", replay.path, "--frames", "150", "--stats", csv.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("pacing: unpaced (headless: simulated display at 60 Hz)"), "\(r.stderr)")
        let text = try String(contentsOf: csv, encoding: .utf8)
        #expect(text.contains("# pacing: unpaced (headless: simulated display at 60 Hz)\n"))
        // A replay event at t is queued by the first frame k with k/60 ≥ t and applied by frame k + 1.
        var expected = Set<Int>()
        for line in try String(contentsOf: replay, encoding: .utf8).split(separator: "\n") {
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let t = try #require(object["t"] as? Double)
            let k = Int((t * 60 - 1e-6).rounded(.up))
            if k + 1 < 150 { expected.insert(k + 1) }
        }
        var filled = Set<Int>()
        for row in text.split(separator: "\n") where !row.hasPrefix("#") && !row.hasPrefix("frame,") {
            let f = row.split(separator: ",", omittingEmptySubsequences: false)
            #expect(f.count == 22)
            if !f[14].isEmpty {
                filled.insert(Int(f[0])!)
                #expect(Double(f[14])! >= 0)
            }
        }
        #expect(filled == expected)
        let summary = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("run.summary.json"))) as? [String: Any])
        for key in ["input_latency_p50_ms", "input_latency_p99_ms", "input_latency_max_ms"] {
            #expect(summary[key] is Double, "\(key)")
        }
        let s = try await ElasticBinary.run(["stats", csv.path])
        #expect(s.stdout.contains("input latency p99 ms"), "\(s.stdout)")
    }

    @Test("a faked display that vsyncs at 144 Hz: presents 6.94 ms apart confirm \"vsync (display 144 Hz)\"; SDL's vsync stays on")
    func fakedVsyncDisplay() {
        var stopped = 0
        let control = PacingControl(report: DisplayReport(vsyncRequested: true, vsyncReported: true, refreshHz: 144),
                                    waiter: nil, stopRendererVsync: { stopped += 1 })
        var decided: [Pacing] = []
        control.onChange = { decided.append($0) }
        #expect(control.pacing.description.hasPrefix("vsync requested (display 144 Hz), not yet confirmed"))
        for i in 0..<40 { control.presented(atNs: 1_000_000_000 + UInt64(i) * 6_944_444) }
        #expect(decided.map(\.description) == ["vsync (display 144 Hz)"])
        #expect(control.pacing.timerHz == nil && stopped == 0)
    }

    @Test("a display that claims 60 Hz vsync but presents every 20 µs: the timer takes over and SDL's vsync is turned off")
    func fakedBrokenVsync() {
        var stopped = 0
        let control = PacingControl(report: DisplayReport(vsyncRequested: true, vsyncReported: true, refreshHz: 60),
                                    waiter: nil, stopRendererVsync: { stopped += 1 })
        for i in 0..<40 { control.presented(atNs: UInt64(i) * 20_000) }
        #expect(control.pacing.timerHz == 60)
        #expect(control.pacing.description.contains("vsync not in effect"))
        #expect(stopped == 1)
    }

    @Test("--fps-limit takes 0 or 1…1000")
    func fpsLimitValidation() async throws {
        for bad in ["-1", "0.5", "0.99", "1000.5", "nan", "5000"] {
            let r = try await ElasticBinary.run(["play", "--headless", "--frames", "1", "--fps-limit", bad])
            #expect(r.status != 0 && r.stderr.contains("--fps-limit must be 0 (unlimited) or between 1 and 1000"), "\(bad): \(r.stderr)")
        }
        // 0 (no limit) runs anywhere; 1…1000 pass the range check, and a headless run then refuses
        // the limit itself (its clock is simulated), not the number.
        let unlimited = try await ElasticBinary.run(["play", "--headless", "--frames", "1", "--fps-limit", "0"])
        #expect(unlimited.status == 0, "\(unlimited.stderr)")
        for good in ["1", "30", "1000"] {
            let headless = try await ElasticBinary.run(["play", "--headless", "--frames", "1", "--fps-limit", good])
            #expect(headless.status != 0 && headless.stderr.contains("--fps-limit applies to live runs")
                    && !headless.stderr.contains("must be 0"), "\(good): \(headless.stderr)")
        }
    }
}

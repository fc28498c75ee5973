import Foundation
import Testing
@testable import ElasticStats

@Suite("Input-to-present latency in the stats")
struct InputLatencyStatsTests {
    /// Frames 0…199; frames 100…199 applied input, latencies 1…100 ms.
    static func frames() -> [FrameRecord] {
        (0..<200).map { i in
            var r = statsTestFrame(i)
            r.inputLatencyNs = i >= 100 ? UInt64(i - 99) * 1_000_000 : nil
            return r
        }
    }

    @Test("p50, p99 and max over the frames that applied input, by R-8 (worked out by hand)")
    func figures() throws {
        let s = try FrameSummary.compute(records: Self.frames(), targetRefreshRate: 60)
        // R-8 on 1…100: h = (n + 1/3)·p + 1/3; p50: h = 50.5 → 50.5; p99: h = 99.6633… → 99 + 0.6633….
        let h: Double = (100.0 + 1.0 / 3.0) * 0.99 + 1.0 / 3.0   // between the 99th and 100th values: 99 + (h − 99)
        let p50 = try #require(s.inputLatencyP50Ms), p99 = try #require(s.inputLatencyP99Ms)
        #expect(abs(p50 - 50.5) < 1e-9)
        #expect(abs(p99 - h) < 1e-9)
        #expect(s.inputLatencyMaxMs == 100)
    }

    @Test("no frame applied input: the figures are absent from the JSON and the table")
    func absentWithoutInput() throws {
        let s = try FrameSummary.compute(records: (0..<10).map { statsTestFrame($0) }, targetRefreshRate: 60)
        #expect(s.inputLatencyP50Ms == nil)
        let json = String(decoding: try s.jsonData(), as: UTF8.self)
        #expect(!json.contains("input_latency"))
        #expect(!s.table().contains("input latency"))
    }

    @Test("the recorder writes input_latency_ms last (empty without input), the pacing line and the three summary keys")
    func recorderRoundTrip() throws {
        let dir = try statsTemporaryDirectory()
        let path = dir + "/run.csv"
        var run = statsTestRun
        run.pacing = "timer 60 Hz (refresh rate unknown, vsync not in effect)"
        let recorder = try FrameStatsRecorder(path: path, format: .elastic, run: run, targetRefreshRate: 60)
        for r in Self.frames() { recorder.record(r) }
        recorder.note("pacing", "vsync (display 60 Hz)")
        recorder.finish()
        let text = statsFileText(path)
        #expect(text.contains("# pacing: timer 60 Hz (refresh rate unknown, vsync not in effect)\n"))
        #expect(text.contains("# pacing: vsync (display 60 Hz)\n"))
        // Frame 0 is the start-up (a header line); the latency is the 15th field, then the sensors.
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("1,") || $0.hasPrefix("100,") }
            .map { $0.split(separator: ",", omittingEmptySubsequences: false).prefix(15).joined(separator: ",") }
        try #require(rows.count == 2)
        #expect(rows[0].hasSuffix(",wave-pull,"))
        #expect(rows[1].hasSuffix(",wave-pull,1.000000"))
        let json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/run.summary.json"))) as? [String: Any])
        #expect(json["input_latency_p50_ms"] as? Double == 50.5)
        #expect(json["input_latency_max_ms"] as? Double == 100)
        #expect(json["input_latency_p99_ms"] is Double)
        let back = try FrameStatsReader.read(path: path)
        #expect(back.records.map(\.inputLatencyNs) == Self.frames().dropFirst().map(\.inputLatencyNs))
        #expect(try back.summary().inputLatencyP99Ms == json["input_latency_p99_ms"] as? Double)
    }
}

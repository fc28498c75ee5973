import Foundation
import Testing
@testable import ElasticCore

/// A long replay is read as the run reaches it: the run starts before its far lines are read, and
/// a bad line far in is reported when reached (exit 2, its line named), the outputs kept.
@Suite("long replays: read as the run goes")
struct ReplayStreamingTests {
    /// A drag back and forth, one event every `step` seconds: `count` lines, the bad one at `badLine`.
    static func script(count: Int, badLine: Int?, every step: Double = 0.001) -> String {
        var lines: [String] = []
        lines.reserveCapacity(count)
        for i in 0..<count {
            let t = ReplayScript.format(Double(i) * step)
            let k = i % 200
            if i + 1 == badLine {
                lines.append("{\"t\": \(t), \"type\": \"move\", \"x\": 640, \"y\": \"oops\"}")
            } else if k == 0 {
                lines.append("{\"t\": \(t), \"type\": \"down\", \"x\": 640, \"y\": 10}")
            } else if k == 199 || i == count - 1 {
                lines.append("{\"t\": \(t), \"type\": \"up\", \"x\": 640, \"y\": 200}")
            } else {
                lines.append("{\"t\": \(t), \"type\": \"move\", \"x\": \(600 + k % 80), \"y\": \(10 + k)}")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("a bad line past the lines read ahead stops the run when reached, naming it; frames before it ran, stats kept")
    func badLineReportedWhenReached() async throws {
        let dir = try ElasticBinary.scratch("replay-stream")
        let replay = dir.appendingPathComponent("long.jsonl").path
        let bad = ReplayScript.eventsReadAhead + 15_000   // due at 25 s
        try Self.script(count: 40_000, badLine: bad).write(toFile: replay, atomically: true, encoding: .utf8)
        let stats = dir.appendingPathComponent("s.csv").path
        let r = try await ElasticBinary.run(["play", "--headless", "--window", "320x240", "--replay", replay, "--stats", stats])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("line \(bad): \"y\" must be a number"), "\(r.stderr)")
        // The run went as far as the bad line's time (25 s at 60 fps) before it stopped.
        let log = try String(contentsOfFile: stats, encoding: .utf8)
        let rows = log.split(separator: "\n").filter { $0.first?.isNumber == true }
        #expect(rows.count > 24 * 60 && rows.count < 26 * 60, "\(rows.count) rows")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("s.summary.json").path))
    }

    @Test("a headless run's length comes from the script's last line, read without reading the rest")
    func lengthFromTheLastLine() async throws {
        let dir = try ElasticBinary.scratch("replay-stream-length")
        let replay = dir.appendingPathComponent("long.jsonl").path
        // More lines than are read ahead, packed into the first second (a line every 0.1 ms), then a
        // last line at 4.25 s: the run's length can only come from that line.
        let packed = ReplayScript.eventsReadAhead + 500
        var lines = Self.script(count: packed, badLine: nil, every: 0.0001)
        lines += "{\"t\": 4.25, \"type\": \"move\", \"x\": 10, \"y\": 10}\n"
        try lines.write(toFile: replay, atomically: true, encoding: .utf8)
        let opened = try ReplayScript.open(Data(contentsOf: URL(fileURLWithPath: replay)))
        #expect(opened.events.count == ReplayScript.eventsReadAhead && opened.rest != nil)
        #expect(opened.lastTime == 4.25)
        // Headless, the run lasts until 3 s after the last event: 7.25 s at 60 fps, plus the first frame.
        let stats = dir.appendingPathComponent("s.csv").path
        let r = try await ElasticBinary.run(["play", "--headless", "--window", "320x240", "--replay", replay, "--stats", stats])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("headless: running 436 frames (7.25 simulated seconds"), "\(r.stderr)")
        #expect(r.stderr.contains(" after 436 frames"), "\(r.stderr)")
        let rows = try String(contentsOfFile: stats, encoding: .utf8).split(separator: "\n").filter { $0.first?.isNumber == true }
        #expect(rows.count == 435, "\(rows.count) frames timed (the first frame is the start-up)")
    }
}

import ElasticCore
import Foundation

/// Where benchmarks come from (`-f FILE`) and what they read (their replay), each checked before
/// the first benchmark runs.
extension Benchmark {
    /// One description a line; blank lines and `#` comments (whole-line or trailing) skipped.
    static func read(file path: String) throws -> [Benchmark] {
        let data: Data
        do {
            data = try InputFile.read(path, what: "benchmark file", limit: 1 << 20)
        } catch {
            throw BenchError("cannot read the benchmark file \(quoted(path)): \(error)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw BenchError("the benchmark file \(quoted(path)) is not UTF-8 text")
        }
        var list: [Benchmark] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                .trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { continue }
            do { list.append(try Benchmark(parsing: line)) } catch {
                throw BenchError("\(path):\(index + 1): \(error)")
            }
        }
        guard !list.isEmpty else { throw BenchError("the benchmark file \(quoted(path)) lists no benchmark") }
        return list
    }

    /// The replay's path: a shipped replay by name (found as the tour is), else a file.
    func replayPath(_ locator: AssetLocator = .current) -> String {
        let isName = !replay.contains("/") && !replay.hasSuffix(".jsonl")
        if isName, let folder = locator.folder("replays") { return folder + "/" + replay + ".jsonl" }
        return replay
    }

    /// The replay's events, scaled from the 1280×720 design to a `width`×`height` window (x and
    /// y each by their own ratio, as scripts/compare-peers.py scales them).
    func loadReplay(width: Int, height: Int) throws -> [TimedInput] {
        let path = replayPath()
        let data: Data
        do {
            data = try InputFile.read(path, what: "replay", limit: 64 << 20)
        } catch {
            let shipped = !replay.contains("/") && !replay.hasSuffix(".jsonl")
            throw BenchError("\(self): cannot read the replay \(quoted(path))\(shipped ? " (replay=NAME looks in the shipped replays)" : ""): \(error)")
        }
        do {
            let sx = Double(width) / UIScaleChoice.designWidth, sy = Double(height) / UIScaleChoice.designHeight
            return try ReplayScript.parse(data).map { TimedInput(time: $0.time, event: $0.event.scaled(x: sx, y: sy)) }
        } catch {
            throw BenchError("\(self): bad replay file \(quoted(path)): \(error)")
        }
    }

    /// Frames the benchmark runs: its seconds (else the replay's last event, rounded up to a whole
    /// second, at least one) at 60 frames a second.
    func frameCount(lastEventTime: Double) -> Int {
        let length = seconds ?? max(1, lastEventTime.rounded(.up))
        return max(1, Int((length * Benchmark.framesPerSecond).rounded()))
    }
}

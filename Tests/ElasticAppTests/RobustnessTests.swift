import Foundation
import Testing

/// End-to-end robustness of `elastic play --headless`: bad flags and files are refused with the
/// reason before anything is written; signals and full disks end or degrade a run cleanly.
@Suite("elastic play: bad input, signals, full disks", .serialized)
struct RobustnessTests {
    static let replay = ElasticBinary.root.appendingPathComponent("assets/replays/wave-pull-center.jsonl").path

    /// Nothing half-written: a refused run leaves no stats, summary, trace or recording behind.
    func expectNothingWritten(in dir: URL, _ context: String) {
        let left = (try? FileManager.default.contentsOfDirectory(atPath: dir.path))?.filter { $0 != "in.jsonl" } ?? []
        #expect(left.isEmpty, "\(context): left behind \(left)")
    }

    func outputs(_ dir: URL) -> [String] {
        ["--stats", dir.appendingPathComponent("s.csv").path, "--trace", dir.appendingPathComponent("t.csv").path,
         "--record-input", dir.appendingPathComponent("r.jsonl").path]
    }

    @Test("wrong types, out-of-range values and conflicts: the flag is named, exit ≠ 0, no files",
          arguments: [
            (["--fps", "abc"], "--fps"), (["--fps", "1e9"], "--fps"), (["--fps", "nan"], "--fps"),
            (["--window", "abc"], "--window"), (["--window", "-5x10"], "--window"), (["--window", "1x99999"], "--window"),
            (["--scale", "0"], "--scale"), (["--scale", "x"], "--scale"),
            (["--frames", "0"], "--frames"), (["--frames", "-3"], "--frames"), (["--frames", "1.5"], "--frames"),
            (["--seconds", "0"], "--seconds"), (["--seconds", "inf"], "--seconds"), (["--seconds", "soon"], "--seconds"),
            (["--step-rate", "-240"], "--step-rate"), (["--step-rate", "1e6"], "--step-rate"),
            (["--tolerance", "-1"], "--tolerance"), (["--tolerance", "nan"], "--tolerance"),
            (["--stats-format", "xml"], "--stats-format"), (["--renderer", ""], "--renderer"),
            (["--screenshot", "shot.jpg"], "PNG"), (["--screenshot-at", "-1", "--screenshot", "a.png"], "--screenshot-at"),
            (["--no-such-flag"], "no-such-flag"), (["--fps"], "--fps"),
          ])
    func badFlags(flags: [String], message: String) throws {
        let dir = try ElasticBinary.scratch("flags-\(abs(flags.joined().hashValue))")
        let r = try ElasticBinary.run(["play", "--headless"] + flags + outputs(dir))
        #expect(r.status != 0)
        #expect(r.stderr.contains(message), "stderr: \(r.stderr)")
        expectNothingWritten(in: dir, flags.joined(separator: " "))
    }

    @Test("--replay and --record-input naming the same file is refused before the file is truncated")
    func replayIsRecordTarget() throws {
        let dir = try ElasticBinary.scratch("same-file")
        let path = dir.appendingPathComponent("in.jsonl")
        try FileManager.default.copyItem(atPath: RobustnessTests.replay, toPath: path.path)
        let before = try Data(contentsOf: path)
        let r = try ElasticBinary.run(["play", "--headless", "--replay", path.path, "--record-input", path.path])
        #expect(r.status != 0 && r.stderr.contains("same file"), "\(r.stderr)")
        #expect(try Data(contentsOf: path) == before)
    }

    @Test("bad replay files: the reason (and line), exit 2, no outputs",
          arguments: [
            ("", "empty"),
            ("\u{00}\u{01}\u{FFFF}garbage\n", "line 1"),
            (String(repeating: "x", count: 1 << 20), "bytes long"),
            ("{\"t\": 0, \"type\": \"pinch\", \"x\": 1, \"y\": 2}\n", "unknown event type"),
            ("{\"t\": 0, \"type\": \"down\", \"y\": 2}\n", "missing \"x\""),
            ("{\"t\": 2, \"type\": \"key\", \"key\": \"space\"}\n{\"t\": 1, \"type\": \"key\", \"key\": \"space\"}\n", "goes backwards"),
            ("{\"t\": 0, \"type\": \"down\", \"x\": 5e6, \"y\": 2}\n", "out of range"),
            ("{\"t\": 0, \"type\": \"down\", \"x\": NaN, \"y\": 2}\n", "not valid JSON"),
            ("{\"t\": 0, \"type\": \"down\", \"x\": -1e999, \"y\": 2}\n", "line 1"),
            ("{\"t\": 0, \"type\": \"up\", \"x\": 1, \"y\": 2}\n", "without a down"),
            ("{\"t\": 0, \"type\": \"up\", \"x\": 1, \"y\": 2, \"device\": \"touch\", \"id\": 4}\n", "without a down"),
            ("{\"t\": 0, \"type\": \"move\", \"x\": 1, \"y\": 2, \"device\": \"touch\", \"id\": 4}\n", "never went down"),
          ])
    func badReplays(text: String, reason: String) throws {
        let dir = try ElasticBinary.scratch("replay-\(abs(text.hashValue))")
        let file = dir.appendingPathComponent("in.jsonl")
        try Data(text.utf8).write(to: file)
        let r = try ElasticBinary.run(["play", "--headless", "--replay", file.path] + outputs(dir))
        #expect(r.status == 2, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("bad replay file") && r.stderr.contains(reason), "stderr: \(r.stderr)")
        expectNothingWritten(in: dir, reason)
    }

    @Test("a replay path that is a directory is refused")
    func replayDirectory() throws {
        let dir = try ElasticBinary.scratch("replay-dir")
        let r = try ElasticBinary.run(["play", "--headless", "--replay", dir.path])
        #expect(r.status == 2 && r.stderr.contains("is a directory"), "\(r.stderr)")
    }

    @Test("a stats path that is a directory, in a missing folder, or on a full disk: the error says so")
    func badStatsPaths() throws {
        let dir = try ElasticBinary.scratch("stats-paths")
        let cases: [(String, String)] = [
            (dir.path, "Is a directory"),
            (dir.appendingPathComponent("missing/s.csv").path, "does not exist"),
            ("/dev/full", "No space left on device"),
        ]
        for (path, reason) in cases {
            let r = try ElasticBinary.run(["play", "--headless", "--frames", "5", "--stats", path])
            #expect(r.status != 0, "\(path)")
            #expect(r.stderr.contains(reason) && r.stderr.contains(path), "\(path): \(r.stderr)")
        }
    }
}

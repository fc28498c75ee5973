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
            (["--window", "abc"], "--window must be WIDTHxHEIGHT"), (["--window", "-5x10"], "--window must be WIDTHxHEIGHT"),
            (["--window", "1x99999"], "--window must be WIDTHxHEIGHT"),
            (["--scale", "0"], "--scale"), (["--scale", "x"], "--scale"),
            (["--frames", "0"], "--frames"), (["--frames", "-3"], "--frames"), (["--frames", "1.5"], "--frames"),
            (["--seconds", "0"], "--seconds"), (["--seconds", "inf"], "--seconds"), (["--seconds", "soon"], "--seconds"),
            (["--step-rate", "-240"], "--step-rate"), (["--step-rate", "1e6"], "--step-rate"),
            (["--tolerance", "-1"], "--tolerance"), (["--tolerance", "nan"], "--tolerance"),
            (["--stats-format", "xml"], "--stats-format"), (["--renderer", ""], "--renderer"),
            (["--screenshot", "shot.jpg"], "PNG"), (["--screenshot-at", "-1", "--screenshot", "a.png"], "--screenshot-at"),
            (["--no-such-flag"], "no-such-flag"), (["--fps"], "--fps"),
            (["--seconds", "-1"], "--seconds must be"), (["--fps", "-60"], "--fps must be"),
            (["--scale", "-2"], "--scale must be"), (["--screenshot", "a.png", "--screenshot-at", "-0.5"], "--screenshot-at must be"),
          ])
    func badFlags(flags: [String], message: String) async throws {
        let dir = try ElasticBinary.scratch("flags-\(abs(flags.joined().hashValue))")
        let r = try await ElasticBinary.run(["play", "--headless"] + flags + outputs(dir))
        #expect(r.status != 0)
        #expect(r.stderr.contains(message), "stderr: \(r.stderr)")
        expectNothingWritten(in: dir, flags.joined(separator: " "))
    }

    @Test("the spring inspector: extreme accepted values never print NaN or ∞; absurd ones are refused",
          arguments: [
            (["--duration", "0.01", "--damping", "0", "--velocity", "10000"], nil),
            (["--duration", "10", "--damping", "0", "--velocity", "-10000"], nil),
            (["--duration", "1e300", "--damping", "1e300"], nil),
            (["--duration", "0.9", "--damping", "0.5", "--hz", "100000", "--seconds", "0.01"], nil),
            (["--duration", "0.9", "--damping", "0.5", "--velocity", "1e308"], "--velocity"),
            (["--duration", "0.9", "--damping", "0.5", "--velocity", "-1e20"], "--velocity"),
            (["--duration", "0.9", "--damping", "0.5", "--hz", "0"], "--hz"),
            (["--duration", "0.9", "--damping", "-0.5"], "--damping"),
            (["--duration", "abc", "--damping", "0.5"], "--duration"),
          ] as [([String], String?)])
    func springInspector(flags: [String], refused: String?) async throws {
        let r = try await ElasticBinary.run(["spring"] + flags)
        if let refused {
            #expect(r.status != 0 && r.stderr.contains(refused), "\(r.stderr)")
            #expect(r.stdout.isEmpty)
        } else {
            #expect(r.status == 0, "\(r.stderr)")
            let lower = r.stdout.lowercased()
            #expect(!lower.contains("nan") && !lower.contains("inf"), "\(r.stdout.prefix(300))")
            #expect(r.stdout.split(separator: "\n").count > 2)
        }
    }

    @Test("--replay and --record-input naming the same file is refused before the file is truncated")
    func replayIsRecordTarget() async throws {
        let dir = try ElasticBinary.scratch("same-file")
        let path = dir.appendingPathComponent("in.jsonl")
        try FileManager.default.copyItem(atPath: RobustnessTests.replay, toPath: path.path)
        let before = try Data(contentsOf: path)
        let r = try await ElasticBinary.run(["play", "--headless", "--replay", path.path, "--record-input", path.path])
        #expect(r.status != 0 && r.stderr.contains("same file"), "\(r.stderr)")
        #expect(try Data(contentsOf: path) == before)
    }

    @Test("bad replay files: the reason (and line), exit 2, no outputs",
          arguments: [
            ("", "empty"),
            ("\u{00}\u{01}\u{FFFF}garbage\n", "line 1"),
            ("<1 MiB of x>", "bytes long"),
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
    func badReplays(text: String, reason: String) async throws {
        // Built here, not in the arguments, so the test log does not print a megabyte.
        let text = text == "<1 MiB of x>" ? String(repeating: "x", count: 1 << 20) : text
        let dir = try ElasticBinary.scratch("replay-\(abs(text.hashValue))")
        let file = dir.appendingPathComponent("in.jsonl")
        try Data(text.utf8).write(to: file)
        let r = try await ElasticBinary.run(["play", "--headless", "--replay", file.path] + outputs(dir))
        #expect(r.status == 2, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("bad replay file") && r.stderr.contains(reason), "stderr: \(r.stderr)")
        expectNothingWritten(in: dir, reason)
    }

    @Test("a replay path that is a directory is refused")
    func replayDirectory() async throws {
        let dir = try ElasticBinary.scratch("replay-dir")
        let r = try await ElasticBinary.run(["play", "--headless", "--replay", dir.path])
        #expect(r.status == 2 && r.stderr.contains("is a directory"), "\(r.stderr)")
    }

    @Test("a stats path that is a directory, in a missing folder, not writable, or on a full disk: the error says so")
    func badStatsPaths() async throws {
        let dir = try ElasticBinary.scratch("stats-paths")
        var cases: [(String, String)] = [
            (dir.path, "Is a directory"),
            (dir.appendingPathComponent("missing/s.csv").path, "does not exist"),
            ("/dev/full", "No space left on device"),
        ]
        // Not writable, whoever runs it: kernel file systems are refused; a read-only folder stops
        // anyone but root; a name longer than the file system allows stops root too.
        if FileManager.default.fileExists(atPath: "/sys/kernel") { cases.append(("/sys/elastic-stats.csv", "kernel file system")) }
        cases.append(("/proc/self/elastic-stats.csv", "kernel file system"))
        cases.append((dir.appendingPathComponent(String(repeating: "n", count: 300) + ".csv").path, "File name too long"))
        if geteuid() != 0 {
            let ro = dir.appendingPathComponent("read-only")
            try FileManager.default.createDirectory(at: ro, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: ro.path)
            cases.append((ro.appendingPathComponent("s.csv").path, "Permission denied"))
        }
        for (path, reason) in cases {
            let r = try await ElasticBinary.run(["play", "--headless", "--frames", "5", "--stats", path])
            #expect(r.status != 0, "\(path)")
            #expect(r.stderr.contains(reason) && r.stderr.contains(path), "\(path): \(r.stderr)")
        }
    }

    @Test("a trace on a full disk: the run goes on to its end and says what was lost")
    func traceOnFullDisk() async throws {
        let r = try await ElasticBinary.run(["play", "--headless", "--frames", "600", "--replay", RobustnessTests.replay, "--trace", "/dev/full"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("reached 600 frames"), "\(r.stderr)")
        #expect(r.stderr.contains("No space left on device"), "\(r.stderr)")
        #expect(r.stderr.contains("bytes lost"), "\(r.stderr)")
    }

    /// Starts `elastic` with `arguments`, waits `after` seconds, sends `signal`, waits for the exit
    /// (status 128 + n when signal n ended it).
    func runAndSignal(_ arguments: [String], after: Double, signal: Int32, shell: String? = nil) async throws -> (status: Int32, stderr: String) {
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("elastic-signal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: errURL) }
        let pid = try ElasticBinary.spawn(arguments, shell: shell, stdout: "/dev/null", stderr: errURL.path)
        if after > 0 {
            try await Task.sleep(for: .seconds(after))
            kill(pid, signal)
        }
        // A child that ignores the signal must fail the test, not hang the suite.
        let status = await ElasticBinary.wait(pid, timeout: 60)
        if status == nil { Issue.record("still running 60 s after the signal: killed") }
        return (status ?? -1, (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
    }

    /// Every row of an elastic-format stats file is whole: 22 fields, the file ends with a newline.
    /// Frame 0 is the start-up (a header line, not a row): rows are frames 1, 2, …
    func expectCompleteRows(_ url: URL) throws -> Int {
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.hasSuffix("\n"), "the last row is cut off")
        var rows = 0, frames: [Int] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("frame,") {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            #expect(fields.count == 22, "incomplete row: \(line)")
            if let f = Int(fields[0]) { frames.append(f) }
            rows += 1
        }
        #expect(frames == Array(1..<frames.count + 1), "rows missing or out of order")
        return rows
    }

    @Test("SIGINT or SIGTERM during a recording: complete CSV rows, a summary, a clean exit",
          arguments: [SIGINT, SIGTERM])
    func signalDuringRecording(signal: Int32) async throws {
        let dir = try ElasticBinary.scratch("signal-\(signal)")
        let stats = dir.appendingPathComponent("run.csv"), trace = dir.appendingPathComponent("trace.csv")
        let r = try await runAndSignal(["play", "--headless", "--seconds", "100000", "--replay", RobustnessTests.replay,
                                  "--stats", stats.path, "--trace", trace.path], after: 1.5, signal: signal)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("stopped by \(signal == SIGINT ? "SIGINT" : "SIGTERM")"), "\(r.stderr)")
        let rows = try expectCompleteRows(stats)
        #expect(rows > 10)
        let summary = dir.appendingPathComponent("run.summary.json")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: summary)) as? [String: Any]
        #expect((json?["frames"] as? Int) == rows, "\(String(describing: json))")
        let traceText = try String(contentsOf: trace, encoding: .utf8)
        #expect(traceText.hasSuffix("\n"))
        for line in traceText.split(separator: "\n") { #expect(line.split(separator: ",").count == 7, "\(line)") }
    }

    @Test("a file-size limit hit mid-run (EFBIG) does not kill the run: it ends normally and says what was lost",
          .disabled(if: ProcessInfo.processInfo.environment["ELASTIC_SANITIZER"] == "thread",
                    "TSan's runtime dies of SIGBUS at start under ulimit -f"))
    func fileSizeLimit() async throws {
        let dir = try ElasticBinary.scratch("fsize")
        let stats = dir.appendingPathComponent("run.csv")
        // ulimit -f 256 (512-byte blocks in sh): files stop at 128 KiB, about 1,500 of the 6,000
        // rows. The write that hits the limit is cut back to its last whole row, so whatever the
        // flush timing, the file ends within one row of the limit.
        let r = try await runAndSignal(["play", "--headless", "--frames", "6000", "--replay", RobustnessTests.replay,
                                  "--stats", stats.path], after: 0, signal: 0, shell: "ulimit -f 256;")
        #expect(r.status == 0, "status \(r.status) (128 + n: signal n): \(r.stderr)")
        #expect(r.stderr.contains("reached 6000 frames"), "\(r.stderr)")
        #expect(r.stderr.contains("File too large") && r.stderr.contains("rows lost"), "\(r.stderr)")
        let rows = try expectCompleteRows(stats)
        let size = try FileManager.default.attributesOfItem(atPath: stats.path)[.size] as? Int ?? 0
        #expect(size <= 128 * 1024 && size > 128 * 1024 - 200, "\(size) bytes, \(rows) rows")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("run.summary.json"))) as? [String: Any]
        #expect((json?["frames"] as? Int) == 5999)   // 6000 presents, the first of them the start-up
        #expect((json?["lost_rows"] as? Int) == 5999 - rows)
    }
}

import Foundation
import Testing

/// `play`'s outputs as a hostile user would name them: the same file under another name, special
/// files, outputs that fail after others were opened. Compared against the folder as it was.
@Suite("elastic play: outputs never clobber inputs or each other", .serialized)
struct OutputSafetyTests {
    static let replay = ElasticBinary.root.appendingPathComponent("assets/replays/wave-pull-center.jsonl").path

    /// Every entry of `dir` (not following symlinks): its kind and, for files, its bytes.
    static func snapshot(_ dir: URL) -> [String: String] {
        var result: [String: String] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [] {
            let path = dir.appendingPathComponent(name).path
            var st = stat()
            lstat(path, &st)
            switch st.st_mode & S_IFMT {
            case S_IFREG: result[name] = "file:" + ((try? Data(contentsOf: URL(fileURLWithPath: path)).base64EncodedString()) ?? "?")
            case S_IFLNK: result[name] = "link:" + ((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")
            default: result[name] = "other:\(st.st_mode & S_IFMT)"
            }
        }
        return result
    }

    /// A folder with the replay (in.jsonl), a symlink and a hard link to it, an existing output
    /// with contents (old.csv) and an empty subfolder.
    static func setUp(_ name: String) throws -> URL {
        let dir = try ElasticBinary.scratch(name)
        let fm = FileManager.default
        try fm.copyItem(atPath: replay, toPath: dir.appendingPathComponent("in.jsonl").path)
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("link.jsonl").path, withDestinationPath: "in.jsonl")
        try fm.linkItem(atPath: dir.appendingPathComponent("in.jsonl").path, toPath: dir.appendingPathComponent("hard.jsonl").path)
        try Data("precious\n".utf8).write(to: dir.appendingPathComponent("old.csv"))
        try fm.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("dangling").path, withDestinationPath: "new.jsonl")
        return dir
    }

    @Test("two names for one file are refused before anything is opened: exit 2, the folder unchanged",
          arguments: [
            ["--replay", "in.jsonl", "--record-input", "./in.jsonl"],
            ["--replay", "in.jsonl", "--trace", "sub/../in.jsonl"],
            ["--replay", "link.jsonl", "--trace", "hard.jsonl"],
            ["--replay", "in.jsonl", "--stats", "hard.jsonl"],
            ["--trace", "old.csv", "--stats", "./old.csv"],
            ["--trace", "x.csv", "--stats", "./x.csv"],
            ["--stats", "a.csv", "--trace", "a.summary.json"],
            ["--stats", "old.csv", "--record-input", "sub/../old.summary.json"],
            ["--screenshot", "shot.png", "--screenshot-at", "1", "--trace", "shot-1s.png"],
            ["--replay", "in.jsonl", "--screenshot", "in.png", "--record-input", "in.png"],
            ["--record-input", "dangling", "--trace", "new.jsonl"],
          ])
    func sameFile(flags: [String]) async throws {
        let dir = try OutputSafetyTests.setUp("same-\(abs(flags.joined().hashValue))")
        let before = OutputSafetyTests.snapshot(dir)
        let absolute = flags.enumerated().map { i, f in i % 2 == 1 && !f.first!.isNumber ? dir.appendingPathComponent(f).path : f }
        let r = try await ElasticBinary.run(["play", "--headless", "--frames", "5"] + absolute)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("name the same file"), "\(r.stderr)")
        #expect(OutputSafetyTests.snapshot(dir) == before)
    }

    @Test("an output that is the running binary is refused")
    func binaryItself() async throws {
        let r = try await ElasticBinary.run(["play", "--headless", "--frames", "5", "--trace", ElasticBinary.url.path])
        #expect(r.status == 2 && r.stderr.contains("the elastic binary"), "\(r.stderr)")
    }

    @Test("a later output failing removes what this run created and leaves what existed untouched")
    func nothingHalfWritten() async throws {
        let dir = try OutputSafetyTests.setUp("half")
        let before = OutputSafetyTests.snapshot(dir)
        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
        // Refused by the checks: the trace is a folder.
        var r = try await ElasticBinary.run(["play", "--headless", "--frames", "5", "--stats", path("ok.csv"), "--trace", path("sub")])
        #expect(r.status == 2 && r.stderr.contains("Is a directory"), "\(r.stderr)")
        #expect(OutputSafetyTests.snapshot(dir) == before)
        // Passes the checks, fails when opened: the stats recorder's preamble cannot be written.
        r = try await ElasticBinary.run(["play", "--headless", "--frames", "5", "--trace", path("old.csv"),
                                   "--record-input", path("r.jsonl"), "--stats", "/dev/full"])
        #expect(r.status == 2 && r.stderr.contains("No space left"), "\(r.stderr)")
        #expect(OutputSafetyTests.snapshot(dir) == before)
    }

    @Test("an existing output is replaced whole once the run starts (no old bytes after the new ones)")
    func existingOutputReplaced() async throws {
        let dir = try ElasticBinary.scratch("replace")
        let fresh = dir.appendingPathComponent("fresh.csv"), old = dir.appendingPathComponent("old.csv")
        try Data(String(repeating: "stale row\n", count: 100_000).utf8).write(to: old)
        for url in [fresh, old] {
            let r = try await ElasticBinary.run(["play", "--headless", "--frames", "30", "--replay", OutputSafetyTests.replay, "--trace", url.path])
            #expect(r.status == 0, "\(r.stderr)")
        }
        #expect(try Data(contentsOf: old) == Data(contentsOf: fresh))
    }

    @Test("special files: /dev/null takes any output; a directory, a kernel file or a FIFO screenshot is refused",
          arguments: [
            (["--trace", "/dev/null", "--record-input", "/dev/null"], nil),
            (["--trace", "/dev/null", "--stats", "/dev/null"], nil),
            (["--trace", "<dir>"], "Is a directory"),
            (["--record-input", "<dir>"], "Is a directory"),
            (["--screenshot", "<dir>/x.png"], "Is a directory"),
            (["--trace", "/proc/self/comm"], "kernel file system"),
            (["--record-input", "/sys/kernel/elastic.jsonl"], "kernel file system"),
            (["--screenshot", "/proc/elastic.png"], "kernel file system"),
            (["--screenshot", "<fifo>.png"], "FIFO"),
          ] as [([String], String?)])
    func specialFiles(flags: [String], refused: String?) async throws {
        let dir = try ElasticBinary.scratch("special-\(abs(flags.joined().hashValue))")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("x.png"), withIntermediateDirectories: true)
        #expect(mkfifo(dir.appendingPathComponent("fifo.png").path, 0o644) == 0)
        let args = flags.map {
            $0.replacingOccurrences(of: "<dir>", with: dir.path).replacingOccurrences(of: "<fifo>", with: dir.appendingPathComponent("fifo").path)
        }
        let r = try await ElasticBinary.run(["play", "--headless", "--frames", "5"] + args, timeout: 60)
        if let refused {
            #expect(r.status == 2 && r.stderr.contains(refused), "\(r.stderr)")
        } else {
            #expect(r.status == 0, "\(r.stderr)")
        }
    }

    @Test("a FIFO output without a reader is refused at once, not waited on", arguments: ["--trace", "--record-input"])
    func fifoWithoutReader(option: String) async throws {
        let dir = try ElasticBinary.scratch("fifo-none\(option)")
        let fifo = dir.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let start = Date()
        let r = try await ElasticBinary.run(["play", "--headless", "--frames", "5", option, fifo], timeout: 60)
        #expect(r.status == 2 && r.stderr.contains("no process has open for reading"), "\(r.stderr)")
        #expect(Date().timeIntervalSince(start) < 30)
    }

    /// Spawns `elastic` writing its trace into a FIFO this process reads (or, `reading: false`,
    /// holds open without reading); returns the bytes read, the exit status and stderr.
    func traceThroughFIFO(_ extra: [String], reading: Bool, signalAfter: Double?) throws -> (Data, Int32?, String) {
        let dir = try ElasticBinary.scratch("fifo-\(reading)")
        let fifo = dir.appendingPathComponent("pipe").path, err = dir.appendingPathComponent("err").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let fd = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(fd) }
        let pid = try ElasticBinary.spawn(["play", "--headless", "--replay", OutputSafetyTests.replay, "--trace", fifo] + extra,
                                          stdout: "/dev/null", stderr: err)
        var data = Data(), status: Int32 = 0, exited: Int32?, signalled = false
        let start = Date()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while Date().timeIntervalSince(start) < 60 {
            if let after = signalAfter, !signalled, Date().timeIntervalSince(start) > after { kill(pid, SIGTERM); signalled = true }
            let n = reading ? read(fd, &buffer, buffer.count) : -1
            if n > 0 { data.append(contentsOf: buffer[0..<n]); continue }
            if waitpid(pid, &status, WNOHANG) == pid { exited = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f); break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        if exited == nil { kill(pid, SIGKILL); _ = waitpid(pid, &status, 0) }
        while reading {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            data.append(contentsOf: buffer[0..<n])
        }
        return (data, exited, (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }

    @Test("a FIFO with a reader gets exactly the trace a file would")
    func fifoWithReader() async throws {
        let (data, status, stderr) = try traceThroughFIFO(["--frames", "600"], reading: true, signalAfter: nil)
        #expect(status == 0, "\(stderr)")
        let file = try ElasticBinary.scratch("fifo-oracle").appendingPathComponent("t.csv")
        let r = try await ElasticBinary.run(["play", "--headless", "--replay", OutputSafetyTests.replay, "--trace", file.path, "--frames", "600"])
        #expect(r.status == 0)
        #expect(data.count > 1 << 17)
        #expect(data == (try Data(contentsOf: file)))
    }

    @Test("a FIFO reader that stops reading does not make the run deaf to SIGTERM")
    func fifoStalledReader() throws {
        let (_, status, stderr) = try traceThroughFIFO(["--seconds", "100000"], reading: false, signalAfter: 2)
        #expect(status == 0, "status \(String(describing: status)): \(stderr)")
        #expect(stderr.contains("stopped by SIGTERM"), "\(stderr)")
    }

    @Test("under a file-size limit the trace keeps every whole row that fitted and counts the rest",
          .disabled(if: ProcessInfo.processInfo.environment["ELASTIC_SANITIZER"] == "thread",
                    "TSan's runtime dies of SIGBUS at start under ulimit -f"))
    func traceFileSizeLimit() async throws {
        let dir = try ElasticBinary.scratch("trace-fsize")
        let full = dir.appendingPathComponent("full.csv"), cut = dir.appendingPathComponent("cut.csv")
        let args = ["play", "--headless", "--frames", "600", "--replay", OutputSafetyTests.replay, "--trace"]
        #expect(try await ElasticBinary.run(args + [full.path]).status == 0)
        // ulimit -f 100: 51,200 bytes, not a multiple of the 64 KiB write buffer nor of a row.
        let r = try await ElasticBinary.run(args + [cut.path], shell: "ulimit -f 100;")
        #expect(r.status == 0, "\(r.stderr)")
        let whole = try Data(contentsOf: full), kept = try Data(contentsOf: cut)
        let limit = 100 * 512
        let longestRow = whole.split(separator: UInt8(ascii: "\n")).map(\.count).max()! + 1
        #expect(kept.count <= limit && kept.count > limit - longestRow, "\(kept.count) bytes")
        #expect(whole.prefix(kept.count) == kept, "not a prefix of the unlimited trace")
        #expect(kept.last == UInt8(ascii: "\n"))
        let rowsKept = kept.filter { $0 == UInt8(ascii: "\n") }.count - 1
        let rowsLost = whole.filter { $0 == UInt8(ascii: "\n") }.count - 1 - rowsKept
        #expect(r.stderr.contains("File too large (\(rowsLost) rows, \(whole.count - kept.count) bytes lost; the trace keeps \(rowsKept) whole rows"),
                "\(r.stderr)")
    }

    @Test("the start-up figure counts from the program's own start, not from a shell that exec'd it 2 s later")
    func startupFigure() async throws {
        let r = try await ElasticBinary.run(["play", "--headless", "--frames", "3"], shell: "sleep 2;")
        #expect(r.status == 0, "\(r.stderr)")
        let line = try #require(r.stderr.split(separator: "\n").first { $0.contains("first frame on screen") })
        let ms = try #require(line.split(separator: " ").compactMap { Int($0) }.first)
        #expect(ms >= 0 && ms < 1500, "\(line)")
    }

    @Test("a child that outlives its timeout is killed and fails only its own test")
    func runTimeout() async throws {
        let start = Date()
        await #expect(throws: ElasticBinary.TimedOut.self) {
            try await ElasticBinary.run(["play", "--headless", "--seconds", "100000"], timeout: 1)
        }
        #expect(Date().timeIntervalSince(start) < 30)
    }
}

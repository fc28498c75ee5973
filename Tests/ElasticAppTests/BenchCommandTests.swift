import Foundation
import Testing

/// `elastic bench`: the lines and the score as glmark2 prints them, the results file against the
/// stats files it names (read here with this test's own CSV reader), stopping on a signal, pacing,
/// bad input refused before anything runs, and --compare.
@Suite("elastic bench")
struct BenchCommandTests {
    /// `[scene] window=WxH …: FPS: N FrameTime: p50 X ms p99 Y ms`.
    static func lines(_ stdout: String) -> [(scene: String, fps: Int, p50: Double, p99: Double)] {
        let pattern = #/^\[([a-z-]+)\] window=(\d+)x(\d+)[^:]*: FPS: (\d+) FrameTime: p50 ([0-9.]+) ms p99 ([0-9.]+) ms/#
        return stdout.split(separator: "\n").compactMap { line in
            guard let m = String(line).firstMatch(of: pattern) else { return nil }
            return (String(m.1), Int(m.4)!, Double(m.5)!, Double(m.6)!)
        }
    }

    static func score(_ stdout: String) -> Int? {
        stdout.split(separator: "\n").compactMap { $0.firstMatch(of: #/^elastic bench Score: (\d+)$/#).map { Int($0.1)! } }.last
    }

    @Test("the default set off-screen: a line per benchmark in order, and the score is the mean of the printed FPS")
    func defaultSet() async throws {
        let r = try await ElasticBinary.run(["bench", "--off-screen"], timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = Self.lines(r.stdout)
        let scenes = ["wave-pull", "gooey-menu", "jelly-block", "sticky-refresh", "wave-balls"]
        #expect(lines.map(\.scene) == scenes + ["wave-pull"] + scenes, "\(r.stdout)")
        #expect(r.stdout.contains("[wave-pull] window=1280x720 redraw=damage replay=wave-pull-sweep: FPS: "))
        #expect(r.stdout.split(separator: "\n").filter { $0.contains("redraw=all: FPS:") }.count == 5)
        for line in lines { #expect(line.fps > 0 && line.p50 > 0 && line.p99 >= line.p50, "\(line)") }
        let mean = Double(lines.map(\.fps).reduce(0, +)) / Double(max(1, lines.count))
        let score = try #require(Self.score(r.stdout), "no score line: \(r.stdout)")
        #expect(abs(Double(score) - mean) <= 0.5, "score \(score), mean of the printed FPS \(mean)")
        // A progress line on standard error before each benchmark.
        #expect(r.stderr.contains("elastic bench: 1/11 wave-pull…") && r.stderr.contains("elastic bench: 11/11 wave-balls:redraw=all…"), "\(r.stderr)")
    }

    /// frame_ms of every row of an elastic-format stats file, by its header's column name.
    static func frameTimes(elasticCSV path: String) throws -> [Double] {
        let rows = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        let header = try #require(rows.first).split(separator: ",")
        let column = try #require(header.firstIndex(of: "frame_ms"))
        return rows.dropFirst().map { Double($0.split(separator: ",", omittingEmptySubsequences: false)[column])! }
    }

    /// frametime of every row of a MangoHud log (its third line is the header).
    static func frameTimes(mangoHudCSV path: String) throws -> [Double] {
        let rows = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let header = rows[2].split(separator: ",")
        let column = try #require(header.firstIndex(of: "frametime"))
        return rows.dropFirst(3).map { Double($0.split(separator: ",")[column])! }
    }

    @Test("--results-file: FPS is frames ÷ the sum of the frame times in its own stats files (0.1 %), every field there")
    func resultsMatchStatsFiles() async throws {
        let dir = try ElasticBinary.scratch("bench-results")
        let results = dir.appendingPathComponent("r.json").path, stats = dir.appendingPathComponent("stats").path
        let report = dir.appendingPathComponent("report.svg").path
        let r = try await ElasticBinary.run(["bench", "--off-screen", "-b", "jelly-block:seconds=2:rounds=2", "-b", "wave-balls:redraw=all:window=640x360:rounds=1",
                                             "--results-file", results, "--stats-dir", stats, "--stats-format", "elastic,mangohud",
                                             "--stats-format", "capframex", "--report", report])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: results))) as? [String: Any])
        let machine = try #require(json["machine"] as? [String: Any])
        for key in ["cpu", "cores", "memory_kib", "os", "kernel", "desktop", "video_driver", "display_width", "display_height", "display_refresh_hz", "renderer"] {
            #expect(machine[key] != nil, "machine has no \(key)")
        }
        #expect(machine["video_driver"] as? String == "dummy" && machine["desktop"] as? String == "none (off-screen)")
        let program = try #require(json["elastic"] as? [String: Any])
        #expect(program["version"] as? String != nil && program["build"] as? String != nil)
        let benchmarks = try #require(json["benchmarks"] as? [[String: Any]])
        #expect(benchmarks.count == 2)
        let printed = Self.lines(r.stdout)
        for (i, b) in benchmarks.enumerated() {
            for key in ["description", "frames", "fps", "frame_ms_p50", "frame_ms_p99", "frame_ms_max", "p1_fps_capframex",
                        "p0_1_fps_capframex", "cpu_ms_per_frame", "submit_ms_mean", "damaged_px_mean", "window", "output", "scale"] {
                #expect(b[key] != nil, "benchmark \(i) has no \(key)")
            }
            let files = try #require(b["stats_files"] as? [String])
            #expect(files.count == 3, "\(files)")
            let elastic = try #require(files.first { $0.hasSuffix(".elastic.csv") })
            let mango = try #require(files.first { $0.hasSuffix(".mangohud.csv") })
            let times = try Self.frameTimes(elasticCSV: elastic)
            let frames = try #require(b["frames"] as? Int), fps = try #require(b["fps"] as? Double)
            #expect(times.count == frames, "\(elastic): \(times.count) rows, results say \(frames) frames")
            let fromFile = Double(times.count) * 1000 / times.reduce(0, +)
            #expect(abs(fps / fromFile - 1) < 0.001, "results FPS \(fps), from \(elastic) \(fromFile)")
            let mangoTimes = try Self.frameTimes(mangoHudCSV: mango)
            #expect(abs(Double(mangoTimes.count) * 1000 / mangoTimes.reduce(0, +) / fps - 1) < 0.001, "\(mango)")
            #expect(i < printed.count && printed[i].fps == Int(fps.rounded()), "printed \(printed), results \(fps)")
            // The CapFrameX companion that its app lists, and the summary play writes too.
            let capframex = try #require(files.first { $0.hasSuffix(".capframex.csv") })
            #expect(FileManager.default.fileExists(atPath: String(capframex.dropLast(4)) + ".json"))
        }
        #expect(benchmarks[0]["frames"] as? Int == 2 * 121 - 1, "two rounds of 2 s at 60 frames a second and the first frame, less the start-up frame")
        #expect(benchmarks[1]["window"] as? String == "640x360" && benchmarks[1]["redraw"] as? String == "all")
        #expect((benchmarks[1]["damaged_px_mean"] as? NSNumber)?.doubleValue == 230_400, "redraw=all redraws all 640 × 360 pixels")
        let score = try #require(json["score"] as? Double)
        let mean = benchmarks.compactMap { $0["fps"] as? Double }.reduce(0, +) / 2
        #expect(abs(score - mean) < 1e-9 * mean)
        let svg = try String(contentsOfFile: report, encoding: .utf8)
        #expect(svg.components(separatedBy: "class=\"bar\"").count == 3 && svg.contains("frames-1") && svg.contains("elastic bench Score:"))
    }

    @Test("--run-forever stops on SIGINT with the report so far: results and stats files complete, the cut benchmark's removed")
    func runForeverStopsOnSignal() async throws {
        let dir = try ElasticBinary.scratch("bench-forever")
        let results = dir.appendingPathComponent("r.json").path, stats = dir.appendingPathComponent("stats").path
        let r = try await ElasticBinary.run(["-s", "INT", "3", ElasticBinary.url.path, "bench", "--off-screen", "--run-forever",
                                             "-b", "wave-balls:window=640x360:rounds=1", "--results-file", results, "--stats-dir", stats],
                                            timeout: 60, executable: URL(fileURLWithPath: "/usr/bin/timeout"))
        #expect(r.status == 124, "\(r.stderr)")
        #expect(r.stderr.contains("stopped by SIGINT"), "\(r.stderr)")
        let printed = Self.lines(r.stdout)
        #expect(printed.count >= 2, "in 3 s a 640x360 benchmark runs more than once: \(r.stdout)")
        #expect(Self.score(r.stdout) != nil)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: results))) as? [String: Any])
        #expect((json["benchmarks"] as? [Any])?.count == printed.count)
        let files = try FileManager.default.contentsOfDirectory(atPath: stats).filter { $0.hasSuffix(".csv") }
        #expect(files.count == printed.count, "a file per finished benchmark, none for the cut one: \(files)")
        for file in files {
            let text = try String(contentsOfFile: stats + "/" + file, encoding: .utf8)
            #expect(text.contains("# finished: "), "\(file) is not complete")
        }
    }

    @Test("--paced: paced off-screen by the loop's timer, with late frames and input-to-present latency on the line")
    func paced() async throws {
        let r = try await ElasticBinary.run(["bench", "--off-screen", "--paced", "-b", "jelly-block:seconds=1:window=640x360"])
        #expect(r.status == 0, "\(r.stderr)")
        let line = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("[jelly-block]") })
        #expect(line.contains(" late frames: ") && line.contains(" input-to-present: p50 "), "\(line)")
        // Paced at 60 Hz: about 60 frames a second, not thousands.
        let fps = try #require(Self.lines(r.stdout).first?.fps)
        #expect(fps > 40 && fps < 75, "\(line)")
    }

    static let refused: [(arguments: [String], message: String)] = [
        (["-b", "wave-pool"], "unknown scene 'wave-pool'"),
        (["-b", "wave-pull:speed=2"], "unknown key 'speed'"),
        (["-b", "wave-pull:window=0x5"], "window=0x5"),
        (["-b", "wave-pull:redraw=some"], "must be damage or all"),
        (["-b", "wave-pull:seconds=-1"], "seconds=-1"),
        (["-b", "wave-pull:scale"], "is not KEY=VALUE"),
        (["-b", "wave-pull:replay=nothing-here"], "cannot read the replay"),
        (["-b", "jelly-block", "-b", "wave-pull:window=2x2:window=3x3"], "window is given twice"),
        (["-f", "/nonexistent/benchmarks.txt"], "cannot read the benchmark file"),
        (["-f", "/"], "cannot read the benchmark file"),
        (["-b", "jelly-block", "--results-file", "/nonexistent/r.json"], "cannot write the results"),
        (["-b", "jelly-block", "--results-file", "/"], "cannot write the results"),
        (["-b", "jelly-block", "--stats-format", "csv2", "--stats-dir", "/tmp"], "unknown --stats-format 'csv2'"),
        (["-b", "jelly-block", "--report", "r.png"], "--report writes SVG"),
        (["--validate", "--reference-dir", "/nonexistent/refs"], "no reference folder"),
    ]

    @Test("bad input is refused before any benchmark runs, naming what is wrong", arguments: refused.indices)
    func badInputRefused(index: Int) async throws {
        let (arguments, message) = Self.refused[index]
        let r = try await ElasticBinary.run(["bench", "--off-screen"] + arguments)
        #expect(r.status != 0, "\(arguments)")
        #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
        #expect(!r.stderr.contains("elastic bench: 1/") && r.stdout.isEmpty, "something ran: \(r.stderr)")
    }

    @Test("-f: one description a line, # comments skipped; a bad line is named by its number")
    func benchmarkFile() async throws {
        let dir = try ElasticBinary.scratch("bench-file")
        let good = dir.appendingPathComponent("good.txt"), bad = dir.appendingPathComponent("bad.txt")
        try "# two quick ones\njelly-block:seconds=1:window=320x180   # a comment\n\n  wave-pull:seconds=1:window=320x180\n".write(to: good, atomically: true, encoding: .utf8)
        try "jelly-block:seconds=1\n# fine so far\nwave-pull:seconds=zero\n".write(to: bad, atomically: true, encoding: .utf8)
        let r = try await ElasticBinary.run(["bench", "--off-screen", "-f", good.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.lines(r.stdout).map(\.scene) == ["jelly-block", "wave-pull"], "\(r.stdout)")
        let refused = try await ElasticBinary.run(["bench", "--off-screen", "-f", bad.path])
        #expect(refused.status == 2 && refused.stderr.contains("\(bad.path):3: seconds=zero"), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
    }

    @Test("--compare: two runs at two window sizes side by side with ratios; a benchmark on one side only is named")
    func compare() async throws {
        let dir = try ElasticBinary.scratch("bench-compare")
        let a = dir.appendingPathComponent("small.json").path, b = dir.appendingPathComponent("large.json").path
        let ra = try await ElasticBinary.run(["bench", "--off-screen", "--window", "320x180", "-b", "jelly-block:seconds=1",
                                              "-b", "wave-pull:seconds=1", "--results-file", a])
        let rb = try await ElasticBinary.run(["bench", "--off-screen", "--window", "640x360", "-b", "jelly-block:seconds=1",
                                              "-b", "wave-balls:seconds=1", "--results-file", b])
        #expect(ra.status == 0 && rb.status == 0, "\(ra.stderr) \(rb.stderr)")
        let r = try await ElasticBinary.run(["bench", "--compare", a, b])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = r.stdout.split(separator: "\n").map(String.init)
        let jelly = try #require(rows.first { $0.hasPrefix("jelly-block:seconds=1 ") }, "\(r.stdout)")
        // FPS, p99, the other's FPS and its ratio to the first, p99 and its ratio.
        let cells = jelly.split(separator: " ").map(String.init)
        #expect(cells.count == 7, "\(jelly)")
        if cells.count == 7, let fa = Double(cells[1]), let fb = Double(cells[3]), let ratio = Double(cells[4]) {
            #expect(abs(ratio - fb / fa) < 0.01 + 0.01 * ratio, "\(jelly)")
        }
        #expect(rows.contains { $0.hasPrefix("score ") })
        #expect(r.stdout.contains("missing: wave-pull:seconds=1 is not in large.json"), "\(r.stdout)")
        #expect(r.stdout.contains("missing: wave-balls:seconds=1 is not in small.json"), "\(r.stdout)")
        #expect(r.stdout.contains("320x180") && r.stdout.contains("640x360"))

        // A results file cut short, and one with a field of the wrong kind: the file and the line.
        let text = try String(contentsOfFile: a, encoding: .utf8)
        let cut = dir.appendingPathComponent("cut.json").path, wrong = dir.appendingPathComponent("wrong.json").path
        try String(text.prefix(text.count / 2)).write(toFile: cut, atomically: true, encoding: .utf8)
        let fpsLine = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("\"fps\" :") }! + 1
        try text.replacingOccurrences(of: "\"fps\" :", with: "\"fps\" : \"fast\", \"was\" :").write(toFile: wrong, atomically: true, encoding: .utf8)
        let c = try await ElasticBinary.run(["bench", "--compare", a, cut])
        #expect(c.status == 2 && c.stderr.contains(cut) && c.stderr.contains("line "), "\(c.stderr)")
        let w = try await ElasticBinary.run(["bench", "--compare", wrong, b])
        #expect(w.status == 2 && w.stderr.contains("\(wrong): line \(fpsLine)") && w.stderr.contains("benchmarks[0].fps"), "\(w.stderr)")
    }
}

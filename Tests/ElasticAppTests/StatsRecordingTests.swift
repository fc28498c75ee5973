import ElasticCore
import Foundation
import Testing

@Suite("elastic play --stats", .serialized)
struct StatsRecordingTests {
    let replay = ElasticBinary.root.appendingPathComponent("assets/replays/wave-pull-center.jsonl").path

    @Test("a headless run writes one row per frame, parts summing to no more than the frame, and a summary")
    func rowsPerFrame() async throws {
        let dir = try ElasticBinary.scratch("stats-rows")
        let csv = dir.appendingPathComponent("run.csv")
        let r = try await ElasticBinary.run(["play", "--headless", "--replay", replay, "--frames", "120", "--hud",
                                       "--stats", csv.path])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOf: csv, encoding: .utf8)
        let lines = text.split(separator: "\n")
        let preamble = lines.filter { $0.hasPrefix("#") }
        for key in ["renderer", "vsync_requested", "vsync_in_effect", "window_size", "output_size", "step_rate_hz", "build"] {
            #expect(preamble.contains { $0.hasPrefix("# \(key):") }, "preamble lacks \(key)")
        }
        // Headless frames are not paced by any display, whatever flag SDL's software renderer keeps.
        #expect(preamble.contains("# vsync_in_effect: false"))
        let header = "frame,t_ms,frame_ms,input_ms,update_ms,steps,tessellate_ms,submit_ms,present_ms,hud_ms,vertices,triangles,damaged_px,scene"
            + ",input_latency_ms,cpu_load,cpu_power,cpu_temp,cpu_mhz,ram_used,swap_used,process_rss"
        // Frame 0 is the start-up (loop start to first present): in the header, not a row.
        #expect(preamble.contains { $0.hasPrefix("# first_present_ms: ") })
        let rows = lines.drop { $0 != header }.dropFirst().filter { !$0.hasPrefix("#") }
        #expect(rows.count == 119)
        var totalSteps = 0
        for (i, row) in rows.enumerated() {
            let f = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            #expect(f.count == 22)
            #expect(Int(f[0]) == i + 1)
            let frameMs = Double(f[2])!
            let parts = [3, 4, 6, 7, 8, 9].map { Double(f[$0])! }
            // Times are whole nanoseconds in the file.
            #expect(parts.reduce(0, +) <= frameMs + 1e-9, "row \(i): parts \(parts) > frame \(frameMs)")
            #expect(parts.allSatisfy { $0 >= 0 })
            totalSteps += Int(f[5])!
            #expect(f[13] == "wave-pull")
            // The start-up frame drew everything; later ones redraw what changed (the wave, the HUD).
            let damaged = Int(f[12])!
            #expect(damaged <= 1280 * 720, "row \(i): \(damaged) px")
            #expect(Int(f[11])! > 0)
        }
        // 120 frames at 60 fps are 119 frame intervals of 4 steps at 240 Hz.
        #expect(totalSteps == 119 * 4)
        let summaryURL = dir.appendingPathComponent("run.summary.json")
        let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: summaryURL)) as? [String: Any]
        #expect(summary?["frames"] as? Int == 119)
        #expect((summary?["mean_hud_ms"] as? Double ?? 0) > 0)
        #expect(r.stderr.contains("average"))
        // `elastic stats` reads the file back: its table's frames row is the 119 rows counted above.
        let s = try await ElasticBinary.run(["stats", csv.path])
        #expect(s.status == 0, "\(s.stderr)")
        let framesRow = s.stdout.split(separator: "\n").first { $0.hasPrefix("frames ") }
        #expect(framesRow?.split(separator: " ") == ["frames", "119"], "\(s.stdout)")
    }

    @Test("the MangoHud layout: two preamble lines, MangoHud's header, one row per frame")
    func mangohud() async throws {
        let dir = try ElasticBinary.scratch("stats-mangohud")
        let csv = dir.appendingPathComponent("mango.csv")
        let r = try await ElasticBinary.run(["play", "--headless", "--frames", "30", "--stats", csv.path, "--stats-format", "mangohud"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = try String(contentsOf: csv, encoding: .utf8).split(separator: "\n")
        #expect(lines[0] == "os,cpu,gpu,ram,kernel,driver,cpuscheduler")
        #expect(lines[2] == "fps,frametime,cpu_load,cpu_power,gpu_load,cpu_temp,gpu_temp,gpu_core_clock,gpu_mem_clock,gpu_vram_used,gpu_power,ram_used,swap_used,process_rss,cpu_mhz,elapsed")
        #expect(lines.count == 3 + 29)   // the start-up is not a row
        // CapFrameX runs Convert.ToDouble on the ram field: MemTotal in kB, digits only.
        let system = lines[1].split(separator: ",", omittingEmptySubsequences: false)
        #expect(system.count == 9 && !system[3].isEmpty && system[3].allSatisfy { $0.isASCII && $0.isNumber }, "\(lines[1])")
        // Its plot's time axis lies within the run (a wrapped start gave 18446744073 s).
        let svg = dir.appendingPathComponent("mango.svg")
        let p = try await ElasticBinary.run(["stats", csv.path, "--plot", svg.path])
        #expect(p.status == 0, "\(p.stderr)")
        let lastElapsedSeconds = Double(lines.last!.split(separator: ",").last!)! / 1e9
        let timeLabels = try String(contentsOf: svg, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("<text ") && $0.contains("y=\"608.0\"") && !$0.contains("%<") }
            .compactMap { Double($0.split(separator: ">")[1].split(separator: "<")[0]) }
        #expect(timeLabels.count >= 2, "\(timeLabels)")
        #expect(timeLabels.allSatisfy { $0 >= 0 && $0 <= lastElapsedSeconds }, "\(timeLabels)")
    }

    @Test("a second run recording into the same stats file is refused and leaves the first run's file alone")
    func twoRunsOnOneFile() async throws {
        let dir = try ElasticBinary.scratch("stats-lock")
        let csv = dir.appendingPathComponent("run.csv")
        let out = dir.appendingPathComponent("first.out").path, err = dir.appendingPathComponent("first.err").path
        let first = try ElasticBinary.spawn(["play", "--headless", "--seconds", "100000", "--stats", csv.path],
                                            stdout: out, stderr: err)
        // The first run has its file once the header is there.
        var started = false
        for _ in 0..<600 where !started {
            started = (try? String(contentsOf: csv, encoding: .utf8))?.contains("frame,t_ms,frame_ms") == true
            if !started { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(started)
        let second = try await ElasticBinary.run(["play", "--headless", "--frames", "5", "--stats", csv.path,
                                            "--stats-format", "mangohud"])
        kill(first, SIGTERM)
        let status = await ElasticBinary.wait(first, timeout: 60)
        #expect(status == 0, "\((try? String(contentsOfFile: err, encoding: .utf8)) ?? "")")
        #expect(second.status == 2)
        #expect(second.stderr.contains("cannot write stats to \(csv.path): another recorder is writing it"), "\(second.stderr)")
        // The first run's file is whole: its own preamble, and as many rows as its summary counts.
        let text = try String(contentsOf: csv, encoding: .utf8)
        #expect(text.hasPrefix("# elastic frame stats"))
        let rows = text.split(separator: "\n").filter { $0.first?.isNumber == true }
        let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("run.summary.json"))) as? [String: Any]
        #expect(summary?["frames"] as? Int == rows.count)
        #expect(rows.allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 22 })
    }

    @Test("--stats on a FIFO nobody reads fails at once with the reason, and writes no summary beside it")
    func fifoWithoutReader() async throws {
        let dir = try ElasticBinary.scratch("stats-fifo")
        let fifo = dir.appendingPathComponent("rows.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let out = dir.appendingPathComponent("out").path, err = dir.appendingPathComponent("err").path
        let pid = try ElasticBinary.spawn(["play", "--headless", "--frames", "5", "--stats", fifo], stdout: out, stderr: err)
        let status = await ElasticBinary.wait(pid, timeout: 60)   // nil: it hung (and was killed)
        #expect(status == 2)
        let stderr = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
        #expect(stderr.contains("cannot write stats to \(fifo): it is a FIFO that no process has open for reading"), "\(stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["err", "out", "rows.fifo"])
    }

    @Test("--stats /dev/null: the run and its summary table, and no /dev/null.summary.json")
    func devNull() async throws {
        let beside = "/dev/null.summary.json"
        // Left by older builds on some machines: then it must not change.
        let before = try? FileManager.default.attributesOfItem(atPath: beside)[.modificationDate] as? Date
        let r = try await ElasticBinary.run(["play", "--headless", "--frames", "30", "--stats", "/dev/null"])
        #expect(r.status == 0, "\(r.stderr)")
        let framesRow = r.stderr.split(separator: "\n").first { $0.hasPrefix("frames ") }
        #expect(framesRow?.split(separator: " ") == ["frames", "29"], "\(r.stderr)")
        #expect((try? FileManager.default.attributesOfItem(atPath: beside)[.modificationDate] as? Date) == before)
    }

    @Test("an unwritable stats path fails before the run starts", arguments: ["/nonexistent-dir/run.csv", "/tmp", "/proc/version"])
    func unwritable(path: String) async throws {
        let r = try await ElasticBinary.run(["play", "--headless", "--frames", "5", "--stats", path])
        #expect(r.status != 0)
        #expect(r.stderr.contains(path))
        #expect(!r.stderr.contains("reached"))
    }
}

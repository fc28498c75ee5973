import ElasticCore
import Foundation
import Testing

@Suite("elastic play --stats", .serialized)
struct StatsRecordingTests {
    let replay = ElasticBinary.root.appendingPathComponent("assets/replays/wave-pull-center.jsonl").path

    @Test("a headless run writes one row per frame, parts summing to no more than the frame, and a summary")
    func rowsPerFrame() throws {
        let dir = try ElasticBinary.scratch("stats-rows")
        let csv = dir.appendingPathComponent("run.csv")
        let r = try ElasticBinary.run(["play", "--headless", "--replay", replay, "--frames", "120", "--hud",
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
        let header = "frame,t_ms,frame_ms,input_ms,update_ms,steps,tessellate_ms,submit_ms,present_ms,hud_ms,vertices,triangles,scene"
        let rows = lines.drop { $0 != header }.dropFirst().filter { !$0.hasPrefix("#") }
        #expect(rows.count == 120)
        var totalSteps = 0
        for (i, row) in rows.enumerated() {
            let f = row.split(separator: ",").map(String.init)
            #expect(f.count == 13)
            #expect(Int(f[0]) == i)
            let frameMs = Double(f[2])!
            let parts = [3, 4, 6, 7, 8, 9].map { Double(f[$0])! }
            // Each part is rounded to 0.1 µs in the file: allow that much per column.
            #expect(parts.reduce(0, +) <= frameMs + 0.0006, "row \(i): parts \(parts) > frame \(frameMs)")
            #expect(parts.allSatisfy { $0 >= 0 })
            totalSteps += Int(f[5])!
            #expect(f[12] == "wave-pull")
            #expect(Int(f[11])! > 0)
        }
        // 120 frames at 60 fps are 119 frame intervals of 4 steps at 240 Hz.
        #expect(totalSteps == 119 * 4)
        let summaryURL = dir.appendingPathComponent("run.summary.json")
        let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: summaryURL)) as? [String: Any]
        #expect(summary?["frames"] as? Int == 120)
        #expect((summary?["mean_hud_ms"] as? Double ?? 0) > 0)
        #expect(r.stderr.contains("average"))
        // `elastic stats` reads the file back.
        let s = try ElasticBinary.run(["stats", csv.path])
        #expect(s.status == 0, "\(s.stderr)")
        #expect(s.stdout.contains("120") || s.stderr.contains("120"))
    }

    @Test("the MangoHud layout: two preamble lines, MangoHud's header, one row per frame")
    func mangohud() throws {
        let dir = try ElasticBinary.scratch("stats-mangohud")
        let csv = dir.appendingPathComponent("mango.csv")
        let r = try ElasticBinary.run(["play", "--headless", "--frames", "30", "--stats", csv.path, "--stats-format", "mangohud"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = try String(contentsOf: csv, encoding: .utf8).split(separator: "\n")
        #expect(lines[0] == "os,cpu,gpu,ram,kernel,driver,cpuscheduler")
        #expect(lines[2] == "fps,frametime,cpu_load,cpu_power,gpu_load,cpu_temp,gpu_temp,gpu_core_clock,gpu_mem_clock,gpu_vram_used,gpu_power,ram_used,swap_used,process_rss,cpu_mhz,elapsed")
        #expect(lines.count == 3 + 30)
    }

    @Test("an unwritable stats path fails before the run starts", arguments: ["/nonexistent-dir/run.csv", "/tmp", "/proc/version"])
    func unwritable(path: String) throws {
        let r = try ElasticBinary.run(["play", "--headless", "--frames", "5", "--stats", path])
        #expect(r.status != 0)
        #expect(r.stderr.contains(path))
        #expect(!r.stderr.contains("reached"))
    }
}

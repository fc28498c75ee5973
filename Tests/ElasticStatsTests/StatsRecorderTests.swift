import Foundation
import Testing
@testable import ElasticStats

@Suite("Stats recorder")
struct StatsRecorderTests {
    @Test func elasticPreambleHeaderAndRows() throws {
        let dir = try statsTemporaryDirectory()
        let path = dir + "/run.csv"
        let recorder = try FrameStatsRecorder(path: path, format: .elastic, run: statsTestRun, targetRefreshRate: 60)
        recorder.record(statsStartUp)   // the start-up: not a row
        for i in 0..<3 { recorder.record(statsTestFrame(i)) }
        let summary = try #require(recorder.finish())
        let lines = statsFileText(path).split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("# elastic frame stats") == true)
        for expected in ["# renderer: opengl", "# video_driver: x11", "# vsync_requested: true",
                         "# vsync_in_effect: unknown", "# display_refresh_hz: 60.000", "# window_size: 1280x720",
                         "# output_size: 2560x1440", "# step_rate_hz: 120.000", "# build: debug",
                         "# headless: false", "# simulated_fps: none", "# version: 0.1.0",
                         "# target_refresh_hz: 60", "# budget_ms: 16.6667", "# first_present_ms: 5.000000"] {
            #expect(lines.contains(expected), "missing \(expected)")
        }
        #expect(lines.contains { $0.hasPrefix("# started: 20") })
        // The start-up sits just above the column header, with the other "#" lines.
        let header = try #require(lines.firstIndex(of: ElasticLayout.header))
        #expect(lines[header - 1] == "# first_present_ms: 5.000000")
        #expect(ElasticLayout.header
            == "frame,t_ms,frame_ms,input_ms,update_ms,steps,tessellate_ms,submit_ms,present_ms,hud_ms,vertices,triangles,damaged_px,scene"
            + ",input_latency_ms,cpu_load,cpu_power,cpu_temp,cpu_mhz,ram_used,swap_used,process_rss")
        let rows = lines.filter { !$0.hasPrefix("#") && $0 != ElasticLayout.header }
        // Times to the nanosecond; no input latency measured (empty); then the sensors.
        #expect(rows.map { $0.split(separator: ",", omittingEmptySubsequences: false).prefix(15).joined(separator: ",") } == [
            "0,16.666667,16.666667,0.100000,2.000000,2,3.000000,1.000000,10.000000,0.000000,1200,400,3072,wave-pull,",
            "1,33.333334,16.666667,0.100000,2.000000,2,3.000000,1.000000,10.000000,0.000000,1200,400,3073,wave-pull,",
            "2,50.000001,16.666667,0.100000,2.000000,2,3.000000,1.000000,10.000000,0.000000,1200,400,3074,wave-pull,",
        ])
        for row in rows {
            let sensors = row.split(separator: ",", omittingEmptySubsequences: false).dropFirst(15)
            #expect(sensors.count == 7 && sensors.allSatisfy { Double($0) != nil })
        }
        #expect(summary.frames == 3)
        #expect(recorder.summaryPath == dir + "/run.summary.json")
        let json = try #require(FileManager.default.contents(atPath: dir + "/run.summary.json"))
        #expect(try JSONDecoder().decode(FrameSummary.self, from: json) == summary)
        #expect(recorder.writeError == nil)
    }

    @Test func mangoHudLayout() throws {
        let dir = try statsTemporaryDirectory()
        let path = dir + "/run.csv"
        var run = statsTestRun
        run.gpuName = "AMD Radeon RX 6800 (navi21, LLVM 17.0.6, DRM 3.57)"
        let recorder = try FrameStatsRecorder(path: path, format: .mangohud, run: run, targetRefreshRate: 60)
        recorder.record(statsStartUp)   // the start-up: not a row
        recorder.record(statsTestFrame(0, frameNs: 20_000_000))
        recorder.record(statsTestFrame(1, frameNs: 16_666_667))
        recorder.finish()
        let lines = statsFileText(path).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "os,cpu,gpu,ram,kernel,driver,cpuscheduler")
        let system = lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        #expect(system.count == 9)
        // Past MangoHud's seven, what its readers skip: the target rate and the start-up.
        #expect(system[7] == "target_refresh_hz=60" && system[8] == "first_present_ms=5.000000")
        // MangoHud's remove_parentheses leaves the space before the "(".
        #expect(system[2] == "AMD Radeon RX 6800 ")
        #expect(system[5] == "")                        // driver: unknown, so empty
        #expect(!system[3].isEmpty && system[3].allSatisfy { $0.isASCII && $0.isNumber })   // kB
        #expect(lines[2] == "fps,frametime,cpu_load,cpu_power,gpu_load,cpu_temp,gpu_temp,gpu_core_clock,gpu_mem_clock,gpu_vram_used,gpu_power,ram_used,swap_used,process_rss,cpu_mhz,elapsed")
        // %.6g: 1000 / 20 = 50 and 20 print bare; 1e9 / 16666667 = 59.99999880 → "60",
        // 16.666667 → "16.6667".
        // The sensors are this machine's: the GPU ones stay 0, the others are numbers.
        func fields(_ line: String) -> [String] { line.split(separator: ",").map(String.init) }
        #expect(Array(fields(lines[3])[0...1]) == ["50", "20"] && fields(lines[3])[15] == "20000000")
        #expect(Array(fields(lines[4])[0...1]) == ["60", "16.6667"] && fields(lines[4])[15] == "33333334")
        for line in lines[3...4] {
            let f = fields(line)
            #expect(f.count == 16 && f.allSatisfy { Double($0) != nil })
            #expect([4, 6, 7, 8, 9, 10].allSatisfy { f[$0] == "0" })   // gpu_*: no GPU sensors read
            #expect(Int(f[5]) != nil && Int(f[14]) != nil)              // cpu_temp, cpu_mhz: ints as MangoHud's
        }
        #expect(lines.count == 6 && lines[5].isEmpty)   // no comments in a MangoHud log
    }

    @Test(arguments: StatsFormat.allCases)
    func roundTripsThroughTheReader(format: StatsFormat) throws {
        let dir = try statsTemporaryDirectory()
        let path = dir + "/run.csv"
        let recorder = try FrameStatsRecorder(path: path, format: format, run: statsTestRun, targetRefreshRate: 60)
        recorder.record(statsStartUp)   // the start-up: not a row
        var records: [FrameRecord] = []
        for i in 0..<500 {
            var r = statsTestFrame(i, frameNs: UInt64(15_000_000 + (i * 7919) % 5_000_000))
            r.timeNs = (records.last?.timeNs ?? 0) + r.frameNs
            r.scene = i % 2 == 0 ? "gooey-menu" : "odd, \"quoted\" scene"
            records.append(r)
            recorder.record(r)
        }
        let written = try #require(recorder.finish())
        let log = try FrameStatsReader.read(path: path)
        #expect(log.format == format)
        #expect(log.records.count == 500)
        // Times are written with 100 ns resolution.
        for (a, b) in zip(records, log.records) {
            #expect(a.frame == b.frame)
            #expect(abs(Int64(a.frameNs) - Int64(b.frameNs)) <= 50)
            #expect(abs(Int64(a.timeNs) - Int64(b.timeNs)) <= 50)
            if format == .elastic {
                #expect(a.scene == b.scene && a.steps == b.steps && a.vertices == b.vertices)
                #expect(abs(Int64(a.presentNs) - Int64(b.presentNs)) <= 50)
            }
        }
        let read = try log.summary()
        #expect(read.frames == written.frames)
        #expect(abs(read.averageFPS - written.averageFPS) < 1e-3)
        #expect(abs(read.p1FPS - written.p1FPS) < 1e-3)
        #expect((read.meanPresentMs == nil) == (format != .elastic))
        if format == .elastic { #expect(log.targetRefreshRate == 60) }
    }

    @Test func flushesAtLeastOnceASecond() throws {
        let dir = try statsTemporaryDirectory()
        let path = dir + "/run.csv"
        let recorder = try FrameStatsRecorder(path: path, format: .elastic, run: statsTestRun, targetRefreshRate: 100)
        recorder.record(statsStartUp)   // the start-up: not a row
        let preamble = statsFileSize(path)
        #expect(preamble > 0)   // written at once: a bad path fails before the run
        // Frames of 10 ms: frame i presents at (i + 1) × 10 ms.
        for i in 0..<50 { recorder.record(statsTestFrame(i, frameNs: 10_000_000)) }
        #expect(statsFileSize(path) == preamble)       // 0.5 s: still buffered
        for i in 50..<100 { recorder.record(statsTestFrame(i, frameNs: 10_000_000)) }
        let afterOneSecond = statsFileSize(path)
        #expect(afterOneSecond > preamble)             // frame 99 at 1.0 s: written
        #expect(statsFileText(path).contains("\n99,1000.000000,"))
        for i in 100..<150 { recorder.record(statsTestFrame(i, frameNs: 10_000_000)) }
        #expect(statsFileSize(path) == afterOneSecond)
        for i in 150..<200 { recorder.record(statsTestFrame(i, frameNs: 10_000_000)) }
        #expect(statsFileSize(path) > afterOneSecond)  // 2.0 s
        recorder.flush()
        #expect(statsFileText(path).split(separator: "\n").count(where: { $0.first?.isNumber == true }) == 200)
        recorder.finish()
    }

    @Test func aDirectoryFailsFastWithTheReason() throws {
        let dir = try statsTemporaryDirectory()
        #expect {
            try FrameStatsRecorder(path: dir, format: .elastic, run: statsTestRun, targetRefreshRate: 60)
        } throws: { error in
            "\(error)" == "cannot write stats to \(dir): Is a directory"
        }
    }

    @Test func aMissingParentFailsFastWithTheReason() throws {
        let path = try statsTemporaryDirectory() + "/no/such/dir/run.csv"
        #expect {
            try FrameStatsRecorder(path: path, format: .mangohud, run: statsTestRun, targetRefreshRate: 60)
        } throws: { error in
            "\(error)" == "cannot write stats to \(path): No such file or directory"
        }
    }

    /// Root writes through permission bits, so as root (how CI runs) the directory is a tmpfs mounted
    /// read-only; anyone else gets one without write permission.
    @Test func aReadOnlyDirectoryFailsFastWithTheReason() throws {
        let dir = try statsTemporaryDirectory()
        let reason: String
        let undo: () -> Void
        if geteuid() == 0 {
            // mount(2) itself: no child process to wait for.
            if Glibc.mount("tmpfs", dir, "tmpfs", UInt(MS_RDONLY), "size=4k") != 0 {
                try Test.cancel("cannot mount a read-only tmpfs at \(dir): \(String(cString: strerror(errno)))")
            }
            reason = "Read-only file system"
            undo = { _ = Glibc.umount(dir) }
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: dir)
            reason = "Permission denied"
            undo = { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: dir) }
        }
        defer { undo() }
        let path = dir + "/run.csv"
        // Refused when opened, before any frame is recorded.
        #expect {
            try FrameStatsRecorder(path: path, format: .elastic, run: statsTestRun, targetRefreshRate: 60)
        } throws: { error in
            "\(error)" == "cannot write stats to \(path): \(reason)"
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// The same for root (how CI runs), which writes into read-only folders: sysfs refuses new
    /// files to everyone.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/sys/kernel")))
    func aFolderNobodyCanWriteFailsFastWithTheReason() {
        #expect {
            try FrameStatsRecorder(path: "/sys/kernel/elastic-run.csv", format: .elastic, run: statsTestRun, targetRefreshRate: 60)
        } throws: { error in
            "\(error)".hasPrefix("cannot write stats to /sys/kernel/elastic-run.csv: ")
        }
        #expect(!FileManager.default.fileExists(atPath: "/sys/kernel/elastic-run.csv"))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aFullDiskFailsFastWithTheReason() {
        #expect {
            try FrameStatsRecorder(path: "/dev/full", format: .elastic, run: statsTestRun, targetRefreshRate: 60)
        } throws: { error in
            "\(error)" == "cannot write stats to /dev/full: No space left on device"
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aDiskFillingMidRunIsReportedNotFatal() throws {
        let dir = try statsTemporaryDirectory()
        let recorder = try FrameStatsRecorder(path: dir + "/run.csv", format: .elastic, run: statsTestRun,
                                              targetRefreshRate: 100)
        recorder.record(statsStartUp)   // the start-up: not a row
        for i in 0..<50 { recorder.record(statsTestFrame(i, frameNs: 10_000_000)) }
        recorder.redirectForTesting(to: "/dev/full")
        for i in 50..<300 { recorder.record(statsTestFrame(i, frameNs: 10_000_000)) }
        #expect(recorder.writeError == "cannot write stats to \(dir)/run.csv: No space left on device")
        let summary = try #require(recorder.finish())
        #expect(summary.frames == 300)                 // every frame still counts
        #expect(summary.lostRows == 300)               // the first write (at 1 s) failed: all rows lost
        #expect(summary.table().contains("300 rows could not be written"))
    }

    @Test func pauseMarkersInTheElasticFormat() throws {
        let dir = try statsTemporaryDirectory()
        let path = dir + "/run.csv"
        let recorder = try FrameStatsRecorder(path: path, format: .elastic, run: statsTestRun, targetRefreshRate: 100)
        recorder.record(statsStartUp)   // the start-up: not a row
        for i in 0..<10 { recorder.record(statsTestFrame(i, frameNs: 10_000_000)) }   // 0.1 s
        recorder.pause(reason: "window hidden")
        for i in 10..<20 { recorder.record(statsTestFrame(i, frameNs: 100_000_000)) } // 1 s hidden, left out
        recorder.resume()
        recorder.record(statsTestFrame(20, frameNs: 200_000_000))                    // spans the pause: left out
        var r = statsTestFrame(21, frameNs: 10_000_000)
        r.timeNs = 1_310_000_000
        recorder.record(r)
        let summary = try #require(recorder.finish())
        let text = statsFileText(path)
        #expect(text.contains("\n# paused: window hidden\n"))
        #expect(text.contains("\n# resumed: after "))
        #expect(summary.frames == 11)
        #expect(summary.pauses == 1)
        #expect(abs(summary.pausedSeconds - 1.2) < 1e-9)
        #expect(abs(summary.averageFPS - 100) < 1e-9)
        let log = try FrameStatsReader.read(path: path)
        #expect(log.records.count == 11)
        #expect(log.pauses == 1)
    }

    @Test func pausesInTheMangoHudFormatSkipFramesWithoutComments() throws {
        let dir = try statsTemporaryDirectory()
        let path = dir + "/run.csv"
        let recorder = try FrameStatsRecorder(path: path, format: .mangohud, run: statsTestRun, targetRefreshRate: 60)
        recorder.record(statsStartUp)   // the start-up: not a row
        recorder.record(statsTestFrame(0))
        recorder.pause(reason: "window minimised")
        recorder.record(statsTestFrame(1))
        recorder.resume()
        recorder.record(statsTestFrame(2))
        recorder.record(statsTestFrame(3))
        let summary = try #require(recorder.finish())
        #expect(!statsFileText(path).contains("#"))
        #expect(try FrameStatsReader.read(path: path).records.count == 2)
        #expect(summary.frames == 2 && summary.pauses == 1)
        #expect(summary.table().contains("paused"))
    }

    @Test func finishIsIdempotentAndZeroFramesIsAClearMessage() throws {
        let dir = try statsTemporaryDirectory()
        let recorder = try FrameStatsRecorder(path: dir + "/empty.csv", format: .elastic, run: statsTestRun,
                                              targetRefreshRate: 60)
        recorder.record(statsStartUp)   // the start-up: not a row
        #expect(recorder.finish() == nil)
        #expect(recorder.finish() == nil)
        #expect(recorder.summaryError == "no frames recorded")
        #expect(statsFileText(dir + "/empty.summary.json").contains("no frames recorded"))
        recorder.record(statsTestFrame(0))   // after finish: ignored, no crash
        #expect(recorder.frameCount == 0)
    }

    @Test func summaryPathDropsTheCSVExtension() {
        #expect(FrameStatsRecorder.summaryPath(for: "/tmp/a/run.csv") == "/tmp/a/run.summary.json")
        #expect(FrameStatsRecorder.summaryPath(for: "run.log") == "run.log.summary.json")
    }

    @Test("pacing measured at 45 Hz after the run began: the budget, the summary and the file read back follow it")
    func theBudgetFollowsTheMeasuredRate() throws {
        let dir = try statsTemporaryDirectory()
        let path = dir + "/run.csv"
        let recorder = try FrameStatsRecorder(path: path, format: .elastic, run: statsTestRun, targetRefreshRate: 60)
        // 45 Hz presents (22.222 ms): every one over a 60 Hz budget, none past 1.5 × a 45 Hz one.
        var t: UInt64 = 0
        for i in 0..<40 {
            t += 22_222_222
            recorder.record(FrameRecord(frame: i, timeNs: t, frameNs: 22_222_222))
            if i == 20 { recorder.retarget(refreshRate: 45) }
        }
        let summary = try #require(recorder.finish())
        #expect(summary.targetRefreshHz == 45 && summary.lateFrames == 0)
        #expect(abs(summary.budgetMs - 1000.0 / 45) < 1e-9)
        try FileManager.default.removeItem(atPath: dir + "/run.summary.json")   // the file alone says it
        #expect(try FrameStatsReader.read(path: path).summary() == summary)
    }
}

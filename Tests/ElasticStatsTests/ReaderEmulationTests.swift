import Foundation
import Testing
@testable import ElasticStats

/// Our files as other tools' parsing code reads them: each reader's rules re-implemented from its
/// source (CapFrameX RecordManager.cs, FlightlessSomething internal/app/benchmark_data.go, MangoHud
/// bin/mangoplot.py), not from our reader.
struct ReaderEmulationTests {
    /// A recorded run of `format`: the file's lines and the frame times that went in (ms).
    static func recorded(_ format: StatsFormat, frames: Int = 40) throws -> (lines: [String], frameMs: [Double]) {
        let (path, frameMs) = try recordedFile(format, frames: frames)
        let lines = statsFileText(path).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return (lines.last == "" ? Array(lines.dropLast()) : lines, frameMs)
    }

    /// A recorded run of `format`: where its file is and the frame times that went in (ms).
    static func recordedFile(_ format: StatsFormat, frames: Int = 40) throws -> (path: String, frameMs: [Double]) {
        let path = try statsTemporaryDirectory() + "/run.csv"
        let recorder = try FrameStatsRecorder(path: path, format: format, run: statsTestRun, targetRefreshRate: 144)
        let records = FormatRoundTripTests.records().prefix(frames + 1)
        for r in records { recorder.record(r) }
        recorder.finish()
        return (path, records.dropFirst().map { Double($0.frameNs) / 1e6 })
    }

    /// FileRecordInfo.StandardIsValid: more than 20 lines (no `//` info header), and a column
    /// header holding these five names in any case; then RecordManager reads `MsPCLatency` (exact
    /// case) with double.TryParse, NaN where it does not parse.
    @Test func capFrameXListsThePresentMonFileAndChartsItsPCLatency() throws {
        let path = try statsTemporaryDirectory() + "/run.csv"
        let recorder = try FrameStatsRecorder(path: path, format: .presentmon, run: statsTestRun, targetRefreshRate: 60)
        var latencies: [UInt64?] = []
        for (i, r) in FormatRoundTripTests.records().prefix(41).enumerated() {
            var r = r
            r.inputLatencyNs = i % 3 == 0 ? nil : 7_000_000 + UInt64(i) * 12_345
            recorder.record(r)
            if i > 0 { latencies.append(r.inputLatencyNs) }   // the first present is the start-up, not a row
        }
        recorder.finish()
        let lines = statsFileText(path).split(separator: "\n").map(String.init)
        #expect(!lines[0].contains("//") && lines.count > 20)
        for name in ["Application", "Dropped", "TimeInSeconds", "MsBetweenPresents", "MsBetweenDisplayChange"] {
            #expect(lines[0].range(of: name, options: .caseInsensitive) != nil, "\(name) missing: CapFrameX would not list the file")
        }
        let metrics = lines[0].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let column = try #require(metrics.firstIndex { $0 == "MsPCLatency" })
        #expect(column > 0)   // RecordManager makes the PcLatency array only for an index > 0
        let read = lines.dropFirst().map { line -> Double in
            Double(line.split(separator: ",", omittingEmptySubsequences: false)[column]) ?? .nan
        }
        #expect(read.count == latencies.count)
        for (value, expected) in zip(read, latencies) {
            if let expected { #expect(abs(value - Double(expected) / 1e6) < 1e-9) } else { #expect(value.isNaN) }
        }
    }

    /// capframex-linux SessionIO.LoadAsync: NAME.json beside NAME.csv, camelCase keys with the
    /// times as Unix seconds (long) and frameCount an int; the CSV's first line is skipped and a
    /// row counts when it has at least four fields that parse as floats.
    @Test func capFrameXLinuxLoadsTheSession() throws {
        let before = Int64(Date().timeIntervalSince1970)
        let (path, frameMs) = try Self.recordedFile(.capframex)
        let lines = statsFileText(path).split(separator: "\n").map(String.init)
        let after = Int64(Date().timeIntervalSince1970)
        #expect(lines[0] == "MsBetweenPresents,MsUntilRenderComplete,MsUntilDisplayed,MsActualPresent")
        var times: [Float] = []
        for line in lines.dropFirst() {
            let parts = line.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count >= 4, let t = Float(parts[0]), parts[1...3].allSatisfy({ Float($0) != nil }) else { continue }
            times.append(t)
        }
        #expect(times.count == frameMs.count)
        #expect(zip(times, frameMs).allSatisfy { abs(Double($0) - $1) <= $1 * 1e-6 })
        let json = try #require(FileManager.default.contents(atPath: String(path.dropLast(4)) + ".json"))
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        for key in ["game", "gpu", "resolution", "timingMode"] { #expect(object[key] is String, "\(key)") }
        let start = try #require(object["startTime"] as? Int64), end = try #require(object["endTime"] as? Int64)
        #expect(before <= start && start <= end && end <= after)
        #expect(object["frameCount"] as? Int == frameMs.count)
        #expect(object["durationSeconds"] as? Int64 == Int64(frameMs.reduce(0, +) / 1000))
        #expect(object["resolution"] as? String == "2560x1440" && object["game"] as? String == "Elastic (wave-pull)")
    }

    @Test func capFrameXTakesTheMangoHudLog() throws {
        let (lines, frameMs) = try Self.recorded(.mangohud)
        // LoadSessionFromCSV: line 1 holds "cpuscheduler" and "kernel": skip two lines; the header
        // holds "frametime", found by name in any case.
        #expect(lines[0].contains("cpuscheduler") && lines[0].contains("kernel"))
        let rest = Array(lines.dropFirst(2))
        #expect(rest[0].contains("frametime"))
        let column = try #require(rest[0].split(separator: ",").firstIndex { $0.lowercased() == "frametime" })
        let times = rest.dropFirst().compactMap { Double($0.split(separator: ",")[column]) }
        #expect(times.count == frameMs.count)
        // %.6g: six significant digits.
        #expect(zip(times, frameMs).allSatisfy { abs($0 - $1) <= $1 * 5e-6 })
        #expect(lines.count > 20)   // FileRecordInfo lists a file only past 20 lines
    }

    @Test func flightlessSomethingTakesTheMangoHudLogWithItsSensors() throws {
        let (lines, frameMs) = try Self.recorded(.mangohud)
        // detectFileType: line 1, trailing ", " trimmed, must equal this exactly.
        #expect(lines[0].trimmingCharacters(in: CharacterSet(charactersIn: ", ")) == "os,cpu,gpu,ram,kernel,driver,cpuscheduler")
        let spec = lines[1].split(separator: ",", omittingEmptySubsequences: false)
        #expect(Int64(spec[3].trimmingCharacters(in: .whitespaces)).map { $0 >= 0 } == true)   // ram: kB
        let header = lines[2].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        var columns: [String: [Double]] = [:]
        for line in lines.dropFirst(3) {
            for (i, value) in line.split(separator: ",").enumerated() {
                guard let v = Double(value.trimmingCharacters(in: .whitespaces)), v.isFinite else { continue }
                columns[header[i], default: []].append(v)
            }
        }
        #expect(columns["fps"]?.count == frameMs.count && columns["frametime"]?.count == frameMs.count)
        // The sensors Linux gives without privileges are measured, not zeros.
        #expect(columns["ram_used"]?.allSatisfy { $0 > 0 } == true)
        #expect(columns["process_rss"]?.allSatisfy { $0 > 0 } == true)
        #expect(columns["gpu_load"]?.allSatisfy { $0 == 0 } == true)
    }

    @Test func mangoplotFindsTheHeaderAndDropsTheFirstRow() throws {
        let (lines, frameMs) = try Self.recorded(.mangohud)
        // The first row (within 100) with a field "fps" is the header; rows after skip_lines are data.
        let headerRow = try #require(lines.prefix(101).firstIndex { $0.split(separator: ",").contains("fps") })
        #expect(headerRow == 2)
        let data = lines.enumerated().filter { $0.offset > headerRow + 1 }
        #expect(data.count == frameMs.count - 1)
    }

    @Test func theSensorsAreThisMachinesOwn() throws {
        let sensors = SystemSensors()
        sensors.sample(nowNs: 1)
        let r = sensors.reading
        // Independently: /proc/meminfo and /proc/self/statm through Foundation.
        let meminfo = try String(contentsOfFile: "/proc/meminfo", encoding: .utf8)
        func kb(_ key: String) -> Double {
            let line = meminfo.split(separator: "\n").first { $0.hasPrefix(key + ":") }!
            return Double(line.split(separator: " ")[1])!
        }
        let used = (kb("MemTotal") - kb("MemAvailable")) / 1024 / 1024
        #expect(abs(Double(r.ramUsed) - used) < 0.05 * used + 0.01)
        let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8).split(separator: " ")
        let rss = Double(statm[1])! * Double(sysconf(Int32(_SC_PAGESIZE))) / Double(1 << 30)
        #expect(abs(Double(r.processRSS) - rss) < 0.2 * rss)
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let mhz = cpuinfo.split(separator: "\n").filter { $0.contains("MHz") }
            .compactMap { Int($0.split(separator: ":").last!.trimmingCharacters(in: .whitespaces).split(separator: ".")[0]) }
        let cpufreq = FileManager.default.fileExists(atPath: "/sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq")
        if !cpufreq, let fastest = mhz.max() { #expect(r.cpuMHz == fastest) } else { #expect(r.cpuMHz > 0) }
    }
}

import Foundation
import Testing
@testable import ElasticStats

/// Every format, written by the recorder and read back as `elastic stats` reads it, gives the run's
/// own exit summary (every key, to 1e-9).
struct FormatRoundTripTests {
    /// The crafted 60 Hz run as records, with a start-up first and ns-exact odd times.
    static func records() -> [FrameRecord] {
        var t: UInt64 = 12_345_678   // the start-up: loop start to the first present
        var out = [FrameRecord(frame: 0, timeNs: t, frameNs: t)]
        for (i, ms) in CraftedRuns.sixtyHz.enumerated() {
            let ns = UInt64((ms * 1e6).rounded()) + UInt64(i % 7)
            t += ns
            out.append(FrameRecord(frame: i + 1, timeNs: t, frameNs: ns, inputNs: 12_345, updateNs: 1_234_567, steps: 4,
                                   tessellateNs: 234_567, submitNs: 3_456_789, presentNs: ns / 3, hudNs: 0,
                                   vertices: 900, triangles: 300, damagedPixels: 4096, scene: "wave-pull"))
        }
        return out
    }

    static func numbers(_ summary: FrameSummary) throws -> [String: Double] {
        let object = try JSONSerialization.jsonObject(with: try summary.jsonData()) as! [String: Any]
        return object.compactMapValues { ($0 as? NSNumber)?.doubleValue }
    }

    @Test(arguments: StatsFormat.allCases)
    func aRunReadBackGivesItsOwnSummary(format: StatsFormat) throws {
        let dir = try statsTemporaryDirectory()
        let path = dir + "/run.csv"
        let recorder = try FrameStatsRecorder(path: path, format: format, run: statsTestRun, targetRefreshRate: 144)
        for r in Self.records() { recorder.record(r) }
        let written = try #require(recorder.finish())
        #expect(written.firstPresentMs == 12.345678)
        #expect(written.frames == CraftedRuns.sixtyHz.count)   // the start-up is not a frame
        let log = try FrameStatsReader.read(path: path)
        #expect(log.format == format)
        let read = try log.summary()
        let a = try Self.numbers(written), b = try Self.numbers(read)
        for (key, value) in a {
            if format != .elastic, key.hasPrefix("mean_") { continue }   // MangoHud and PresentMon have no parts
            let other = try #require(b[key], "\(format): \(key) missing on reading back")
            #expect(abs(other - value) <= 1e-9 * max(1, abs(value)), "\(format): \(key) \(value) vs \(other)")
        }
        #expect(read.targetRefreshHz == 144)
    }

    @Test func theMangoHudLogKeepsItsRateWithoutTheSummaryBesideIt() throws {
        let dir = try statsTemporaryDirectory()
        let path = dir + "/run.csv"
        let recorder = try FrameStatsRecorder(path: path, format: .mangohud, run: statsTestRun, targetRefreshRate: 144)
        for r in Self.records().prefix(50) { recorder.record(r) }
        let written = try #require(recorder.finish())
        try FileManager.default.removeItem(atPath: dir + "/run.summary.json")
        let read = try FrameStatsReader.read(path: path).summary()
        #expect(read.targetRefreshHz == 144 && read.firstPresentMs == 12.345678)
        #expect(read.frameTimeMaxMs == written.frameTimeMaxMs && read.durationSeconds == written.durationSeconds)
    }

    @Test func anElasticRunWithAPauseReadsBackItsPausedTime() throws {
        let dir = try statsTemporaryDirectory()
        let path = dir + "/run.csv"
        let recorder = try FrameStatsRecorder(path: path, format: .elastic, run: statsTestRun, targetRefreshRate: 60)
        let records = Self.records()
        for r in records.prefix(100) { recorder.record(r) }
        recorder.pause(reason: "window hidden")
        for r in records[100..<130] { recorder.record(r) }
        recorder.resume()
        for r in records[130...] { recorder.record(r) }
        let written = try #require(recorder.finish())
        try FileManager.default.removeItem(atPath: dir + "/run.summary.json")   // the file alone says it
        let read = try FrameStatsReader.read(path: path).summary()
        #expect(read == written)
    }

    @Test func presentMonRowsAreAsPresentMonWritesThem() throws {
        let dir = try statsTemporaryDirectory()
        let path = dir + "/run.csv"
        let recorder = try FrameStatsRecorder(path: path, format: .presentmon, run: statsTestRun, targetRefreshRate: 60)
        for r in Self.records().prefix(3) { recorder.record(r) }
        recorder.finish()
        let lines = statsFileText(path).split(separator: "\n").map(String.init)
        // PresentMon 1.7–1.10's header with display tracking (its CsvOutput.cpp), PresentMon 2's
        // MsPCLatency, then `%.14lf` times.
        #expect(lines[0] == "Application,ProcessID,SwapChainAddress,Runtime,SyncInterval,PresentFlags,Dropped,TimeInSeconds,msInPresentAPI,msBetweenPresents"
                + ",AllowsTearing,PresentMode,msUntilRenderComplete,msUntilDisplayed,msBetweenDisplayChange,MsPCLatency")
        let f = lines[1].split(separator: ",").map(String.init)
        #expect(f.count == 16 && f[0] == "elastic" && f[1] == String(getpid()) && f[2] == "0x0000000000000000")
        #expect(f[3] == "Other" && f[4] == "1" && f[5] == "0" && f[6] == "0")   // vsync requested: SyncInterval 1
        let r = Self.records()[1]
        #expect(f[9] == String(format: "%.14f", Double(r.frameNs) / 1e6))
        #expect(f[8] == String(format: "%.14f", Double(r.presentNs) / 1e6))
        #expect(f[7] == String(format: "%.14f", Double(r.timeNs - r.presentNs) / 1e9))
        // Shown when its present returns: rendered and displayed then; every present is displayed.
        #expect(f[10] == "0" && f[11] == "Unknown")
        #expect(f[12] == f[8] && f[13] == f[8] && f[14] == f[9])
        #expect(f[15] == (r.inputLatencyNs.map { String(format: "%.14f", Double($0) / 1e6) } ?? "NA"))
        #expect(lines.count == 3)   // the start-up is not a row
    }
}

import Foundation
import Testing
@testable import ElasticStats

@Suite("Stats reader")
struct StatsReaderTests {
    /// The layout before `damaged_px`: files written then still read, the column as 0.
    let header = "frame,t_ms,frame_ms,input_ms,update_ms,steps,tessellate_ms,submit_ms,present_ms,hud_ms,vertices,triangles,scene"

    @Test func readsMangoHudsOwnLog() throws {
        // The layout from MangoHud's docs: two preamble lines, the header, one row per frame.
        let text = """
            os,cpu,gpu,ram,kernel,driver,cpuscheduler
            Arch Linux,AMD Ryzen 7 5800X 8-Core Processor,AMD Radeon RX 6800,32 GB,6.9.1,Mesa 24.1,performance
            fps,frametime,cpu_load,cpu_power,gpu_load,cpu_temp,gpu_temp,gpu_core_clock,gpu_mem_clock,gpu_vram_used,gpu_power,ram_used,swap_used,process_rss,cpu_mhz,elapsed
            49.9594,20.0163,3.33333,0,0,44,0,950,0,0,0,10.039,2.04078,0,800,39991331
            50.0000,20.0000,3.33333,0,0,44,0,950,0,0,0,10.039,2.04078,0,800,59991331

            """
        let log = try FrameStatsReader.parse(text, name: "mango.csv")
        #expect(log.format == .mangohud)
        #expect(log.records.count == 2)
        #expect(log.records[0].frameNs == 20_016_300)
        #expect(log.records[1].timeNs == 59_991_331)
        #expect(log.metadata["cpuscheduler"] == "performance")
        #expect(!log.hasParts)
    }

    @Test func readsElasticWithCommentsAndCRLF() throws {
        let text = "# elastic frame stats, format 1\r\n# target_refresh_hz: 144.000\r\n\(header)\r\n"
            + "0,10.0000,10.0000,0.1000,1.0000,1,2.0000,1.0000,5.0000,0.0000,10,4,jelly-block\r\n"
            + "# paused: window hidden\r\n# resumed: after 2.500 s (left out)\r\n"
            + "1,2520.0000,10.0000,0.1000,1.0000,1,2.0000,1.0000,5.0000,0.2500,10,4,jelly-block\r\n"
        let log = try FrameStatsReader.parse(text, name: "run.csv")
        #expect(log.format == .elastic)
        #expect(log.records.count == 2)
        #expect(log.records[1].hudNs == 250_000)
        #expect(log.records[1].scene == "jelly-block")
        #expect(log.targetRefreshRate == 144)
        #expect(log.pauses == 1 && log.pausedSeconds == 2.5)
        let s = try log.summary()
        #expect(s.budgetMs == 1000.0 / 144)
        #expect(s.pausedSeconds == 2.5)
    }

    @Test func readsTheDamagedPixelsColumn() throws {
        let text = "frame,t_ms,frame_ms,input_ms,update_ms,steps,tessellate_ms,submit_ms,present_ms,hud_ms,vertices,triangles,damaged_px,scene,input_latency_ms"
            + "\n0,10,10,0,0,1,0,0,0,0,1,1,921600,a,\n1,20,10,0,0,1,0,0,0,0,1,1,4800,a,2.5\n"
        let log = try FrameStatsReader.parse(text, name: "run.csv")
        #expect(log.records.map(\.damagedPixels) == [921600, 4800])
        #expect(log.records.map(\.scene) == ["a", "a"])
        // input_latency_ms: empty when the frame applied no input.
        #expect(log.records.map(\.inputLatencyNs) == [nil, 2_500_000])
        let old = try FrameStatsReader.parse(header + "\n0,10,10,0,0,1,0,0,0,0,1,1,a\n", name: "old.csv")
        #expect(old.records.map(\.damagedPixels) == [0])
    }

    @Test func aMalformedRowNamesItsLine() {
        let text = "\(header)\n0,10,10,0,0,1,0,0,0,0,1,1,a\n1,10,ten,0,0,1,0,0,0,0,1,1,a\n"
        #expect {
            try FrameStatsReader.parse(text, name: "bad.csv")
        } throws: { error in
            "\(error)" == "bad.csv:3: frame_ms is not a number of milliseconds ≥ 0: 'ten'"
        }
        #expect {
            try FrameStatsReader.parse("\(header)\n0,10,10\n", name: "short.csv")
        } throws: { error in
            "\(error)" == "short.csv:2: expected 13 fields, found 3"
        }
    }

    @Test func notAStatsFile() {
        #expect {
            try FrameStatsReader.parse("hello,world\n1,2\n", name: "other.csv")
        } throws: { error in
            "\(error)".hasPrefix("other.csv:1: not a stats file")
        }
    }

    @Test func emptyAndMissingFiles() throws {
        #expect(throws: StatsError("empty.csv is empty")) { try FrameStatsReader.parse("", name: "empty.csv") }
        #expect(throws: StatsError("blank.csv holds only blank lines (5 bytes), no frame-time header")) {
            try FrameStatsReader.parse("\n  \n\n", name: "blank.csv")
        }
        #expect(throws: StatsError("cannot read /no/such/run.csv: no such file")) {
            try FrameStatsReader.read(path: "/no/such/run.csv")
        }
        // A header and no rows reads fine; its summary is the clear "no frames recorded".
        let log = try FrameStatsReader.parse("# elastic frame stats\n\(header)\n", name: "none.csv")
        #expect(log.records.isEmpty)
        #expect(throws: StatsError.noFrames) { try log.summary() }
    }

    @Test func olderFilesWithoutHudColumnStillRead() throws {
        let text = "frame,t_ms,frame_ms,present_ms\n0,16.5,16.5,12\n1,33,16.5,12\n"
        let log = try FrameStatsReader.parse(text, name: "old.csv")
        #expect(log.records.count == 2 && log.records[1].presentNs == 12_000_000 && log.records[1].hudNs == 0)
    }

    @Test func quotedFields() {
        #expect(FrameStatsReader.splitCSV("1,\"a, \"\"b\"\"\",c") == ["1", "a, \"b\"", "c"])
    }

    @Test func plotsAReadFileWithDecimatedSeries() throws {
        var rows = [header]
        var t = 0.0
        for i in 0..<20_000 {
            let ft = i == 12_345 ? 250.0 : 16.6667
            t += ft
            rows.append("\(i),\(t),\(ft),0.05,0.5,2,6,1,9,0,1000,300,wave-balls")
        }
        let log = try FrameStatsReader.parse(rows.joined(separator: "\n"), name: "big.csv")
        let run = FramePlot.Run(label: "big.csv", log: log, summary: try log.summary())
        let svg = FramePlot.svg([run], title: "Frame times: <big> & co")
        #expect(svg.hasPrefix("<svg") && svg.hasSuffix("</svg>\n"))
        #expect(svg.contains("Frame times: &lt;big&gt; &amp; co"))
        #expect(svg.contains("budget 16.67 ms (60 Hz)"))
        #expect(svg.contains("1 frame above"))      // the 250 ms spike is clipped and marked
        // At most 2 points per bucket on the frame-time line, ≤ 1000 buckets.
        let line = svg.split(separator: "\n").first { $0.hasPrefix("<polyline") } ?? ""
        #expect(line.split(separator: " ").count <= 2 * 1000 + 10)
    }
}

import Foundation
import Testing
@testable import ElasticStats

/// Rows as the recorder formats them: times against `String(format:)`, sensors against each row's
/// own reading (they are formatted once a reading and copied while it lasts).
@Suite("Stats rows: exact times, each row's own sensors")
struct StatsRowBufferTests {
    static func fields(_ buffer: StatsRowBuffer, row: Int) -> [String] {
        let lines = String(decoding: buffer.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        return lines[row].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    @Test("times are whole nanoseconds as milliseconds with six decimals, from 0 to beyond 2^63")
    func timesToTheNanosecond() {
        let values: [UInt64] = [0, 9, 10, 999_999, 1_000_000, 16_666_667, 1_234_567_890_123, UInt64.max]
        var buffer = StatsRowBuffer()
        for ns in values {
            buffer.appendElasticRow(FrameRecord(frame: 7, timeNs: ns, frameNs: ns, inputLatencyNs: ns), sensors: .init())
        }
        for (row, ns) in values.enumerated() {
            let f = Self.fields(buffer, row: row)
            let expected = String(format: "%llu.%06llu", ns / 1_000_000, ns % 1_000_000)
            #expect(f[1] == expected && f[2] == expected && f[14] == expected, "\(f)")
        }
    }

    @Test("each row's sensors are its own reading's, whichever reading and format came before")
    func sensorsFollowTheReading() {
        var a = SystemSensors.Reading(), b = SystemSensors.Reading()
        a.cpuLoad = 12.5; a.cpuTemp = 48; a.cpuMHz = 2100; a.ramUsed = 3.25
        b.cpuLoad = 99.75; b.cpuTemp = 61; b.cpuMHz = 3400; b.processRSS = 0.5
        let r = FrameRecord(frame: 1, timeNs: 2_000_000, frameNs: 1_000_000)
        var buffer = StatsRowBuffer()
        for reading in [a, a, b, a] { buffer.appendElasticRow(r, sensors: reading) }
        buffer.appendMangoHudRow(r, sensors: a)
        for (row, reading) in [a, a, b, a].enumerated() {
            let f = Self.fields(buffer, row: row)
            #expect(Array(f[15...]) == ["\(String(format: "%g", reading.cpuLoad))", "0", "\(reading.cpuTemp)", "\(reading.cpuMHz)",
                                        String(format: "%g", reading.ramUsed), "0", String(format: "%g", reading.processRSS)])
        }
        let mango = Self.fields(buffer, row: 4)
        #expect(mango.count == 16 && mango[2] == "12.5" && mango[5] == "48" && mango[11] == "3.25" && mango[14] == "2100")
    }

    @Test("a row's counts and scene are each record's own, at the ends of their ranges and as the scene changes")
    func countsAndScenes() {
        func ms(_ ns: UInt64) -> String { String(format: "%llu.%06llu", ns / 1_000_000, ns % 1_000_000) }
        let scenes = ["wave-pull", "wave-pull", "a,b", "wave-pull", "say \"hi\"", "", "jelly-block"]
        let counts = [0, 9, 10, -1, Int.max, Int.min, 123_456_789]
        var records: [FrameRecord] = []
        for (k, scene) in scenes.enumerated() {
            let n = counts[k], ns = UInt64(k) &* 1_234_567_891
            records.append(FrameRecord(frame: n, timeNs: ns, frameNs: ns &+ 1, inputNs: ns &+ 2, updateNs: ns &+ 3, steps: n / -2,
                                       tessellateNs: ns &+ 4, submitNs: ns &+ 5, presentNs: ns &+ 6, hudNs: ns &+ 7,
                                       vertices: n, triangles: counts[(k + 1) % counts.count], damagedPixels: counts[(k + 2) % counts.count],
                                       scene: scene, inputLatencyNs: k % 2 == 0 ? ns &+ 8 : nil))
        }
        var buffer = StatsRowBuffer()
        for r in records { buffer.appendElasticRow(r, sensors: .init()) }
        let lines = String(decoding: buffer.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        for (k, r) in records.enumerated() {
            let quoted = r.scene.contains(",") || r.scene.contains("\"")
                ? "\"" + r.scene.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : r.scene
            let expected = "\(r.frame),\(ms(r.timeNs)),\(ms(r.frameNs)),\(ms(r.inputNs)),\(ms(r.updateNs)),\(r.steps),"
                + "\(ms(r.tessellateNs)),\(ms(r.submitNs)),\(ms(r.presentNs)),\(ms(r.hudNs)),\(r.vertices),\(r.triangles),"
                + "\(r.damagedPixels),\(quoted),\(r.inputLatencyNs.map(ms) ?? ""),"
            #expect(lines[k].hasPrefix(expected), "row \(k): \(lines[k]) against \(expected)")
        }
    }
}

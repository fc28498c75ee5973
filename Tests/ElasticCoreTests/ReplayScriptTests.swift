import TestRandom
import Foundation
import Testing
@testable import ElasticCore

@Suite("Replay scripts (JSON Lines)")
struct ReplayScriptTests {
    func parse(_ text: String) throws -> [TimedInput] { try ReplayScript.parse(Data(text.utf8)) }

    func error(_ text: String) -> ReplayError? {
        do { _ = try parse(text); return nil } catch let e as ReplayError { return e } catch { return nil }
    }

    @Test("the issue's examples parse into pointer and key events")
    func examples() throws {
        let events = try parse("""
            {"t": 0.50, "type": "down", "x": 640, "y": 10}
            {"t": 0.6, "type": "move", "x": 641.5, "y": 90}

            # a comment
            {"t": 0.7, "type": "down", "x": 10, "y": 20, "device": "touch", "id": 3}
            {"t": 0.8, "type": "up", "x": 10, "y": 20, "device": "touch", "id": 3}
            {"t": 0.9, "type": "up", "x": 640, "y": 90}
            {"t": 1.0, "type": "key", "key": "space"}
            {"t": 1.1, "type": "wheel", "dy": -40}
            """)
        #expect(events.count == 7)
        #expect(events[0] == TimedInput(time: 0.5, event: .pointerDown(.mouse, Vec2(640, 10))))
        #expect(events[2].event == .pointerDown(PointerID(device: .touch, id: 3), Vec2(10, 20)))
        #expect(events[5].event == .key(.space))
        #expect(events[6].event == .wheel(Vec2(0, -40)))
    }

    @Test("written lines parse back to the same events")
    func roundTrip() throws {
        let inputs: [TimedInput] = [
            TimedInput(time: 0.125, event: .pointerDown(PointerID(device: .touch, id: 2), Vec2(1.5, 2.25))),
            TimedInput(time: 0.25, event: .pointerMove(PointerID(device: .touch, id: 2), Vec2(3, 4))),
            TimedInput(time: 0.5, event: .pointerUp(PointerID(device: .touch, id: 2), Vec2(3, 4))),
            TimedInput(time: 1, event: .key(.tab)),
            TimedInput(time: 2, event: .wheel(Vec2(0, 12.5))),
        ]
        let text = inputs.map(ReplayScript.line(for:)).joined(separator: "\n")
        #expect(try parse(text) == inputs)
    }

    @Test("malformed scripts are rejected with the line number and the reason",
          arguments: [
            ("", 0, "empty"),
            ("\n\n# only comments\n", 0, "no events"),
            ("{\"t\": 0, \"type\": \"down\", \"x\": 1, \"y\": 2}\nnot json", 2, "not valid JSON"),
            ("[1, 2]", 1, "expected a JSON object"),
            ("{\"type\": \"down\", \"x\": 1, \"y\": 2}", 1, "missing \"t\""),
            ("{\"t\": 0, \"x\": 1, \"y\": 2}", 1, "missing \"type\""),
            ("{\"t\": 0, \"type\": \"jump\"}", 1, "unknown event type \"jump\""),
            ("{\"t\": 0, \"type\": \"down\", \"x\": 1}", 1, "missing \"y\""),
            ("{\"t\": 0, \"type\": \"down\", \"x\": \"1\", \"y\": 2}", 1, "\"x\" must be a number"),
            ("{\"t\": 0, \"type\": \"down\", \"x\": true, \"y\": 2}", 1, "\"x\" must be a number"),
            ("{\"t\": 0, \"type\": \"down\", \"x\": 1e400, \"y\": 2}", 1, "out of range"),
            ("{\"t\": 0, \"type\": \"down\", \"x\": 1e9, \"y\": 2}", 1, "out of range"),
            ("{\"t\": -1, \"type\": \"key\", \"key\": \"space\"}", 1, "must be ≥ 0"),
            ("{\"t\": 1, \"type\": \"key\", \"key\": \"space\"}\n{\"t\": 0.5, \"type\": \"key\", \"key\": \"space\"}", 2, "goes backwards"),
            ("{\"t\": 0, \"type\": \"up\", \"x\": 1, \"y\": 2}", 1, "without a down"),
            ("{\"t\": 0, \"type\": \"move\", \"x\": 1, \"y\": 2, \"device\": \"touch\", \"id\": 9}", 1, "never went down"),
            ("{\"t\": 0, \"type\": \"down\", \"x\": 1, \"y\": 2}\n{\"t\": 0, \"type\": \"down\", \"x\": 1, \"y\": 2}", 2, "already down"),
            ("{\"t\": 0, \"type\": \"down\", \"x\": 1, \"y\": 2, \"device\": \"pen\"}", 1, "\"device\" must be"),
            ("{\"t\": 0, \"type\": \"key\", \"key\": \"hyper\"}", 1, "unknown key \"hyper\""),
            ("{\"t\": 0, \"type\": \"down\", \"x\": 1, \"y\": 2, \"device\": \"touch\", \"id\": 1.5}", 1, "whole number"),
          ])
    func rejected(text: String, line: Int, reason: String) {
        let e = error(text)
        #expect(e?.line == line)
        #expect(e?.reason.contains(reason) == true, "got \(String(describing: e))")
    }

    @Test("binary garbage and huge lines are refused, not parsed")
    func garbage() {
        var bytes = Data([0xFF, 0xFE, 0x00, 0x80, 0x0A])
        #expect(throws: ReplayError.self) { try ReplayScript.parse(bytes) }
        bytes = Data(repeating: UInt8(ascii: "a"), count: 100_000)
        let e = (try? ReplayScript.parse(bytes)) == nil
        #expect(e)
        do { _ = try ReplayScript.parse(bytes) } catch let error as ReplayError {
            #expect(error.reason.contains("bytes long"))
        } catch { Issue.record("unexpected \(error)") }
    }

    /// A random event the format can express (a cancel is written as an up and reads back as one).
    static func randomEvent(_ rng: inout SplitMix64) -> TimedInput {
        func value(_ limit: Double) -> Double {
            switch rng.next() % 4 {
            case 0: return Double(Int64(bitPattern: rng.next()) % 2000) / 8   // short decimals
            case 1: return (Double(rng.next() % 1_000_000_000) / 1e9 - 0.5) * 2 * limit   // long ones
            case 2: return Double(rng.next() % 3) * limit / 2   // 0, the middle and the limit
            default: return Double(sign: .plus, exponent: Int(rng.next() % 40) - 30, significand: 1 + Double(rng.next() % 1000) / 1000)
            }
        }
        let t = abs(value(ReplayScript.maxTime))
        let id = rng.next() % 2 == 0 ? PointerID.mouse : PointerID(device: .touch, id: Int64(rng.next() % 1000))
        let p = Vec2(value(ReplayScript.maxCoordinate), value(ReplayScript.maxCoordinate))
        switch rng.next() % 5 {
        case 0: return TimedInput(time: t, event: .pointerDown(id, p))
        case 1: return TimedInput(time: t, event: .pointerMove(id, p))
        case 2: return TimedInput(time: t, event: .pointerUp(id, p))
        case 3: return TimedInput(time: t, event: .key(Key.allCases[Int(rng.next() % UInt64(Key.allCases.count))]))
        default: return TimedInput(time: t, event: .wheel(p))
        }
    }

    @Test("seeded fuzz: every generated event's line reads back exactly (10⁴ events)")
    func fuzzRoundTrip() throws {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<10_000 {
            let event = ReplayScriptTests.randomEvent(&rng)
            let line = ReplayScript.line(for: event)
            let back = try ReplayScript.parseLine(line, line: 1)
            #expect(back == event, "\(line)")
            #expect(back.time.bitPattern == event.time.bitPattern, "\(line)")
        }
    }

    @Test("seeded fuzz: mutated scripts parse, or are refused with a ReplayError naming a line of the script")
    func fuzzMutations() {
        var rng = SplitMix64(seed: 7)
        let fragments = ["{", "}", "\"t\"", ":", "0.5", ",", "\"type\"", "\"down\"", "\"x\"", "1e308", "-", "\n", "\"key\"", "null", "[", "\u{00}", "é"]
        var accepted = 0, refused = 0
        for i in 0..<5_000 {
            // A valid script (times sorted, every down matched by an up), then one to three edits.
            let count = 1 + Int(rng.next() % 4)
            var lines: [String] = []
            var t = 0.0
            for k in 0..<count {
                t += Double(rng.next() % 100) / 100
                let id = PointerID(device: .touch, id: Int64(k))
                lines.append(ReplayScript.line(for: TimedInput(time: t, event: .pointerDown(id, Vec2(1, 2)))))
                lines.append(ReplayScript.line(for: TimedInput(time: t, event: .pointerUp(id, Vec2(3, 4)))))
            }
            var bytes = Array(lines.joined(separator: "\n").utf8)
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                let at = Int(rng.next() % UInt64(bytes.count + 1))
                switch rng.next() % 3 {
                case 0: if at < bytes.count { bytes.remove(at: at) }
                case 1: bytes.insert(contentsOf: Array(fragments[Int(rng.next() % UInt64(fragments.count))].utf8), at: at)
                default: if at < bytes.count { bytes[at] = UInt8(truncatingIfNeeded: rng.next()) }
                }
            }
            let lineCount = bytes.filter { $0 == UInt8(ascii: "\n") }.count + 1
            do {
                let events = try ReplayScript.parse(Data(bytes))
                accepted += 1
                #expect(events.allSatisfy { $0.time.isFinite && $0.time >= 0 }, "case \(i)")
                #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time }, "case \(i)")
            } catch let error as ReplayError {
                refused += 1
                #expect((1...lineCount).contains(error.line), "case \(i): \(error) for \(String(decoding: bytes, as: UTF8.self))")
                #expect(!error.reason.isEmpty)
            } catch {
                Issue.record("case \(i): \(error) is not a ReplayError")
            }
        }
        // Both outcomes happen: edits inside numbers still parse, edits to the syntax do not.
        #expect(accepted > 100 && refused > 100, "accepted \(accepted), refused \(refused)")
    }

    /// What "quickly" means: each input within a second (the fuzzer calls 10 s a hang; the inputs
    /// are at most a few KiB and take microseconds), the whole corpus within a minute.
    @Test("the fuzzing corpus (Tests/Fuzz/corpus): each input parses or is refused with a reason, each within a second",
          .timeLimit(.minutes(1)))
    func fuzzCorpus() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/corpus")
        let files = try FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)
        #expect(files.count >= 12)
        var accepted = 0
        let clock = ContinuousClock()
        for file in files {
            let data = try Data(contentsOf: file)
            let started = clock.now
            do {
                let events = try ReplayScript.parse(data)
                accepted += 1
                for e in events { #expect(e.time.isFinite && e.time >= 0, "\(file.lastPathComponent)") }
            } catch let error as ReplayError {
                #expect(!error.reason.isEmpty)
            }
            let took = clock.now - started
            #expect(took < .seconds(1), "\(file.lastPathComponent) (\(data.count) bytes) took \(took)")
        }
        #expect(accepted > 0 && accepted < files.count)
    }

    @Test("a missing file says so")
    func missingFile() {
        #expect(throws: ReplayError(line: 0, reason: "no such replay file: /nonexistent/x.jsonl")) {
            try ReplayScript.parse(contentsOf: "/nonexistent/x.jsonl")
        }
    }
}

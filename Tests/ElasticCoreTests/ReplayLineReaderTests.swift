import Foundation
import Testing
import TestRandom
@testable import ElasticCore

/// The fast line reader against Foundation's JSONDecoder (the general path, which the reader did
/// not write): every line it reads must mean what the decoder makes of it, and every line the
/// decoder refuses it must leave to the decoder or refuse with the same reason.
@Suite("replay lines: the fast reader agrees with Foundation's decoder")
struct ReplayLineReaderTests {
    static func fast(_ text: String) throws -> ReplayLineReader.Outcome {
        var bytes = Array(text.utf8)
        return try bytes.withUnsafeMutableBufferPointer { try ReplayLineReader.read(UnsafeBufferPointer($0), line: 7) }
    }

    static func decoded(_ text: String) -> Result<TimedInput?, ReplayError> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return .success(nil) }
        do { return .success(try ReplayScript.parseLine(trimmed, line: 7)) } catch let e as ReplayError { return .failure(e) } catch {
            return .failure(ReplayError(line: -1, reason: "\(error)"))
        }
    }

    /// Checks one line; returns whether the fast reader vouched for it.
    @discardableResult
    static func agree(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let oracle = decoded(text)
        let outcome: Result<ReplayLineReader.Outcome, ReplayError>
        do { outcome = .success(try fast(text)) } catch let e as ReplayError { outcome = .failure(e) } catch { outcome = .failure(ReplayError(line: -2, reason: "\(error)")) }
        switch (outcome, oracle) {
        case (.success(.unsure), _): return false
        case (.success(.skip), .success(nil)): return true
        case let (.success(.event(a)), .success(b?)):
            #expect(a == b, "\(text)", sourceLocation: sourceLocation)
            return true
        case let (.failure(a), .failure(b)):
            #expect(a == b, "\(text)", sourceLocation: sourceLocation)
            return true
        default:
            Issue.record("fast reader \(outcome) but decoder \(oracle) for \(text)", sourceLocation: sourceLocation)
            return true
        }
    }

    @Test("every line of every replay and tour script in assets/ is read fast, as the decoder reads it")
    func shippedScripts() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var lines = 0
        for folder in ["assets/replays", "assets/tour"] {
            let dir = root.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".jsonl") {
                let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    #expect(Self.agree(String(line)), "left to the decoder: \(line)")
                    lines += 1
                }
            }
        }
        #expect(lines > 1000)
    }

    @Test("written lines, and the same with other spacing, key order, unknown fields: read fast, as decoded")
    func ourOwnLines() {
        let events: [InputEvent] = [
            .pointerDown(.mouse, Vec2(640, 10)), .pointerMove(PointerID(device: .touch, id: 3), Vec2(-0.5, 1e-7)),
            .pointerUp(PointerID(device: .touch, id: 12), Vec2(123456.75, 0)), .key(.space), .key(.leftBracket),
            .wheel(Vec2(0, -40)), .wheel(Vec2(1.5e3, 2.25)),
        ]
        for (i, event) in events.enumerated() {
            let line = ReplayScript.line(for: TimedInput(time: Double(i) * 0.1 + 1e-9, event: event))
            #expect(Self.agree(line), "\(line)")
            #expect(Self.agree("  " + line.replacingOccurrences(of: ", ", with: ",") + "\r"))
        }
        #expect(Self.agree(#"{"y": 2, "x": 1, "type": "down", "t": 0.25, "note": "hi", "n": -0}"#))
        #expect(Self.agree(#"{"t":1E2,"type":"key","key":"f1"}"#))
        #expect(Self.agree("# a comment"))
        #expect(Self.agree("   \t "))
    }

    @Test("what the fast reader leaves to the decoder, or refuses as it does")
    func elsewhere() {
        let lines = [
            #"{"t": 1, "type": "d\u00f6wn", "x": 1, "y": 2}"#, #"{"t": 1, "type": "down", "x": 1, "y": 2, "more": {"a": [1, 2]}}"#,
            #"{"t": "1", "type": "key", "key": "space"}"#, #"{"t": 1, "type": 5}"#, #"{"t": 1, "t": 2, "type": "key", "key": "w"}"#,
            #"{"t": 01, "type": "key", "key": "w"}"#, #"{"t": 1., "type": "key", "key": "w"}"#, #"{"t": .5, "type": "key", "key": "w"}"#,
            #"{"t": 1e999, "type": "key", "key": "w"}"#, #"{"t": -1, "type": "key", "key": "w"}"#, #"{"t": 1, "type": "key"}"#,
            #"{"t": 1, "type": "key", "key": "nope"}"#, #"{"t": 1, "type": "down", "x": 1, "y": 2, "device": "pen"}"#,
            #"{"t": 1, "type": "down", "x": 1, "y": 2, "id": 2}"#, #"{"t": 1, "type": "down", "x": 1, "y": 2e7}"#,
            #"{"t": 1, "type": "warp"}"#, #"{"t": 1, "type": "key", "key": "w"} x"#, #"{"t": 1, "type": "key", "key": "w""#,
            #"[1, 2]"#, "{}", "{", #"{"t": null, "type": "key", "key": "w"}"#, #"{"t": true}"#, "\u{0B}{\"t\": 1, \"type\": \"key\", \"key\": \"w\"}",
            #"{"t": 1, "type": "down", "x": 1, "y": 2, "device": "touch", "id": 1.5}"#, #"{"t": -0, "type": "wheel"}"#,
        ]
        for line in lines { Self.agree(line) }
    }

    @Test("seeded fuzz: byte mutations of written lines never read differently from the decoder (2·10⁴ lines)")
    func mutations() {
        var rng = SplitMix64(seed: 0x5EED)
        let alphabet = Array(#"{}[]":,.-+eE0123456789 tyxdkeyidnw#\"#.utf8) + [0x0D, 0x09, 0xC3, 0xA9]
        var fast = 0
        for i in 0..<20_000 {
            let event: InputEvent = i % 3 == 0 ? .key(.space) : .pointerMove(PointerID(device: .touch, id: Int64(i % 5)), Vec2(Double(i), -2.5))
            var bytes = Array(ReplayScript.line(for: TimedInput(time: Double(i) / 7, event: event)).utf8)
            for _ in 0..<Int(rng.next() % 3) + 1 {
                let at = Int(rng.next() % UInt64(bytes.count))
                switch rng.next() % 3 {
                case 0: bytes[at] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                case 1: bytes.remove(at: at)
                default: bytes.insert(alphabet[Int(rng.next() % UInt64(alphabet.count))], at: at)
                }
            }
            guard let text = String(validatingCString: bytes.map { CChar(bitPattern: $0) } + [0]) else { continue }
            if Self.agree(text) { fast += 1 }
        }
        #expect(fast > 5_000)   // most mutated lines are still ones the fast reader decides
    }
}

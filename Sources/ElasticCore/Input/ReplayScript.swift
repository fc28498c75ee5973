import Foundation

/// An input event at a simulated time, as replay scripts store it.
public struct TimedInput: Sendable, Hashable {
    public var time: Double
    public var event: InputEvent
    public init(time: Double, event: InputEvent) { self.time = time; self.event = event }
}

/// Why a replay script was refused: the line (1-based) and the reason.
public struct ReplayError: Error, Equatable, CustomStringConvertible {
    public var line: Int
    public var reason: String
    public init(line: Int, reason: String) { self.line = line; self.reason = reason }
    public var description: String { line > 0 ? "line \(line): \(reason)" : reason }
}

/// Input scripts in JSON Lines, one event per line:
///
///     {"t": 0.50, "type": "down", "x": 640, "y": 10}
///     {"t": 0.60, "type": "move", "x": 640, "y": 90, "device": "touch", "id": 1}
///     {"t": 1.00, "type": "up", "x": 640, "y": 90, "device": "touch", "id": 1}
///     {"t": 1.50, "type": "key", "key": "space"}
///     {"t": 2.00, "type": "wheel", "dx": 0, "dy": -40}
///
/// Pointer coordinates are window coordinates; `device` is `mouse` (default) or `touch` with an
/// optional finger `id` (default 0). Blank lines and lines starting with `#` are skipped. Every
/// problem names its line (`ReplayStream` checks each line as it is read; `open` reads a script's
/// first events before a run and the rest as the run goes).
public enum ReplayScript {
    /// Longest accepted line, in bytes: a replay line is ~100 bytes; megabyte lines are garbage.
    public static let maxLineBytes = 4096
    /// Largest accepted |coordinate| and time: far beyond any window or session, still finite.
    public static let maxCoordinate = 1_000_000.0
    public static let maxTime = 1_000_000.0

    public static func parse(contentsOf path: String) throws -> [TimedInput] {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDir: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDir)
            throw ReplayError(line: 0, reason: exists ? (isDir.boolValue ? "\(path) is a directory, not a replay file" : "cannot read \(path)") : "no such replay file: \(path)")
        }
        return try parse(data)
    }

    /// Events read before the run starts; a longer script's rest is read as the run reaches it.
    public static let eventsReadAhead = 10_000

    /// A script opened for a run: its first events, checked; the rest, if any, to read as the run
    /// goes; and when its last event is due (from its last line alone, to know the run's length).
    public struct Opened: Sendable {
        public var events: [TimedInput]
        public var rest: ReplayStream?
        public var lastTime: Double
        public init(events: [TimedInput], rest: ReplayStream?, lastTime: Double) {
            self.events = events; self.rest = rest; self.lastTime = lastTime
        }
    }

    /// Opens a script for a run without reading all of it: the first `eventsReadAhead` events are
    /// read and checked now (a short script is checked whole before anything runs); a bad line
    /// after them is reported when the run reaches it.
    public static func open(_ data: Data) throws -> Opened {
        var stream = try ReplayStream(data)
        var events: [TimedInput] = []
        while events.count < eventsReadAhead, let event = try stream.next() { events.append(event) }
        if stream.isAtEnd { return Opened(events: events, rest: nil, lastTime: events.last?.time ?? 0) }
        return Opened(events: events, rest: stream, lastTime: try stream.lastEventTime())
    }

    /// Every event of a script, each line checked as `ReplayStream` reads it.
    public static func parse(_ data: Data) throws -> [TimedInput] {
        var stream = try ReplayStream(data)
        var events: [TimedInput] = []
        while let event = try stream.next() { events.append(event) }
        return events
    }

    /// The fields a line may have; any other key is ignored (room for future fields).
    struct Line: Decodable {
        var t: Double?
        var type: String?
        var x: Double?
        var y: Double?
        var device: String?
        var id: Double?
        var key: String?
        var dx: Double?
        var dy: Double?
    }

    /// One line's event: read by `ReplayLineReader` when it can, else by Foundation's decoder,
    /// whose errors name what is wrong.
    static func parseLine(_ text: String, line: Int, decoder: JSONDecoder = JSONDecoder()) throws -> TimedInput {
        let raw: Line
        do {
            raw = try decoder.decode(Line.self, from: Data(text.utf8))
        } catch let DecodingError.typeMismatch(_, context) {
            if let key = context.codingPath.first?.stringValue {
                throw ReplayError(line: line, reason: "\"\(key)\" must be a \(key == "type" || key == "device" || key == "key" ? "string" : "number")")
            }
            throw ReplayError(line: line, reason: "expected a JSON object like {\"t\": 0.5, \"type\": \"down\", \"x\": 640, \"y\": 10}")
        } catch {
            throw ReplayError(line: line, reason: "not valid JSON (or a number out of range)")
        }
        return try event(raw, line: line)
    }

    /// The event a line's fields describe, or why they describe none.
    static func event(_ raw: Line, line: Int) throws -> TimedInput {
        func number(_ key: String, _ value: Double?, default fallback: Double? = nil, limit: Double = maxCoordinate) throws -> Double {
            guard let v = value ?? fallback else { throw ReplayError(line: line, reason: "missing \"\(key)\"") }
            guard v.isFinite, abs(v) <= limit else {
                throw ReplayError(line: line, reason: "\"\(key)\" = \(v) is out of range (|\(key)| ≤ \(Int(limit)))")
            }
            return v
        }
        let t = try number("t", raw.t, limit: maxTime)
        guard t >= 0 else { throw ReplayError(line: line, reason: "\"t\" must be ≥ 0 (got \(t))") }
        guard let type = raw.type else {
            throw ReplayError(line: line, reason: "missing \"type\" (down, move, up, key or wheel)")
        }
        switch type {
        case "down", "move", "up":
            let p = Vec2(try number("x", raw.x), try number("y", raw.y))
            var device = PointerDevice.mouse
            if let name = raw.device {
                guard let d = PointerDevice(rawValue: name) else {
                    throw ReplayError(line: line, reason: "\"device\" must be \"mouse\" or \"touch\" (got \"\(name)\")")
                }
                device = d
            }
            let idValue = try number("id", raw.id, default: 0, limit: 1e15)
            guard idValue == idValue.rounded() else { throw ReplayError(line: line, reason: "\"id\" must be a whole number") }
            if device == .mouse, idValue != 0 { throw ReplayError(line: line, reason: "\"id\" is for touch events only") }
            let id = PointerID(device: device, id: Int64(idValue))
            let event: InputEvent = type == "down" ? .pointerDown(id, p) : type == "move" ? .pointerMove(id, p) : .pointerUp(id, p)
            return TimedInput(time: t, event: event)
        case "key":
            guard let name = raw.key else { throw ReplayError(line: line, reason: "missing \"key\"") }
            guard let key = Key(rawValue: name) else {
                throw ReplayError(line: line, reason: "unknown key \"\(name)\" (known: \(Key.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return TimedInput(time: t, event: .key(key))
        case "wheel":
            return TimedInput(time: t, event: .wheel(Vec2(try number("dx", raw.dx, default: 0), try number("dy", raw.dy, default: 0))))
        default:
            throw ReplayError(line: line, reason: "unknown event type \"\(type)\" (expected down, move, up, key or wheel)")
        }
    }

    /// One event as a script line (what `--record-input` writes), the inverse of `parse`.
    public static func line(for input: TimedInput) -> String {
        let t = "\"t\": \(format(input.time))"
        func pointer(_ type: String, _ id: PointerID, _ p: Vec2) -> String {
            var s = "{\(t), \"type\": \"\(type)\", \"x\": \(format(p.x)), \"y\": \(format(p.y))"
            if id.device == .touch { s += ", \"device\": \"touch\", \"id\": \(id.id)" }
            return s + "}"
        }
        switch input.event {
        case let .pointerDown(id, p): return pointer("down", id, p)
        case let .pointerMove(id, p): return pointer("move", id, p)
        case let .pointerUp(id, p): return pointer("up", id, p)
        case let .pointerCancel(id): return pointer("up", id, .zero)
        case let .key(k): return "{\(t), \"type\": \"key\", \"key\": \"\(k.rawValue)\"}"
        case let .wheel(d): return "{\(t), \"type\": \"wheel\", \"dx\": \(format(d.x)), \"dy\": \(format(d.y))}"
        }
    }

    /// Shortest round-tripping decimal (Swift's description), without a trailing ".0".
    public static func format(_ v: Double) -> String {
        let s = "\(v)"
        return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
    }
}

extension String {
    /// Decodes UTF-8, or nil when the bytes are not valid UTF-8.
    init?<Bytes: Collection>(validatingUTF8Bytes bytes: Bytes) where Bytes.Element == UInt8 {
        var result = ""
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(s): result.unicodeScalars.append(s)
            case .emptyInput: break loop
            case .error: return nil
            }
        }
        self = result
    }
}

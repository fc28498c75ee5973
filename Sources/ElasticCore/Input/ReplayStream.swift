import Foundation

/// A replay script read one event at a time, as the run reaches it, so a long script does not
/// hold up the first frame. Each line gets the checks `ReplayScript.parse` gives the whole script
/// (its format, times that never go backwards, pointers that go down before they move or lift),
/// and an error names its line.
public struct ReplayStream: Sendable {
    private let bytes: [UInt8]
    private var offset = 0
    /// The line last read (1-based).
    public private(set) var lineNumber = 0
    private var lastTime = -Double.infinity
    private var down = Set<PointerID>()
    private var sawEvent = false
    /// Foundation's decoder, for the lines the fast reader leaves to it (escapes, nesting, errors).
    private let decoder = JSONDecoder()

    /// Refuses an empty file at once; everything else is checked as it is read.
    public init(_ data: Data) throws {
        if data.isEmpty { throw ReplayError(line: 0, reason: "the replay file is empty: expected one JSON event per line") }
        bytes = [UInt8](data)
    }

    /// Whether every line has been read.
    public var isAtEnd: Bool { offset >= bytes.count }

    /// The next event, or nil at the end of the script.
    public mutating func next() throws -> TimedInput? {
        while offset < bytes.count {
            lineNumber += 1
            let start = offset
            let end = Self.newline(in: bytes, from: start) ?? bytes.count
            offset = end + 1
            if end - start > ReplayScript.maxLineBytes {
                throw ReplayError(line: lineNumber, reason: "line is \(end - start) bytes long (at most \(ReplayScript.maxLineBytes))")
            }
            guard let item = try read(start..<end) else { continue }
            try check(item)
            sawEvent = true
            return item
        }
        if !sawEvent { throw ReplayError(line: 0, reason: "the replay file has no events") }
        return nil
    }

    /// When the script's last event is due, read from its last line alone (the lines before it
    /// are checked as they are reached). An error there names that line.
    public func lastEventTime() throws -> Double {
        var end = bytes.count
        while end > offset {
            let start = (bytes[offset..<end].lastIndex(of: UInt8(ascii: "\n")) ?? (offset - 1)) + 1
            defer { end = start - 1 }
            guard end - start <= ReplayScript.maxLineBytes else { continue }
            let number = lineNumber + 1 + Self.newlines(in: bytes, offset..<start)
            var probe = self
            probe.lineNumber = number - 1
            if let item = try probe.read(start..<end) { return item.time }
        }
        return lastTime.isFinite ? lastTime : 0
    }

    /// A line's event; nil for a blank or `#` line.
    private func read(_ range: Range<Int>) throws -> TimedInput? {
        let fast = try bytes.withUnsafeBufferPointer { all in
            try ReplayLineReader.read(UnsafeBufferPointer(rebasing: all[range]), line: lineNumber)
        }
        switch fast {
        case .skip: return nil
        case let .event(item): return item
        case .unsure: break
        }
        guard let text = String(validatingUTF8Bytes: bytes[range]) else {
            throw ReplayError(line: lineNumber, reason: "not UTF-8 text (is this a replay file?)")
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
        return try ReplayScript.parseLine(trimmed, line: lineNumber, decoder: decoder)
    }

    private mutating func check(_ item: TimedInput) throws {
        if item.time < lastTime {
            throw ReplayError(line: lineNumber, reason: "time \(item.time) goes backwards (previous event at \(lastTime))")
        }
        lastTime = item.time
        switch item.event {
        case let .pointerDown(id, _):
            if down.contains(id) { throw ReplayError(line: lineNumber, reason: "\(Self.describe(id)) is already down") }
            down.insert(id)
        case let .pointerMove(id, _):
            if id.device == .touch, !down.contains(id) {
                throw ReplayError(line: lineNumber, reason: "move for \(Self.describe(id)), which never went down")
            }
        case let .pointerUp(id, _), let .pointerCancel(id):
            if down.remove(id) == nil { throw ReplayError(line: lineNumber, reason: "up for \(Self.describe(id)) without a down") }
        case .wheel, .key:
            break
        }
    }

    /// The first newline at or after `start` (memchr: a long script is scanned at memory speed).
    private static func newline(in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { all in
            guard start < all.count, let base = all.baseAddress,
                  let hit = memchr(base + start, 0x0A, all.count - start) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// How many newlines `range` holds.
    private static func newlines(in bytes: [UInt8], _ range: Range<Int>) -> Int {
        var count = 0, at = range.lowerBound
        while let hit = newline(in: bytes, from: at), hit < range.upperBound { count += 1; at = hit + 1 }
        return count
    }

    private static func describe(_ id: PointerID) -> String {
        id.device == .mouse ? "the mouse" : "touch id \(id.id)"
    }
}

/// Reads the lines our own replay format writes (`ReplayScript.line`): one flat JSON object of
/// plain strings and numbers, in ASCII. Anything else (escapes, nesting, `true`, non-ASCII, a
/// field of the wrong type, a repeated field, malformed JSON) it leaves to Foundation's decoder,
/// so every line means what the decoder says and a bad line gets the decoder's message.
enum ReplayLineReader {
    enum Outcome {
        /// A blank or comment line.
        case skip
        case event(TimedInput)
        /// Not a line this reader vouches for: decode it the general way.
        case unsure
    }

    static func read(_ line: UnsafeBufferPointer<UInt8>, line number: Int) throws -> Outcome {
        var cursor = Cursor(line)
        cursor.skipSpace()
        if cursor.atEnd { return .skip }
        if cursor.peek == UInt8(ascii: "#") { return cursor.isASCII() ? .skip : .unsure }
        guard cursor.take(UInt8(ascii: "{")) else { return .unsure }
        var raw = ReplayScript.Line()
        var seen: UInt16 = 0
        cursor.skipSpace()
        if !cursor.take(UInt8(ascii: "}")) {
            while true {
                cursor.skipSpace()
                guard let key = cursor.string() else { return .unsure }
                cursor.skipSpace()
                guard cursor.take(UInt8(ascii: ":")) else { return .unsure }
                cursor.skipSpace()
                let field = Field(key)
                if let field {
                    guard seen & field.bit == 0 else { return .unsure }
                    seen |= field.bit
                }
                if cursor.peek == UInt8(ascii: "\"") {
                    guard let value = cursor.string() else { return .unsure }
                    switch field {
                    case .type: raw.type = String(decoding: value, as: UTF8.self)
                    case .device: raw.device = String(decoding: value, as: UTF8.self)
                    case .key: raw.key = String(decoding: value, as: UTF8.self)
                    case nil: break
                    default: return .unsure   // a number field given a string: the decoder's message
                    }
                } else {
                    guard let value = cursor.number() else { return .unsure }
                    switch field {
                    case .t: raw.t = value
                    case .x: raw.x = value
                    case .y: raw.y = value
                    case .id: raw.id = value
                    case .dx: raw.dx = value
                    case .dy: raw.dy = value
                    case nil: break
                    default: return .unsure
                    }
                }
                cursor.skipSpace()
                if cursor.take(UInt8(ascii: "}")) { break }
                guard cursor.take(UInt8(ascii: ",")) else { return .unsure }
            }
        }
        cursor.skipSpace()
        guard cursor.atEnd else { return .unsure }
        return .event(try ReplayScript.event(raw, line: number))
    }

    /// The fields of `ReplayScript.Line`, each a bit to catch one given twice.
    private enum Field: UInt16 {
        case t = 1, type = 2, x = 4, y = 8, device = 16, id = 32, key = 64, dx = 128, dy = 256
        var bit: UInt16 { rawValue }

        init?(_ name: UnsafeBufferPointer<UInt8>) {
            switch String(decoding: name, as: UTF8.self) {
            case "t": self = .t
            case "type": self = .type
            case "x": self = .x
            case "y": self = .y
            case "device": self = .device
            case "id": self = .id
            case "key": self = .key
            case "dx": self = .dx
            case "dy": self = .dy
            default: return nil
            }
        }
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        var atEnd: Bool { index >= bytes.count }
        var peek: UInt8 { index < bytes.count ? bytes[index] : 0 }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte, !atEnd else { return false }
            index += 1
            return true
        }

        /// JSON's whitespace (and a carriage return before the newline).
        mutating func skipSpace() {
            while !atEnd {
                let c = bytes[index]
                guard c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0A else { return }
                index += 1
            }
        }

        func isASCII() -> Bool { !bytes.contains { $0 >= 0x80 } }

        /// A string of printable ASCII without escapes, its bytes between the quotes.
        mutating func string() -> UnsafeBufferPointer<UInt8>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while !atEnd {
                let c = bytes[index]
                if c == UInt8(ascii: "\"") {
                    index += 1
                    return UnsafeBufferPointer(rebasing: bytes[start..<index - 1])
                }
                if c == UInt8(ascii: "\\") || c < 0x20 || c >= 0x80 { return nil }
                index += 1
            }
            return nil
        }

        /// A number in JSON's grammar (-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?), finite.
        mutating func number() -> Double? {
            let start = index
            _ = take(UInt8(ascii: "-"))
            if take(UInt8(ascii: "0")) {
                if isDigit(peek) { return nil }
            } else {
                guard digits() > 0 else { return nil }
            }
            if take(UInt8(ascii: ".")) { guard digits() > 0 else { return nil } }
            if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
                if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
                guard digits() > 0 else { return nil }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            guard let value = Double(text), value.isFinite else { return nil }
            return value
        }

        private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

        private mutating func digits() -> Int {
            let start = index
            while !atEnd, isDigit(bytes[index]) { index += 1 }
            return index - start
        }
    }
}

/// Rows waiting to be written, formatted straight into a byte buffer whose capacity is kept
/// across writes (no String work and no allocation per row).
struct StatsRowBuffer {
    var bytes: [UInt8] = []
    /// Frame rows in `bytes` (comment lines are not rows).
    var rows = 0

    var isEmpty: Bool { bytes.isEmpty }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        rows = 0
    }

    /// Frame rows among the first `count` bytes (whole lines; "#" lines are comments).
    func rows(inFirst count: Int) -> Int {
        var rows = 0, lineStart = 0
        for i in 0..<count where bytes[i] == UInt8(ascii: "\n") {
            if bytes[lineStart] != UInt8(ascii: "#") { rows += 1 }
            lineStart = i + 1
        }
        return rows
    }

    mutating func appendText(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// frame,t_ms,frame_ms,input_ms,update_ms,steps,tessellate_ms,submit_ms,present_ms,hud_ms,vertices,triangles,damaged_px,scene
    mutating func appendElasticRow(_ r: FrameRecord) {
        appendInt(r.frame); comma()
        appendMs(r.timeNs); comma()
        appendMs(r.frameNs); comma()
        appendMs(r.inputNs); comma()
        appendMs(r.updateNs); comma()
        appendInt(r.steps); comma()
        appendMs(r.tessellateNs); comma()
        appendMs(r.submitNs); comma()
        appendMs(r.presentNs); comma()
        appendMs(r.hudNs); comma()
        appendInt(r.vertices); comma()
        appendInt(r.triangles); comma()
        appendInt(r.damagedPixels); comma()
        appendCSVField(r.scene); comma()
        if let latency = r.inputLatencyNs { appendMs(latency) }
        bytes.append(UInt8(ascii: "\n"))
        rows += 1
    }

    /// MangoHud's row: fps and frametime (ms) as its C++ streams print them (`%.6g`), the 13
    /// sensors we do not read as 0, elapsed in whole nanoseconds.
    mutating func appendMangoHudRow(_ r: FrameRecord) {
        // A frame time of 0 would be infinite FPS, which CapFrameX cannot parse: 0 instead.
        GeneralFormat.append(r.frameNs > 0 ? 1e9 / Double(r.frameNs) : 0, to: &bytes); comma()
        GeneralFormat.append(Double(r.frameNs) / 1e6, to: &bytes)
        for _ in 0..<13 { bytes.append(UInt8(ascii: ",")); bytes.append(UInt8(ascii: "0")) }
        comma()
        appendUInt(r.timeNs)
        bytes.append(UInt8(ascii: "\n"))
        rows += 1
    }

    // MARK: Fields

    @inline(__always) private mutating func comma() { bytes.append(UInt8(ascii: ",")) }

    private mutating func appendUInt(_ value: UInt64) {
        if value < 10 { bytes.append(UInt8(ascii: "0") + UInt8(value)); return }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var v = value
        withUnsafeMutableBytes(of: &digits) { d in
            while v > 0 { d[count] = UInt8(ascii: "0") + UInt8(v % 10); v /= 10; count += 1 }
            for i in stride(from: count - 1, through: 0, by: -1) { bytes.append(d[i]) }
        }
    }

    private mutating func appendInt(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendUInt(UInt64(value.magnitude))
    }

    /// Nanoseconds as milliseconds with 4 decimals, rounded to the nearest 100 ns.
    private mutating func appendMs(_ ns: UInt64) { appendFixed4(ns / 100 + (ns % 100 >= 50 ? 1 : 0)) }

    /// A value in units of 10⁻⁴ as "integer.dddd".
    private mutating func appendFixed4(_ tenThousandths: UInt64) {
        appendUInt(tenThousandths / 10_000)
        bytes.append(UInt8(ascii: "."))
        var fraction = tenThousandths % 10_000
        var divisor: UInt64 = 1000
        for _ in 0..<4 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
        }
    }

    /// A CSV field, quoted only when it has to be.
    private mutating func appendCSVField(_ text: String) {
        let needsQuotes = text.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }
        guard needsQuotes else { bytes.append(contentsOf: text.utf8); return }
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
            bytes.append(byte == 10 || byte == 13 ? UInt8(ascii: " ") : byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

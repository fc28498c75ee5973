/// Rows waiting to be written, formatted straight into a byte buffer whose capacity is kept
/// across writes (no String work and no allocation per row). Each format's `StatsLayout` writes
/// its rows with these fields.
struct StatsRowBuffer {
    var bytes: [UInt8] = []
    /// Frame rows in `bytes` (comment lines are not rows).
    var rows = 0
    /// The last row's sensor fields, and the reading and layout they were formatted from.
    private var sensorBytes: [UInt8] = []
    private var sensorCache: (reading: SystemSensors.Reading, layout: SensorLayout)?
    /// The last row's scene and its field's bytes (a run keeps one scene for many rows).
    private var sceneCache: (scene: String, bytes: [UInt8]) = ("", [])

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

    /// Ends a frame row.
    @inline(__always) mutating func endRow() {
        bytes.append(UInt8(ascii: "\n"))
        rows += 1
    }

    // MARK: Fields

    /// Where a row's sensor fields go: their bytes depend on the format.
    enum SensorLayout { case elastic, mangohud }

    /// The sensor fields as `write` formats them, copied from the last row while the reading (taken
    /// about once a second) and the layout are the same.
    mutating func appendSensors(_ reading: SystemSensors.Reading, layout: SensorLayout,
                                        _ write: (inout StatsRowBuffer) -> Void) {
        if let cached = sensorCache, cached.reading == reading, cached.layout == layout {
            bytes.append(contentsOf: sensorBytes)
            return
        }
        let start = bytes.count
        write(&self)
        sensorBytes.removeAll(keepingCapacity: true)
        sensorBytes.append(contentsOf: bytes[start...])
        sensorCache = (reading, layout)
    }

    @inline(__always) mutating func comma() { bytes.append(UInt8(ascii: ",")) }

    /// Appends at most `fields` numeric fields written by `write`, in one append.
    @inline(__always)
    mutating func appendFields(_ fields: Int, _ write: (inout FieldWriter) -> Void) {
        let capacity = (fields + 1) * FieldWriter.maxFieldBytes
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { scratch in
            guard let start = scratch.baseAddress else { return }
            var writer = FieldWriter(start)
            write(&writer)
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: writer.end - start))
        }
    }

    mutating func appendInt(_ value: Int) { appendFields(1) { $0.int(value) } }

    mutating func appendUInt(_ value: UInt64) { appendFields(1) { $0.uint(value) } }

    /// `ns` ÷ 10^`places` with `decimals` decimals (`FieldWriter.decimal`).
    mutating func appendDecimal(_ ns: UInt64, places: Int, decimals: Int = 14) {
        appendFields(1) { $0.decimal(ns, places: places, decimals: decimals) }
    }

    /// The scene as a CSV field, its bytes copied from the last row while the scene is the same.
    mutating func appendScene(_ scene: String) {
        if scene != sceneCache.scene {
            let start = bytes.count
            appendCSVField(scene)
            sceneCache = (scene, Array(bytes[start...]))
            return
        }
        bytes.append(contentsOf: sceneCache.bytes)
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

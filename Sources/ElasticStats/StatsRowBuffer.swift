/// Rows waiting to be written, formatted straight into a byte buffer whose capacity is kept
/// across writes (no String work and no allocation per row).
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

    /// frame,t_ms,…,damaged_px,scene,input_latency_ms, then the sensors (`FrameStatsRecorder.elasticHeader`).
    mutating func appendElasticRow(_ r: FrameRecord, sensors: SystemSensors.Reading) {
        appendFields(13) { f in
            f.int(r.frame); f.comma()
            f.ms(r.timeNs); f.comma()
            f.ms(r.frameNs); f.comma()
            f.ms(r.inputNs); f.comma()
            f.ms(r.updateNs); f.comma()
            f.int(r.steps); f.comma()
            f.ms(r.tessellateNs); f.comma()
            f.ms(r.submitNs); f.comma()
            f.ms(r.presentNs); f.comma()
            f.ms(r.hudNs); f.comma()
            f.int(r.vertices); f.comma()
            f.int(r.triangles); f.comma()
            f.int(r.damagedPixels); f.comma()
        }
        appendScene(r.scene)
        appendFields(1) { f in
            f.comma()
            if let latency = r.inputLatencyNs { f.ms(latency) }
            f.comma()
        }
        appendSensors(sensors, layout: .elastic) { row in
            GeneralFormat.append(Double(sensors.cpuLoad), to: &row.bytes); row.comma()
            GeneralFormat.append(Double(sensors.cpuPower), to: &row.bytes); row.comma()
            row.appendInt(sensors.cpuTemp); row.comma()
            row.appendInt(sensors.cpuMHz); row.comma()
            GeneralFormat.append(Double(sensors.ramUsed), to: &row.bytes); row.comma()
            GeneralFormat.append(Double(sensors.swapUsed), to: &row.bytes); row.comma()
            GeneralFormat.append(Double(sensors.processRSS), to: &row.bytes)
        }
        bytes.append(UInt8(ascii: "\n"))
        rows += 1
    }

    /// PresentMon 1.7–1.10's row without display tracking: Application,ProcessID,SwapChainAddress,
    /// Runtime,SyncInterval,PresentFlags,Dropped,TimeInSeconds,msInPresentAPI,msBetweenPresents.
    /// Times with 14 decimals, as PresentMon's `%.*lf` with DBL_DIG − 1 (exact here: whole ns).
    mutating func appendPresentMonRow(_ r: FrameRecord, processID: Int32, syncInterval: Int) {
        appendText("elastic,"); appendInt(Int(processID))
        appendText(",0x0000000000000000,Other,"); appendInt(syncInterval)
        appendText(",0,0,")
        appendDecimal(r.timeNs &- min(r.timeNs, r.presentNs), places: 9); comma()
        appendDecimal(r.presentNs, places: 6); comma()
        appendDecimal(r.frameNs, places: 6)
        bytes.append(UInt8(ascii: "\n"))
        rows += 1
    }

    /// MangoHud's row: fps and frametime (ms) as its C++ streams print them (`%.6g`), the 13
    /// sensors we do not read as 0, elapsed in whole nanoseconds.
    mutating func appendMangoHudRow(_ r: FrameRecord, sensors: SystemSensors.Reading) {
        // A frame time of 0 would be infinite FPS, which CapFrameX cannot parse: 0 instead.
        GeneralFormat.append(r.frameNs > 0 ? 1e9 / Double(r.frameNs) : 0, to: &bytes); comma()
        GeneralFormat.append(Double(r.frameNs) / 1e6, to: &bytes)
        // cpu_load,cpu_power,gpu_load,cpu_temp,gpu_temp,gpu_core_clock,gpu_mem_clock,gpu_vram_used,
        // gpu_power,ram_used,swap_used,process_rss,cpu_mhz: floats as MangoHud's float fields print.
        appendSensors(sensors, layout: .mangohud) { row in
            row.comma(); GeneralFormat.append(Double(sensors.cpuLoad), to: &row.bytes)
            row.comma(); GeneralFormat.append(Double(sensors.cpuPower), to: &row.bytes)
            row.appendText(",0,"); row.appendInt(sensors.cpuTemp)
            row.appendText(",0,0,0,0,0,")
            GeneralFormat.append(Double(sensors.ramUsed), to: &row.bytes); row.comma()
            GeneralFormat.append(Double(sensors.swapUsed), to: &row.bytes); row.comma()
            GeneralFormat.append(Double(sensors.processRSS), to: &row.bytes); row.comma()
            row.appendInt(sensors.cpuMHz); row.comma()
        }
        appendUInt(r.timeNs)
        bytes.append(UInt8(ascii: "\n"))
        rows += 1
    }

    // MARK: Fields

    /// Where a row's sensor fields go: their bytes depend on the format.
    enum SensorLayout { case elastic, mangohud }

    /// The sensor fields as `write` formats them, copied from the last row while the reading (taken
    /// about once a second) and the layout are the same.
    private mutating func appendSensors(_ reading: SystemSensors.Reading, layout: SensorLayout,
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
    private mutating func appendFields(_ fields: Int, _ write: (inout FieldWriter) -> Void) {
        let capacity = (fields + 1) * FieldWriter.maxFieldBytes
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { scratch in
            guard let start = scratch.baseAddress else { return }
            var writer = FieldWriter(start)
            write(&writer)
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: writer.end - start))
        }
    }

    mutating func appendInt(_ value: Int) { appendFields(1) { $0.int(value) } }

    private mutating func appendUInt(_ value: UInt64) { appendFields(1) { $0.uint(value) } }

    /// `ns` ÷ 10^`places` with `decimals` decimals (`FieldWriter.decimal`).
    private mutating func appendDecimal(_ ns: UInt64, places: Int, decimals: Int = 14) {
        appendFields(1) { $0.decimal(ns, places: places, decimals: decimals) }
    }

    /// The scene as a CSV field, its bytes copied from the last row while the scene is the same.
    private mutating func appendScene(_ scene: String) {
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

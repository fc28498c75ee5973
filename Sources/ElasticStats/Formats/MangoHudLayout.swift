import Foundation

/// MangoHud's per-frame log: the system line's names and values, the column header, then fps,
/// frametime, the sensors and elapsed a row, so MangoHud's own viewers (mangoplot,
/// FlightlessSomething) and CapFrameX read our files.
struct MangoHudLayout: StatsLayout {
    static let systemHeader = "os,cpu,gpu,ram,kernel,driver,cpuscheduler"
    static let header =
        "fps,frametime,cpu_load,cpu_power,gpu_load,cpu_temp,gpu_temp,gpu_core_clock,gpu_mem_clock,gpu_vram_used,gpu_power,ram_used,swap_used,process_rss,cpu_mhz,elapsed"

    private let context: StatsFileContext
    init(_ context: StatsFileContext) { self.context = context }

    func opening() -> String { Self.systemHeader + "\n" }

    func atFirstPresent(firstPresentMs: String?) -> String {
        let full = Self.preamble(system: SystemDescription.current(), run: context.run,
                                 targetRefreshRate: context.targetRefreshRate, firstPresentMs: firstPresentMs)
        return String(full.dropFirst(Self.systemHeader.utf8.count + 1))
    }

    /// As MangoHud cleaned the OpenGL version for `driver`: `sed 's/([^)]*)//g;s/  / /g'`.
    static func cleanDriver(_ text: String) -> String {
        SystemDescription.removeParentheses(text).replacingOccurrences(of: "  ", with: " ")
    }

    /// MangoHud's two system lines and its header. The values are MangoHud's own (see
    /// `SystemDescription`); `gpu` is the GPU's name with parenthesised parts removed, as MangoHud
    /// cleans GL_RENDERER, `driver` is cleaned as MangoHud cleaned the OpenGL version, and `gpu`
    /// and `driver` are empty when unknown (the software renderer has no GPU). Commas, quotes and
    /// line breaks are taken out of the values: MangoHud's readers split the line on commas without
    /// quoting (CapFrameX), or with quoting (mangoplot's csv). After MangoHud's seven values, two
    /// more that its readers skip (CapFrameX and FlightlessSomething take the values by position,
    /// mangoplot skips the line), named in the value so the file keeps them:
    /// `target_refresh_hz=144`, `first_present_ms=…`.
    static func preamble(system: SystemDescription, run: RunInfo, targetRefreshRate: Double? = nil,
                         firstPresentMs: String? = nil) -> String {
        let values = [system.os, system.cpu, run.gpuName.map(SystemDescription.removeParentheses) ?? "",
                      system.ram, system.kernel, run.graphicsDriver.map(cleanDriver) ?? "", system.cpuScheduler]
            .map { value in
                value.replacingOccurrences(of: ",", with: " ").replacingOccurrences(of: "\"", with: "")
                    .replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
            }
        var extras: [String] = []
        if let targetRefreshRate { extras.append("target_refresh_hz=\(FrameStatsRecorder.exact(targetRefreshRate))") }
        if let firstPresentMs { extras.append("first_present_ms=\(firstPresentMs)") }
        return systemHeader + "\n" + (values + extras).joined(separator: ",") + "\n" + header + "\n"
    }

    /// fps and frametime (ms) as MangoHud's C++ streams print them (`%.6g`), the 13 sensors (those
    /// we do not read as 0), elapsed in whole nanoseconds.
    func appendRow(_ r: FrameRecord, sensors: SystemSensors.Reading, to buffer: inout StatsRowBuffer) {
        // A frame time of 0 would be infinite FPS, which CapFrameX cannot parse: 0 instead.
        GeneralFormat.append(r.frameNs > 0 ? 1e9 / Double(r.frameNs) : 0, to: &buffer.bytes); buffer.comma()
        GeneralFormat.append(Double(r.frameNs) / 1e6, to: &buffer.bytes)
        // cpu_load,cpu_power,gpu_load,cpu_temp,gpu_temp,gpu_core_clock,gpu_mem_clock,gpu_vram_used,
        // gpu_power,ram_used,swap_used,process_rss,cpu_mhz: floats as MangoHud's float fields print.
        buffer.appendSensors(sensors, layout: .mangohud) { row in
            row.comma(); GeneralFormat.append(Double(sensors.cpuLoad), to: &row.bytes)
            row.comma(); GeneralFormat.append(Double(sensors.cpuPower), to: &row.bytes)
            row.appendText(",0,"); row.appendInt(sensors.cpuTemp)
            row.appendText(",0,0,0,0,0,")
            GeneralFormat.append(Double(sensors.ramUsed), to: &row.bytes); row.comma()
            GeneralFormat.append(Double(sensors.swapUsed), to: &row.bytes); row.comma()
            GeneralFormat.append(Double(sensors.processRSS), to: &row.bytes); row.comma()
            row.appendInt(sensors.cpuMHz); row.comma()
        }
        buffer.appendUInt(r.timeNs)
        buffer.endRow()
    }

    // MARK: Reading

    static func recognizes(firstLine line: Substring) -> Bool { line.hasPrefix("os,") }

    /// Frame times come from `elapsed` (whole ns) when a row's `elapsed` step agrees with its
    /// `frametime` (6 significant digits), so our own logs re-read exactly; otherwise (a pause,
    /// MangoHud's own logs) from `frametime`. Values after MangoHud's seven on the system line
    /// written as `key=value` (ours: target_refresh_hz, first_present_ms) are kept.
    static func parse(_ lines: [Substring], name: String) throws -> FrameLog {
        guard lines.count >= 3 else {
            throw StatsError("\(name): a MangoHud log has two preamble lines and a header; this one stops at line \(lines.count)")
        }
        var metadata: [String: String] = [:]
        let keys = lines[0].split(separator: ",", omittingEmptySubsequences: false)
        let values = lines[1].split(separator: ",", omittingEmptySubsequences: false)
        for (k, v) in zip(keys, values) { metadata[String(k)] = String(v) }
        for extra in values.dropFirst(keys.count) {
            guard let eq = extra.firstIndex(of: "=") else { continue }
            metadata[String(extra[..<eq])] = String(extra[extra.index(after: eq)...])
        }
        let firstPresentMs = metadata["first_present_ms"].flatMap(Double.init)
        let header = lines[2].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let frametime = header.firstIndex(of: "frametime") else {
            throw StatsError("\(name):3: MangoHud header without a frametime column")
        }
        let elapsed = header.firstIndex(of: "elapsed")
        var records: [FrameRecord] = []
        records.reserveCapacity(lines.count)
        var lastTimeNs: UInt64? = firstPresentMs.map { UInt64(($0 * 1e6).rounded()) }
        for index in 3..<lines.count {
            let line = lines[index]
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == header.count else {
                throw StatsError("\(name):\(index + 1): expected \(header.count) fields, found \(fields.count)")
            }
            var frameNs = try FrameStatsReader.nanoseconds(fields[frametime], column: "frametime", line: index + 1, name: name)
            var timeNs = (lastTimeNs ?? 0) &+ frameNs
            if let elapsed {
                let text = fields[elapsed].trimmingCharacters(in: .whitespaces)
                // UInt64(Double) traps on inf and past 2^64: range-checked first.
                guard let value = UInt64(text) ?? Double(text).flatMap({ $0 >= 0 && $0 < 1.8e19 ? UInt64($0) : nil }) else {
                    throw StatsError("\(name):\(index + 1): elapsed is not a number of nanoseconds: '\(text)'")
                }
                timeNs = value
                // %.6g keeps 6 significant digits: the exact step is within half a unit of the 6th.
                if let last = lastTimeNs, value >= last {
                    let step = value - last
                    if Double(step).distance(to: Double(frameNs)).magnitude <= Double(frameNs) * 5.1e-6 + 1 { frameNs = step }
                }
            }
            lastTimeNs = timeNs
            records.append(FrameRecord(frame: records.count, timeNs: timeNs, frameNs: frameNs))
        }
        return FrameLog(format: .mangohud, records: records, metadata: metadata, hasParts: false,
                        pauses: 0, pausedSeconds: 0, firstPresentMs: firstPresentMs)
    }
}

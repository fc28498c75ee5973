import Foundation

/// Our own format: a `# key: value` preamble saying what the run was measured on, then every part
/// of each frame in ms, to the ns; pauses and notes as `#` lines between the rows.
struct ElasticLayout: StatsLayout {
    static let header =
        "frame,t_ms,frame_ms,input_ms,update_ms,steps,tessellate_ms,submit_ms,present_ms,hud_ms,vertices,triangles,damaged_px,scene"
        + ",input_latency_ms,cpu_load,cpu_power,cpu_temp,cpu_mhz,ram_used,swap_used,process_rss"
    /// The first line of an elastic-format file.
    static let magic = "# elastic frame stats"
    static var takesComments: Bool { true }

    private let context: StatsFileContext
    init(_ context: StatsFileContext) { self.context = context }

    func opening() -> String {
        let run = context.run
        func number(_ value: Double?) -> String { value.map { FrameSummary.format($0, 3) } ?? "unknown" }
        let lines: [(String, String)] = [
            ("renderer", run.renderer),
            ("video_driver", run.videoDriver),
            ("vsync_requested", run.vsyncRequested ? "true" : "false"),
            ("vsync_in_effect", run.vsyncInEffect.map { $0 ? "true" : "false" } ?? "unknown"),
            ("display_refresh_hz", number(run.refreshRate)),
            ("window_size", "\(run.windowWidth)x\(run.windowHeight)"),
            ("output_size", "\(run.outputWidth)x\(run.outputHeight)"),
            ("step_rate_hz", number(run.stepRate)),
            ("build", run.build),
            ("headless", run.headless ? "true" : "false"),
            ("simulated_fps", run.simulatedFPS.map { number($0) } ?? "none"),
            ("version", run.version),
            ("gpu", run.gpuName ?? "unknown"),
            ("graphics_driver", run.graphicsDriver ?? "unknown"),
            ("pacing", run.pacing ?? "unknown"),
            ("target_refresh_hz", FrameStatsRecorder.exact(context.targetRefreshRate)),
            ("budget_ms", FrameSummary.format(1000 / context.targetRefreshRate, 4)),
            ("sensors", "cpu_load %, cpu_power W, cpu_temp °C, cpu_mhz, ram_used/swap_used/process_rss GiB: MangoHud's, read at most once a second (0: not readable here)"),
            ("started", ISO8601DateFormatter().string(from: context.opened)),
            ("clock", "CLOCK_MONOTONIC; frame_ms is present to present; t_ms is this frame's present since the start; times in ms to the ns; the start-up (first present) is not a row"),
        ]
        var text = Self.magic + ", format 1\n"
        for (key, value) in lines {
            text += "# \(key): \(value.replacingOccurrences(of: "\n", with: " "))\n"
        }
        return text
    }

    func atFirstPresent(firstPresentMs: String?) -> String {
        (firstPresentMs.map { "# first_present_ms: \($0)\n" } ?? "") + Self.header + "\n"
    }

    /// frame,t_ms,…,damaged_px,scene,input_latency_ms, then the sensors (`header`).
    func appendRow(_ r: FrameRecord, sensors: SystemSensors.Reading, to buffer: inout StatsRowBuffer) {
        buffer.appendFields(13) { f in
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
        buffer.appendScene(r.scene)
        buffer.appendFields(1) { f in
            f.comma()
            if let latency = r.inputLatencyNs { f.ms(latency) }
            f.comma()
        }
        buffer.appendSensors(sensors, layout: .elastic) { row in
            GeneralFormat.append(Double(sensors.cpuLoad), to: &row.bytes); row.comma()
            GeneralFormat.append(Double(sensors.cpuPower), to: &row.bytes); row.comma()
            row.appendInt(sensors.cpuTemp); row.comma()
            row.appendInt(sensors.cpuMHz); row.comma()
            GeneralFormat.append(Double(sensors.ramUsed), to: &row.bytes); row.comma()
            GeneralFormat.append(Double(sensors.swapUsed), to: &row.bytes); row.comma()
            GeneralFormat.append(Double(sensors.processRSS), to: &row.bytes)
        }
        buffer.endRow()
    }

    // MARK: Reading

    /// Any first line that is not another format's: the parser then asks for the header.
    static func recognizes(firstLine line: Substring) -> Bool { true }

    static func parse(_ lines: [Substring], name: String) throws -> FrameLog {
        var metadata: [String: String] = [:]
        var columns: [String: Int]?
        var columnCount = 0
        var records: [FrameRecord] = []
        records.reserveCapacity(lines.count)
        var pauses = 0
        var pausedNs: UInt64 = 0
        var lastTimeNs: UInt64 = 0

        for (index, line) in lines.enumerated() {
            let lineNumber = index + 1
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            if line.hasPrefix("#") {
                let body = line.dropFirst().trimmingCharacters(in: .whitespaces)
                guard let colon = body.firstIndex(of: ":") else { continue }
                let key = String(body[..<colon]).trimmingCharacters(in: .whitespaces)
                let value = String(body[body.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                if columns == nil || ["target_refresh_hz", "budget_ms", "pacing"].contains(key) {
                    // Pacing, and the budget with it, is settled by the first presents: a later line wins.
                    metadata[key] = value
                } else if key == "paused" {
                    pauses += 1
                } else if key == "resumed", value.hasPrefix("after "),
                          let seconds = Double(value.dropFirst("after ".count).prefix { $0 != " " }),
                          seconds.isFinite, seconds >= 0, seconds < 1e9 {
                    pausedNs &+= UInt64((seconds * 1e9).rounded())
                }
                continue
            }
            guard let map = columns else {
                let names = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                guard names.contains("frame_ms") else {
                    throw StatsError("\(name):\(lineNumber): not a stats file: expected the header line "
                        + "(\(header)) or MangoHud's (\(MangoHudLayout.systemHeader))")
                }
                var map: [String: Int] = [:]
                for (i, column) in names.enumerated() { map[column] = i }
                columns = map
                columnCount = names.count
                continue
            }
            let fields = FrameStatsReader.splitCSV(line)
            guard fields.count == columnCount else {
                throw StatsError("\(name):\(lineNumber): expected \(columnCount) fields, found \(fields.count)")
            }
            func ns(_ column: String) throws -> UInt64? {
                guard let i = map[column] else { return nil }
                return try FrameStatsReader.nanoseconds(fields[i], column: column, line: lineNumber, name: name)
            }
            func int(_ column: String) throws -> Int? {
                guard let i = map[column] else { return nil }
                guard let value = Int(fields[i].trimmingCharacters(in: .whitespaces)) else {
                    throw StatsError("\(name):\(lineNumber): \(column) is not a whole number: '\(fields[i])'")
                }
                return value
            }
            let frameNs = try ns("frame_ms") ?? 0
            let timeNs = try ns("t_ms") ?? (lastTimeNs &+ frameNs)
            lastTimeNs = timeNs
            records.append(FrameRecord(
                frame: try int("frame") ?? records.count, timeNs: timeNs, frameNs: frameNs,
                inputNs: try ns("input_ms") ?? 0, updateNs: try ns("update_ms") ?? 0, steps: try int("steps") ?? 0,
                tessellateNs: try ns("tessellate_ms") ?? 0, submitNs: try ns("submit_ms") ?? 0,
                presentNs: try ns("present_ms") ?? 0, hudNs: try ns("hud_ms") ?? 0,
                vertices: try int("vertices") ?? 0, triangles: try int("triangles") ?? 0,
                damagedPixels: try int("damaged_px") ?? 0,
                scene: map["scene"].map { String(fields[$0]) } ?? "",
                inputLatencyNs: try map["input_latency_ms"].flatMap { fields[$0].isEmpty ? nil : $0 }
                    .map { _ in try ns("input_latency_ms") ?? 0 }))
        }
        guard columns != nil else {
            throw StatsError("\(name): no header line (\(header))")
        }
        return FrameLog(format: .elastic, records: records, metadata: metadata, hasParts: true,
                        pauses: pauses, pausedSeconds: Double(pausedNs) / 1e9,
                        firstPresentMs: metadata["first_present_ms"].flatMap(Double.init))
    }
}

import Foundation

/// A stats file read back: its frames, what its preamble says, and its pauses.
public struct FrameLog: Sendable {
    public var format: StatsFormat
    public var records: [FrameRecord]
    /// The preamble: elastic `# key: value` lines (e.g. "target_refresh_hz"), or MangoHud's
    /// os, cpu, gpu, ram, kernel, driver, cpuscheduler.
    public var metadata: [String: String]
    /// Whether the rows have the parts of each frame (the MangoHud format has only frame times).
    public var hasParts: Bool
    public var pauses: Int
    public var pausedSeconds: Double
    /// The start-up (loop start to first present), kept out of the records; nil when unknown.
    public var firstPresentMs: Double?

    /// The refresh rate the file was recorded against, when it says.
    public var targetRefreshRate: Double? {
        for key in ["target_refresh_hz", "display_refresh_hz"] {
            if let value = metadata[key].flatMap(Double.init), value > 0 { return value }
        }
        return nil
    }

    /// The summary of these frames against `targetRefreshRate` (else the file's, else 60 Hz).
    public func summary(targetRefreshRate rate: Double? = nil) throws -> FrameSummary {
        let hz = rate ?? targetRefreshRate ?? 60
        if hasParts {
            return try FrameSummary.compute(records: records, targetRefreshRate: hz,
                                            pausedSeconds: pausedSeconds, pauses: pauses, firstPresentMs: firstPresentMs)
        }
        return try FrameSummary.compute(frameTimesMs: records.map { Double($0.frameNs) / 1e6 },
                                        targetRefreshRate: hz, pausedSeconds: pausedSeconds, pauses: pauses,
                                        firstPresentMs: firstPresentMs)
    }
}

/// Reads a stats file of either format (told apart by its first line) back into records.
/// Errors name the file and the line.
public enum FrameStatsReader {
    /// Reads a regular file, or a FIFO or pipe to its end (`elastic stats <(…)`). The open never
    /// waits for a writer (a FIFO nobody writes reads as empty); a device is refused, since
    /// /dev/zero would never end.
    public static func read(path: String) throws -> FrameLog {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            switch code {
            case ENOENT: throw StatsError("cannot read \(path): no such file")
            case EACCES: throw StatsError("cannot read \(path): permission denied or unreadable")
            default: throw StatsError("cannot read \(path): \(String(cString: strerror(code)))")
            }
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw StatsError("cannot read \(path): \(String(cString: strerror(errno)))") }
        switch info.st_mode & S_IFMT {
        case S_IFREG, S_IFIFO: break
        case S_IFDIR: throw StatsError("cannot read \(path): it is a directory")
        default: throw StatsError("cannot read \(path): it is not a regular file or a FIFO")
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()
        } catch {
            throw StatsError("cannot read \(path): \(error.localizedDescription)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw StatsError("cannot read \(path): not UTF-8 text")
        }
        var log = try parse(text, name: path)
        log.fillFromSummary(atPath: FrameStatsRecorder.summaryPath(for: path))
        return log
    }

    public static func parse(_ text: String, name: String = "stats file") throws -> FrameLog {
        // "\r\n" is one Character in Swift: split on both.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map { line in
            line.last == "\r" ? line.dropLast() : line
        }
        guard let first = lines.first(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            throw StatsError(text.isEmpty ? "\(name) is empty" : "\(name) holds only blank lines (\(text.utf8.count) bytes), no frame-time header")
        }
        if first.hasPrefix("os,") { return try parseMangoHud(lines, name: name) }
        if first.hasPrefix("Application,") { return try parsePresentMon(lines, name: name) }
        return try parseElastic(lines, name: name)
    }

    // MARK: Elastic

    private static func parseElastic(_ lines: [Substring], name: String) throws -> FrameLog {
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
                if columns == nil {
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
                        + "(\(FrameStatsRecorder.elasticHeader)) or MangoHud's (\(FrameStatsRecorder.mangoHudSystemHeader))")
                }
                var map: [String: Int] = [:]
                for (i, column) in names.enumerated() { map[column] = i }
                columns = map
                columnCount = names.count
                continue
            }
            let fields = splitCSV(line)
            guard fields.count == columnCount else {
                throw StatsError("\(name):\(lineNumber): expected \(columnCount) fields, found \(fields.count)")
            }
            func ns(_ column: String) throws -> UInt64? {
                guard let i = map[column] else { return nil }
                return try nanoseconds(fields[i], column: column, line: lineNumber, name: name)
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
            throw StatsError("\(name): no header line (\(FrameStatsRecorder.elasticHeader))")
        }
        return FrameLog(format: .elastic, records: records, metadata: metadata, hasParts: true,
                        pauses: pauses, pausedSeconds: Double(pausedNs) / 1e9,
                        firstPresentMs: metadata["first_present_ms"].flatMap(Double.init))
    }

    // MARK: Fields

    static func nanoseconds(_ field: Substring, column: String, line: Int, name: String) throws -> UInt64 {
        let text = field.trimmingCharacters(in: .whitespaces)
        guard let ms = Double(text), ms.isFinite, ms >= 0, ms < 1e12 else {
            throw StatsError("\(name):\(line): \(column) is not a number of milliseconds ≥ 0: '\(text)'")
        }
        return UInt64((ms * 1e6).rounded())
    }

    /// Splits a CSV line; a field may be quoted ("a, ""b""").
    static func splitCSV(_ line: Substring) -> [Substring] {
        guard line.contains("\"") else { return line.split(separator: ",", omittingEmptySubsequences: false) }
        var fields: [Substring] = []
        var current = ""
        var inQuotes = false
        var index = line.startIndex
        while index < line.endIndex {
            let c = line[index]
            if inQuotes {
                if c == "\"" {
                    let next = line.index(after: index)
                    if next < line.endIndex, line[next] == "\"" { current.append("\""); index = next } else { inQuotes = false }
                } else {
                    current.append(c)
                }
            } else if c == "\"" {
                inQuotes = true
            } else if c == "," {
                fields.append(Substring(current)); current = ""
            } else {
                current.append(c)
            }
            index = line.index(after: index)
        }
        fields.append(Substring(current))
        return fields
    }
}

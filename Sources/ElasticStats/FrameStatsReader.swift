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
                                        targetRefreshRate: hz,
                                        inputLatenciesMs: records.compactMap { $0.inputLatencyNs.map { Double($0) / 1e6 } },
                                        pausedSeconds: pausedSeconds, pauses: pauses,
                                        firstPresentMs: firstPresentMs)
    }
}

/// Reads a stats file of any format (told apart by its first line) back into records.
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
        log.format.layout.fillFromCompanions(&log, statsPath: path)
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
        let layout = StatsFormat.allCases.map(\.layout).first { $0 != ElasticLayout.self && $0.recognizes(firstLine: first) }
            ?? ElasticLayout.self
        return try layout.parse(lines, name: name)
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

extension FrameLog {
    /// What a file other than our own has no place for (the target rate, the start-up, pauses)
    /// taken from the run's own summary beside it, when there is one; the file's own values win.
    mutating func fillFromSummary(atPath path: String) {
        guard format != .elastic || firstPresentMs == nil,
              let data = FileManager.default.contents(atPath: path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return }
        if targetRefreshRate == nil, let hz = object["target_refresh_hz"] as? Double, hz > 0 {
            metadata["target_refresh_hz"] = "\(hz)"
        }
        if firstPresentMs == nil { firstPresentMs = object["first_present_ms"] as? Double }
        if format != .elastic, pauses == 0, let count = object["pauses"] as? Int, count > 0 {
            pauses = count
            pausedSeconds = object["paused_s"] as? Double ?? 0
        }
    }
}

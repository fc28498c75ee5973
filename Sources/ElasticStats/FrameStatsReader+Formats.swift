import Foundation

extension FrameStatsReader {
    // MARK: MangoHud

    /// MangoHud's per-frame log. Frame times come from `elapsed` (whole ns) when a row's `elapsed`
    /// step agrees with its `frametime` (6 significant digits), so our own logs re-read exactly;
    /// otherwise (a pause, MangoHud's own logs) from `frametime`. Values after MangoHud's seven on
    /// the system line written as `key=value` (ours: target_refresh_hz, first_present_ms) are kept.
    static func parseMangoHud(_ lines: [Substring], name: String) throws -> FrameLog {
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
            var frameNs = try nanoseconds(fields[frametime], column: "frametime", line: index + 1, name: name)
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

    // MARK: PresentMon

    /// PresentMon's CSV (1.x, and 2.x's columns of the same names): one row per present of every
    /// swap chain; the frame time is `msBetweenPresents`, the present's time `TimeInSeconds` (the
    /// present call's start) plus `msInPresentAPI`. Column names are matched as CapFrameX matches
    /// them (the `ms…` ones in any case). Rows of other swap chains than the first row's are skipped.
    static func parsePresentMon(_ lines: [Substring], name: String) throws -> FrameLog {
        let header = splitCSV(lines[0]).map { $0.trimmingCharacters(in: .whitespaces) }
        func column(_ names: String...) -> Int? {
            header.firstIndex { h in names.contains { $0.caseInsensitiveCompare(h) == .orderedSame } }
        }
        guard let between = column("msBetweenPresents", "MsBetweenAppPresents") else {
            throw StatsError("\(name):1: PresentMon header without a msBetweenPresents column")
        }
        let start = header.firstIndex(of: "TimeInSeconds"), inPresent = column("msInPresentAPI")
        let swapChain = header.firstIndex(of: "SwapChainAddress")
        var records: [FrameRecord] = []
        records.reserveCapacity(lines.count)
        var chain: String?
        var lastTimeNs: UInt64 = 0
        for index in 1..<lines.count {
            let line = lines[index]
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let fields = splitCSV(line)
            guard fields.count >= header.count else {
                throw StatsError("\(name):\(index + 1): expected \(header.count) fields, found \(fields.count)")
            }
            if let swapChain {
                let this = String(fields[swapChain])
                if chain == nil { chain = this } else if chain != this { continue }
            }
            let frameNs = try nanoseconds(fields[between], column: "msBetweenPresents", line: index + 1, name: name)
            let presentNs = try inPresent.map { try nanoseconds(fields[$0], column: "msInPresentAPI", line: index + 1, name: name) } ?? 0
            var timeNs = lastTimeNs &+ frameNs
            if let start {
                let text = fields[start].trimmingCharacters(in: .whitespaces)
                guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds < 1e9 else {
                    throw StatsError("\(name):\(index + 1): TimeInSeconds is not a number of seconds ≥ 0: '\(text)'")
                }
                timeNs = UInt64((seconds * 1e9).rounded()) &+ presentNs
            }
            lastTimeNs = timeNs
            records.append(FrameRecord(frame: records.count, timeNs: timeNs, frameNs: frameNs, presentNs: presentNs))
        }
        return FrameLog(format: .presentmon, records: records, metadata: [:], hasParts: false,
                        pauses: 0, pausedSeconds: 0, firstPresentMs: nil)
    }
}

extension FrameLog {
    /// What a MangoHud or PresentMon file has no place for (the target rate, the start-up, pauses)
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

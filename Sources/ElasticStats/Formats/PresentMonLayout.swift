import Foundation

/// PresentMon 1.7–1.10's CSV with its display columns (as `-track_display` writes them), then
/// PresentMon 2's `MsPCLatency`: one row a present. CapFrameX lists a CSV only when its header has
/// `MsBetweenDisplayChange`, and charts `MsPCLatency` (that exact name) as the PC latency.
///
/// We see our own presents, not the display's scanout, so the display columns come from our
/// present timing (docs/frame-stats.md): the frame counts as rendered and displayed when its
/// present call returns (`msUntilRenderComplete` = `msUntilDisplayed` = `msInPresentAPI`), and
/// every present is displayed (`msBetweenDisplayChange` = `msBetweenPresents`, `Dropped` 0).
/// `MsPCLatency` is our input-to-present latency, `NA` for a frame that applied no input.
struct PresentMonLayout: StatsLayout {
    static let header =
        "Application,ProcessID,SwapChainAddress,Runtime,SyncInterval,PresentFlags,Dropped,TimeInSeconds,msInPresentAPI,msBetweenPresents"
        + ",AllowsTearing,PresentMode,msUntilRenderComplete,msUntilDisplayed,msBetweenDisplayChange,MsPCLatency"

    private let processID: Int32
    private let syncInterval: Int
    init(_ context: StatsFileContext) {
        processID = context.processID
        syncInterval = (context.run.vsyncInEffect ?? context.run.vsyncRequested) ? 1 : 0
    }

    func opening() -> String { Self.header + "\n" }
    func atFirstPresent(firstPresentMs: String?) -> String { "" }

    /// Times with 14 decimals, as PresentMon's `%.*lf` with DBL_DIG − 1 (exact here: whole ns).
    func appendRow(_ r: FrameRecord, sensors: SystemSensors.Reading, to buffer: inout StatsRowBuffer) {
        buffer.appendText("elastic,"); buffer.appendInt(Int(processID))
        buffer.appendText(",0x0000000000000000,Other,"); buffer.appendInt(syncInterval)
        buffer.appendText(",0,0,")
        buffer.appendDecimal(r.timeNs &- min(r.timeNs, r.presentNs), places: 9); buffer.comma()
        buffer.appendDecimal(r.presentNs, places: 6); buffer.comma()
        buffer.appendDecimal(r.frameNs, places: 6)
        buffer.appendText(",0,Unknown,")
        buffer.appendDecimal(r.presentNs, places: 6); buffer.comma()
        buffer.appendDecimal(r.presentNs, places: 6); buffer.comma()
        buffer.appendDecimal(r.frameNs, places: 6); buffer.comma()
        if let latency = r.inputLatencyNs { buffer.appendDecimal(latency, places: 6) } else { buffer.appendText("NA") }
        buffer.endRow()
    }

    // MARK: Reading

    static func recognizes(firstLine line: Substring) -> Bool { line.hasPrefix("Application,") }

    /// PresentMon's CSV (1.x, and 2.x's columns of the same names): one row per present of every
    /// swap chain; the frame time is `msBetweenPresents`, the present's time `TimeInSeconds` (the
    /// present call's start) plus `msInPresentAPI`, the input latency `MsPCLatency` when a number.
    /// Column names are matched as CapFrameX matches them (the `ms…` ones in any case,
    /// `MsPCLatency` exactly). Rows of other swap chains than the first row's are skipped.
    static func parse(_ lines: [Substring], name: String) throws -> FrameLog {
        let header = FrameStatsReader.splitCSV(lines[0]).map { $0.trimmingCharacters(in: .whitespaces) }
        func column(_ names: String...) -> Int? {
            header.firstIndex { h in names.contains { $0.caseInsensitiveCompare(h) == .orderedSame } }
        }
        guard let between = column("msBetweenPresents", "MsBetweenAppPresents") else {
            throw StatsError("\(name):1: PresentMon header without a msBetweenPresents column")
        }
        let start = header.firstIndex(of: "TimeInSeconds"), inPresent = column("msInPresentAPI")
        let swapChain = header.firstIndex(of: "SwapChainAddress")
        let latency = header.firstIndex(of: "MsPCLatency")
        var records: [FrameRecord] = []
        records.reserveCapacity(lines.count)
        var chain: String?
        var lastTimeNs: UInt64 = 0
        for index in 1..<lines.count {
            let line = lines[index]
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let fields = FrameStatsReader.splitCSV(line)
            guard fields.count >= header.count else {
                throw StatsError("\(name):\(index + 1): expected \(header.count) fields, found \(fields.count)")
            }
            if let swapChain {
                let this = String(fields[swapChain])
                if chain == nil { chain = this } else if chain != this { continue }
            }
            let frameNs = try FrameStatsReader.nanoseconds(fields[between], column: "msBetweenPresents", line: index + 1, name: name)
            let presentNs = try inPresent.map {
                try FrameStatsReader.nanoseconds(fields[$0], column: "msInPresentAPI", line: index + 1, name: name)
            } ?? 0
            var timeNs = lastTimeNs &+ frameNs
            if let start {
                let text = fields[start].trimmingCharacters(in: .whitespaces)
                guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds < 1e9 else {
                    throw StatsError("\(name):\(index + 1): TimeInSeconds is not a number of seconds ≥ 0: '\(text)'")
                }
                timeNs = UInt64((seconds * 1e9).rounded()) &+ presentNs
            }
            // PresentMon writes NA where a frame has no value: no latency, as CapFrameX reads it.
            var latencyNs: UInt64?
            if let latency, fields[latency].trimmingCharacters(in: .whitespaces) != "NA" {
                latencyNs = try FrameStatsReader.nanoseconds(fields[latency], column: "MsPCLatency", line: index + 1, name: name)
            }
            lastTimeNs = timeNs
            records.append(FrameRecord(frame: records.count, timeNs: timeNs, frameNs: frameNs, presentNs: presentNs,
                                       inputLatencyNs: latencyNs))
        }
        return FrameLog(format: .presentmon, records: records, metadata: [:], hasParts: false,
                        pauses: 0, pausedSeconds: 0, firstPresentMs: nil)
    }
}

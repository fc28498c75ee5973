import Foundation

/// Writes one row per frame to a stats file as the run goes, and the summary at the end.
///
/// - The file is opened, locked and truncated, and its preamble written, in `init`, so a path that
///   cannot be written, or that another recorder is writing, fails before the run starts, with
///   the reason (see `OutputFile` for what each kind of path means).
/// - Rows go to an in-memory buffer, written with write(2) when a record comes ≥ 1 s (by its
///   `timeNs`) after the last write, or when the buffer passes 64 KiB: a crash loses at most the
///   last second. Formatting uses a reused byte buffer (no per-row String work).
/// - A write failing mid-run (disk full) does not stop the run: `writeError` says why, frames are
///   still counted for the summary, and the summary says how many rows were lost.
/// - The first recorded frame is the start-up (the loop's start to the first present): it is kept
///   out of the rows and the figures and written as `first_present_ms` (elastic: a `#` line just
///   before the column header; MangoHud: on the system line; in the summary).
/// - Sensors (`SystemSensors`) are read at most once a second, on a frame's time, and written on
///   every row until the next reading (as MangoHud logs them).
/// - `pause(reason:)` / `resume()`: frames recorded while paused are left out of the file and the
///   figures, and so is the first frame after `resume()` (its frame time spans the pause).
///   The elastic format marks both (`# paused: window hidden`, `# resumed: after 3.200 s`).
/// - `finish()` writes the rest, writes `<file without .csv>.summary.json` beside a regular file
///   (a device or FIFO gets none: `summaryPath` is empty) and closes the file.
///
/// Not thread-safe: use it from the game loop's thread. On SIGINT / SIGTERM, set a flag in the
/// handler and let the loop end normally and call `finish()` (it is not async-signal-safe).
public final class FrameStatsRecorder {
    public let path: String
    /// Where `finish()` writes the summary: FILE.csv → FILE.summary.json; empty when the stats go
    /// to a character device (/dev/null) or a FIFO, which get no summary file.
    public let summaryPath: String
    public let format: StatsFormat
    public let run: RunInfo
    /// The rate the frame budget is taken from; `retarget` moves it to a rate measured later.
    public private(set) var targetRefreshRate: Double

    /// Why writing failed, if it did (the run goes on; rows after the failure are lost).
    public private(set) var writeError: String?
    /// Rows that could not be written.
    public private(set) var lostRows = 0
    public private(set) var isPaused = false
    /// Frames in the figures (not paused).
    public var frameCount: Int { frameTimesMs.count }
    /// The summary, once `finish()` has run and there were frames.
    public private(set) var summary: FrameSummary?
    /// Why `finish()` has no summary or could not write it (e.g. "no frames recorded").
    public private(set) var summaryError: String?
    /// Whether `finish()` writes a summary file (only beside a regular file).
    public var writesSummaryFile: Bool { !summaryPath.isEmpty }

    static let flushIntervalNs: UInt64 = 1_000_000_000
    static let flushBytes = 64 * 1024

    /// The first line of an elastic-format file.
    public static var elasticMagic: String { ElasticLayout.magic }

    let output: OutputFile
    /// Set once a write has failed: nothing more is written (the file stays open, and locked).
    private var writingStopped = false
    private var buffer = StatsRowBuffer()
    private var lastFlushNs: UInt64 = 0
    private var frameTimesMs: [Double] = []
    private var inputLatenciesMs: [Double] = []
    private var sums = (input: UInt64(0), update: UInt64(0), steps: 0, tessellate: UInt64(0),
                        submit: UInt64(0), present: UInt64(0), hud: UInt64(0))
    private var pausedNs: UInt64 = 0
    private var pausedNsAtPause: UInt64 = 0
    private var pauses = 0
    private var skipNextFrame = false
    private var lastRecordedNs: UInt64 = 0
    private var finished = false
    /// The start-up (first present since the loop's start), once the first frame came.
    public private(set) var firstPresentNs: UInt64?
    private let sensors = SystemSensors()
    private var lastSensorNs: UInt64 = 0
    /// The format's header, rows and companion files.
    private var layout: any StatsLayout

    /// Opens the file and writes its preamble; throws a `StatsError` naming the path and the
    /// reason when it cannot.
    public init(path: String, format: StatsFormat, run: RunInfo, targetRefreshRate: Double) throws {
        guard targetRefreshRate.isFinite, targetRefreshRate > 0 else {
            throw StatsError("cannot write stats to \(path): the target refresh rate must be positive (got \(targetRefreshRate))")
        }
        self.path = path
        self.format = format
        self.run = run
        self.targetRefreshRate = targetRefreshRate
        layout = format.layout.init(StatsFileContext(run: run, targetRefreshRate: targetRefreshRate,
                                                     processID: getpid(), opened: Date()))
        output = try OutputFile(path: path, policy: .stats)
        summaryPath = output.kind == .regularFile ? FrameStatsRecorder.summaryPath(for: path) : ""
        buffer.bytes.reserveCapacity(Self.flushBytes + 4096)
        frameTimesMs.reserveCapacity(1 << 16)
        buffer.appendText(layout.opening())
        if let error = writeBuffer().error {
            output.close()
            throw StatsError(error)
        }
    }

    /// FILE.csv → FILE.summary.json; a name without .csv gets .summary.json added.
    public static func summaryPath(for path: String) -> String {
        (path.hasSuffix(".csv") ? String(path.dropLast(4)) : path) + ".summary.json"
    }

    // MARK: Recording

    /// Adds one frame. Cheap: formats into a reused buffer, writes at most once a second.
    public func record(_ r: FrameRecord) {
        guard !finished else { return }
        if firstPresentNs == nil {
            firstPresentNs = r.frameNs
            if !writingStopped { buffer.appendText(layout.atFirstPresent(firstPresentMs: firstPresentNs.map(Self.milliseconds))) }
            sensors.sample(nowNs: r.timeNs)
            lastSensorNs = r.timeNs
            return
        }
        if isPaused {
            pausedNs &+= r.frameNs
            return
        }
        if skipNextFrame {
            skipNextFrame = false
            pausedNs &+= r.frameNs
            if format.layout.takesComments, !writingStopped {
                // The frame times this pause took out of the figures, to the ns (the summary's paused_s).
                let ns = pausedNs &- pausedNsAtPause
                buffer.appendText("# resumed: after \(ns / 1_000_000_000).\(Self.nineDigits(ns % 1_000_000_000)) s (this frame left out: it spans the pause)\n")
            }
            return
        }
        frameTimesMs.append(Double(r.frameNs) / 1e6)
        if let latency = r.inputLatencyNs { inputLatenciesMs.append(Double(latency) / 1e6) }
        sums.input &+= r.inputNs; sums.update &+= r.updateNs; sums.steps &+= r.steps
        sums.tessellate &+= r.tessellateNs; sums.submit &+= r.submitNs
        sums.present &+= r.presentNs; sums.hud &+= r.hudNs
        lastRecordedNs = r.timeNs

        if r.timeNs > lastSensorNs, r.timeNs - lastSensorNs >= Self.flushIntervalNs {
            sensors.sample(nowNs: r.timeNs)
            lastSensorNs = r.timeNs
        }
        guard !writingStopped else { lostRows += 1; return }
        layout.appendRow(r, sensors: sensors.reading, to: &buffer)
        // A time before the last write (a clock gone backwards) waits for the buffer to fill.
        if (r.timeNs > lastFlushNs && r.timeNs - lastFlushNs >= Self.flushIntervalNs) || buffer.bytes.count >= Self.flushBytes {
            lastFlushNs = r.timeNs
            flush()
        }
    }

    /// Stops recording (the window is hidden or minimised: presents may block, SDL #7114).
    public func pause(reason: String) {
        guard !isPaused, !finished else { return }
        isPaused = true
        pauses += 1
        pausedNsAtPause = pausedNs
        if format.layout.takesComments, !writingStopped {
            buffer.appendText("# paused: \(reason.replacingOccurrences(of: "\n", with: " "))\n")
            flush()
        }
    }

    /// A `# key: value` line between the rows (elastic format only), e.g. what paces the frames
    /// once the first presents decided it.
    public func note(_ key: String, _ value: String) {
        guard format.layout.takesComments, !finished, !writingStopped else { return }
        buffer.appendText("# \(key): \(value.replacingOccurrences(of: "\n", with: " "))\n")
    }

    /// The frames were measured to come at `hz` (vsync at a compositor's own rate): the budget and
    /// the summary follow it. The elastic format says so between the rows.
    public func retarget(refreshRate hz: Double) {
        guard hz.isFinite, hz > 0, hz != targetRefreshRate, !finished else { return }
        targetRefreshRate = hz
        note("target_refresh_hz", Self.exact(hz))
        note("budget_ms", FrameSummary.format(1000 / hz, 4))
    }

    /// Records again; the next frame is left out (its frame time spans the pause).
    public func resume() {
        guard isPaused, !finished else { return }
        isPaused = false
        skipNextFrame = true
    }

    /// Writes the buffered rows now. Returns quietly after a write error (see `writeError`).
    public func flush() {
        guard !writingStopped, !buffer.isEmpty else { return }
        let rows = buffer.rows
        let (error, keptRows) = writeBuffer()
        if let error {
            writeError = error
            lostRows += rows - keptRows
            writingStopped = true
        }
    }

    /// Writes the rest, computes the summary, writes it as JSON beside a regular file, and closes
    /// the file (kept open, and locked, until the summary is written). Returns nil when there were
    /// no frames (`summaryError` says so). Idempotent.
    @discardableResult
    public func finish() -> FrameSummary? {
        if finished { return summary }
        finished = true
        if firstPresentNs == nil, !writingStopped { buffer.appendText(layout.atFirstPresent(firstPresentMs: firstPresentNs.map(Self.milliseconds))) }
        if format.layout.takesComments, !writingStopped {
            let summaryNote = writesSummaryFile
                ? "summary in \(summaryPath)" : "no summary file (the stats went to \(output.kind.name))"
            buffer.appendText("# finished: \(frameTimesMs.count) frames, \(summaryNote)\n")
        }
        flush()
        defer { output.close() }
        let n = Double(max(1, frameTimesMs.count))
        let parts = FrameSummary.PartMeans(
            inputMs: Double(sums.input) / 1e6 / n, updateMs: Double(sums.update) / 1e6 / n,
            steps: Double(sums.steps) / n, tessellateMs: Double(sums.tessellate) / 1e6 / n,
            submitMs: Double(sums.submit) / 1e6 / n, presentMs: Double(sums.present) / 1e6 / n,
            hudMs: Double(sums.hud) / 1e6 / n)
        let json: Data
        do {
            let s = try FrameSummary.compute(
                frameTimesMs: frameTimesMs, parts: parts, targetRefreshRate: targetRefreshRate,
                inputLatenciesMs: inputLatenciesMs, lostRows: lostRows, pausedSeconds: Double(pausedNs) / 1e9, pauses: pauses,
                firstPresentMs: firstPresentNs.map { Double($0) / 1e6 })
            summary = s
            json = try s.jsonData()
        } catch {
            summaryError = "\(error)"
            json = Data("{\n  \"error\" : \"\(error)\",\n  \"frames\" : 0\n}\n".utf8)
        }
        if writesSummaryFile {
            do {
                try AtomicFile.write(json, to: summaryPath, purpose: "summary")
            } catch {
                summaryError = (summaryError.map { $0 + "; " } ?? "") + "\(error)"
            }
            let end = StatsRunEnd(frames: frameTimesMs.count, durationSeconds: frameTimesMs.reduce(0, +) / 1000, closed: Date())
            for companion in layout.companions(ofStatsAt: path, finished: end) {
                do {
                    try AtomicFile.write(companion.data, to: companion.path, purpose: "\(format.rawValue) metadata")
                } catch {
                    summaryError = (summaryError.map { $0 + "; " } ?? "") + "\(error)"
                }
            }
        }
        buffer = StatsRowBuffer()
        return summary
    }

    /// The run was cut short and its record is not wanted: closes the file and removes it. Nothing
    /// else was written yet (the summary and the companion files come with `finish`).
    public func abandon() {
        guard !finished else { return }
        finished = true
        output.close()
        if output.kind == .regularFile { unlink(output.openedPath) }
    }

    /// A number as Swift prints it shortest, so it reads back to the same double ("144", "59.94").
    static func exact(_ value: Double) -> String {
        value == value.rounded() && value.magnitude < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// Whole nanoseconds as milliseconds with 6 decimals (exact).
    static func milliseconds(_ ns: UInt64) -> String {
        let fraction = String(ns % 1_000_000)
        return "\(ns / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    static func nineDigits(_ n: UInt64) -> String {
        let text = String(n)
        return String(repeating: "0", count: max(0, 9 - text.count)) + text
    }

    // MARK: Testing

    /// Sends the following writes to another file (tests use /dev/full to fill the disk mid-run).
    func redirectForTesting(to otherPath: String) { output.redirectForTesting(to: otherPath) }

    // MARK: Writing

    /// Writes the whole buffer and empties it. On failure, the error message and how many of the
    /// buffer's rows made it (the file keeps every whole row that fitted, never half of one).
    private func writeBuffer() -> (error: String?, keptRows: Int) {
        defer { buffer.removeAll() }
        let (kept, error) = buffer.bytes.withUnsafeBytes { output.write($0) }
        guard error != nil else { return (nil, buffer.rows) }
        return (error, buffer.rows(inFirst: kept))
    }
}

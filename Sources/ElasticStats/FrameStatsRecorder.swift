import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes one row per frame to a stats file as the run goes, and the summary at the end.
///
/// - The file is created (truncated) and its preamble written in `init`, so a path that cannot be
///   written fails before the run starts, with the reason.
/// - Rows go to an in-memory buffer, written with write(2) when a record comes ≥ 1 s (by its
///   `timeNs`) after the last write, or when the buffer passes 64 KiB: a crash loses at most the
///   last second. Formatting uses a reused byte buffer (no per-row String work).
/// - A write failing mid-run (disk full) does not stop the run: `writeError` says why, frames are
///   still counted for the summary, and the summary says how many rows were lost.
/// - `pause(reason:)` / `resume()`: frames recorded while paused are left out of the file and the
///   figures, and so is the first frame after `resume()` (its frame time spans the pause).
///   The elastic format marks both (`# paused: window hidden`, `# resumed: after 3.200 s`).
/// - `finish()` writes the rest, closes the file and writes `<file without .csv>.summary.json`.
///
/// Not thread-safe: use it from the game loop's thread. On SIGINT / SIGTERM, set a flag in the
/// handler and let the loop end normally and call `finish()` (it is not async-signal-safe).
public final class FrameStatsRecorder {
    public let path: String
    /// Where `finish()` writes the summary: FILE.csv → FILE.summary.json.
    public let summaryPath: String
    public let format: StatsFormat
    public let run: RunInfo
    public let targetRefreshRate: Double

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

    static let flushIntervalNs: UInt64 = 1_000_000_000
    static let flushBytes = 64 * 1024

    public static let elasticHeader =
        "frame,t_ms,frame_ms,input_ms,update_ms,steps,tessellate_ms,submit_ms,present_ms,hud_ms,vertices,triangles,scene"
    public static let mangoHudSystemHeader = "os,cpu,gpu,ram,kernel,driver,cpuscheduler"
    public static let mangoHudHeader =
        "fps,frametime,cpu_load,cpu_power,gpu_load,cpu_temp,gpu_temp,gpu_core_clock,gpu_mem_clock,gpu_vram_used,gpu_power,ram_used,swap_used,process_rss,cpu_mhz,elapsed"
    /// The first line of an elastic-format file.
    public static let elasticMagic = "# elastic frame stats"

    private var fd: Int32
    /// Bytes of whole lines in the file: a write that fails part-way is cut back to a line end.
    private var committedBytes: off_t = 0
    private var buffer: [UInt8] = []
    private var rowsInBuffer = 0
    private var lastFlushNs: UInt64 = 0
    private var frameTimesMs: [Double] = []
    private var sums = (input: UInt64(0), update: UInt64(0), steps: 0, tessellate: UInt64(0),
                        submit: UInt64(0), present: UInt64(0), hud: UInt64(0))
    private var pausedNs: UInt64 = 0
    private var pauses = 0
    private var skipNextFrame = false
    private var lastRecordedNs: UInt64 = 0
    private var finished = false

    /// Creates the file and writes its preamble; throws a `StatsError` naming the path and the
    /// reason when it cannot.
    public init(path: String, format: StatsFormat, run: RunInfo, targetRefreshRate: Double) throws {
        guard targetRefreshRate.isFinite, targetRefreshRate > 0 else {
            throw StatsError("cannot write stats to \(path): the target refresh rate must be positive (got \(targetRefreshRate))")
        }
        self.path = path
        self.summaryPath = FrameStatsRecorder.summaryPath(for: path)
        self.format = format
        self.run = run
        self.targetRefreshRate = targetRefreshRate
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd < 0 { throw StatsError("cannot write stats to \(path): \(Self.errnoText())") }
        buffer.reserveCapacity(Self.flushBytes + 4096)
        frameTimesMs.reserveCapacity(1 << 16)
        buffer.append(contentsOf: preamble().utf8)
        if let error = writeBuffer().error {
            close(fd)
            fd = -1
            throw StatsError(error)
        }
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// FILE.csv → FILE.summary.json; a name without .csv gets .summary.json added.
    public static func summaryPath(for path: String) -> String {
        (path.hasSuffix(".csv") ? String(path.dropLast(4)) : path) + ".summary.json"
    }

    // MARK: Recording

    /// Adds one frame. Cheap: formats into a reused buffer, writes at most once a second.
    public func record(_ r: FrameRecord) {
        guard !finished else { return }
        if isPaused {
            pausedNs &+= r.frameNs
            return
        }
        if skipNextFrame {
            skipNextFrame = false
            pausedNs &+= r.frameNs
            if format == .elastic, fd >= 0 {
                let seconds = Double(r.timeNs &- lastRecordedNs) / 1e9
                appendASCII("# resumed: after \(FrameSummary.format(seconds, 3)) s (this frame left out: it spans the pause)\n")
            }
            return
        }
        frameTimesMs.append(Double(r.frameNs) / 1e6)
        sums.input &+= r.inputNs; sums.update &+= r.updateNs; sums.steps &+= r.steps
        sums.tessellate &+= r.tessellateNs; sums.submit &+= r.submitNs
        sums.present &+= r.presentNs; sums.hud &+= r.hudNs
        lastRecordedNs = r.timeNs

        guard fd >= 0 else { lostRows += 1; return }
        switch format {
        case .elastic: appendElasticRow(r)
        case .mangohud: appendMangoHudRow(r)
        }
        rowsInBuffer += 1
        if r.timeNs &- lastFlushNs >= Self.flushIntervalNs || buffer.count >= Self.flushBytes {
            lastFlushNs = r.timeNs
            flush()
        }
    }

    /// Stops recording (the window is hidden or minimised: presents may block, SDL #7114).
    public func pause(reason: String) {
        guard !isPaused, !finished else { return }
        isPaused = true
        pauses += 1
        if format == .elastic, fd >= 0 {
            appendASCII("# paused: \(reason.replacingOccurrences(of: "\n", with: " "))\n")
            flush()
        }
    }

    /// Records again; the next frame is left out (its frame time spans the pause).
    public func resume() {
        guard isPaused, !finished else { return }
        isPaused = false
        skipNextFrame = true
    }

    /// Writes the buffered rows now. Returns quietly after a write error (see `writeError`).
    public func flush() {
        guard fd >= 0, !buffer.isEmpty else { return }
        let rows = rowsInBuffer
        let (error, keptRows) = writeBuffer()
        if let error {
            writeError = error
            lostRows += rows - keptRows
            close(fd)
            fd = -1
        }
    }

    /// Writes the rest, closes the file, computes the summary and writes it as JSON next to the
    /// file. Returns nil when there were no frames (`summaryError` says so). Idempotent.
    @discardableResult
    public func finish() -> FrameSummary? {
        if finished { return summary }
        finished = true
        if format == .elastic, fd >= 0 {
            appendASCII("# finished: \(frameTimesMs.count) frames, summary in \(summaryPath)\n")
        }
        flush()
        if fd >= 0 { close(fd); fd = -1 }
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
                lostRows: lostRows, pausedSeconds: Double(pausedNs) / 1e9, pauses: pauses)
            summary = s
            json = try s.jsonData()
        } catch {
            summaryError = "\(error)"
            json = Data("{\n  \"error\" : \"\(error)\",\n  \"frames\" : 0\n}\n".utf8)
        }
        do {
            try WholeFileWriter.write(json, to: summaryPath, what: "the summary")
        } catch {
            summaryError = (summaryError.map { $0 + "; " } ?? "") + "\(error)"
        }
        buffer = []
        return summary
    }

    // MARK: Testing

    /// Sends the following writes to another file (tests use /dev/full to fill the disk mid-run).
    func redirectForTesting(to otherPath: String) {
        let other = open(otherPath, O_WRONLY | O_CLOEXEC)
        guard other >= 0 else { return }
        if fd >= 0 { close(fd) }
        fd = other
    }

    // MARK: Writing

    /// Writes the whole buffer (retrying partial writes and EINTR). On failure, the error message
    /// and how many of the buffer's rows made it. When only part of the buffer got written (a disk
    /// filling up, a file size limit), the file is cut back to the last whole line written, so it
    /// never ends in half a row and keeps every row that fitted.
    private func writeBuffer() -> (error: String?, keptRows: Int) {
        defer { buffer.removeAll(keepingCapacity: true); rowsInBuffer = 0 }
        var error: String?
        var written = 0
        buffer.withUnsafeBytes { raw in
            while written < raw.count {
                let n = write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    error = "cannot write stats to \(path): \(Self.errnoText())"
                    return
                }
                written += n
            }
        }
        guard error != nil else {
            committedBytes += off_t(written)
            return (nil, rowsInBuffer)
        }
        // Whole lines in the written part; comment lines ("# paused") are not rows.
        var wholeBytes = 0, keptRows = 0, lineStart = 0
        for i in 0..<written where buffer[i] == UInt8(ascii: "\n") {
            if buffer[lineStart] != UInt8(ascii: "#") { keptRows += 1 }
            lineStart = i + 1
            wholeBytes = i + 1
        }
        if written > wholeBytes { _ = ftruncate(fd, committedBytes + off_t(wholeBytes)) }
        committedBytes += off_t(wholeBytes)
        return (error, keptRows)
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }

    private func preamble() -> String {
        switch format {
        case .elastic: return elasticPreamble()
        case .mangohud: return mangoHudPreamble()
        }
    }

    private func elasticPreamble() -> String {
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
            ("target_refresh_hz", number(targetRefreshRate)),
            ("budget_ms", FrameSummary.format(1000 / targetRefreshRate, 4)),
            ("started", ISO8601DateFormatter().string(from: Date())),
            ("clock", "CLOCK_MONOTONIC; frame_ms is present to present; t_ms is this frame's present since the start; times in ms"),
        ]
        var text = Self.elasticMagic + ", format 1\n"
        for (key, value) in lines {
            text += "# \(key): \(value.replacingOccurrences(of: "\n", with: " "))\n"
        }
        return text + Self.elasticHeader + "\n"
    }

    private func mangoHudPreamble() -> String {
        let system = SystemDescription.current()
        let values = [system.os, system.cpu, run.renderer, system.ram, system.kernel, run.videoDriver, system.cpuScheduler]
            .map { $0.replacingOccurrences(of: ",", with: " ").replacingOccurrences(of: "\n", with: " ") }
        return Self.mangoHudSystemHeader + "\n" + values.joined(separator: ",") + "\n" + Self.mangoHudHeader + "\n"
    }

    private func appendElasticRow(_ r: FrameRecord) {
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
        appendCSVField(r.scene)
        buffer.append(UInt8(ascii: "\n"))
    }

    private func appendMangoHudRow(_ r: FrameRecord) {
        // fps with 4 decimals, in fixed point: 1e13 / frameNs = FPS × 10⁴.
        let fps4 = r.frameNs > 0 ? (10_000_000_000_000 + r.frameNs / 2) / r.frameNs : 0
        appendFixed4(fps4); comma()
        appendMs(r.frameNs)
        // cpu_load … cpu_mhz: 13 sensors we do not read.
        for _ in 0..<13 { buffer.append(UInt8(ascii: ",")); buffer.append(UInt8(ascii: "0")) }
        comma()
        appendUInt(r.timeNs)
        buffer.append(UInt8(ascii: "\n"))
    }

    @inline(__always) private func comma() { buffer.append(UInt8(ascii: ",")) }

    private func appendASCII(_ text: String) { buffer.append(contentsOf: text.utf8) }

    private func appendUInt(_ value: UInt64) {
        if value < 10 { buffer.append(UInt8(ascii: "0") + UInt8(value)); return }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var v = value
        withUnsafeMutableBytes(of: &digits) { d in
            while v > 0 { d[count] = UInt8(ascii: "0") + UInt8(v % 10); v /= 10; count += 1 }
            for i in stride(from: count - 1, through: 0, by: -1) { buffer.append(d[i]) }
        }
    }

    private func appendInt(_ value: Int) {
        if value < 0 { buffer.append(UInt8(ascii: "-")); appendUInt(value.magnitude.toUInt64) } else { appendUInt(UInt64(value)) }
    }

    /// Nanoseconds as milliseconds with 4 decimals, rounded to the nearest 100 ns.
    private func appendMs(_ ns: UInt64) { appendFixed4(ns / 100 + (ns % 100 >= 50 ? 1 : 0)) }

    /// A value in units of 10⁻⁴ as "integer.dddd".
    private func appendFixed4(_ tenThousandths: UInt64) {
        appendUInt(tenThousandths / 10_000)
        buffer.append(UInt8(ascii: "."))
        var fraction = tenThousandths % 10_000
        var divisor: UInt64 = 1000
        for _ in 0..<4 {
            buffer.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
        }
    }

    /// A CSV field, quoted only when it has to be.
    private func appendCSVField(_ text: String) {
        let needsQuotes = text.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }
        guard needsQuotes else { buffer.append(contentsOf: text.utf8); return }
        buffer.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\"") { buffer.append(byte) }
            buffer.append(byte == 10 || byte == 13 ? UInt8(ascii: " ") : byte)
        }
        buffer.append(UInt8(ascii: "\""))
    }
}

private extension UInt {
    var toUInt64: UInt64 { UInt64(self) }
}

import ElasticCore
import ElasticScenes
import ElasticStats
import Foundation

/// The run's outputs as `RunOutput`s: the trace, the draw trace, the recorded input, the video and
/// the stats.
extension TraceWriter: RunOutput {
    func presented(_ frame: PresentedFrame) {
        let driver = frame.driver
        record(frame: frame.number, time: driver.renderedTime, world: driver.scene.world, alpha: driver.alpha)
    }

    func finish() -> String? {
        close()
        if let error = writeError { printError("elastic: \(error)") }
        return nil
    }
}

extension DrawTraceWriter: RunOutput {
    /// The loop's first frame must already be logged.
    func attach(to driver: FrameDriver) { enable(&driver.tessellator) }

    func presented(_ frame: PresentedFrame) {
        let driver = frame.driver
        record(frame: frame.number, time: driver.renderedTime, list: driver.drawList, log: &driver.tessellator.shapeLog, scale: frame.scale)
    }
}

extension VideoEncoder: RunOutput {
    func drawn(by frontEnd: any FrontEnd, at now: Double) { capture(from: frontEnd, at: now) }
}

/// `--record-input`: every event as it is queued, as a replay script line.
final class InputRecording: RunOutput {
    private let file: OutputFile

    init(_ file: OutputFile) { self.file = file }

    func start() { file.start() }
    func queued(_ input: TimedInput) { file.write(ReplayScript.line(for: input) + "\n") }

    func finish() -> String? {
        file.close()
        if let error = file.errorReport { printError("elastic: \(error)") }
        return nil
    }

    func discard() { file.discard() }
}

/// `--stats`: a row per presented frame, pauses while nothing is drawn, and the summary at the end.
final class StatsOutput: RunOutput {
    let recorder: FrameStatsRecorder
    /// The stats file when this run created it: removed if the run never begins.
    private let created: String?

    init(_ recorder: FrameStatsRecorder, created: String? = nil) {
        self.recorder = recorder
        self.created = created
    }

    func presented(_ frame: PresentedFrame) { recorder.record(frame.record) }
    func pause(reason: String) { recorder.pause(reason: reason) }
    func resume() { recorder.resume() }
    func paced(_ pacing: Pacing) {
        recorder.note("pacing", pacing.description)
        // The budget follows the rate the presents were measured at.
        if let hz = pacing.pacedHz { recorder.retarget(refreshRate: hz) }
    }

    func finish() -> String? {
        if let summary = recorder.finish() { printError(summary.table()) }
        if let error = recorder.summaryError { printError("elastic: stats: \(error)") }
        if let error = recorder.writeError { printError("elastic: stats: \(error) (\(recorder.lostRows) rows lost)") }
        printError("stats: \(recorder.path), "
            + (recorder.writesSummaryFile ? "summary: \(recorder.summaryPath)" : "no summary file (not a regular file)"))
        return nil
    }

    func discard() {
        if let created { unlink(created) }
    }
}

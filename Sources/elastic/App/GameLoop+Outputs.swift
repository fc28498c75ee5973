import ElasticCore
import Foundation

/// What a run leaves behind: screenshots (at their times, or of the last frame) and, at the end,
/// the stats summary, the trace and the recorded input closed with their errors reported.
extension GameLoop {
    func takeScreenshots(at now: Double) {
        guard let path = config.screenshotPath else { return }
        while let t = screenshotQueue.first, now + 1e-9 >= t {
            screenshotQueue.removeFirst()
            save(to: GameLoop.screenshotPath(path, time: t))
        }
    }

    private func save(to path: String) {
        do {
            try frontEnd.saveScreenshot(to: path)
            printError("screenshot: \(path)")
        } catch {
            outputFailures.append("\(error)")
        }
    }

    /// `shot.png` at 1.25 s → `shot-1.25s.png`.
    static func screenshotPath(_ path: String, time: Double) -> String {
        let url = URL(fileURLWithPath: path)
        let ext = url.pathExtension.isEmpty ? "png" : url.pathExtension
        let stem = url.deletingPathExtension().path
        return "\(stem)-\(ReplayScript.format(time))s.\(ext)"
    }

    func finish() {
        // The last frame's picture: redraw its draw list (the screen was already presented).
        if let path = config.screenshotPath, config.screenshotTimes.isEmpty, frame > 0 {
            submitDrawList()
            save(to: path)
        }
        for t in screenshotQueue {
            outputFailures.append("no screenshot at \(ReplayScript.format(t)) s: the run ended at \(ReplayScript.format(lastDisplayTime)) s")
        }
        if let stats = outputs.stats {
            let summary = stats.finish()
            if let summary { printError(summary.table()) }
            if let error = stats.summaryError { printError("elastic: stats: \(error)") }
            if let error = stats.writeError { printError("elastic: stats: \(error) (\(stats.lostRows) rows lost)") }
            printError("stats: \(stats.path), " + (stats.writesSummaryFile ? "summary: \(stats.summaryPath)" : "no summary file (not a regular file)"))
        }
        outputs.trace?.close()
        if let error = outputs.trace?.writeError { printError("elastic: \(error)") }
        outputs.inputRecorder?.close()
        if let error = outputs.inputRecorder?.errorReport { printError("elastic: \(error)") }
    }
}

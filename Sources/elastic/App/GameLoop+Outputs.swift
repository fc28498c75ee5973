import ElasticCore
import Foundation

/// What a run leaves behind: screenshots (at their times, or of the last frame) and, at the end,
/// every output finished, its failures added to the run's.
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
        outputFailures += outputs.finish()
    }
}

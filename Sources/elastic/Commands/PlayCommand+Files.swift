import ArgumentParser
import ElasticCore
import ElasticStats
import ElasticScenes
import ElasticSDL
import Foundation

/// The files `play` reads and writes, checked before anything is opened.
extension PlayCommand {
    /// --screenshot-at times, each once (two spellings of one time would name one file twice).
    func uniqueScreenshotTimes() -> [Double] {
        var seen = Set<Double>()
        return screenshotAt.filter { seen.insert($0).inserted }
    }

    /// Resolves every input and output and refuses the run (exit 2) when two name the same file or
    /// an output cannot be written.
    func checkFiles(screenshotTimes: [Double]) throws -> RunFiles {
        var files = RunFiles()
        do {
            if let replay { try files.add("--replay", "the replay", replay, use: .input) }
            if let recordInput { try files.add("--record-input", "the recorded input", recordInput, use: .stream) }
            if let trace { try files.add("--trace", "the trace", trace, use: .stream) }
            if let video = videoOptions.video { try files.add("--video", "the video", video, use: .stream) }
            if let path = drawTrace.traceDraw { try files.add("--trace-draw", "the draw trace", path, use: .stream) }
            if let stats {
                try files.add("--stats", "stats", stats, use: .stats)
                try files.add("--stats (its summary)", "the stats summary", FrameStatsRecorder.summaryPath(for: stats), use: .stats)
            }
            if let screenshot {
                if screenshotTimes.isEmpty { try files.add("--screenshot", "the screenshot", screenshot, use: .screenshot) }
                for t in screenshotTimes {
                    try files.add("--screenshot (at \(ReplayScript.format(t)) s)", "the screenshot",
                                  GameLoop.screenshotPath(screenshot, time: t), use: .screenshot)
                }
            }
            try files.check()
        } catch {
            printError("elastic: \(error)")
            throw ExitCode(2)
        }
        return files
    }
}

import ElasticCore
import ElasticStats
import Foundation

/// One benchmark's frames as the loop presents them: kept for its figures, and written to its
/// frame-time files (`--stats-dir`) by the same recorder `play --stats` uses. The first frame is
/// start-up, left out of both, as the stats files leave it out.
final class BenchRecorder: RunOutput {
    private(set) var records: [FrameRecord] = []
    private var sawFirst = false
    let files: [FrameStatsRecorder]

    init(frames: Int, files: [FrameStatsRecorder]) {
        self.files = files
        records.reserveCapacity(frames)
    }

    func presented(_ frame: PresentedFrame) {
        for file in files { file.record(frame.record) }
        if sawFirst { records.append(frame.record) } else { sawFirst = true }
    }

    func paced(_ pacing: Pacing) {
        for file in files {
            file.note("pacing", pacing.description)
            if let hz = pacing.pacedHz { file.retarget(refreshRate: hz) }
        }
    }

    /// The loop ended: nothing yet. Whether its files are kept depends on whether the benchmark
    /// ran to its end (`complete`) or was cut (`discard`), which the runner knows.
    func finish() -> String? { nil }

    /// The benchmark ran to its end: its files finished (summaries, companions); the first failure.
    func complete() -> String? {
        var problems: [String] = []
        for file in files {
            file.finish()
            if let error = file.writeError { problems.append("stats \(file.path): \(error)") }
            if let error = file.summaryError { problems.append("stats \(file.path): \(error)") }
        }
        return problems.first
    }

    /// The run was cut short: its files are removed, so what is left is complete.
    func discard() { for file in files { file.abandon() } }
}

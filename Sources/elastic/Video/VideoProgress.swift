import ElasticCore
import Foundation

/// The progress bar of a headless export on a terminal: frames done of the total and the time
/// left at the rate so far, redrawn in place at most ten times a second on standard error.
struct VideoProgress {
    let total: Int
    private let start: UInt64
    private var lastDrawn: UInt64

    /// The first bar is drawn 0.1 s in, after the run's start-up lines.
    init(total: Int) {
        self.total = max(total, 1)
        start = MonotonicTimeSource.nanoseconds()
        lastDrawn = start
    }

    mutating func update(done: Int) {
        let now = MonotonicTimeSource.nanoseconds()
        guard now - lastDrawn >= 100_000_000 || done >= total else { return }
        lastDrawn = now
        FileHandle.standardError.write(Data(("\r" + VideoProgress.line(done: done, total: total, elapsed: Double(now - start) / 1e9)).utf8))
    }

    func finish() {
        FileHandle.standardError.write(Data("\n".utf8))
    }

    /// `video [██████░░░░░░░░░░░░░░] 123/456 frames, 4 s left` (the estimate once a frame is done).
    static func line(done: Int, total: Int, elapsed: Double, width: Int = 24) -> String {
        let shown = min(max(done, 0), total)
        let filled = total > 0 ? shown * width / total : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        var text = "video [\(bar)] \(shown)/\(total) frames"
        if shown > 0, elapsed > 0 {
            let left = elapsed / Double(shown) * Double(total - shown)
            text += ", \(Int(left.rounded(.up))) s left  "
        }
        return text
    }
}

import ElasticCore
import ElasticStats

/// The monotonic timestamps of one frame's parts, turned into a stats row when it is presented.
struct FrameTiming {
    enum Mark: Int, CaseIterable { case start, input, update, tessellate, hud, submit, screenshot, present }

    let startNs: UInt64
    private(set) var lastPresentNs: UInt64
    private var marks = [UInt64](repeating: 0, count: Mark.allCases.count)

    init() {
        startNs = MonotonicTimeSource.nanoseconds()
        lastPresentNs = startNs
    }

    mutating func mark(_ mark: Mark) { marks[mark.rawValue] = MonotonicTimeSource.nanoseconds() }

    private func ns(_ from: Mark, _ to: Mark) -> UInt64 { marks[to.rawValue] &- marks[from.rawValue] }

    /// When the last marked present returned.
    var presentNs: UInt64 { marks[Mark.present.rawValue] }

    /// Present to present, in milliseconds.
    var frameMs: Double { Double(marks[Mark.present.rawValue] &- lastPresentNs) / 1e6 }

    /// The stats row of the frame just presented; starts the next frame's present-to-present span.
    mutating func record(frame: Int, steps: Int, vertices: Int, triangles: Int, damagedPixels: Int, scene: String,
                         inputLatencyNs: UInt64? = nil) -> FrameRecord {
        let presented = marks[Mark.present.rawValue]
        defer { lastPresentNs = presented }
        return FrameRecord(
            frame: frame, timeNs: presented - startNs, frameNs: presented - lastPresentNs,
            inputNs: ns(.start, .input), updateNs: ns(.input, .update), steps: steps,
            tessellateNs: ns(.update, .tessellate), submitNs: ns(.hud, .submit),
            presentNs: ns(.screenshot, .present), hudNs: ns(.tessellate, .hud),
            vertices: vertices, triangles: triangles, damagedPixels: damagedPixels, scene: scene,
            inputLatencyNs: inputLatencyNs)
    }
}

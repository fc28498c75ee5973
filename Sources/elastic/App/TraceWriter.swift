import ElasticCore
import ElasticStats
import Foundation

/// `--trace`: one CSV row per rendered frame and spring entity,
/// `frame,time,entity,x,y,target_x,target_y`, where `time` is the simulated time the row's
/// (interpolated) positions correspond to. Rows go through a `LineBuffer`.
final class TraceWriter {
    static let header = "frame,time,entity,x,y,target_x,target_y\n"
    private let lines: LineBuffer
    private var file: OutputFile { lines.file }

    init(path: String, resolvedPath: String? = nil) throws {
        lines = LineBuffer(try OutputFile(path: path, purpose: "trace", resolvedPath: resolvedPath))
        lines.append(TraceWriter.header)
    }

    func record(frame: Int, time: Double, world: World, alpha: Double) {
        let a = min(max(alpha, 0), 1)
        for row in 0..<world.count {
            let x = world.previousX[row] + (world.positionX[row] - world.previousX[row]) * a
            let y = world.previousY[row] + (world.positionY[row] - world.previousY[row]) * a
            lines.append("\(frame),\(time),\(world.name[row]),\(x),\(y),\(world.targetX[row]),\(world.targetY[row])\n")
        }
    }

    func start() { lines.start() }

    func discard() { lines.discard() }

    func close() { lines.close() }

    /// The failure and what it cost, in rows (the header is not a row).
    var writeError: String? {
        guard let error = file.error else { return nil }
        let headerLost = file.keptLines == 0 && file.lostLines > 0
        let rowsLost = file.lostLines - (headerLost ? 1 : 0)
        let rowsKept = max(file.keptLines - 1, 0)
        let kept = file.isRegular ? "the trace keeps" : "its reader got"
        return "\(error) (\(rowsLost) rows, \(file.lostBytes) bytes lost; \(kept) \(rowsKept) whole rows, \(file.keptBytes) bytes)"
    }
}

import ElasticCore
import Foundation

/// `--trace`: one CSV row per rendered frame and spring entity,
/// `frame,time,entity,x,y,target_x,target_y`, where `time` is the simulated time the row's
/// (interpolated) positions correspond to.
final class TraceWriter {
    static let header = "frame,time,entity,x,y,target_x,target_y\n"
    private let file: OutputFile
    private var buffer = ""

    init(path: String) throws {
        file = try OutputFile(path: path, purpose: "trace")
        buffer.reserveCapacity(1 << 16)
        buffer += TraceWriter.header
    }

    func record(frame: Int, time: Double, world: World, alpha: Double) {
        let a = min(max(alpha, 0), 1)
        for row in 0..<world.count {
            let x = world.previousX[row] + (world.positionX[row] - world.previousX[row]) * a
            let y = world.previousY[row] + (world.positionY[row] - world.previousY[row]) * a
            buffer += "\(frame),\(time),\(world.name[row]),\(x),\(y),\(world.targetX[row]),\(world.targetY[row])\n"
        }
        if buffer.utf8.count >= 1 << 16 { flush() }
    }

    func flush() {
        file.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    func close() {
        flush()
        file.close()
    }

    var writeError: String? { file.errorReport }
}

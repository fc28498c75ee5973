import ElasticCore
import ElasticRaster
import ElasticSDL
import ElasticStats

/// `--trace-draw`: one `DrawTraceFrame` line per drawn frame. The tessellator logs each shape
/// (`ShapeLog`) while tracing; after the frame is drawn the writer turns the log, the draw list
/// and the front end's damage into a line and empties the log. Lines are buffered and written
/// 64 KiB at a time through `OutputFile` (a failed write keeps every whole line that fitted).
final class DrawTraceWriter {
    private let lines: LineBuffer
    private let frontEnd: SDLFrontEnd

    init(path: String, resolvedPath: String?, frontEnd: SDLFrontEnd) throws {
        lines = LineBuffer(try OutputFile(path: path, purpose: "draw trace", resolvedPath: resolvedPath))
        self.frontEnd = frontEnd
    }

    /// Turns the tessellator's shape log on (the loop's first frame must already be logged).
    func enable(_ tessellator: inout Tessellator) {
        if tessellator.shapeLog == nil { tessellator.shapeLog = ShapeLog() }
    }

    /// The frame just drawn (`list` at `scale` output pixels per point); empties `log`.
    func record(frame: Int, time: Double, list: DrawList, log: inout ShapeLog?, scale: Double) {
        let front = frontEnd
        let pixels = front.pixelScale.isFinite && front.pixelScale > 0 ? front.pixelScale : 1
        // What the frame redrew (the whole output when it redrew everything), for other
        // rasterizers to redraw.
        var damage: [PixelRect] = []
        front.compositor.frame.forEachRect { damage.append($0) }
        let encoder = DrawTraceFrame(frame: frame, time: time, width: front.outputSize.width, height: front.outputSize.height,
                                     scale: scale, damage: damage,
                                     measure: { text, size in front.textWidth(text, size: size / pixels).map { $0 * pixels } })
        lines.append(encoder.line(list: list, log: log ?? ShapeLog()))
        log?.removeAll()
    }

    func start() { lines.start() }

    func discard() { lines.discard() }

    /// Writes what is left and closes the file; the failure and what it cost, if a write failed.
    func finish() -> String? {
        lines.close()
        return lines.file.errorReport.map { "--trace-draw: \($0)" }
    }
}

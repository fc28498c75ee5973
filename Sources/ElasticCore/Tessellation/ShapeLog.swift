/// What the tessellator was asked to draw, shape by shape, in the terms it was given (paths of
/// lines, quadratics and arcs; strokes with their width), and where each shape landed in the draw
/// list. `elastic play --trace-draw` hands it to other rasterizers so that they draw the very
/// shapes Elastic drew. Off (`Tessellator.shapeLog` nil) unless tracing: then a fill costs one
/// nil check.
public struct ShapeLog: Sendable {
    public enum Kind: Sendable, Equatable {
        /// Every closed contour filled on its own (contours are unions).
        case fill
        /// The path's polylines stroked `width` points wide: butt caps, miter joins with
        /// `Stroker.miterLimit`, closed contours joined all round.
        case stroke(width: Double)
    }

    public struct Shape: Sendable {
        public var kind: Kind
        public var color: RGBA
        /// Its path: `ShapeLog.commands[path]`.
        public var path: Range<Int>
        /// `DrawList.commands.count` before and after it was drawn: the commands from the lower
        /// bound on are its own (the one before may be a batch its first triangles extended).
        public var listCommands: Range<Int>
        /// The mesh indices it added.
        public var meshIndices: Range<Int>
    }

    public private(set) var shapes: [Shape] = []
    /// Every shape's path commands, one after another.
    public private(set) var commands: [PathCommand] = []
    private var open: (commands: Int, indices: Int)?
    private var scratch = Path()

    /// Miter limit of strokes, in half-widths from the centre line to the miter's tip (the same
    /// ratio as SVG's miter length over stroke width).
    public static var strokeMiterLimit: Double { Stroker.miterLimit }

    public init() {}

    /// Forgets the frame's shapes (keeps the storage).
    public mutating func removeAll() {
        shapes.removeAll(keepingCapacity: true)
        commands.removeAll(keepingCapacity: true)
        open = nil
    }

    /// Starts a shape, unless one is open: a shape drawn through another (a rounded rectangle
    /// taking the general route) is logged once, as the outer one.
    mutating func begin(_ list: DrawList) -> Bool {
        guard open == nil else { return false }
        open = (list.commands.count, list.mesh.indices.count)
        return true
    }

    mutating func end(_ kind: Kind, color: RGBA, path: Path, list: DrawList) {
        end(kind, color: color, commands: path.commands, list: list)
    }

    mutating func end(rect: Rect, color: RGBA, list: DrawList) {
        scratch.removeAll()
        scratch.rect(rect)
        end(.fill, color: color, commands: scratch.commands, list: list)
    }

    mutating func end(roundedRect rect: Rect, radius: Double, color: RGBA, list: DrawList) {
        scratch.removeAll()
        scratch.roundedRect(rect, radius: radius)
        end(.fill, color: color, commands: scratch.commands, list: list)
    }

    private mutating func end(_ kind: Kind, color: RGBA, commands path: [PathCommand], list: DrawList) {
        guard let start = open else { return }
        open = nil
        let first = commands.count
        commands.append(contentsOf: path)
        shapes.append(Shape(kind: kind, color: color, path: first..<commands.count,
                            listCommands: start.commands..<max(start.commands, list.commands.count),
                            meshIndices: start.indices..<max(start.indices, list.mesh.indices.count)))
    }
}

/// How a batch of triangles is composited.
public enum BlendMode: Sendable, Hashable {
    /// Written as is: opaque interiors (the cheapest path through SDL's software renderer).
    case none
    /// Alpha-blended: translucent fills and the anti-aliasing fringe.
    case blend
}

/// Horizontal alignment of a text label around its anchor point.
public enum TextAlignment: Sendable, Hashable { case leading, center, trailing }

/// A text label for the front end to draw (the core has no fonts: SDL2_ttf draws it).
public struct TextItem: Sendable, Hashable {
    public var text: String
    /// Anchor: the label's vertical centre, and its left edge, centre or right edge per `alignment`.
    public var position: Vec2
    public var size: Double
    public var color: RGBA
    public var alignment: TextAlignment

    public init(_ text: String, at position: Vec2, size: Double, color: RGBA, alignment: TextAlignment = .center) {
        self.text = text; self.position = position; self.size = size; self.color = color; self.alignment = alignment
    }
}

/// One step of drawing, in painter's order.
public enum DrawCommand: Sendable, Hashable {
    /// `count` indices of `DrawList.mesh` starting at `first`, composited with `blend`.
    case triangles(first: Int, count: Int, blend: BlendMode)
    /// `DrawList.texts[index]`.
    case text(index: Int)
    /// An axis-aligned rectangle, filled by the renderer's rectangle fill (SDL_RenderFillRect):
    /// for a veil or a card this is far cheaper than two triangles through the geometry path,
    /// which SDL's software renderer blends through a temporary surface per triangle.
    case rect(Rect, RGBA)
}

/// Everything a frame draws: one shared mesh, the commands that cut it into batches in painter's
/// order, and text labels. Scenes fill it through `Tessellator`; the front end submits it.
/// Consecutive triangles with the same blend mode merge into one batch, so a frame costs a few
/// `SDL_RenderGeometry` calls, not one per shape.
public struct DrawList: Sendable {
    public var clearColor: RGBA = .white
    public var mesh = Mesh()
    public private(set) var commands: [DrawCommand] = []
    public private(set) var texts: [TextItem] = []

    public init() {}

    public mutating func removeAll() {
        mesh.removeAll()
        commands.removeAll(keepingCapacity: true)
        texts.removeAll(keepingCapacity: true)
        committedIndexCount = 0
        rectCount = 0
    }

    /// Closes the indices appended since the last commit into a batch drawn with `blend`
    /// (extending the previous batch when it has the same blend mode).
    public mutating func commitTriangles(blend: BlendMode) {
        let end = mesh.indices.count
        guard end > committedIndexCount else { return }
        if case let .triangles(first, count, lastBlend)? = commands.last,
           lastBlend == blend, first + count == committedIndexCount {
            commands[commands.count - 1] = .triangles(first: first, count: end - first, blend: blend)
        } else {
            commands.append(.triangles(first: committedIndexCount, count: end - committedIndexCount, blend: blend))
        }
        committedIndexCount = end
    }

    /// Draws a label on top of everything drawn so far.
    public mutating func addText(_ item: TextItem) {
        commitPending()
        texts.append(item)
        commands.append(.text(index: texts.count - 1))
    }

    /// Fills an axis-aligned rectangle on top of everything drawn so far.
    public mutating func addRect(_ rect: Rect, color: RGBA) {
        commitPending()
        commands.append(.rect(rect, color))
        rectCount += 1
    }

    /// Rectangles drawn by the renderer's rectangle fill this frame.
    public private(set) var rectCount = 0

    /// Triangles appended but not committed (by code that writes the mesh directly) keep their
    /// place in painter's order; blended, which draws opaque triangles correctly too.
    private mutating func commitPending() {
        if mesh.indices.count != committedIndexCount { commitTriangles(blend: .blend) }
    }

    public var triangleCount: Int { mesh.triangleCount }
    public var vertexCount: Int { mesh.vertices.count }

    private var committedIndexCount = 0
}

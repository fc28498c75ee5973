/// The last rounded rectangles `Tessellator.fillRoundedRect` built, kept so that one drawn again
/// with the same inputs (a button, a card or the key hint at rest: most of a frame's chrome) is
/// copied instead of built again. A copy is the same vertices and indices, bit for bit: the
/// build is a function of the key alone.
struct RoundedRectMemo: Sendable {
    /// Everything the build depends on, compared bit for bit (so −0 and 0, which build vertices
    /// with different bits, are different keys, and a NaN never matches).
    struct Key: Equatable, Sendable {
        var rect: Rect, radius: Double, color: RGBA
        var pixel: Double, tolerance: Double, pixelScale: Double, minimumCorePixels: Double

        static func == (a: Key, b: Key) -> Bool {
            a.color == b.color
                && a.rect.x.bitPattern == b.rect.x.bitPattern && a.rect.y.bitPattern == b.rect.y.bitPattern
                && a.rect.width.bitPattern == b.rect.width.bitPattern && a.rect.height.bitPattern == b.rect.height.bitPattern
                && a.radius.bitPattern == b.radius.bitPattern && a.pixel.bitPattern == b.pixel.bitPattern
                && a.tolerance.bitPattern == b.tolerance.bitPattern && a.pixelScale.bitPattern == b.pixelScale.bitPattern
                && a.minimumCorePixels.bitPattern == b.minimumCorePixels.bitPattern
        }
    }

    private struct Entry: Sendable {
        var key: Key
        var vertices: [Vertex] = []
        /// Interior and fringe triangles, as indices from the entry's first vertex.
        var interior: [Int32] = []
        var fringe: [Int32] = []
        var core: Rect?
        var lastUse: UInt64 = 0
    }

    /// Enough for a frame's worth of chrome; the least recently used entry makes room.
    static let capacity = 16
    private var entries: [Entry] = []
    private var uses: UInt64 = 0

    init() {}

    /// Appends the shape built for `key`, if kept: its vertices and interior triangles to `mesh`,
    /// its fringe triangles to `fringe`, and sets `core`. False, with nothing appended, if not.
    mutating func replay(_ key: Key, into mesh: inout Mesh, fringe: inout [Int32], core: inout Rect?) -> Bool {
        guard let k = entries.firstIndex(where: { $0.key == key }) else { return false }
        uses &+= 1
        entries[k].lastUse = uses
        let base = Int32(mesh.vertices.count)
        mesh.vertices.append(contentsOf: entries[k].vertices)
        Self.append(entries[k].interior, adding: base, to: &mesh.indices)
        Self.append(entries[k].fringe, adding: base, to: &fringe)
        core = entries[k].core
        return true
    }

    /// Keeps what was just built for `key`: the vertices of `mesh` from `vertexStart` on, its
    /// indices from `indexStart` on (the interior), `fringe` and `core`.
    mutating func record(_ key: Key, mesh: Mesh, vertexStart: Int, indexStart: Int, fringe: [Int32], core: Rect?) {
        uses &+= 1
        let k: Int
        if entries.count < Self.capacity {
            entries.append(Entry(key: key))
            k = entries.count - 1
        } else {
            k = entries.indices.min { entries[$0].lastUse < entries[$1].lastUse }!
            entries[k].key = key
        }
        let base = -Int32(vertexStart)
        entries[k].vertices.removeAll(keepingCapacity: true)
        entries[k].vertices.append(contentsOf: mesh.vertices[vertexStart...])
        entries[k].interior.removeAll(keepingCapacity: true)
        Self.append(mesh.indices[indexStart...], adding: base, to: &entries[k].interior)
        entries[k].fringe.removeAll(keepingCapacity: true)
        Self.append(fringe[...], adding: base, to: &entries[k].fringe)
        entries[k].core = core
        entries[k].lastUse = uses
    }

    /// Appends `indices`, each plus `offset`: copied whole, then moved in place.
    private static func append<C: Collection>(_ indices: C, adding offset: Int32, to array: inout [Int32]) where C.Element == Int32 {
        let start = array.count
        array.append(contentsOf: indices)
        array.withUnsafeMutableBufferPointer { all in
            for i in start..<all.count { all[i] &+= offset }
        }
    }
}

import ElasticCore

extension DamageTracker {
    /// A batch of triangles holds many shapes; a shape's triangles come one after another in one
    /// colour, so the batch is cut where the colour (alpha aside: fringes fade one colour out)
    /// changes, and each run is compared on its own. False when an index is out of range.
    ///
    /// Read through buffer pointers, and with every index checked at once up front: this runs
    /// over every vertex of every frame, where per-vertex checks cost more than the signature.
    static func appendShapes(first: Int, count: Int, blend: BlendMode, mesh: Mesh, scale: Double, clip: PixelRect,
                             into entries: inout [DamageTracker.Entry]) -> Bool {
        let indexCount = mesh.indices.count
        var sound = first >= 0 && first + count <= indexCount
        let start = max(first, 0), end = min(first + count, indexCount)
        let triangles = max(end - start, 0) / 3  // those whose three indices lie before `end`
        var run = RunCut(blended: blend != .none, scale: scale, clip: clip, first: first)
        mesh.indices.withUnsafeBufferPointer { indices in
            mesh.vertices.withUnsafeBufferPointer { vertices in
                let vertexCount = vertices.count
                var largest: UInt32 = 0  // as unsigned, a negative index is out of range too
                for k in start..<(start + 3 * triangles) { largest = max(largest, UInt32(bitPattern: indices[k])) }
                if triangles == 0 || Int(largest) < vertexCount {
                    for t in stride(from: start, to: start + 3 * triangles, by: 3) {
                        run.cut(at: t, color: vertices[Int(indices[t])].color, into: &entries)
                        run.add(vertices[Int(indices[t])])
                        run.add(vertices[Int(indices[t + 1])])
                        run.add(vertices[Int(indices[t + 2])])
                    }
                } else {
                    for t in stride(from: start, to: start + 3 * triangles, by: 3) {
                        let i0 = Int(indices[t])
                        guard i0 >= 0, i0 < vertexCount else { run.uniform = false; sound = false; continue }
                        run.cut(at: t, color: vertices[i0].color, into: &entries)
                        for k in t..<(t + 3) {
                            let index = Int(indices[k])
                            guard index >= 0, index < vertexCount else { run.uniform = false; sound = false; continue }
                            run.add(vertices[index])
                        }
                    }
                }
                run.close(into: &entries)
            }
        }
        return sound
    }

    /// The output pixels a label may touch (no font here: `TextMetrics.boundingWidth`, and the
    /// line two ems tall).
    public static func textBounds(_ item: TextItem, scale: Double) -> PixelRect {
        let width = TextMetrics.boundingWidth(item.text, size: item.size)
        let left = item.leftEdge(width: width)
        let lo = Vec2(left - item.size, item.position.y - item.size)
        let hi = Vec2(left + width + item.size, item.position.y + item.size)
        return PixelRect(covering: lo * scale, hi * scale, margin: margin)
    }

    static func entry(_ command: DrawCommand, in list: DrawList, scale: Double, clip: PixelRect) -> Entry {
        var hash = Signature()
        let lo = Vec2(.infinity, .infinity), hi = Vec2(-.infinity, -.infinity)
        switch command {
        case .triangles:
            break
        case let .rect(r, color):
            hash.add(3)
            hash.add(r.x.bitPattern); hash.add(r.y.bitPattern); hash.add(r.width.bitPattern); hash.add(r.height.bitPattern)
            hash.add(color.packed)
            let box = PixelRect(covering: Vec2(r.x, r.y) * scale, Vec2(r.maxX, r.maxY) * scale, margin: margin)
            let filled = r.filledPixels(scale: Float(scale))?.intersection(clip) ?? .empty
            return Entry(signature: hash.value, bounds: box.intersection(clip), color: color, filled: filled, isRect: true)
        case let .text(index):
            hash.add(4)
            let item = list.texts[index]
            for byte in item.text.utf8 { hash.add(UInt64(byte)) }
            hash.add(item.position.x.bitPattern); hash.add(item.position.y.bitPattern); hash.add(item.size.bitPattern)
            hash.add(item.color.packed)
            switch item.alignment {
            case .leading: hash.add(5)
            case .center: hash.add(6)
            case .trailing: hash.add(7)
            }
            return Entry(signature: hash.value, bounds: textBounds(item, scale: scale).intersection(clip))
        }
        let bounds = PixelRect(covering: lo * scale, hi * scale, margin: margin).intersection(clip)
        return Entry(signature: hash.value, bounds: bounds)
    }
}

/// The run of one colour being cut from a batch of triangles: its signature, bounds, indices and
/// whether every vertex has the same colour, alpha too.
private struct RunCut {
    let blended: Bool, scale: Double, clip: PixelRect
    var hash = Signature()
    var loX = Float.infinity, loY = Float.infinity, hiX = -Float.infinity, hiY = -Float.infinity
    /// The run's colour without alpha (`.max`: no run yet), and its first vertex's whole colour.
    var rgb = UInt32.max, color: UInt32 = 0
    var uniform = false
    var indexStart: Int, indexEnd: Int

    init(blended: Bool, scale: Double, clip: PixelRect, first: Int) {
        self.blended = blended; self.scale = scale; self.clip = clip
        indexStart = first; indexEnd = first
    }

    /// Starts a new run at triangle `t` if its first vertex's colour (alpha aside) differs.
    @inline(__always)
    mutating func cut(at t: Int, color first: RGBA, into entries: inout [DamageTracker.Entry]) {
        let word = first.word
        if word & 0x00ff_ffff != rgb {
            close(into: &entries)
            rgb = word & 0x00ff_ffff
            hash = Signature()
            hash.add(blended ? 2 : 1)
            hash.add(UInt64(word.byteSwapped))  // r, g, b, a from the high byte down: `RGBA.packed`
            loX = .infinity; loY = .infinity; hiX = -.infinity; hiY = -.infinity
            color = word; uniform = true; indexStart = t
        }
        indexEnd = t + 3
    }

    @inline(__always)
    mutating func add(_ v: Vertex) {
        let word = v.color.word
        hash.add(UInt64(v.x.bitPattern) << 32 | UInt64(v.y.bitPattern))
        // The run's first colour is in the signature: a vertex adds its own only when it differs
        // (a fringe fading out), the position before it telling which vertex it is.
        if word != color { uniform = false; hash.add(UInt64(word.byteSwapped) | 1 << 32) }
        loX = min(loX, v.x); loY = min(loY, v.y)
        // As `max` but one instruction (`maxss`); they differ only on +0 against -0, equal bounds.
        hiX = v.x > hiX ? v.x : hiX; hiY = v.y > hiY ? v.y : hiY
    }

    func close(into entries: inout [DamageTracker.Entry]) {
        guard rgb != .max else { return }
        // Float to Double is exact and keeps order, so these are the bounds of the points as Doubles.
        let lo = Vec2(Double(loX), Double(loY)), hi = Vec2(Double(hiX), Double(hiY))
        let bounds = PixelRect(covering: lo * scale, hi * scale, margin: DamageTracker.margin).intersection(clip)
        entries.append(DamageTracker.Entry(signature: hash.value, bounds: bounds, blended: blended,
                             color: uniform ? RGBA(word: color) : nil, indices: indexStart..<indexEnd))
    }
}

/// FNV-1a over 64-bit words: a cheap signature of what a command draws.
struct Signature {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
    mutating func add(_ word: UInt64) {
        value = (value ^ word) &* 0x0000_0100_0000_01b3
    }
}

extension RGBA {
    var packed: UInt64 { UInt64(r) << 24 | UInt64(g) << 16 | UInt64(b) << 8 | UInt64(a) }
    /// The four bytes as one word, r in the low byte.
    var word: UInt32 { UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24 }
    init(word: UInt32) { self.init(UInt8(truncatingIfNeeded: word), UInt8(truncatingIfNeeded: word >> 8),
                                   UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 24)) }
}

extension DamageTracker {
    /// A batch of triangles holds many shapes; a shape's triangles come one after another in one
    /// colour, so the batch is cut where the colour (alpha aside: fringes fade one colour out)
    /// changes, and each run is compared on its own. False when an index is out of range.
    ///
    /// Read through buffer pointers: this runs over every vertex of every frame, and array
    /// subscripts and appends there cost more than the signature itself.
    static func appendShapes(first: Int, count: Int, blend: BlendMode, mesh: Mesh, scale: Double, clip: PixelRect,
                             into entries: inout [Entry]) -> Bool {
        let indexCount = mesh.indices.count
        var sound = first >= 0 && first + count <= indexCount
        let end = min(first + count, indexCount), blendTag: UInt64 = blend == .none ? 1 : 2
        mesh.indices.withUnsafeBufferPointer { indices in
            mesh.vertices.withUnsafeBufferPointer { vertices in
                let vertexCount = vertices.count
                var hash = Signature()
                var loX = Float.infinity, loY = Float.infinity, hiX = -Float.infinity, hiY = -Float.infinity
                var runColor: UInt64 = .max  // the run's colour without alpha (.max: no run yet)
                var color: RGBA?, indexStart = first, indexEnd = first
                func close() {
                    guard runColor != .max else { return }
                    // Float to Double is exact and keeps order, so the bounds are those of the Double points.
                    let lo = Vec2(Double(loX), Double(loY)), hi = Vec2(Double(hiX), Double(hiY))
                    let bounds = PixelRect(covering: lo * scale, hi * scale, margin: DamageTracker.margin).intersection(clip)
                    entries.append(Entry(signature: hash.value, bounds: bounds, blended: blendTag == 2, color: color,
                                         indices: indexStart..<indexEnd))
                }
                var t = max(first, 0)
                while t + 2 < end {
                    defer { t += 3 }
                    let i0 = Int(indices[t])
                    guard i0 >= 0, i0 < vertexCount else { color = nil; sound = false; continue }
                    let rgb = vertices[i0].color.packed >> 8
                    if rgb != runColor {
                        close()
                        runColor = rgb
                        hash = Signature()
                        hash.add(blendTag)
                        loX = .infinity; loY = .infinity; hiX = -.infinity; hiY = -.infinity
                        color = vertices[i0].color; indexStart = t
                    }
                    indexEnd = t + 3
                    for k in t..<(t + 3) {
                        let index = Int(indices[k])
                        guard index >= 0, index < vertexCount else { color = nil; sound = false; continue }
                        let v = vertices[index]
                        hash.add(UInt64(v.x.bitPattern) << 32 | UInt64(v.y.bitPattern))
                        hash.add(v.color.packed)
                        if v.color != color { color = nil }
                        loX = min(loX, v.x); loY = min(loY, v.y)
                        hiX = max(hiX, v.x); hiY = max(hiY, v.y)
                    }
                }
                close()
            }
        }
        return sound
    }

    /// The output pixels a label may touch (generous: no font here, so a glyph counts as an em
    /// wide and the line as two ems tall).
    public static func textBounds(_ item: TextItem, scale: Double) -> PixelRect {
        let width = item.size * Double(item.text.unicodeScalars.count + 1)
        let left: Double
        switch item.alignment {
        case .leading: left = item.position.x
        case .center: left = item.position.x - width / 2
        case .trailing: left = item.position.x - width
        }
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

/// FNV-1a over 64-bit words: a cheap signature of what a command draws.
struct Signature {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
    mutating func add(_ word: UInt64) {
        value = (value ^ word) &* 0x0000_0100_0000_01b3
    }
}

extension RGBA {
    var packed: UInt64 { UInt64(r) << 24 | UInt64(g) << 16 | UInt64(b) << 8 | UInt64(a) }
}

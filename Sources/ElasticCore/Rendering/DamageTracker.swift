/// Which output pixels a frame can change, found from the draw lists alone: each command's pixel
/// bounds and a signature of what it draws. A command that differs from the one at its place in
/// the last frame's list (moved, recoloured, reshaped, added or gone) damages its old and its new
/// bounds; everything else is unchanged and need not be redrawn or uploaded. The front end
/// redraws all commands clipped to the damage, which keeps painter's order right where a changed
/// shape lies under an unchanged one.
public struct DamageTracker: Sendable {
    /// Damage rectangles are merged down to at most this many (a few partial uploads beat many).
    public static let maxRects = 8
    /// Pixels added around a shape's bounds for anti-aliasing and renderer rounding.
    static let margin = 2

    private struct Entry: Equatable {
        var signature: UInt64
        var bounds: PixelRect
    }

    private var previous: [Entry] = []
    private var current: [Entry] = []
    private var previousClear: RGBA?
    private var full = true
    private var output = PixelRect.empty
    /// This frame's damage: pairwise disjoint rectangles inside the output.
    public private(set) var rects: [PixelRect] = []

    public init() {}

    /// The number of damaged pixels this frame.
    public var damagedPixels: Int { rects.reduce(0) { $0 + $1.area } }

    /// The next frame is damaged whole (a resize, an expose, a scene switch, a lost surface).
    public mutating func invalidate() { full = true }

    /// Compares `list` (scene points × `scale` = output pixels) with the last frame's list.
    public mutating func update(_ list: DrawList, scale: Double, width: Int, height: Int) {
        let out = PixelRect(x0: 0, y0: 0, x1: max(width, 0), y1: max(height, 0))
        let s = scale.isFinite && scale > 0 ? scale : 1
        current.removeAll(keepingCapacity: true)
        for command in list.commands {
            if case let .triangles(first, count, blend) = command {
                appendShapes(first: first, count: count, blend: blend, in: list, scale: s, clip: out)
            } else {
                current.append(DamageTracker.entry(command, in: list, scale: s, clip: out))
            }
        }
        rects.removeAll(keepingCapacity: true)
        if full || out != output || previousClear != list.clearColor {
            if !out.isEmpty { rects.append(out) }
        } else {
            for i in 0..<max(previous.count, current.count) {
                let old = i < previous.count ? previous[i] : nil, new = i < current.count ? current[i] : nil
                if old == new { continue }
                if let old, !old.bounds.isEmpty { add(old.bounds) }
                if let new, !new.bounds.isEmpty { add(new.bounds) }
            }
            merge()
        }
        full = false
        output = out
        previousClear = list.clearColor
        swap(&previous, &current)
    }

    private mutating func add(_ r: PixelRect) {
        rects.append(r)
        if rects.count > 4 * DamageTracker.maxRects { merge() }
    }

    /// Merges overlapping or touching rectangles into their bounding boxes until none overlap, then
    /// keeps at most `maxRects` by merging the pairs that add the fewest pixels.
    private mutating func merge() {
        var changed = true
        while changed {
            changed = false
            var i = 0
            while i < rects.count {
                var j = i + 1
                while j < rects.count {
                    if rects[i].touches(rects[j]) {
                        rects[i] = rects[i].union(rects[j])
                        rects.swapAt(j, rects.count - 1)
                        rects.removeLast()
                        changed = true
                    } else {
                        j += 1
                    }
                }
                i += 1
            }
            if !changed, rects.count > DamageTracker.maxRects {
                var best = (i: 0, j: 1, cost: Int.max)
                for i in 0..<rects.count {
                    for j in (i + 1)..<rects.count {
                        let cost = rects[i].union(rects[j]).area - rects[i].area - rects[j].area
                        if cost < best.cost { best = (i, j, cost) }
                    }
                }
                rects[best.i] = rects[best.i].union(rects[best.j])
                rects.remove(at: best.j)
                changed = true
            }
        }
    }

    /// A batch of triangles holds many shapes; a shape's triangles come one after another in one
    /// colour, so the batch is cut where the colour (alpha aside: fringes fade one colour out)
    /// changes, and each run is compared on its own.
    private mutating func appendShapes(first: Int, count: Int, blend: BlendMode, in list: DrawList, scale: Double, clip: PixelRect) {
        let indices = list.mesh.indices, vertices = list.mesh.vertices
        var hash = Signature()
        var lo = Vec2(.infinity, .infinity), hi = Vec2(-.infinity, -.infinity)
        var runColor: UInt64?
        func close() {
            guard runColor != nil else { return }
            let bounds = PixelRect(covering: lo * scale, hi * scale, margin: DamageTracker.margin).intersection(clip)
            current.append(Entry(signature: hash.value, bounds: bounds))
        }
        let end = min(first + count, indices.count)
        for t in stride(from: first, to: end - 2, by: 3) {
            guard vertices.indices.contains(Int(indices[t])) else { continue }
            let rgb = vertices[Int(indices[t])].color.packed >> 8
            if rgb != runColor {
                close()
                runColor = rgb
                hash = Signature()
                hash.add(blend == .none ? 1 : 2)
                lo = Vec2(.infinity, .infinity); hi = Vec2(-.infinity, -.infinity)
            }
            for k in t..<(t + 3) {
                let index = Int(indices[k])
                guard vertices.indices.contains(index) else { continue }
                let v = vertices[index]
                hash.add(UInt64(v.x.bitPattern) << 32 | UInt64(v.y.bitPattern))
                hash.add(v.color.packed)
                lo = Vec2(min(lo.x, Double(v.x)), min(lo.y, Double(v.y)))
                hi = Vec2(max(hi.x, Double(v.x)), max(hi.y, Double(v.y)))
            }
        }
        close()
    }

    private static func entry(_ command: DrawCommand, in list: DrawList, scale: Double, clip: PixelRect) -> Entry {
        var hash = Signature()
        var lo = Vec2(.infinity, .infinity), hi = Vec2(-.infinity, -.infinity)
        switch command {
        case .triangles:
            break
        case let .rect(r, color):
            hash.add(3)
            hash.add(r.x.bitPattern); hash.add(r.y.bitPattern); hash.add(r.width.bitPattern); hash.add(r.height.bitPattern)
            hash.add(color.packed)
            lo = Vec2(r.x, r.y); hi = Vec2(r.maxX, r.maxY)
        case let .text(index):
            hash.add(4)
            let item = list.texts[index]
            for byte in item.text.utf8 { hash.add(UInt64(byte)) }
            hash.add(item.position.x.bitPattern); hash.add(item.position.y.bitPattern); hash.add(item.size.bitPattern)
            hash.add(item.color.packed)
            // Generous: no font here, so a glyph counts as an em wide and the line as two ems tall.
            let width = item.size * Double(item.text.unicodeScalars.count + 1)
            let left: Double
            switch item.alignment {
            case .leading: left = item.position.x; hash.add(5)
            case .center: left = item.position.x - width / 2; hash.add(6)
            case .trailing: left = item.position.x - width; hash.add(7)
            }
            lo = Vec2(left - item.size, item.position.y - item.size)
            hi = Vec2(left + width + item.size, item.position.y + item.size)
        }
        let bounds = PixelRect(covering: lo * scale, hi * scale, margin: margin).intersection(clip)
        return Entry(signature: hash.value, bounds: bounds)
    }
}

/// FNV-1a over 64-bit words: a cheap signature of what a command draws.
private struct Signature {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
    mutating func add(_ word: UInt64) {
        value = (value ^ word) &* 0x0000_0100_0000_01b3
    }
}

private extension RGBA {
    var packed: UInt64 { UInt64(r) << 24 | UInt64(g) << 16 | UInt64(b) << 8 | UInt64(a) }
}

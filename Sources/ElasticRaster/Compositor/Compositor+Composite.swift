import ElasticCore

extension Compositor {
    /// Clears and composites the list `begin` planned inside `frameRects`, in painter's order, all
    /// into the buffer: the clear and opaque rectangles stored, runs of one colour with exact
    /// coverage, triangles whose corners differ in colour shaded (`ShadedTriangles`), translucent
    /// rectangles by the spans' rule (`SpanBlend`), labels as the pixels `host` renders them (`LabelBlend`).
    public func composite(_ list: DrawList, host: CompositorHost) {
        guard let target else { return }
        defer { self.target = nil }
        // Taken out of self while the frame is drawn: read through self, it would be copied for
        // each call that borrows it (a retain an array it holds).
        var damage = DamageTracker()
        swap(&damage, &self.damage)
        defer { swap(&damage, &self.damage) }
        let s = scale
        let clearPixel = target.format.pixel(list.clearColor)
        clearUncovered(target, frameRects, pixel: clearPixel)
        for (position, command) in list.commands.enumerated() {
            switch command {
            case let .triangles(first, count, _):
                guard count > 0, position < damage.commandRuns.count else { continue }
                // A run whose box meets nothing drawn before it this frame lies over the clear alone.
                var drawn = drawnBefore[position]
                for run in damage.runs[damage.commandRuns[position]] {
                    defer { drawn = drawn.union(run.bounds) }
                    if let spans = run.spans, let color = run.color {
                        let alone = shortcuts && run.bounds.intersection(drawn).isEmpty
                        coverage.blend(damage.spans[spans], color: color, under: alone ? clearPixel : nil)
                    } else {
                        let run = run.indices.clamped(to: first..<(first + count))
                        compositeTriangles(run, of: list.mesh, into: target)
                    }
                }
            case let .text(index):
                let item = list.texts[index]
                let box = DamageTracker.textBounds(item, scale: Double(s))
                let whole = redrawsWholeOutput
                guard whole || frameRects.contains(where: { !$0.intersection(box).isEmpty }),
                      let label = host.labelImage(item), !label.bounds.isEmpty else { continue }
                for area in frameRects where whole || !area.intersection(box).isEmpty {
                    LabelBlend.blend(label, into: target, clip: area)
                }
            case let .rect(r, color) where color.isOpaque:
                guard let pixels = r.filledPixels(scale: s) else { continue }
                for area in frameRects {
                    let clipped = pixels.intersection(area)
                    if !clipped.isEmpty { target.fill(clipped, color: color) }
                }
            case let .rect(r, color):
                guard let pixels = r.filledPixels(scale: s) else { continue }
                // Over the clear alone a translucent fill gives one colour: stored, not blended.
                let alone = shortcuts ? coverage.composed(color, over: list.clearColor) : nil
                forEachUncovered(of: frameRects, within: pixels, after: position) { piece in
                    guard let pixel = alone else { coverage.fill(piece, color: color); return }
                    let under = piece.intersection(drawnBefore[position])
                    if !under.isEmpty { coverage.fill(under, color: color) }
                    piece.forEachPiece(outside: under) { target.fill($0, pixel: pixel) }
                }
            }
        }
    }

    /// Triangles whose spans were not found ahead, one by one in order: runs of one colour
    /// through `coverage` (a run scan-converted once), triangles whose corners differ in colour
    /// shaded. An index outside the mesh drops its triangle. `Mesh.hasSignedFans`: added with
    /// their signs (a fan is one colour, so no fan is split).
    private func compositeTriangles(_ run: Range<Int>, of mesh: Mesh, into target: PixelBuffer) {
        let signed = mesh.hasSignedFans
        mesh.vertices.withUnsafeBufferPointer { vertices in
            mesh.indices.withUnsafeBufferPointer { indices in
                // A batch reaching past the index list draws what the list holds.
                let run = run.clamped(to: 0..<indices.count), n = vertices.count
                var k = run.lowerBound
                while k + 3 <= run.upperBound {
                    defer { k += 3 }
                    let i0 = Int(indices[k]), i1 = Int(indices[k + 1]), i2 = Int(indices[k + 2])
                    guard i0 >= 0, i0 < n, i1 >= 0, i1 < n, i2 >= 0, i2 < n else { continue }
                    let a = vertices[i0], b = vertices[i1], c = vertices[i2]
                    if a.color == b.color, b.color == c.color {
                        coverage.add(a, b, c, scale: scale, signed: signed)
                    } else {
                        coverage.flush()
                        shaded.blend(a, b, c, scale: scale, into: target, clippedTo: coverage.region)
                    }
                }
                coverage.flush()
            }
        }
    }
}

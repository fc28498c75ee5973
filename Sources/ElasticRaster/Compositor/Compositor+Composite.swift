import ElasticCore

extension Compositor {
    /// Clears and composites the list `begin` planned inside `frameRects`, in painter's order:
    /// the clear and opaque rectangles straight into the fill buffer when there is one, runs of one
    /// colour with exact coverage, translucent rectangles by pixman's OVER, there too the labels
    /// the host hands over as pixels (`LabelBlend`), and everything else through `host`.
    public func composite(_ list: DrawList, host: CompositorHost) {
        coverage.host = host
        defer { coverage.host = nil }
        // Taken out of self while the frame is drawn: read through self, it would be copied for
        // each call that borrows it (a retain an array it holds).
        var damage = DamageTracker()
        swap(&damage, &self.damage)
        defer { swap(&damage, &self.damage) }
        let s = scale
        var clearPixel: UInt32?  // what the clear stored, where it went straight into the buffer
        if let fills {
            host.flush()
            let pixel = fills.format.pixel(list.clearColor)
            clearUncovered(fills, frameRects, pixel: pixel)
            clearPixel = pixel
        } else {
            forEachArea(host) { host.clear(list.clearColor, area: $0) }
        }
        list.mesh.vertices.withUnsafeBufferPointer { vertices in
            list.mesh.indices.withUnsafeBufferPointer { indices in
                for (position, command) in list.commands.enumerated() {
                    switch command {
                    case let .triangles(first, count, blend):
                        guard count > 0, first >= 0, first + count <= indices.count else { continue }
                        guard exact else {
                            forEachArea(host) { _ in host.drawTriangles(first: first, count: count, blend: blend) }
                            continue
                        }
                        // A run whose box meets nothing drawn before it this frame lies over the clear alone.
                        var drawn = drawnBefore[position]
                        for run in damage.runs[damage.commandRuns[position]] {
                            defer { drawn = drawn.union(run.bounds) }
                            if let spans = run.spans, let color = run.color {
                                let alone = clearPixel != nil && run.bounds.intersection(drawn).isEmpty
                                coverage.blend(damage.spans[spans], color: color, under: alone ? clearPixel : nil)
                            } else {
                                compositeExact(first: run.indices.lowerBound, count: run.indices.count, blend: blend,
                                               vertices: vertices, indices: indices, signed: list.mesh.hasSignedFans, host: host)
                            }
                        }
                    case let .text(index):
                        let item = list.texts[index]
                        let box = DamageTracker.textBounds(item, scale: Double(s))
                        let whole = redrawsWholeOutput
                        guard whole || frameRects.contains(where: { !$0.intersection(box).isEmpty }) else { continue }
                        if let fills, LabelBlend.supports(fills.format), let label = host.labelImage(item) {
                            if label.bounds.isEmpty { continue }  // wholly off the output
                            host.flush()  // anything the host still holds goes underneath
                            for area in frameRects where whole || !area.intersection(box).isEmpty {
                                LabelBlend.blend(label, into: fills, clip: area)
                            }
                        } else {
                            forEachArea(host, meeting: box) { _ in host.drawText(item) }
                        }
                    case let .rect(r, color) where fills != nil && color.isOpaque:
                        guard let fills, let pixels = r.filledPixels(scale: s) else { continue }
                        host.flush()  // anything the host still holds goes underneath
                        for area in frameRects {
                            let clipped = pixels.intersection(area)
                            guard !clipped.isEmpty else { continue }
                            fills.fill(clipped, color: color)
                        }
                    case let .rect(r, color) where exact:
                        guard let pixels = r.filledPixels(scale: s) else { continue }
                        // Over the clear alone a translucent fill gives one colour: stored, not blended.
                        let alone = fills.flatMap { fills in coverage.composed(color, over: list.clearColor).map { (fills, $0) } }
                        if alone != nil { host.flush() }
                        forEachUncovered(of: frameRects, within: pixels, after: position) { piece in
                            guard let (fills, pixel) = alone else { coverage.fill(piece, color: color); return }
                            let under = piece.intersection(drawnBefore[position])
                            if !under.isEmpty { coverage.fill(under, color: color) }
                            piece.forEachPiece(outside: under) { fills.fill($0, pixel: pixel) }
                        }
                    case let .rect(r, color):
                        forEachArea(host) { _ in host.fillRect(r, color: color) }
                    }
                }
            }
        }
    }

    /// A triangle batch with exact coverage: runs of triangles whose three vertices share one
    /// colour go to `coverage`, each run scan-converted once; the others (colour gradients,
    /// vertices out of its fixed point's range) go to the host, in order. `signed`: added with
    /// their signs (`Mesh.hasSignedFans`; a fan's points all lie in range, so no fan is split).
    private func compositeExact(first: Int, count: Int, blend: BlendMode, vertices: UnsafeBufferPointer<Vertex>,
                                indices: UnsafeBufferPointer<Int32>, signed: Bool, host: CompositorHost) {
        var hostStart = -1  // first index of the pending stretch for the host
        var k = first
        let end = first + count - count % 3
        while k < end {
            let i0 = Int(indices[k]), i1 = Int(indices[k + 1]), i2 = Int(indices[k + 2])
            let n = vertices.count
            if i0 >= 0, i0 < n, i1 >= 0, i1 < n, i2 >= 0, i2 < n {
                let a = vertices[i0], b = vertices[i1], c = vertices[i2]
                if a.color == b.color, b.color == c.color, coverage.add(a, b, c, scale: scale, signed: signed) {
                    // The host's stretch only queues here; the coverage flushes it before blending.
                    if hostStart >= 0 {
                        let from = hostStart
                        forEachArea(host) { _ in host.drawTriangles(first: from, count: k - from, blend: blend) }
                    }
                    hostStart = -1
                    k += 3
                    continue
                }
            }
            coverage.flush()
            if hostStart < 0 { hostStart = k }
            k += 3
        }
        coverage.flush()
        if hostStart >= 0 { forEachArea(host) { _ in host.drawTriangles(first: hostStart, count: end - hostStart, blend: blend) } }
    }
}

import ElasticCore

extension Compositor {
    /// Clears and composites the list `begin` planned inside `frame`, in painter's order, all
    /// into the buffer: the clear and opaque rectangles stored, runs of one colour with exact
    /// coverage, triangles whose corners differ in colour shaded (`ShadedTriangles`), translucent
    /// rectangles by the spans' rule (`SpanBlend`), labels as the pixels `host` renders them
    /// (`LabelBlend`). A large whole frame goes in bands of rows, each cleared and drawn while it
    /// stays in the core's cache, on both cores (`BlockWorker`); any other frame in one band.
    public func composite(_ list: DrawList, host: CompositorHost) {
        guard let target else { return }
        defer { self.target = nil }
        // Taken out of self while the frame is drawn: read through self, it would be copied for
        // each call that borrows it (a retain an array it holds).
        var runs = FrameCoverage()
        swap(&runs, &self.runs)
        defer { swap(&runs, &self.runs) }
        fetchLabels(list, host: host)
        let bounds = coverage.region.bounds
        let rows = bounds.y0..<max(bounds.y0, bounds.y1)
        let height = bandHeight(rows: rows, runs: runs)
        withUnsafePointer(to: list) { list in
            withUnsafePointer(to: &runs) { runs in
                var bands = FrameBands(compositor: self, list: list, runs: runs, target: target,
                                       clearPixel: target.format.pixel(list.pointee.clearColor), rows: rows, height: height)
                withUnsafePointer(to: &bands) { bands in
                    let count = bands.pointee.count
                    bandCount = count
                    if count > 1, let worker = BlockWorker.shared {
                        worker.run(count: count, context: bands) { context, block, lane in
                            let bands = context.assumingMemoryBound(to: FrameBands.self)
                            bands.pointee.compositor.drawBand(block, of: bands, lane: lane)
                        }
                    } else {
                        for block in 0..<count { drawBand(block, of: bands, lane: 0) }
                    }
                }
            }
        }
    }

    /// Rows a band holds: a large whole frame (`bandedPixels`) whose every run has its spans
    /// found ahead is cut into bands of about 128 KiB of pixels (a core's cache keeps one between
    /// its clear and its shapes); anything else is one band.
    private func bandHeight(rows: Range<Int>, runs: FrameCoverage) -> Int {
        let width = outputRect.width
        guard shortcuts, redrawsWholeOutput, outputRect.area >= Self.bandedPixels, width > 0,
              runs.runs.allSatisfy({ $0.spans != nil && $0.color != nil }) else { return max(rows.count, 1) }
        return max(Self.minBandRows, Self.bandBytes / (4 * width))
    }

    /// The labels of the frame's texts that meet what it redraws, rendered by the host here, on
    /// the caller's thread (the host's font cache is its own), before any band is drawn.
    private func fetchLabels(_ list: DrawList, host: CompositorHost) {
        labels.removeAll(keepingCapacity: true)
        let whole = redrawsWholeOutput
        for item in list.texts {
            let meets = whole || coverage.region.intersects(DamageTracker.textBounds(item, scale: Double(scale)))
            labels.append(meets ? host.labelImage(item).flatMap { $0.bounds.isEmpty ? nil : $0 } : nil)
        }
    }

    /// Clears and draws band `block` of `bands` (every command clipped to it), with lane `lane`'s
    /// scratch. Both cores run it at once on different bands: it writes only its band's pixels
    /// and its lane's scratch, and reads the frame's plan.
    func drawBand(_ block: Int, of bands: UnsafePointer<FrameBands>, lane index: Int) {
        let job = bands.pointee, lane = lanes[index], target = job.target
        let y0 = job.rows.lowerBound + block * job.height, y1 = min(y0 + job.height, job.rows.upperBound)
        let single = job.count == 1
        if !single {
            lane.clip.set(coverage.region)
            lane.clip.formIntersection(PixelRect(x0: outputRect.x0, y0: y0, x1: outputRect.x1, y1: y1))
        }
        // One band: the frame's own region. Read once, as locals: through self, each read would
        // be a retain of the array.
        let clip = single ? coverage.region : lane.clip
        let list = job.list, runs = job.runs, drawnBefore = self.drawnBefore, labels = self.labels
        let shortcuts = self.shortcuts, scale = self.scale
        clearUncovered(target, clip, pixel: job.clearPixel, scratch: &lane.uncovered)
        for (position, command) in list.pointee.commands.enumerated() {
            switch command {
            case let .triangles(first, count, _):
                guard count > 0, position < runs.pointee.commandRuns.count else { continue }
                // A run whose box meets nothing drawn before it this frame lies over the clear alone.
                var drawn = drawnBefore[position]
                for run in runs.pointee.runs[runs.pointee.commandRuns[position]] {
                    defer { drawn = drawn.union(run.bounds) }
                    guard run.bounds.y0 < y1, run.bounds.y1 > y0 else { continue }
                    if let spans = run.spans, let color = run.color {
                        let alone = shortcuts && run.bounds.intersection(drawn).isEmpty
                        CoverageWriter.blend(runs.pointee.spans[spans], color: color, under: alone ? job.clearPixel : nil,
                                             clip: clip, into: target)
                    } else {  // one band only (`bandHeight`)
                        let run = run.indices.clamped(to: first..<(first + count))
                        compositeTriangles(run, of: list.pointee.mesh, into: target)
                    }
                }
            case let .text(index):
                guard index < labels.count, let label = labels[index], label.y < y1, label.y + label.height > y0 else { continue }
                let box = label.bounds
                clip.forEachRect(in: box) { LabelBlend.blend(label, into: target, clip: $0) }
            case let .rect(r, color) where color.isOpaque:
                guard let pixels = r.filledPixels(scale: scale), pixels.y0 < y1, pixels.y1 > y0 else { continue }
                clip.forEachRect(in: pixels) { target.fill($0, color: color) }
            case let .rect(r, color):
                guard let pixels = r.filledPixels(scale: scale), pixels.y0 < y1, pixels.y1 > y0 else { continue }
                // Over the clear alone a translucent fill gives one colour: stored, not blended.
                let alone = shortcuts ? coverage.composed(color, over: list.pointee.clearColor) : nil
                let bounds = clip.bounds
                forEachUncovered(of: clip, within: pixels, after: position, scratch: &lane.uncovered) { piece in
                    guard let pixel = alone else { CoverageWriter.fill(piece, color: color, clip: bounds, into: target); return }
                    let under = piece.intersection(drawnBefore[position])
                    if !under.isEmpty { CoverageWriter.fill(under, color: color, clip: bounds, into: target) }
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

/// A frame's composite as bands of rows, as both cores read it while they draw (`drawBand`):
/// pointers to the caller's list and runs, valid until `composite` returns.
struct FrameBands {
    unowned(unsafe) let compositor: Compositor
    let list: UnsafePointer<DrawList>
    let runs: UnsafePointer<FrameCoverage>
    let target: PixelBuffer
    let clearPixel: UInt32
    /// The frame's rows, and how many a band holds.
    let rows: Range<Int>, height: Int

    var count: Int { max(1, (rows.count + height - 1) / height) }
}

/// One core's scratch while it draws a band.
final class CompositeLane {
    var clip = PixelRegion()
    var uncovered = PixelRegion()
}

import ElasticCore

extension Compositor {
    /// Before a frame is drawn: what each command may draw over (`drawnBefore`: the box of the
    /// commands before it, which the veil's fold needs) and the pixels inside
    /// `frame` that an opaque write of this frame covers whole: the wholly covered spans of
    /// opaque runs, marked a bit a pixel (`cover`), and the stored part of the veil, cut as
    /// rectangles (`occluders`, like opaque rectangles: subtracted by `forEachUncovered`). The
    /// clear skips those; whatever else lands there first is overwritten too. Marking and reading the marks
    /// cost more than a clear that stays in the cache saves, or than a few covered pixels save,
    /// so only a large clear of which a quarter may be covered is marked.
    /// `runs` are this frame's.
    func planCover(_ list: DrawList, runs: FrameCoverage) {
        let s = scale
        drawnBefore.removeAll(keepingCapacity: true)
        // Marked as a local (moved out and back): no exclusivity check per span.
        var cover = RowBitmap()
        swap(&cover, &self.cover)
        defer { swap(&cover, &self.cover) }
        let cleared = damagedPixels
        let marks = shortcuts && cleared >= coverPixels && 4 * coverable(list, runs: runs) >= cleared
        cover.reset(output: outputRect)
        let bounds = coverage.region.bounds
        let rows = bounds.y0..<max(bounds.y0, bounds.y1)
        var drawn = PixelRect.empty
        for (position, command) in list.commands.enumerated() {
            drawnBefore.append(drawn)
            switch command {
            case .triangles:
                // Every batch has its runs, a batch with an index out of range too.
                guard position < runs.commandRuns.count else { continue }
                for run in runs.runs[runs.commandRuns[position]] {
                    drawn = drawn.union(run.bounds)
                    guard marks, let spans = run.spans, let color = run.color, color.a == 255 else { continue }
                    cover.mark(whole: runs.spans[spans], rows: rows)
                }
            case let .text(index):
                let box = DamageTracker.textBounds(list.texts[index], scale: Double(s))
                drawn = drawn.union(box)
            case let .rect(r, color) where color.isOpaque:
                guard let pixels = r.filledPixels(scale: s) else { continue }
                drawn = drawn.union(pixels)
            case let .rect(r, color):
                guard let pixels = r.filledPixels(scale: s) else { continue }
                // The veil's fold stores a colour where only the clear lies under it (`composite`):
                // all but the box of what was drawn before it.
                if shortcuts, coverage.composed(color, over: list.clearColor) != nil {
                    pixels.forEachPiece(outside: drawn) { occluders.append((position, $0)) }
                }
                drawn = drawn.union(pixels)
            }
        }
    }

    /// At most how many output pixels the marks could cover: the boxes of the opaque runs.
    private func coverable(_ list: DrawList, runs: FrameCoverage) -> Int {
        var total = 0
        for position in list.commands.indices where position < runs.commandRuns.count {
            for run in runs.runs[runs.commandRuns[position]] where run.spans != nil && run.color?.a == 255 {
                total += run.bounds.intersection(outputRect).area
            }
        }
        return total
    }

    /// Clears `area` of `buffer` to `pixel` where no opaque write of this frame covers it.
    func clearUncovered(_ buffer: PixelBuffer, _ area: PixelRegion, pixel: UInt32, scratch: inout PixelRegion) {
        // A local constant, which the closure borrows: read from self, or a variable, it would be
        // copied at each call (a retain an array).
        let cover = self.cover
        forEachUncovered(of: area, within: buffer.bounds, after: -1, scratch: &scratch) {
            cover.fillUnmarked($0, base: buffer.base, pitch: buffer.pitch, pixel: pixel)
        }
    }

    /// Calls `body` with disjoint rectangles holding the pixels of `region` inside `bounds` that
    /// no occluder drawn after command `index` overwrites (each of the region's rectangles,
    /// occluders subtracted, cut in `scratch`): a fill of the rest would be painted over whole
    /// (the clear under gooey-menu's body and veil, under each card of a list). Past `maxPieces`
    /// rectangles no more is cut: what is left is only cleared needlessly.
    @inline(__always)
    func forEachUncovered(of region: PixelRegion, within bounds: PixelRect, after index: Int, scratch pieces: inout PixelRegion,
                          _ body: (PixelRect) -> Void) {
        let occluders = self.occluders
        region.forEachRect(in: bounds) { pixels in
            // The usual area meets no occluder: given as it is, no region built.
            guard occluders.contains(where: { $0.command > index && !$0.pixels.intersection(pixels).isEmpty }) else {
                body(pixels)
                return
            }
            pieces.set(pixels)
            for occluder in occluders where occluder.command > index && !occluder.pixels.intersection(pixels).isEmpty {
                guard pieces.rectCount <= Self.maxPieces else { break }
                pieces.subtract(occluder.pixels)
                if pieces.isEmpty { break }
            }
            pieces.forEachRect(body)
        }
    }

    static let maxPieces = 64
}

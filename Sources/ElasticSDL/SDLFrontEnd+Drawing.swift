import CSDL2
import ElasticCore

extension SDLFrontEnd {
    /// Whether triangles of one colour are drawn with exact area coverage (`SurfaceCoverage`), so
    /// the tessellator should add no fringe: with the software renderer, into a window surface
    /// of a 32-bit format it can write.
    public var drawsExactCoverage: Bool { exactSurface() != nil }

    /// The window surface exact coverage draws into, when exact coverage is on and possible.
    private func exactSurface() -> UnsafeMutablePointer<SDL_Surface>? {
        // Only the software renderer draws into the window surface (asking a GL window for one
        // would create a second framebuffer).
        guard coverage.enabled, rendererName == "software",
              let surface = writableSurface(),
              SurfaceCoverage.supports(surface) else { return nil }
        return surface
    }

    /// Clears and draws a frame's draw list: each triangle batch is one `SDL_RenderGeometry` call
    /// over the shared vertex buffer (handed over without a copy), or, with exact coverage, one
    /// scan conversion per run of one colour, blended into the window surface; text through SDL2_ttf.
    /// `scale` maps scene points to output pixels (HiDPI × the user's UI scale).
    /// With `partialUpdates`, only the damaged rectangles are cleared and redrawn: commands in
    /// order, each clipped to every rectangle (a coverage run swept once and cut to them), so what
    /// lies under or over a changed shape is drawn as before.
    public func draw(_ list: DrawList, scale: Double) {
        let s = Float(scale.isFinite && scale > 0 ? scale : 1)
        frameRects.removeAll(keepingCapacity: true)
        // Taken out of self while the frame is drawn: read through self, it would be copied for
        // each call that borrows it (a retain an array it holds).
        var damage = DamageTracker()
        swap(&damage, &self.damage)
        defer { swap(&damage, &self.damage) }
        let exact = exactSurface().map { coverage.begin(surface: $0, renderer: renderer) } ?? false
        if list.mesh.hasSignedFans, !exact {
            // Tessellated for exact coverage, which ended since: SDL would draw the fans' negative
            // triangles as positive. Kept as it was; the next frame is tessellated for SDL, whole.
            damage.invalidate()
            return
        }
        if partialUpdates || exact {
            // A whole redraw converts every run anew, as a first frame does.
            if !partialUpdates { damage.invalidate() }
            damage.update(list, scale: Double(s), width: outputSize.width, height: outputSize.height, exactCoverage: exact)
        }
        if partialUpdates {
            frameRects.append(contentsOf: damage.rects)
        } else {
            frameRects.append(outputRect)
        }
        guard !frameRects.isEmpty else { return }
        text.beginFrame()
        // Exact coverage blends its runs' spans itself; only a run without spans may reach SDL.
        let shifts = truncatesVertices && (!exact || damage.runs.contains { $0.spans == nil })
        if shifts {
            // SDL 2.26's software renderer truncates vertex coordinates to whole pixels
            // ((int)(x * scale)), which collapses the AA fringe's outer edge on one side: shift by
            // half a pixel so truncation rounds to the nearest pixel instead.
            let half = Float(0.5) / s
            roundedVertices.removeAll(keepingCapacity: true)
            for var v in list.mesh.vertices {
                v.x += half; v.y += half
                roundedVertices.append(v)
            }
        }
        let surface = directFills ? writableSurface() : nil
        occluders.removeAll(keepingCapacity: true)
        if surface != nil {
            for (i, command) in list.commands.enumerated() {
                guard case let .rect(r, color) = command, color.isOpaque, let pixels = SurfaceFill.pixels(r, scale: s) else { continue }
                occluders.append((i, pixels))
            }
        }
        coverage.region.set(frameRects)
        planCover(list, damage: damage, scale: s, exact: exact, surface: surface)
        let whole = redrawsWholeOutput
        draw(list, damage: damage, sdlSource: shifts ? roundedVertices : list.mesh.vertices, scale: s, whole: whole, exact: exact,
             surface: surface)
        if !whole { SDL_RenderSetClipRect(renderer, nil) }
        text.endFrame()
    }

    /// Calls `body` once per damaged rectangle meeting `box` (output pixels), with SDL's clip
    /// rectangle set to it; once, unclipped, for a whole frame.
    private func forEachClip(_ whole: Bool, scale s: Float, meeting box: PixelRect? = nil, _ body: (PixelRect) -> Void) {
        if whole { body(outputRect); return }
        for r in frameRects {
            if let box, box.intersection(r).isEmpty { continue }
            // SDL keeps the clip rectangle in output pixels, converted with the scale in force.
            SDL_RenderSetScale(renderer, 1, 1)
            var c = SDL_Rect(x: Int32(r.x0), y: Int32(r.y0), w: Int32(r.width), h: Int32(r.height))
            SDL_RenderSetClipRect(renderer, &c)
            SDL_RenderSetScale(renderer, s, s)
            body(r)
        }
    }

    /// Clears and draws the whole list inside `frameRects` (its runs found by `damage`; triangles
    /// SDL draws take their positions from `sdlSource`); the clear and opaque rectangles go
    /// straight into `surface` when there is one.
    private func draw(_ list: DrawList, damage: DamageTracker, sdlSource: [Vertex], scale s: Float, whole: Bool, exact: Bool,
                      surface: UnsafeMutablePointer<SDL_Surface>?) {
        SDL_RenderSetScale(renderer, s, s)
        let c = list.clearColor
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, 255)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        var clearPixel: UInt32?  // what the clear stored, where it went straight into the surface
        if let surface {
            SDL_RenderFlush(renderer)
            let pixel = SDL_MapRGBA(surface.pointee.format, c.r, c.g, c.b, 255)
            clearUncovered(surface, frameRects, pixel: pixel)
            clearPixel = pixel
        } else if whole {
            SDL_RenderClear(renderer)  // ignores the clip rectangle
        } else {
            forEachClip(whole, scale: s) { area in
                SDL_RenderSetScale(renderer, 1, 1)
                var r = SDL_FRect(x: Float(area.x0), y: Float(area.y0), w: Float(area.width), h: Float(area.height))
                SDL_RenderFillRectF(renderer, &r)
                SDL_RenderSetScale(renderer, s, s)
            }
        }
        list.mesh.vertices.withUnsafeBufferPointer { vertices in
            sdlSource.withUnsafeBufferPointer { shiftedVertices in
                shiftedVertices.withMemoryRebound(to: SDL_Vertex.self) { sdlVertices in
                    list.mesh.indices.withUnsafeBufferPointer { indices in
                        for (position, command) in list.commands.enumerated() {
                            switch command {
                            case let .triangles(first, count, blend):
                                guard count > 0, first >= 0, first + count <= indices.count else { continue }
                                SDL_SetRenderDrawBlendMode(renderer, blend == .none ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
                                if exact {
                                    // A run whose box meets nothing drawn before it this frame lies over the clear alone.
                                    var drawn = drawnBefore[position]
                                    for run in damage.runs[damage.commandRuns[position]] {
                                        defer { drawn = drawn.union(run.bounds) }
                                        if let spans = run.spans, let color = run.color {
                                            let alone = clearPixel != nil && run.bounds.intersection(drawn).isEmpty
                                            coverage.blend(damage.spans[spans], color: color, under: alone ? clearPixel : nil)
                                        } else {
                                            drawExact(first: run.indices.lowerBound, count: run.indices.count, vertices: vertices,
                                                      indices: indices, sdlVertices: sdlVertices, scale: s, whole: whole,
                                                      signed: list.mesh.hasSignedFans)
                                        }
                                    }
                                } else {
                                    forEachClip(whole, scale: s) { _ in
                                        drawGeometry(first: first, count: count, indices: indices, sdlVertices: sdlVertices)
                                    }
                                }
                            case let .text(index):
                                let box = DamageTracker.textBounds(list.texts[index], scale: Double(s))
                                forEachClip(whole, scale: s, meeting: box) { _ in text.draw(list.texts[index], pixelScale: Double(s)) }
                            case let .rect(r, color) where surface != nil && color.isOpaque:
                                guard let surface, let pixels = SurfaceFill.pixels(r, scale: s) else { continue }
                                SDL_RenderFlush(renderer)  // anything SDL still holds goes underneath
                                for area in frameRects {
                                    let clipped = pixels.intersection(area)
                                    guard !clipped.isEmpty else { continue }
                                    SurfaceFill.fill(surface, (clipped.x0, clipped.y0, clipped.width, clipped.height), color: color)
                                }
                            case let .rect(r, color) where exact:
                                guard let pixels = SurfaceFill.pixels(r, scale: s) else { continue }
                                // Over the clear alone a translucent fill gives one colour: stored, not blended.
                                let alone = surface.flatMap { surface in coverage.composed(color, over: list.clearColor).map { (surface, $0) } }
                                if alone != nil { SDL_RenderFlush(renderer) }
                                forEachUncovered(of: frameRects, within: pixels, after: position) { piece in
                                    guard let (surface, pixel) = alone else { coverage.fill(piece, color: color); return }
                                    let under = piece.intersection(drawnBefore[position])
                                    if !under.isEmpty { coverage.fill(under, color: color) }
                                    piece.forEachPiece(outside: under) { SurfaceFill.fill(surface, $0, pixel: pixel) }
                                }
                            case let .rect(r, color):
                                forEachClip(whole, scale: s) { _ in
                                    SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
                                    SDL_SetRenderDrawBlendMode(renderer, color.isOpaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
                                    var rect = SDL_FRect(x: Float(r.x), y: Float(r.y), w: Float(r.width), h: Float(r.height))
                                    SDL_RenderFillRectF(renderer, &rect)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Calls `body` with the disjoint pieces of each of `areas` inside `bounds` that no occluder
    /// drawn after command `index` overwrites: a fill of the rest would be painted over whole (the
    /// clear under gooey-menu's body and veil, under each card of a list). Past `maxPieces` no more
    /// are cut: what is left whole is only cleared needlessly.
    func forEachUncovered(of areas: [PixelRect], within bounds: PixelRect, after index: Int, _ body: (PixelRect) -> Void) {
        // Taken out of self while cut, once for all the areas: no copy, no exclusivity check per piece.
        var pieces: [PixelRect] = [], next: [PixelRect] = [], occluders: [(command: Int, pixels: PixelRect)] = []
        swap(&pieces, &uncovered); swap(&next, &uncoveredNext); swap(&occluders, &self.occluders)
        defer { swap(&pieces, &uncovered); swap(&next, &uncoveredNext); swap(&occluders, &self.occluders) }
        areas: for area in areas {
            let pixels = area.intersection(bounds)
            guard !pixels.isEmpty else { continue }
            pieces.removeAll(keepingCapacity: true)
            pieces.append(pixels)
            for occluder in occluders where occluder.command > index {
                guard pieces.count <= Self.maxPieces else { break }
                guard !occluder.pixels.intersection(pixels).isEmpty else { continue }
                next.removeAll(keepingCapacity: true)
                for piece in pieces { piece.forEachPiece(outside: occluder.pixels) { next.append($0) } }
                swap(&pieces, &next)
                if pieces.isEmpty { continue areas }
            }
            for piece in pieces { body(piece) }
        }
    }

    static let maxPieces = 64

    /// `count` indices from `first` through `SDL_RenderGeometry`.
    private func drawGeometry(first: Int, count: Int, indices: UnsafeBufferPointer<Int32>,
                              sdlVertices: UnsafeBufferPointer<SDL_Vertex>) {
        guard count > 0, let base = indices.baseAddress else { return }
        _ = SDL_RenderGeometry(renderer, nil, sdlVertices.baseAddress, Int32(sdlVertices.count), base + first, Int32(count))
    }

    /// A triangle batch with exact coverage: runs of triangles whose three vertices share one
    /// colour go to `SurfaceCoverage`, each run scan-converted once; the others (colour gradients,
    /// vertices out of its fixed point's range) keep going through SDL, in order. `signed`: added
    /// with their signs (`Mesh.hasSignedFans`; a fan's points all lie in range, so no fan is split).
    private func drawExact(first: Int, count: Int, vertices: UnsafeBufferPointer<Vertex>,
                           indices: UnsafeBufferPointer<Int32>, sdlVertices: UnsafeBufferPointer<SDL_Vertex>, scale: Float,
                           whole: Bool, signed: Bool) {
        func drawGeometry(first: Int, count: Int, indices: UnsafeBufferPointer<Int32>, sdlVertices: UnsafeBufferPointer<SDL_Vertex>) {
            forEachClip(whole, scale: scale) { _ in
                self.drawGeometry(first: first, count: count, indices: indices, sdlVertices: sdlVertices)
            }
        }
        var sdlStart = -1  // first index of the pending stretch for SDL
        var k = first
        let end = first + count - count % 3
        while k < end {
            let i0 = Int(indices[k]), i1 = Int(indices[k + 1]), i2 = Int(indices[k + 2])
            let n = vertices.count
            if i0 >= 0, i0 < n, i1 >= 0, i1 < n, i2 >= 0, i2 < n {
                let a = vertices[i0], b = vertices[i1], c = vertices[i2]
                if a.color == b.color, b.color == c.color, coverage.add(a, b, c, scale: scale, signed: signed) {
                    // SDL's stretch only queues here; the coverage flushes it before blending.
                    if sdlStart >= 0 { drawGeometry(first: sdlStart, count: k - sdlStart, indices: indices, sdlVertices: sdlVertices) }
                    sdlStart = -1
                    k += 3
                    continue
                }
            }
            coverage.flush()
            if sdlStart < 0 { sdlStart = k }
            k += 3
        }
        coverage.flush()
        if sdlStart >= 0 { drawGeometry(first: sdlStart, count: end - sdlStart, indices: indices, sdlVertices: sdlVertices) }
    }

    /// Saves what has been drawn (call before `present`) as a PNG through SDL2_image.
    public func saveScreenshot(to path: String) throws {
        let (w, h) = outputSize
        guard w > 0, h > 0 else { throw SDLError(message: "cannot take a screenshot of a \(w)×\(h) window") }
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(w), Int32(h), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw SDLError("cannot allocate a \(w)×\(h) screenshot")
        }
        defer { SDL_FreeSurface(surface) }
        SDL_RenderSetScale(renderer, 1, 1)
        guard SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, surface.pointee.pixels, surface.pointee.pitch) == 0 else {
            throw SDLError("cannot read the frame back")
        }
        guard IMG_SavePNG(surface, path) == 0 else {
            throw SDLError("cannot write the screenshot \(path)")
        }
    }
}

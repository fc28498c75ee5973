import CSDL2
import ElasticCore
import ElasticRaster

/// What the compositor hands to SDL: its queue flushed before the compositor writes the
/// surface, and the commands it does not draw, each clipped to the frame's rectangles.
extension SDLFrontEnd: CompositorHost {
    public func flush() { SDL_RenderFlush(renderer) }

    public func clear(_ color: RGBA, areas: [PixelRect], whole: Bool) {
        // The clear colour and blend mode are set (`draw`).
        if whole { SDL_RenderClear(renderer); return }  // ignores the clip rectangle
        let s = frameScale
        forEachClip(areas, whole: whole) { area in
            SDL_RenderSetScale(renderer, 1, 1)
            var r = SDL_FRect(x: Float(area.x0), y: Float(area.y0), w: Float(area.width), h: Float(area.height))
            SDL_RenderFillRectF(renderer, &r)
            SDL_RenderSetScale(renderer, s, s)
        }
    }

    public func drawTriangles(first: Int, count: Int, blend: BlendMode, areas: [PixelRect], whole: Bool) {
        guard count > 0, let (vertices, indices) = frameGeometry, let base = indices.baseAddress else { return }
        SDL_SetRenderDrawBlendMode(renderer, blend == .none ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        forEachClip(areas, whole: whole) { _ in
            _ = SDL_RenderGeometry(renderer, nil, vertices.baseAddress, Int32(vertices.count), base + first, Int32(count))
        }
    }

    public func drawText(_ item: TextItem, box: PixelRect, areas: [PixelRect], whole: Bool) {
        let s = Double(frameScale)
        forEachClip(areas, whole: whole, meeting: box) { _ in text.draw(item, pixelScale: s) }
    }

    public func fillRect(_ r: Rect, color: RGBA, areas: [PixelRect], whole: Bool) {
        forEachClip(areas, whole: whole) { _ in
            SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
            SDL_SetRenderDrawBlendMode(renderer, color.isOpaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
            var rect = SDL_FRect(x: Float(r.x), y: Float(r.y), w: Float(r.width), h: Float(r.height))
            SDL_RenderFillRectF(renderer, &rect)
        }
    }

    /// Calls `body` once per area meeting `box` (output pixels), with SDL's clip rectangle set to
    /// it; once, unclipped, for a whole frame.
    private func forEachClip(_ areas: [PixelRect], whole: Bool, meeting box: PixelRect? = nil, _ body: (PixelRect) -> Void) {
        if whole { body(outputRect); return }
        let s = frameScale
        for r in areas {
            if let box, box.intersection(r).isEmpty { continue }
            // SDL keeps the clip rectangle in output pixels, converted with the scale in force.
            SDL_RenderSetScale(renderer, 1, 1)
            var c = SDL_Rect(x: Int32(r.x0), y: Int32(r.y0), w: Int32(r.width), h: Int32(r.height))
            SDL_RenderSetClipRect(renderer, &c)
            SDL_RenderSetScale(renderer, s, s)
            body(r)
        }
    }
}

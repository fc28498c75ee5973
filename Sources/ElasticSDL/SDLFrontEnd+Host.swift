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
        forEachClip(areas, whole: whole) { area in
            inOutputPixels {
                var r = SDL_FRect(area)
                SDL_RenderFillRectF(renderer, &r)
            }
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
        let s = Double(compositor.scale)
        forEachClip(areas, whole: whole, meeting: box) { _ in text.draw(item, pixelScale: s) }
    }

    public func fillRect(_ r: Rect, color: RGBA, areas: [PixelRect], whole: Bool) {
        forEachClip(areas, whole: whole) { _ in
            SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
            SDL_SetRenderDrawBlendMode(renderer, color.isOpaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
            var rect = SDL_FRect(r)
            SDL_RenderFillRectF(renderer, &rect)
        }
    }

    /// Calls `body` once per area meeting `box` (output pixels), with SDL's clip rectangle set to
    /// it; once, unclipped, for a whole frame.
    private func forEachClip(_ areas: [PixelRect], whole: Bool, meeting box: PixelRect? = nil, _ body: (PixelRect) -> Void) {
        if whole { body(compositor.outputRect); return }
        for r in areas {
            if let box, box.intersection(r).isEmpty { continue }
            // SDL keeps the clip rectangle in output pixels, converted with the scale in force.
            inOutputPixels {
                var c = SDL_Rect(r)
                SDL_RenderSetClipRect(renderer, &c)
            }
            body(r)
        }
    }

    /// Runs `body` at scale 1 (output pixels), then sets the frame's scale back.
    private func inOutputPixels(_ body: () -> Void) {
        SDL_RenderSetScale(renderer, 1, 1)
        body()
        SDL_RenderSetScale(renderer, compositor.scale, compositor.scale)
    }
}

import CSDL2
import ElasticCore
import ElasticRaster

/// What the compositor hands to SDL: the commands it does not draw.
extension SDLFrontEnd: CompositorHost {
    public func flush() { SDL_RenderFlush(renderer) }

    public func clip(to area: PixelRect) {
        // SDL keeps the clip rectangle in output pixels, converted with the scale in force.
        inOutputPixels {
            var c = SDL_Rect(area)
            SDL_RenderSetClipRect(renderer, &c)
        }
    }

    public func clear(_ color: RGBA, area: PixelRect?) {
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, 255)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        guard let area else { SDL_RenderClear(renderer); return }  // ignores the clip rectangle
        inOutputPixels {
            var r = SDL_FRect(area)
            SDL_RenderFillRectF(renderer, &r)
        }
    }

    public func drawTriangles(first: Int, count: Int, blend: BlendMode) {
        guard count > 0, let (vertices, indices) = frameGeometry, let base = indices.baseAddress else { return }
        SDL_SetRenderDrawBlendMode(renderer, blend == .none ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        _ = SDL_RenderGeometry(renderer, nil, vertices.baseAddress, Int32(vertices.count), base + first, Int32(count))
    }

    public func drawText(_ item: TextItem) { text.draw(item, pixelScale: Double(compositor.scale)) }

    public func labelImage(_ item: TextItem) -> LabelImage? {
        text.image(item, pixelScale: Double(compositor.scale), scale: compositor.scale,
                   viewport: (outputSize.width, outputSize.height))
    }

    public func fillRect(_ r: Rect, color: RGBA) {
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
        SDL_SetRenderDrawBlendMode(renderer, color.isOpaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        var rect = SDL_FRect(r)
        SDL_RenderFillRectF(renderer, &rect)
    }

    private func inOutputPixels(_ body: () -> Void) {
        SDL_RenderSetScale(renderer, 1, 1)
        body()
        SDL_RenderSetScale(renderer, compositor.scale, compositor.scale)
    }
}

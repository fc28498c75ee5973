import CSDL2
import ElasticCore
import ElasticRaster

extension SDLFrontEnd {
    /// Draws a whole frame through SDL's renderer (OpenGL, or the software renderer when the
    /// compositor cannot have its surface): the commands in order, anti-aliased by the
    /// tessellator's fringe. A list tessellated for exact coverage is not drawn: SDL would fill
    /// its signed fans' negative triangles as positive ones. Either way the frame is the whole
    /// output, drawn outside the compositor (`Compositor.drawnElsewhere`).
    func renderWithSDL(_ list: DrawList, scale: Double) {
        compositor.drawnElsewhere(output: PixelRect(x0: 0, y0: 0, x1: outputSize.width, y1: outputSize.height))
        guard !list.mesh.hasSignedFans else { return }
        let s = Float(scale.isFinite && scale > 0 ? scale : 1)
        SDL_RenderSetScale(renderer, s, s)
        let clear = list.clearColor
        SDL_SetRenderDrawColor(renderer, clear.r, clear.g, clear.b, 255)
        SDL_RenderClear(renderer)
        // SDL's software renderer truncates vertex positions to whole pixels (`HalfPixelShift`).
        let source = truncatesVertices ? halfPixel.apply(to: list.mesh.vertices, scale: s) : list.mesh.vertices
        source.withUnsafeBufferPointer { vertices in
            // `Vertex` is laid out as `SDL_Vertex` (ElasticSDLTests).
            vertices.withMemoryRebound(to: SDL_Vertex.self) { vertices in
                list.mesh.indices.withUnsafeBufferPointer { indices in
                    for command in list.commands {
                        switch command {
                        case let .triangles(first, count, blend):
                            guard count > 0, first >= 0, first + count <= indices.count, let base = indices.baseAddress else { continue }
                            SDL_SetRenderDrawBlendMode(renderer, blend == .none ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
                            _ = SDL_RenderGeometry(renderer, nil, vertices.baseAddress, Int32(vertices.count), base + first, Int32(count))
                        case let .text(index):
                            text.render(list.texts[index], pixelScale: Double(s))
                        case let .rect(r, color):
                            SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
                            SDL_SetRenderDrawBlendMode(renderer, color.isOpaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
                            var rect = SDL_FRect(r)
                            SDL_RenderFillRectF(renderer, &rect)
                        }
                    }
                }
            }
        }
    }
}

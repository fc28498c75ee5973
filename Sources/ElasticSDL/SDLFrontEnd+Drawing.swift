import CSDL2
import ElasticCore
import ElasticRaster

extension SDLFrontEnd {
    /// Whether triangles of one colour are drawn with exact area coverage (the compositor's
    /// `CoverageWriter`), so the tessellator should add no fringe: with the software renderer,
    /// into a window surface of a 32-bit format it can write.
    public var drawsExactCoverage: Bool { compositor.coverage.enabled && exactTarget() != nil }

    /// The window surface exact coverage draws into, when possible.
    private func exactTarget() -> PixelBuffer? {
        // Only the software renderer draws into the window surface (asking a GL window for one
        // would create a second framebuffer).
        guard rendererName == "software", let buffer = writableSurface().flatMap(PixelBuffer.init),
              CoverageWriter.supports(buffer.format) else { return nil }
        return buffer
    }

    /// Clears and draws a frame's draw list: the compositor (`Compositor`) into the window
    /// surface with the software renderer, everything it cannot draw through SDL: each triangle
    /// batch one `SDL_RenderGeometry` call over the shared vertex buffer, text through SDL2_ttf.
    /// `scale` maps scene points to output pixels (HiDPI × the user's UI scale).
    public func draw(_ list: DrawList, scale: Double) {
        let s = Float(scale.isFinite && scale > 0 ? scale : 1)
        let exact = compositor.coverage.enabled ? exactTarget() : nil
        let fills = directFills ? writableSurface().flatMap(PixelBuffer.init) : nil
        guard compositor.begin(list, scale: s, output: outputSize, exactTarget: exact, fills: fills) else { return }
        text.beginFrame()
        let shifts = truncatesVertices && compositor.handsOverTriangles
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
        let source = shifts ? roundedVertices : list.mesh.vertices
        SDL_RenderSetScale(renderer, s, s)
        frameScale = s
        let c = list.clearColor
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, 255)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        source.withUnsafeBufferPointer { vertices in
            vertices.withMemoryRebound(to: SDL_Vertex.self) { vertices in
                list.mesh.indices.withUnsafeBufferPointer { indices in
                    // Valid only while the frame is composited.
                    frameGeometry = (vertices, indices)
                    compositor.composite(list, host: self)
                    frameGeometry = nil
                }
            }
        }
        if !redrawsWholeOutput { SDL_RenderSetClipRect(renderer, nil) }
        text.endFrame()
    }
}

import CSDL2
import ElasticCore
import ElasticRaster

extension SDLFrontEnd {
    /// Whether triangles of one colour are drawn with exact area coverage (the compositor's
    /// `CoverageWriter`), so the tessellator should add no fringe. The flag is read first so that
    /// SDL is not asked for the surface when coverage is off.
    public var drawsExactCoverage: Bool { compositor.coverage.enabled && compositor.drawsExactCoverage(into: softwareTarget()) }

    /// The surface the software renderer draws into, for the compositor. Only the software
    /// renderer draws into the window surface (asking a GL window for one would create a second
    /// framebuffer).
    private func softwareTarget() -> PixelBuffer? {
        rendererName == "software" ? writableSurface().flatMap(PixelBuffer.init) : nil
    }

    /// Clears and draws a frame's draw list: the compositor (`Compositor`) into the window
    /// surface with the software renderer, everything it cannot draw through SDL: each triangle
    /// batch one `SDL_RenderGeometry` call over the shared vertex buffer, text through SDL2_ttf.
    /// `scale` maps scene points to output pixels (HiDPI × the user's UI scale).
    public func draw(_ list: DrawList, scale: Double) {
        let target = compositor.coverage.enabled || directFills ? softwareTarget() : nil
        guard compositor.begin(list, scale: scale, output: outputSize, target: target, directFills: directFills) else { return }
        let s = compositor.scale
        text.beginFrame()
        let shifts = truncatesVertices && compositor.handsOverTriangles
        let source = shifts ? halfPixel.apply(to: list.mesh.vertices, scale: s) : list.mesh.vertices
        SDL_RenderSetScale(renderer, s, s)
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
        if !compositor.redrawsWholeOutput { SDL_RenderSetClipRect(renderer, nil) }
        text.endFrame()
    }

    /// The output-pixel rectangles the last `draw` cleared and redrew, each with every command
    /// clipped to it (one rectangle, the whole output, when it redrew everything): the damage
    /// `--trace-draw` records so that other rasterizers can redraw exactly these pixels.
    public var drawnRects: [PixelRect] { compositor.frameRects }

    public var drawnPixels: Int { compositor.drawnPixels }
}

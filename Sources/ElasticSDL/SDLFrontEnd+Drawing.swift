import CSDL2
import ElasticCore
import ElasticRaster

extension SDLFrontEnd {
    /// Triangles of one colour are drawn with exact area coverage, so the tessellator adds no
    /// fringe. The flag is read first: SDL is not asked for the surface when coverage is off.
    public var drawsExactCoverage: Bool { compositor.coverage.enabled && compositor.drawsExactCoverage(into: softwareTarget()) }

    /// Only the software renderer draws into the window surface (asking a GL window for one
    /// would create a second framebuffer).
    private func softwareTarget() -> PixelBuffer? {
        rendererName == "software" ? writableSurface().flatMap(PixelBuffer.init) : nil
    }

    /// Clears and draws a frame: the compositor into the software renderer's surface, and through
    /// SDL what it cannot draw (`CompositorHost`). `scale` maps scene points to output pixels.
    public func draw(_ list: DrawList, scale: Double) {
        let target = compositor.coverage.enabled || directFills ? softwareTarget() : nil
        guard compositor.begin(list, scale: scale, output: outputSize, target: target, directFills: directFills) else { return }
        let s = compositor.scale
        text.beginFrame()
        let shifts = truncatesVertices && compositor.handsOverTriangles
        let source = shifts ? halfPixel.apply(to: list.mesh.vertices, scale: s) : list.mesh.vertices
        SDL_RenderSetScale(renderer, s, s)
        source.withUnsafeBufferPointer { vertices in
            vertices.withMemoryRebound(to: SDL_Vertex.self) { vertices in
                list.mesh.indices.withUnsafeBufferPointer { indices in
                    // `Vertex` is laid out as `SDL_Vertex` (ElasticSDLTests); valid only while composited.
                    frameGeometry = (vertices, indices)
                    compositor.composite(list, host: self)
                    frameGeometry = nil
                }
            }
        }
        if !compositor.redrawsWholeOutput { SDL_RenderSetClipRect(renderer, nil) }
        text.endFrame()
    }

    /// The output-pixel rectangles the last `draw` redrew (the whole output when it redrew
    /// everything), which `--trace-draw` records for other rasterizers to redraw.
    public var drawnRects: [PixelRect] { compositor.frameRects }

    public var damagedPixels: Int { compositor.damagedPixels }
}

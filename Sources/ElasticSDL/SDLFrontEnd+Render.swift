import CSDL2
import ElasticCore
import ElasticRaster

extension SDLFrontEnd {
    /// Triangles of one colour get exact area coverage exactly when the compositor draws the
    /// frame, so the tessellator then adds no fringe.
    public var rendersExactCoverage: Bool { compositedTarget() != nil }

    /// The buffer the compositor draws frames into: the software renderer's surface, when
    /// `softwareCompositing` is on and the compositor takes its format. Only the software renderer
    /// draws into the window surface (asking a GL window for one would create a second framebuffer).
    func compositedTarget() -> PixelBuffer? {
        guard softwareCompositing, rendererName == "software", let buffer = writableSurface().flatMap(PixelBuffer.init),
              Compositor.supports(buffer.format) else { return nil }
        return buffer
    }

    /// Clears and renders a frame, one way or the other as a whole: the compositor into the
    /// software renderer's surface, or else SDL's renderer (`renderWithSDL`). `scale` maps scene
    /// points to output pixels.
    public func render(_ list: DrawList, scale: Double) {
        text.beginFrame()
        defer { text.endFrame() }
        guard let target = compositedTarget() else {
            renderWithSDL(list, scale: scale)
            return
        }
        if compositor.begin(list, scale: scale, target: target) { compositor.composite(list, host: self) }
    }

    public var damagedPixels: Int { compositor.damagedPixels }
}

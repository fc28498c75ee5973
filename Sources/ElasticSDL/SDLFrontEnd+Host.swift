import ElasticCore
import ElasticRaster

/// What the compositor asks of the owner of its buffer: the labels' pixels, from SDL2_ttf.
extension SDLFrontEnd: CompositorHost {
    public func labelImage(_ item: TextItem) -> LabelImage? {
        text.image(item, scale: compositor.scale, viewport: (outputSize.width, outputSize.height))
    }
}

import ElasticCore
import ElasticRaster

extension PixelRegion {
    /// Its rectangles as `forEachRect` gives them, inside `box` when given: for checks that read
    /// them as a list.
    func rects(in box: PixelRect? = nil) -> [PixelRect] {
        var rects: [PixelRect] = []
        forEachRect(in: box) { rects.append($0) }
        return rects
    }
}

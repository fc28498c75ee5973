import CSDL2
import ElasticCore

extension SDL_Rect {
    init(_ r: PixelRect) { self.init(x: Int32(r.x0), y: Int32(r.y0), w: Int32(r.width), h: Int32(r.height)) }
}

extension SDL_FRect {
    init(_ r: Rect) { self.init(x: Float(r.x), y: Float(r.y), w: Float(r.width), h: Float(r.height)) }
}

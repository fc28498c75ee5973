import CSDL2
import ElasticCore
import Testing

/// The front end hands the core's vertex buffer to `SDL_RenderGeometry` as `SDL_Vertex` without
/// a copy, which is sound only while the two lay out alike.
@Suite("vertex layout: the core's Vertex is SDL_Vertex")
struct VertexLayoutTests {
    @Test("same size, stride and offsets of position, colour and texture coordinate")
    func matchesSDL() {
        #expect(MemoryLayout<Vertex>.size == MemoryLayout<SDL_Vertex>.size)
        #expect(MemoryLayout<Vertex>.stride == MemoryLayout<SDL_Vertex>.stride)
        #expect(MemoryLayout<Vertex>.offset(of: \Vertex.x) == MemoryLayout<SDL_Vertex>.offset(of: \SDL_Vertex.position))
        #expect(MemoryLayout<Vertex>.offset(of: \Vertex.color) == MemoryLayout<SDL_Vertex>.offset(of: \SDL_Vertex.color))
        #expect(MemoryLayout<Vertex>.offset(of: \Vertex.u) == MemoryLayout<SDL_Vertex>.offset(of: \SDL_Vertex.tex_coord))
    }
}

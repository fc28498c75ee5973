import CSDL2
import ElasticCore

extension SDLFrontEnd {
    /// Clears and draws a frame's draw list: each triangle batch is one `SDL_RenderGeometry` call
    /// over the shared vertex buffer (handed over without a copy), text through SDL2_ttf.
    /// `scale` maps scene points to output pixels (HiDPI × the user's UI scale).
    public func draw(_ list: DrawList, scale: Double) {
        let s = Float(scale.isFinite && scale > 0 ? scale : 1)
        SDL_RenderSetScale(renderer, s, s)
        let c = list.clearColor
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, 255)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        let surface = directFills ? SurfaceFill.writableSurface(of: window, outputSize: outputSize) : nil
        if let surface {
            SDL_RenderFlush(renderer)
            SurfaceFill.fill(surface, (0, 0, outputSize.width, outputSize.height), color: RGBA(c.r, c.g, c.b, 255))
        } else {
            SDL_RenderClear(renderer)
        }
        text.beginFrame()
        if truncatesVertices {
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
        (truncatesVertices ? roundedVertices : list.mesh.vertices).withUnsafeBufferPointer { vertices in
            vertices.withMemoryRebound(to: SDL_Vertex.self) { sdlVertices in
                list.mesh.indices.withUnsafeBufferPointer { indices in
                    for command in list.commands {
                        switch command {
                        case let .triangles(first, count, blend):
                            guard count > 0, let base = indices.baseAddress, first + count <= indices.count else { continue }
                            SDL_SetRenderDrawBlendMode(renderer, blend == .none ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
                            base.withMemoryRebound(to: Int32.self, capacity: indices.count) { ip in
                                _ = SDL_RenderGeometry(renderer, nil, sdlVertices.baseAddress, Int32(sdlVertices.count),
                                                       ip + first, Int32(count))
                            }
                        case let .text(index):
                            text.draw(list.texts[index], pixelScale: Double(s))
                        case let .rect(r, color) where surface != nil && color.isOpaque:
                            guard let surface, let pixels = SurfaceFill.pixelRect(r, scale: s) else { continue }
                            SDL_RenderFlush(renderer)  // anything SDL still holds goes underneath
                            SurfaceFill.fill(surface, pixels, color: color)
                        case let .rect(r, color):
                            SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
                            SDL_SetRenderDrawBlendMode(renderer, color.isOpaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
                            var rect = SDL_FRect(x: Float(r.x), y: Float(r.y), w: Float(r.width), h: Float(r.height))
                            SDL_RenderFillRectF(renderer, &rect)
                        }
                    }
                }
            }
        }
        text.endFrame()
    }

    /// Saves what has been drawn (call before `present`) as a PNG through SDL2_image.
    public func saveScreenshot(to path: String) throws {
        let (w, h) = outputSize
        guard w > 0, h > 0 else { throw SDLError(message: "cannot take a screenshot of a \(w)×\(h) window") }
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(w), Int32(h), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw SDLError("cannot allocate a \(w)×\(h) screenshot")
        }
        defer { SDL_FreeSurface(surface) }
        SDL_RenderSetScale(renderer, 1, 1)
        guard SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, surface.pointee.pixels, surface.pointee.pitch) == 0 else {
            throw SDLError("cannot read the frame back")
        }
        guard IMG_SavePNG(surface, path) == 0 else {
            throw SDLError("cannot write the screenshot \(path)")
        }
    }
}

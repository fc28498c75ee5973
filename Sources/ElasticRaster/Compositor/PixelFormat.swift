import ElasticCore

/// How a 32-bit pixel holds red, green, blue and alpha: each channel's shift and lost low bits,
/// and the alpha mask (0 where the format has no alpha). `pixel` maps a colour as SDL_MapRGBA
/// does for formats without a palette, so what the compositor stores matches what SDL would.
public struct PixelFormat: Sendable, Equatable {
    /// The 32-bit byte orders, a byte a channel, the compositor draws into.
    public enum Layout: Sendable, Equatable {
        case xrgb8888, argb8888, xbgr8888, abgr8888, rgbx8888, bgrx8888, bgra8888, rgba8888
    }

    public var layout: Layout?
    var redShift: UInt32, greenShift: UInt32, blueShift: UInt32, alphaShift: UInt32
    var redLoss: UInt32, greenLoss: UInt32, blueLoss: UInt32, alphaLoss: UInt32
    var alphaMask: UInt32

    public init(layout: Layout?, shifts: (red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32),
                losses: (red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32), alphaMask: UInt32) {
        self.layout = layout
        (redShift, greenShift, blueShift, alphaShift) = shifts
        (redLoss, greenLoss, blueLoss, alphaLoss) = losses
        self.alphaMask = alphaMask
    }

    /// `color` as a pixel of this format.
    @inline(__always)
    public func pixel(_ c: RGBA) -> UInt32 {
        (UInt32(c.r) >> redLoss) << redShift | (UInt32(c.g) >> greenLoss) << greenShift
            | (UInt32(c.b) >> blueLoss) << blueShift | ((UInt32(c.a) >> alphaLoss) << alphaShift) & alphaMask
    }
}

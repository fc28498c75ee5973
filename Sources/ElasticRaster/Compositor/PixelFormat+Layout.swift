extension PixelFormat.Layout {
    /// The layout a 32-bit format of these channel shifts, losses and alpha mask has: 8-bit red,
    /// green and blue in one of the four byte orders, and an 8-bit alpha in the byte left over or
    /// none (`alphaMask` 0: that byte is padding). Nil for anything else, such as 10-bit channels.
    public init?(shifts: (red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32),
                 losses: (red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32), alphaMask: UInt32) {
        guard losses.red == 0, losses.green == 0, losses.blue == 0 else { return nil }
        let order: (padded: Self, alpha: Self, alphaShift: UInt32)
        switch (shifts.red, shifts.green, shifts.blue) {
        case (16, 8, 0): order = (.xrgb8888, .argb8888, 24)
        case (0, 8, 16): order = (.xbgr8888, .abgr8888, 24)
        case (24, 16, 8): order = (.rgbx8888, .rgba8888, 0)
        case (8, 16, 24): order = (.bgrx8888, .bgra8888, 0)
        default: return nil
        }
        if alphaMask == 0 { self = order.padded; return }
        guard losses.alpha == 0, shifts.alpha == order.alphaShift, alphaMask == 0xFF << order.alphaShift else { return nil }
        self = order.alpha
    }
}

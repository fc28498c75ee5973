extension TextItem {
    /// The left edge of the label when it is `width` wide, from its anchor and alignment.
    public func leftEdge(width: Double) -> Double {
        switch alignment {
        case .leading: position.x
        case .center: position.x - width / 2
        case .trailing: position.x - width
        }
    }

    /// The font's pixel size for text of `size` points drawn at `scale` output pixels per point
    /// (1 to 512: a font library is asked for no size it cannot make).
    public static func pixelSize(_ size: Double, scale: Double) -> Int {
        max(1, min(Int((size * scale).rounded()), 512))
    }
}

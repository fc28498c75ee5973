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

    /// How wide `text` of `size` points is drawn at `scale` output pixels per point, in points:
    /// measured by `pixelWidth` (a font's width of the text in pixels at a pixel size; nil without
    /// a font) at the pixel size labels are drawn at, so a pill sized with it fits the drawn text.
    /// Nil when the size is not a positive number or nothing can measure.
    public static func measuredWidth(_ text: String, size: Double, scale: Double, pixelWidth: (String, Int) -> Int?) -> Double? {
        guard size.isFinite, size > 0, let px = text.isEmpty ? 0 : pixelWidth(text, pixelSize(size, scale: scale)) else { return nil }
        return Double(px) / scale
    }

    /// Whether there is a label to draw: some text, of a size and at a place that are numbers.
    public var isDrawable: Bool { !text.isEmpty && size.isFinite && size > 0 && position.isFinite }

    /// Where its label of `width` × `height` output pixels is drawn at `scale` output pixels per
    /// point: placed by its anchor and alignment, sized so SDL copies it unscaled (`points`).
    public func labelFrame(width: Int, height: Int, scale: Double) -> LabelFrame {
        let w = Double(width) / scale, h = Double(height) / scale
        return LabelFrame(x: Float(leftEdge(width: w)), y: Float(position.y - h / 2),
                          width: LabelFrame.points(width, scale: Float(scale)), height: LabelFrame.points(height, scale: Float(scale)))
    }
}

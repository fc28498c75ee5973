import ElasticCore

/// Helpers for scenes declaring their content areas (`Scene.appendContentAreas`).
public enum ContentArea {
    /// A generous box around a line of text centred at `center`: wider than the text
    /// (`TextMetrics.generousWidth`), and a few points more keep the overlays off the glyphs' edges.
    public static func centredText(_ text: String, at center: Vec2, size: Double) -> Rect {
        let half = TextMetrics.generousWidth(text, size: size) / 2 + 6
        return Rect(x: center.x - half, y: center.y - 0.75 * size, width: 2 * half, height: 1.5 * size)
    }
}

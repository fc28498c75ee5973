import ElasticCore

/// Helpers for scenes declaring their content areas (`Scene.appendContentAreas`).
public enum ContentArea {
    /// A generous box around a line of text centred at `center`: DejaVu Sans averages well under
    /// 0.65 em per character, and a few points more keep the overlays off the glyphs' edges.
    public static func centredText(_ text: String, at center: Vec2, size: Double) -> Rect {
        let half = 0.65 * size * Double(text.count) / 2 + 6
        return Rect(x: center.x - half, y: center.y - 0.75 * size, width: 2 * half, height: 1.5 * size)
    }
}

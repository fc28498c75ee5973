import ElasticCore

/// A scene's report (a button tapped, a refresh failing, the scene switched) shown briefly at the
/// top centre, or the free spot nearest it: clear of the scene's content areas and of the key hint.
/// A dark translucent pill that fades in, holds, fades out.
struct Toast {
    static let fontSize = 14.0
    /// Seconds of display time a report stays before it fades.
    static let shownFor = 1.5
    static let top = 16.0, height = 28.0, pad = 14.0, margin = 8.0
    /// Smaller sizes tried, in turn, when the report does not fit at full size.
    static let smallerSizes = [12.0, 10.0, 8.0]
    private var fade = Fade(visibleUntil: -.infinity, alpha: 0)
    private var drawnAlpha = 0.0
    private var text = ""
    /// The variants (font size, text) and their pills' sizes, measured when the text, the window's
    /// width or the scale changes; the one shown and its pill, worked out again when the window or
    /// the obstacles change.
    private var measured: (width: Double, scale: Double, pixelScale: Double, variants: [(font: Double, text: String)], pills: [Size])?
    private var layout: (size: Size, obstacles: Int, font: Double, text: String, pill: Rect)?

    /// Shows `line` from `time` on (a newer report replaces the one showing).
    mutating func show(_ line: String, at time: Double) {
        text = line
        measured = nil
        layout = nil
        fade.show(at: time, for: Toast.shownFor)
    }

    /// Whether drawing at `now` would look different from the last drawn frame.
    func changes(at now: Double) -> Bool { fade.alpha(at: now) != drawnAlpha }

    /// Draws the report clear of `obstacles` (the scene's content areas and the hint's pill;
    /// `obstaclesVersion` changes whenever they do).
    mutating func draw(into list: inout DrawList, tessellator: inout Tessellator, size: Size, now: Double,
                       measure: TextMeasure, obstacles: [Rect] = [], obstaclesVersion: Int = 0) {
        let alpha = fade.alpha(at: now)
        drawnAlpha = alpha
        guard alpha > 0, !text.isEmpty, size.width > 2 * (Toast.margin + Toast.pad) else { return }
        if measured?.width != size.width || measured?.scale != measure.uiScale || measured?.pixelScale != measure.pixelScale {
            measured = variants(width: size.width, measure: measure)
            layout = nil
        }
        if let measured, layout == nil || layout?.size != size || layout?.obstacles != obstaclesVersion {
            let found = OverlayPlacement(size: size, obstacles: obstacles).place(options: measured.pills) { option in
                Vec2(size.width / 2 - option.width / 2, Toast.top)
            }
            let chosen = found.map { measured.variants[$0.option] } ?? (font: Toast.fontSize, text: text)
            layout = (size, obstaclesVersion, chosen.font, chosen.text, found?.rect ?? Rect(x: 0, y: 0, width: 0, height: 0))
        }
        guard let layout, layout.pill.width > 0 else { return }
        let pill = layout.pill
        tessellator.fillRoundedRect(pill, radius: Toast.height / 2, color: RGBA(34, 36, 44, UInt8((215 * alpha).rounded())), into: &list)
        list.addText(TextItem(layout.text, at: Vec2(pill.x + pill.width / 2, pill.y + Toast.height / 2), size: layout.font,
                              color: RGBA(255, 255, 255, UInt8((255 * alpha).rounded())), alignment: .center))
    }

    /// The report at full size, then smaller (down to 8 points), then shortened with an ellipsis;
    /// a variant wider than the window's margins allow gets an infinite width (it fits nowhere).
    private func variants(width: Double, measure: TextMeasure)
        -> (width: Double, scale: Double, pixelScale: Double, variants: [(font: Double, text: String)], pills: [Size]) {
        var variants: [(font: Double, text: String)] = ([Toast.fontSize] + Toast.smallerSizes).map { ($0, text) }
        var shown = text
        while shown.count > 2 {
            shown = String(shown.dropLast(shown.hasSuffix("…") ? 2 : 1)) + "…"
            // Every length at first, then steps of 4: a long report need not measure each one.
            if shown.count > 24 && shown.count % 4 != 0 { continue }
            variants.append((Toast.smallerSizes.last!, shown))
        }
        let room = width - 2 * Toast.margin
        let pills = variants.map { v -> Size in
            let w = measure.width(v.text, size: v.font) + 2 * Toast.pad
            return Size(w <= room ? w : .infinity, Toast.height)
        }
        return (width, measure.uiScale, measure.pixelScale, variants, pills)
    }
}

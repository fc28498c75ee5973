import ElasticCore

/// A scene's report (a button tapped, a refresh failing, the scene switched) shown briefly at the
/// top centre, away from the key hint: a dark translucent pill that fades in, holds, fades out.
struct Toast {
    static let fontSize = 14.0
    /// Seconds of display time a report stays before it fades.
    static let shownFor = 1.5
    static let top = 16.0, height = 28.0, pad = 14.0, margin = 8.0
    private var fade = Fade(visibleUntil: -.infinity, alpha: 0)
    private var drawnAlpha = 0.0
    private var text = ""
    /// Font size, the text as shown and its measured width, worked out when the text, the room or
    /// the scale changes.
    private var layout: (room: Double, scale: Double, pixelScale: Double, size: Double, text: String, width: Double)?

    /// Shows `line` from `time` on (a newer report replaces the one showing).
    mutating func show(_ line: String, at time: Double) {
        text = line
        layout = nil
        fade.show(at: time, for: Toast.shownFor)
    }

    /// Whether drawing at `now` would look different from the last drawn frame.
    func changes(at now: Double) -> Bool { fade.alpha(at: now) != drawnAlpha }

    mutating func draw(into list: inout DrawList, tessellator: inout Tessellator, size: Size, now: Double, measure: TextMeasure) {
        let alpha = fade.alpha(at: now)
        drawnAlpha = alpha
        guard alpha > 0, !text.isEmpty else { return }
        let room = size.width - 2 * (Toast.margin + Toast.pad)
        guard room > 0 else { return }
        if layout?.room != room || layout?.scale != measure.uiScale || layout?.pixelScale != measure.pixelScale {
            // A report wider than the window is set smaller until it fits (down to 8 points), then
            // shortened with an ellipsis.
            var fontSize = Toast.fontSize
            var shown = text
            var width = measure.width(shown, size: fontSize)
            while width > room, fontSize > 8 {
                fontSize = max(8, (fontSize * room / width * 4).rounded(.down) / 4)
                width = measure.width(shown, size: fontSize)
            }
            while width > room, shown.count > 1 {
                shown = String(shown.dropLast(shown.hasSuffix("…") ? 2 : 1)) + "…"
                width = measure.width(shown, size: fontSize)
            }
            layout = (room, measure.uiScale, measure.pixelScale, fontSize, shown, width)
        }
        guard let layout else { return }
        let pill = Rect(x: size.width / 2 - layout.width / 2 - Toast.pad, y: Toast.top,
                        width: layout.width + 2 * Toast.pad, height: Toast.height)
        tessellator.fillRoundedRect(pill, radius: Toast.height / 2, color: RGBA(34, 36, 44, UInt8((215 * alpha).rounded())), into: &list)
        list.addText(TextItem(layout.text, at: Vec2(size.width / 2, Toast.top + Toast.height / 2), size: layout.size,
                              color: RGBA(255, 255, 255, UInt8((255 * alpha).rounded())), alignment: .center))
    }
}

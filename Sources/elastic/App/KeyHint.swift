import ElasticCore
import ElasticScenes

/// The one-line key hint at the bottom left, on a small translucent pill so it stays readable over
/// lists and the menu. The longest variant whose measured width fits the window is shown. It
/// covers content, so it shows for a few seconds, fades on the first pointer input and comes
/// back for another few seconds when a key is pressed.
struct KeyHint {
    static let otherKeys = "1–5 / Tab: scenes   F1: HUD   Esc: quit"
    static let shortKeys = "Tab: scenes   Esc: quit"
    static let fontSize = 13.0
    /// Seconds of display time the hint stays after the start or a key press.
    static let shownFor = 4.0
    static let left = 12.0, pad = 6.0, height = 20.0
    private var fade = Fade(visibleUntil: KeyHint.shownFor, alpha: 1)
    private var drawnAlpha = 1.0
    /// Chosen and measured when the scene, the room or the scale changes, not per frame.
    private var cache: (scene: String, room: Double, scale: Double, pixelScale: Double, text: String?, width: Double)?

    mutating func pointerInput(at time: Double) { fade.hide(at: time) }
    mutating func keyPressed(at time: Double) { fade.show(at: time, for: KeyHint.shownFor) }

    /// Whether drawing at `now` would look different from the last drawn frame.
    func changes(at now: Double) -> Bool { fade.alpha(at: now) != drawnAlpha }

    mutating func draw(into list: inout DrawList, tessellator: inout Tessellator, scene: any Scene, size: Size,
                       now: Double, measure: TextMeasure) {
        let alpha = fade.alpha(at: now)
        drawnAlpha = alpha
        guard alpha > 0 else { return }
        let room = size.width - 2 * KeyHint.left - 2 * KeyHint.pad
        let sceneName = type(of: scene).name
        if cache?.scene != sceneName || cache?.room != room || cache?.scale != measure.uiScale
            || cache?.pixelScale != measure.pixelScale {
            let keys = "Space: \(scene.spaceAction)   " + KeyHint.otherKeys
            let candidates = [scene.title + "   ·   " + keys, scene.title, keys, KeyHint.shortKeys]
            var chosen: (String, Double)?
            for text in candidates {
                let width = measure.width(text, size: KeyHint.fontSize)
                if width <= room { chosen = (text, width); break }
            }
            cache = (sceneName, room, measure.uiScale, measure.pixelScale, chosen?.0, chosen?.1 ?? 0)
        }
        guard let hint = cache, let text = hint.text, size.height >= 2 * KeyHint.height else { return }
        let y = size.height - 14, pad = KeyHint.pad, height = KeyHint.height
        tessellator.fillRoundedRect(Rect(x: KeyHint.left - pad, y: y - height / 2, width: hint.width + 2 * pad, height: height),
                                    radius: height / 2, color: RGBA(255, 255, 255, UInt8((225 * alpha).rounded())), into: &list)
        list.addText(TextItem(text, at: Vec2(KeyHint.left, y), size: KeyHint.fontSize,
                              color: RGBA(90, 90, 98, UInt8((235 * alpha).rounded())), alignment: .leading))
    }
}

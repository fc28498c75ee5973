import ElasticCore
import ElasticScenes

/// The one-line key hint at the bottom left, on a small translucent pill so it stays readable over
/// lists and the menu. The longest of three variants that fits the window is shown.
struct KeyHint {
    static let keys = "Space: action   1–5 / Tab: scenes   F1: HUD   Esc: quit"
    private static let fontSize = 13.0
    /// Built when the scene or the width changes, not per frame (no per-frame strings).
    private var cache: (scene: String, room: Double, text: String, width: Double)?

    mutating func draw(into list: inout DrawList, tessellator: inout Tessellator, scene: any Scene, size: Size) {
        guard size.width >= 200, size.height >= 100 else { return }
        let room = size.width - 24 - 12
        let sceneName = type(of: scene).name
        if cache?.scene != sceneName || cache?.room != room {
            // DejaVu Sans averages about half an em per character in these strings; the pill allows for it.
            func width(_ text: String) -> Double { 0.5 * KeyHint.fontSize * Double(text.count) }
            let candidates = [scene.title + "   ·   " + KeyHint.keys, scene.title, KeyHint.keys]
            let text = candidates.first { width($0) <= room } ?? KeyHint.keys
            cache = (sceneName, room, text, min(width(text), room))
        }
        guard let hint = cache else { return }
        let y = size.height - 14, pad = 6.0, height = 20.0
        tessellator.fillRoundedRect(Rect(x: 12 - pad, y: y - height / 2, width: hint.width + 2 * pad, height: height),
                                    radius: height / 2, color: RGBA(255, 255, 255, 225), into: &list)
        list.addText(TextItem(hint.text, at: Vec2(12, y), size: KeyHint.fontSize, color: RGBA(90, 90, 98, 235), alignment: .leading))
    }
}

import ElasticCore
import ElasticScenes

/// The one-line key hint, on a small translucent pill, at the bottom left or the free spot nearest
/// it: it keeps out of the areas the scene declares (`Scene.appendContentAreas`), choosing the
/// longest variant that fits somewhere and hiding when none does. It shows for a few seconds,
/// fades on the first pointer input and comes back for another few seconds when a key is pressed.
struct KeyHint {
    static let otherKeys = KeyTable.hintLine(short: false)
    static let shortKeys = KeyTable.hintLine(short: true)
    static let fontSize = 13.0
    /// Seconds of display time the hint stays after the start or a key press.
    static let shownFor = 4.0
    static let left = 12.0, pad = 6.0, height = 20.0
    private var fade = Fade(visibleUntil: KeyHint.shownFor, alpha: 1)
    private var drawnAlpha = 1.0
    /// The variants and their pills' sizes, measured when the scene or the scale changes; where
    /// the chosen one goes, worked out again when the window or the content areas change.
    private var measured: (scene: String, scale: Double, pixelScale: Double, texts: [String], pills: [Size])?
    private var placed: (size: Size, areas: Int, text: String?, pill: Rect)?

    init() {
        // The key lines are built from the key table once: when the hint is made, not in the first frame.
        _ = (KeyHint.otherKeys, KeyHint.shortKeys)
    }

    mutating func pointerInput(at time: Double) { fade.hide(at: time) }
    mutating func keyPressed(at time: Double) { fade.show(at: time, for: KeyHint.shownFor) }

    /// Whether drawing at `now` would look different from the last drawn frame.
    func changes(at now: Double) -> Bool { fade.alpha(at: now) != drawnAlpha }

    /// Whether the hint shows at `now`.
    func isShown(at now: Double) -> Bool { fade.alpha(at: now) > 0 }

    /// Draws the hint clear of `areas` (`areasVersion` changes whenever they do); returns its pill.
    @discardableResult
    mutating func draw(into list: inout DrawList, tessellator: inout Tessellator, scene: any Scene, size: Size,
                       now: Double, measure: TextMeasure, areas: [Rect] = [], areasVersion: Int = 0) -> Rect? {
        let alpha = fade.alpha(at: now)
        drawnAlpha = alpha
        guard alpha > 0 else { return nil }
        let sceneName = type(of: scene).name
        if measured?.scene != sceneName || measured?.scale != measure.uiScale || measured?.pixelScale != measure.pixelScale {
            let keys = "Space: \(scene.spaceAction)   " + KeyHint.otherKeys
            let texts = [scene.title + "   ·   " + keys, scene.title, keys, KeyHint.shortKeys]
            measured = (sceneName, measure.uiScale, measure.pixelScale, texts,
                        texts.map { Size(measure.width($0, size: KeyHint.fontSize) + 2 * KeyHint.pad, KeyHint.height) })
            placed = nil
        }
        guard let measured else { return nil }
        if placed?.size != size || placed?.areas != areasVersion {
            let height = KeyHint.height
            let spot = size.height >= 2 * height
                ? OverlayPlacement(size: size, obstacles: areas).place(options: measured.pills) { _ in
                    Vec2(KeyHint.left - KeyHint.pad, size.height - OverlayPlacement.edge - height)
                }
                : nil
            placed = (size, areasVersion, spot.map { measured.texts[$0.option] }, spot?.rect ?? Rect(x: 0, y: 0, width: 0, height: 0))
        }
        guard let hint = placed, let text = hint.text else { return nil }
        let pill = hint.pill
        tessellator.fillRoundedRect(pill, radius: pill.height / 2, color: RGBA(255, 255, 255, UInt8((225 * alpha).rounded())), into: &list)
        list.addText(TextItem(text, at: Vec2(pill.x + KeyHint.pad, pill.y + pill.height / 2), size: KeyHint.fontSize,
                              color: RGBA(90, 90, 98, UInt8((235 * alpha).rounded())), alignment: .leading))
        return pill
    }
}

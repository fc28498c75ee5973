import ElasticCore
import ElasticScenes

/// Text widths in scene points: measured by the front end with the font it draws with, or
/// estimated when it has none (the null front end).
struct TextMeasure {
    let frontEnd: any FrontEnd
    var uiScale: Double
    var pixelScale: Double { frontEnd.pixelScale }

    func width(_ text: String, size: Double) -> Double {
        if let measured = frontEnd.textWidth(text, size: size * uiScale) { return measured / uiScale }
        return TextMetrics.typicalWidth(text, size: size)
    }
}

/// What the game loop draws over every scene: the key hint (bottom left) and the toast of the
/// scene's reports (top centre). Both fade by display time. Input reaches them through the
/// driver's queue, so replayed input hides and recalls the hint just as live input does.
final class Overlays {
    private var hint = KeyHint()
    private var toast = Toast()
    private var measure: TextMeasure
    private var pointerSeen = false
    private var keySeen = false
    /// The scene's content areas this frame and last frame's (reused buffers), and a count that
    /// changes whenever they do, so the overlays place themselves again only then.
    private var areas: [Rect] = [], previousAreas: [Rect] = []
    private var areasVersion = 0
    /// The areas the toast keeps out of (the scene's and the hint's pill), and their count.
    private var obstacles: [Rect] = []
    private var obstaclesVersion = 0
    /// The key hint's pill as last drawn (nil: hidden), for the tour's caption to keep clear of.
    private(set) var hintPill: Rect?

    init(frontEnd: any FrontEnd, uiScale: Double) {
        measure = TextMeasure(frontEnd: frontEnd, uiScale: uiScale)
    }

    /// Text is measured at the new scale from now on (the window changed size under `--scale auto`).
    func setUIScale(_ scale: Double) { measure.uiScale = scale }

    /// Called as each event is queued. Pointer presses and wheels are the user reaching for the
    /// content (mere pointer motion is not: a mouse crossing the window should not hide the hint).
    func noteQueued(_ event: InputEvent) {
        switch event {
        case .pointerDown, .wheel: pointerSeen = true
        case .key: keySeen = true
        case .pointerMove, .pointerUp, .pointerCancel: break
        }
    }

    /// Applies the input noted since the last frame; a press in the same frame as a key wins.
    func update(now: Double) {
        if keySeen { hint.keyPressed(at: now); keySeen = false }
        if pointerSeen { hint.pointerInput(at: now); pointerSeen = false }
    }

    func report(_ line: String, at now: Double) { toast.show(line, at: now) }

    /// Whether drawing at `now` would change what the last frame showed (the live loop then
    /// redraws even when the scene is idle).
    func changes(at now: Double) -> Bool { hint.changes(at: now) || toast.changes(at: now) }

    func draw(into list: inout DrawList, tessellator: inout Tessellator, scene: any Scene, size: Size, now: Double) {
        swap(&areas, &previousAreas)
        areas.removeAll(keepingCapacity: true)
        scene.appendContentAreas(to: &areas)
        if areas != previousAreas { areasVersion &+= 1 }
        let pill = hint.draw(into: &list, tessellator: &tessellator, scene: scene, size: size, now: now, measure: measure,
                             areas: areas, areasVersion: areasVersion)
        if areas != previousAreas || pill != hintPill {
            hintPill = pill
            obstaclesVersion &+= 1
            obstacles.removeAll(keepingCapacity: true)
            obstacles.append(contentsOf: areas)
            if let pill { obstacles.append(pill) }
        }
        toast.draw(into: &list, tessellator: &tessellator, size: size, now: now, measure: measure,
                   obstacles: obstacles, obstaclesVersion: obstaclesVersion)
    }
}

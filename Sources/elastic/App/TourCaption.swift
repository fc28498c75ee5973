import ElasticCore
import ElasticScenes

/// The tour's caption: a dark pill at the bottom centre, or the free spot nearest it, following the
/// hint's rule: never over the scene's content areas (`Scene.appendContentAreas`) nor the hint's
/// pill. Smaller sizes are tried when the full one fits nowhere; when none fits it is hidden (the
/// caption is also printed as the stop begins).
struct TourCaption {
    static let fontSize = 18.0
    /// Smaller sizes tried, in turn, when the caption does not fit at full size.
    static let smallerSizes = [15.0, 13.0, 11.0]
    /// Points kept free at the sides, and between the preferred spot and the bottom edge.
    static let sideRoom = 48.0, bottom = 72.0, pad = 16.0
    /// The content areas this frame and last frame's (reused buffers).
    private var areas: [Rect] = [], previousAreas: [Rect] = []
    private var placed: (text: String, size: Size, scale: Double, hint: Rect?, font: Double, pill: Rect?)?

    /// Draws `text` clear of the scene's content and of `hint` (the key hint's pill, if shown);
    /// returns the caption's pill, nil when it fits nowhere.
    @discardableResult
    mutating func draw(_ text: String, into list: inout DrawList, tessellator: inout Tessellator, scene: any Scene,
                       size: Size, measure: TextMeasure, hint: Rect? = nil) -> Rect? {
        swap(&areas, &previousAreas)
        areas.removeAll(keepingCapacity: true)
        scene.appendContentAreas(to: &areas)
        if let placed, placed.text == text, placed.size == size, placed.scale == measure.uiScale, placed.hint == hint,
           areas == previousAreas {
            // Unchanged: the last placement stands.
        } else {
            placed = place(text, size: size, measure: measure, hint: hint)
        }
        guard let placed, let pill = placed.pill else { return nil }
        tessellator.fillRoundedRect(pill, radius: pill.height / 2, color: RGBA(20, 22, 30, 200), into: &list)
        list.addText(TextItem(text, at: Vec2(pill.x + pill.width / 2, pill.y + pill.height / 2), size: placed.font,
                              color: RGBA(255, 255, 255), alignment: .center))
        return pill
    }

    private func place(_ text: String, size: Size, measure: TextMeasure, hint: Rect?)
        -> (text: String, size: Size, scale: Double, hint: Rect?, font: Double, pill: Rect?) {
        // The full size shrinks to the window's width as before; the smaller ones are tried as they are.
        var fonts: [Double] = []
        let room = size.width - TourCaption.sideRoom
        let full = measure.width(text, size: TourCaption.fontSize)
        fonts.append(full > room && room > 0 ? max(8, TourCaption.fontSize * room / full) : TourCaption.fontSize)
        fonts += TourCaption.smallerSizes.filter { $0 < fonts[0] }
        let pills = fonts.map { font in Size(measure.width(text, size: font) + 2 * TourCaption.pad, 2 * font) }
        var obstacles = areas
        if let hint { obstacles.append(hint) }
        let spot = OverlayPlacement(size: size, obstacles: obstacles).place(options: pills) { pill in
            Vec2(size.width / 2 - pill.width / 2, size.height - TourCaption.bottom - pill.height)
        }
        return (text, size, measure.uiScale, hint, spot.map { fonts[$0.option] } ?? TourCaption.fontSize, spot?.rect)
    }
}

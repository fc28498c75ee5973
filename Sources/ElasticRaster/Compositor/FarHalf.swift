import ElasticCore

/// Whether a frame's clear goes half to a second core (`PixelRun.fillShared`): a whole frame of
/// at least `PixelRun.sharedCount` pixels over whose far half (the second core's) the frame draws
/// at most an eighth, summed over the boxes of what it draws. A pixel one core stored and the
/// other then draws over crosses between their caches, which costs more than sharing the stores
/// saves (gooey-menu's veil, wave-balls' wave).
struct FarHalf {
    private let far: PixelRect
    private var drawn = 0

    init(_ frameRects: [PixelRect]) {
        guard frameRects.count == 1, frameRects[0].area >= PixelRun.sharedCount else { far = .empty; return }
        let area = frameRects[0]
        far = PixelRect(x0: area.x0, y0: area.y0 + area.height / 2, x1: area.x1, y1: area.y1)
    }

    mutating func add(_ box: PixelRect) { drawn += box.intersection(far).area }

    var shares: Bool { !far.isEmpty && 8 * drawn <= far.area }
}

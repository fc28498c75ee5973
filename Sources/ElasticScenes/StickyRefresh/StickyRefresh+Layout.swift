import ElasticCore

extension StickyRefresh {
    /// The list (rows, the strip and its blob, spinner or result) under the bar, the bar's
    /// bottom line and its title. The bar's sides are free.
    public func appendContentAreas(to areas: inout [Rect]) {
        let bar = StickyRefresh.barHeight
        areas.append(Rect(x: 0, y: bar - 1, width: size.width, height: max(size.height - bar + 1, 0)))
        areas.append(ContentArea.centredText("Sticky Refresh", at: Vec2(size.width / 2, 42), size: 17))
    }
}

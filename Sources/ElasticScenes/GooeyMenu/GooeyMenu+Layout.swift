import ElasticCore

extension GooeyMenu {
    /// The camera button and, while the menu is open or moving, its body from the band above
    /// its edge (where the bulge lives) to the bottom.
    public func appendContentAreas(to areas: inout [Rect]) {
        let c = toggleCenter, r = GooeyMenu.toggleRadius
        areas.append(Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
        if isOpen || edgeY(at: sim.time) < size.height {
            let top = openEdgeY - 1.5 * GooeyMenu.blankBand
            areas.append(Rect(x: 0, y: top, width: size.width, height: size.height - top))
        }
    }
}

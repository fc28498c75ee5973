import ElasticCore

extension GooeyMenu {
    // MARK: Drawing

    /// The menu body's outline for an edge line at `edgeY` and a bend `diff` (the path in the
    /// spec's gooey-menu section, in window coordinates: the body's frame top is edgeY − 80, its
    /// height H/2 + 80).
    public func menuPath(edgeY: Double, diff: Double, into path: inout Path) {
        let w = size.width
        let bottom = edgeY + size.height / 2
        path.move(to: Vec2(0, bottom))
        path.line(to: Vec2(0, edgeY))
        path.quad(to: Vec2(w, edgeY), control: Vec2(w / 2, edgeY + diff))
        path.line(to: Vec2(w, bottom))
        path.close()
    }

    public func draw(into list: inout DrawList, tessellator: inout Tessellator, alpha: Double) {
        list.clearColor = .white
        let t = sim.renderTime(alpha: alpha)
        let pressing: Target? = pressedTargets.contains(.toggle) ? .toggle : nil

        // The camera toggle. It sits where the open menu's edge comes to rest (H/2), so it fades out as
        // the veil comes in: the sheet covers it instead of cutting it in half.
        let veilAlpha = veil.value(at: t)
        let c = toggleCenter, r = toggleRadius
        if veilAlpha < 1 {
            let o = 1 - veilAlpha
            path.removeAll()
            path.circle(center: c, radius: r)
            tessellator.fill(path, color: (pressing == .toggle ? GooeyMenu.pressedColor : GooeyMenu.menuColor).withOpacity(o), into: &list)
            drawCamera(center: c, scale: r / GooeyMenu.toggleRadius, opacity: o, into: &list, tessellator: &tessellator)
        }

        // The veil.
        if veilAlpha > 0 {
            tessellator.fillRect(Rect(x: 0, y: 0, width: size.width, height: size.height),
                                 color: GooeyMenu.veilColor.withOpacity(veilAlpha), into: &list)
        }

        // The body, its edge bent by the helpers in flight. At 720 high the bend peaks at
        // diff ≈ −159 (0.21 s into opening): the curve rises ≈ 79 pt, just filling the original's
        // 80-pt band. Taller windows bend further in proportion; the curve is drawn whole rather
        // than cut flat at the band's top as the original's view bounds would.
        let edge = edgeY(at: t)
        let bend = sim.world.interpolatedPosition(sideHelper, alpha: alpha).y
            - sim.world.interpolatedPosition(centerHelper, alpha: alpha).y
        let top = edge + min(bend, 0) / 2
        guard top < size.height else { return }
        path.removeAll()
        menuPath(edgeY: edge, diff: bend, into: &path)
        tessellator.fill(path, color: GooeyMenu.menuColor, into: &list)

        // The buttons, riding the body.
        labels.removeAll(keepingCapacity: true)
        let textSize = GooeyMenu.titleSize * buttonScale
        for (i, b) in buttons.enumerated() {
            let rect = buttonRect(i, edgeY: edge, position: sim.world.interpolatedPosition(b, alpha: alpha))
            guard rect.y < size.height else { continue }
            let down = pressing == .button(i)
            tessellator.fillRoundedRect(rect, radius: rect.height / 2, color: down ? .white : GooeyMenu.menuColor, into: &list)
            path.removeAll()
            path.roundedRect(rect, radius: rect.height / 2)
            tessellator.stroke(path, width: 1, color: .white, into: &list)
            labels.append(TextItem(GooeyMenu.buttonTitles[i], at: Vec2(rect.x + rect.width / 2, rect.y + rect.height / 2),
                                   size: textSize, color: down ? GooeyMenu.menuColor : .white))
        }
        list.commitTriangles(blend: .blend)
        for label in labels { list.addText(label) }
    }

    static let pressedColor = RGBA(0, 140, 200)

    /// A camera glyph (body, viewfinder hump, lens ring, flash dot), drawn as filled paths.
    private func drawCamera(center c: Vec2, scale s: Double, opacity o: Double, into list: inout DrawList, tessellator: inout Tessellator) {
        let white = RGBA.white.withOpacity(o), blue = GooeyMenu.menuColor.withOpacity(o)
        path.removeAll()
        path.roundedRect(Rect(x: c.x - 15 * s, y: c.y - 8 * s, width: 30 * s, height: 19 * s), radius: 4 * s)
        tessellator.fill(path, color: white, into: &list)
        path.removeAll()
        path.roundedRect(Rect(x: c.x - 6 * s, y: c.y - 12 * s, width: 12 * s, height: 6 * s), radius: 2 * s)
        tessellator.fill(path, color: white, into: &list)
        path.removeAll()
        path.circle(center: c + Vec2(0, 1.5 * s), radius: 6.5 * s)
        tessellator.fill(path, color: blue, into: &list)
        path.removeAll()
        path.circle(center: c + Vec2(0, 1.5 * s), radius: 4 * s)
        tessellator.fill(path, color: white, into: &list)
        path.removeAll()
        path.circle(center: c + Vec2(10.5 * s, -4 * s), radius: 1.5 * s)
        tessellator.fill(path, color: blue, into: &list)
    }
}

import Foundation
import ElasticCore

extension WaveBalls {
    // MARK: Drawing

    public func draw(into drawList: inout DrawList, tessellator: inout Tessellator, alpha: Double) {
        let a = alpha.isFinite ? min(max(alpha, 0), 1) : 1
        let now = sim.renderTime(alpha: a)
        let w = size.width
        let header = WaveBalls.headerHeight
        let h = refresh.list.interpolatedOffset(in: sim.world, alpha: a)
        let top = header + h
        drawList.clearColor = WaveBalls.gapColor

        // Cards: only the visible rows.
        let inset = WaveBalls.cardInset
        let cardWidth = w - 2 * inset
        if cardWidth > 0 {
            for i in refresh.list.visibleRows(offset: h) {
                let y = refresh.list.rowTop(i, offset: h) + inset
                tessellator.fillRoundedRect(Rect(x: inset, y: y, width: cardWidth, height: WaveBalls.cardHeight), radius: 4,
                                            color: WaveBalls.cardColor, into: &drawList)
                let textX = inset + 14
                let lineWidth = max(cardWidth - 28, 0)
                tessellator.fillRect(Rect(x: textX, y: y + 40, width: lineWidth * 0.85, height: 7), color: WaveBalls.waveColor, into: &drawList)
                tessellator.fillRect(Rect(x: textX, y: y + 55, width: lineWidth * 0.55, height: 7), color: WaveBalls.waveColor, into: &drawList)
                drawList.addText(TextItem(refresh.rowLabels[i], at: Vec2(textX, y + 20), size: 16, color: RGBA(51, 51, 51), alignment: .leading))
            }
        }

        // The hump on the list's top edge.
        let b = bend(at: now, h: h)
        if b > 0 {
            path.removeAll()
            path.move(to: Vec2(0, top))
            path.quad(to: Vec2(w, top), control: Vec2(w / 2, top - b))
            path.close()
            tessellator.fill(path, color: WaveBalls.waveColor, into: &drawList)
        }

        // The balls, on their arcs or floating.
        if phase == .refreshing {
            path.removeAll()
            for i in 0..<WaveBalls.ballCount {
                let p = WaveBalls.ballPosition(ball: i, t: now - triggerTime)
                path.circle(center: Vec2(w / 2 + p.x, top + p.y), radius: WaveBalls.ballRadius)
            }
            tessellator.fill(path, color: WaveBalls.waveColor, into: &drawList)
        }

        // The header over everything that scrolls.
        tessellator.fillRect(Rect(x: 0, y: 0, width: w, height: WaveBalls.statusBarHeight), color: WaveBalls.statusBarColor, into: &drawList)
        tessellator.fillRect(Rect(x: 0, y: WaveBalls.statusBarHeight, width: w, height: WaveBalls.navBarHeight),
                             color: WaveBalls.navBarColor, into: &drawList)
        drawList.addText(TextItem("News", at: Vec2(w / 2, WaveBalls.statusBarHeight + WaveBalls.navBarHeight / 2), size: 18, color: .white))
    }

}

import Foundation
import ElasticCore

extension StickyRefresh {
    // MARK: Drawing

    public func draw(into drawList: inout DrawList, tessellator: inout Tessellator, alpha: Double) {
        let a = alpha.isFinite ? min(max(alpha, 0), 1) : 1
        let now = sim.renderTime(alpha: a)
        let w = size.width, hgt = size.height
        let bar = StickyRefresh.barHeight
        let h = refresh.list.interpolatedOffset(in: sim.world, alpha: a)
        drawList.clearColor = StickyRefresh.background

        // Rows: one white block for the visible rows, then separators and labels.
        let rows = refresh.list.visibleRows(offset: h)
        let rowHeight = refresh.list.rowHeight
        if !rows.isEmpty {
            let top = max(refresh.list.rowTop(rows.lowerBound, offset: h), bar)
            let bottom = min(refresh.list.rowTop(rows.upperBound, offset: h), hgt)
            if bottom > top {
                tessellator.fillRect(Rect(x: 0, y: top, width: w, height: bottom - top), color: StickyRefresh.rowColor, into: &drawList)
            }
            for i in rows {
                let y = refresh.list.rowTop(i, offset: h)
                tessellator.fillRect(Rect(x: 15, y: y + rowHeight - 0.5, width: max(w - 15, 0), height: 0.5),
                                     color: StickyRefresh.separatorColor, into: &drawList)
                drawList.addText(TextItem(refresh.rowLabels[i], at: Vec2(16, y + rowHeight / 2), size: 17,
                                          color: StickyRefresh.textColor, alignment: .leading))
            }
        }

        if h > 0 { drawStrip(h: h, now: now, into: &drawList, tessellator: &tessellator) }

        // The bar on top of everything that scrolls under it.
        tessellator.fillRect(Rect(x: 0, y: 0, width: w, height: bar), color: StickyRefresh.barColor, into: &drawList)
        tessellator.fillRect(Rect(x: 0, y: bar - 0.5, width: w, height: 0.5), color: StickyRefresh.barLineColor, into: &drawList)
        drawList.addText(TextItem("Sticky Refresh", at: Vec2(w / 2, 20 + 22), size: 17, color: StickyRefresh.textColor))
    }

    /// The strip between the bar and the list's top: blob, spinner or result.
    private func drawStrip(h: Double, now: Double, into drawList: inout DrawList, tessellator: inout Tessellator) {
        let cx = size.width / 2
        let top = StickyRefresh.barHeight
        let r = StickyRefresh.radius
        let origin = Vec2(cx - r, top + StickyRefresh.blobInset)
        let midY = top + h / 2
        switch state {
        case .original, .normal:
            // Centred in the strip; a strip under 30 pt shrinks it, so it never spills into Row 1.
            let c = Vec2(cx, midY)
            let radius = StickyRefresh.normalBlobRadius(h: h)
            path.removeAll()
            path.circle(center: c, radius: radius)
            tessellator.fill(path, color: StickyRefresh.blobFill, into: &drawList)
            path.removeAll()
            Icons.circularArrow(center: c, size: StickyRefresh.iconSize * radius / r, into: &path)
            tessellator.fill(path, color: .white, into: &drawList)
        case .stretching:
            let g = StickyRefresh.blobGeometry(h: h)
            path.removeAll()
            StickyRefresh.blobPath(h: h, origin: origin, into: &path)
            tessellator.fill(path, color: StickyRefresh.blobFill, into: &drawList)
            path.removeAll()
            Icons.circularArrow(center: Vec2(cx, origin.y + r), size: StickyRefresh.iconSize * g.scale, into: &path)
            tessellator.fill(path, color: .white, into: &drawList)
        case .refreshing, .succeeded, .failed:
            // The blob shrinks to nothing upward and fades (0.15 s, ease-in-out).
            let p = Easing.easeInOut((now - refreshStart) / StickyRefresh.shrinkDuration)
            if state == .refreshing, p < 1, blobShrinksAway {
                let g = StickyRefresh.blobGeometry(h: frozenHeight)
                path.removeAll()
                StickyRefresh.blobPath(h: frozenHeight, origin: origin, shrink: 1 - p, into: &path)
                tessellator.fill(path, color: StickyRefresh.blobFill.withOpacity(1 - p), into: &drawList)
                path.removeAll()
                Icons.circularArrow(center: Vec2(cx, origin.y + r * (1 - p)), size: StickyRefresh.iconSize * g.scale * (1 - p), into: &path)
                tessellator.fill(path, color: RGBA.white.withOpacity(1 - p), into: &drawList)
            }
            let spinFrom = refreshStart + StickyRefresh.shrinkDuration + StickyRefresh.spinnerDelay
            if state == .refreshing, now >= spinFrom {
                Icons.drawSpinner(center: Vec2(cx, midY), size: StickyRefresh.spinnerSize, time: now - spinFrom,
                                  color: StickyRefresh.resultColor, path: &path, tessellator: &tessellator, list: &drawList)
            }
            if state == .succeeded || state == .failed {
                let o = min(max((now - resultStart) / StickyRefresh.resultFadeDuration, 0), 1)
                drawResult(succeeded: state == .succeeded, centerY: midY, opacity: o, into: &drawList, tessellator: &tessellator)
            }
        }
    }

    /// The result: icon and label, centred together on the strip's middle.
    private func drawResult(succeeded: Bool, centerY y: Double, opacity: Double,
                            into drawList: inout DrawList, tessellator: inout Tessellator) {
        guard opacity > 0 else { return }
        let text = succeeded ? StickyRefresh.successText : StickyRefresh.failureText
        let fontSize = 14.0
        let icon = StickyRefresh.iconSize
        let gap = 6.0
        // Measured as drawn; estimated where nothing can measure.
        let textWidth = self.textWidth?(text, fontSize) ?? TextMetrics.typicalWidth(text, size: fontSize)
        let left = size.width / 2 - (icon + gap + textWidth) / 2
        let c = Vec2(left + icon / 2, y)
        let color = StickyRefresh.resultColor.withOpacity(opacity)
        path.removeAll()
        Icons.disc(center: c, size: icon, into: &path)
        tessellator.fill(path, color: color, into: &drawList)
        path.removeAll()
        if succeeded {
            Icons.checkMark(center: c, size: icon * 0.6, into: &path)
            tessellator.stroke(path, width: Icons.checkMarkLineWidth(size: icon * 0.6) * 1.3, color: RGBA.white.withOpacity(opacity), into: &drawList)
        } else {
            Icons.exclamation(center: c, size: icon * 0.65, into: &path)
            tessellator.fill(path, color: RGBA.white.withOpacity(opacity), into: &drawList)
        }
        drawList.addText(TextItem(text, at: Vec2(left + icon + gap, y), size: fontSize, color: color, alignment: .leading))
    }

}

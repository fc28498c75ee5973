import Foundation
import ElasticCore

/// The refresh scenes' icons as vector paths (never bitmaps), so they stay sharp at any scale and
/// go through the same tessellator as the shapes. Each takes a centre and a size (the icon's
/// overall width and height in points) and appends closed outlines to a path for
/// `Tessellator.fill`, except the check mark, an open polyline for `Tessellator.stroke` at
/// `checkMarkLineWidth(size:)`. Degenerate sizes (≤ 0 or not finite) add nothing.
public enum Icons {
    // MARK: Circular arrow (refresh)

    /// A refresh arrow: a ring 3/4 of a turn long with an arrowhead at its clockwise end, as one
    /// outline (the ring and the arrowhead as separate outlines would meet along the ring's end,
    /// where a fringe on each leaves a seam). `rotation` turns it (radians, clockwise).
    public static func circularArrow(center c: Vec2, size: Double, rotation: Double = 0, into path: inout Path) {
        guard size > 0, size.isFinite, c.isFinite, rotation.isFinite else { return }
        let r = size * 0.36              // centre line of the ring
        let half = size * 0.06           // half the ring's thickness
        let start = -Double.pi / 2 + 0.35 + rotation
        let end = start + 1.5 * Double.pi
        // The arrowhead is a triangle whose base lies on the ring's end, wider than the ring,
        // pointing along the direction of travel.
        let tip = Vec2(cos(end + 0.45), sin(end + 0.45))
        let radial = Vec2(cos(end), sin(end))
        let wing = size * 0.17
        // Outer arc clockwise, out along the ring's end to the arrowhead, round it, back in, and
        // the inner arc home.
        path.move(to: Vec2(c.x + (r + half) * cos(start), c.y + (r + half) * sin(start)))
        path.arc(center: c, radius: r + half, start: start, end: end, clockwise: true)
        path.line(to: c + radial * (r + wing))
        path.line(to: c + tip * r)
        path.line(to: c + radial * (r - wing))
        path.line(to: c + radial * (r - half))
        path.arc(center: c, radius: r - half, start: end, end: start, clockwise: false)
        path.close()
    }

    // MARK: Check mark

    /// The check mark as an open two-segment polyline, to stroke at `checkMarkLineWidth(size:)`.
    public static func checkMark(center c: Vec2, size: Double, into path: inout Path) {
        guard size > 0, size.isFinite, c.isFinite else { return }
        path.move(to: Vec2(c.x - 0.38 * size, c.y + 0.02 * size))
        path.line(to: Vec2(c.x - 0.12 * size, c.y + 0.28 * size))
        path.line(to: Vec2(c.x + 0.40 * size, c.y - 0.30 * size))
    }

    public static func checkMarkLineWidth(size: Double) -> Double { max(size * 0.13, 0) }

    // MARK: Exclamation mark

    /// "!": a bar rounded at both ends above a round dot, both filled.
    public static func exclamation(center c: Vec2, size: Double, into path: inout Path) {
        guard size > 0, size.isFinite, c.isFinite else { return }
        let w = size * 0.15
        path.roundedRect(Rect(x: c.x - w / 2, y: c.y - 0.45 * size, width: w, height: 0.6 * size), radius: w / 2)
        path.circle(center: Vec2(c.x, c.y + 0.36 * size), radius: w * 0.62)
    }

    /// A filled disc (the badge behind a result glyph).
    public static func disc(center c: Vec2, size: Double, into path: inout Path) {
        guard size > 0, size.isFinite, c.isFinite else { return }
        path.circle(center: c, radius: size / 2)
    }

    // MARK: Spinner

    /// Spokes of the activity spinner (UIActivityIndicatorView's look).
    public static let spinnerSpokes = 12
    /// Steps per second the spinner's bright spoke advances (one turn a second).
    public static let spinnerStepsPerSecond = 12.0

    /// One spoke of a spinner: a pill from 0.22·size to 0.48·size out from the centre, pointing at
    /// angle 2π·index/spokes (index 0 straight up), turned by `rotation`.
    public static func spinnerSpoke(_ index: Int, spokes: Int = spinnerSpokes, center c: Vec2, size: Double,
                                    rotation: Double = 0, into path: inout Path) {
        guard size > 0, size.isFinite, c.isFinite, rotation.isFinite, spokes > 0 else { return }
        let a = -Double.pi / 2 + 2 * Double.pi * Double(index) / Double(spokes) + rotation
        let dir = Vec2(cos(a), sin(a)), side = Vec2(-sin(a), cos(a))
        let inner = 0.22 * size, outer = 0.48 * size, hw = 0.045 * size
        let p0 = c + dir * inner, p1 = c + dir * outer
        path.move(to: p0 + side * hw)
        path.line(to: p1 + side * hw)
        path.arc(center: p1, radius: hw, start: a + Double.pi / 2, end: a - Double.pi / 2, clockwise: false)
        path.line(to: p0 - side * hw)
        path.arc(center: p0, radius: hw, start: a - Double.pi / 2, end: a + Double.pi / 2, clockwise: false)
        path.close()
    }

    /// Opacity of spoke `index` when spoke `head` is the brightest: fading behind it from 1 to 0.25.
    public static func spinnerOpacity(_ index: Int, head: Int, spokes: Int = spinnerSpokes) -> Double {
        guard spokes > 0 else { return 1 }
        let behind = ((head - index) % spokes + spokes) % spokes
        return 1 - 0.75 * Double(behind) / Double(spokes)
    }

    /// The bright spoke at `time` seconds of spinning (the spinner ticks, as UIKit's does).
    public static func spinnerHead(time: Double, spokes: Int = spinnerSpokes) -> Int {
        guard time.isFinite, spokes > 0 else { return 0 }
        let n = Int((max(time, 0) * spinnerStepsPerSecond).rounded(.down))
        return n % spokes
    }

    /// Draws a whole spinner: each spoke its own fill with its own opacity, reusing `path`.
    public static func drawSpinner(center: Vec2, size: Double, time: Double, color: RGBA, opacity: Double = 1,
                                   path: inout Path, tessellator: inout Tessellator, list: inout DrawList) {
        let head = spinnerHead(time: time)
        for i in 0..<spinnerSpokes {
            path.removeAll()
            spinnerSpoke(i, center: center, size: size, into: &path)
            let o = spinnerOpacity(i, head: head) * opacity
            tessellator.fill(path, color: color.withOpacity(o), into: &list)
        }
    }
}

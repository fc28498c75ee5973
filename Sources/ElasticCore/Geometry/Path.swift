/// One drawing command of a `Path`.
public enum PathCommand: Hashable, Sendable {
    case move(Vec2)
    case line(Vec2)
    /// A quadratic curve from the current point to `to`, pulled towards `control`.
    case quad(control: Vec2, to: Vec2)
    /// A circular arc; like UIBezierPath's addArc, a line joins the current point to the arc's start.
    case arc(Arc)
    case close
}

/// A sequence of move/line/quad/arc/close commands, the shape language of the seeds
/// (UIBezierPath's). Reuse one path per shape: `removeAll()` keeps its storage.
public struct Path: Sendable {
    public private(set) var commands: [PathCommand] = []

    public init() {}

    public init(_ build: (inout Path) -> Void) { build(&self) }

    public mutating func removeAll() { commands.removeAll(keepingCapacity: true) }
    public mutating func move(to p: Vec2) { commands.append(.move(p)) }
    public mutating func line(to p: Vec2) { commands.append(.line(p)) }
    public mutating func quad(to p: Vec2, control c: Vec2) { commands.append(.quad(control: c, to: p)) }
    public mutating func arc(center: Vec2, radius: Double, start: Double, end: Double, clockwise: Bool = true) {
        commands.append(.arc(Arc(center: center, radius: radius, start: start, end: end, clockwise: clockwise)))
    }
    public mutating func close() { commands.append(.close) }

    /// Adds a closed rectangle, clockwise on screen.
    public mutating func rect(_ r: Rect) {
        move(to: Vec2(r.x, r.y)); line(to: Vec2(r.maxX, r.y)); line(to: Vec2(r.maxX, r.maxY))
        line(to: Vec2(r.x, r.maxY)); close()
    }

    /// Adds a closed circle, clockwise on screen.
    public mutating func circle(center: Vec2, radius: Double) {
        // Its own subpath: without the move, a circle after another closed contour would start from
        // that contour's first point and be joined to it by a sliver (canvas `arc` semantics).
        move(to: Vec2(center.x + radius, center.y))
        commands.append(.arc(Arc(center: center, radius: radius, start: 0, end: 2 * Double.pi, clockwise: true)))
        close()
    }

    /// Adds a rectangle with round ends or corners of `radius` (a pill when radius = height/2).
    public mutating func roundedRect(_ r: Rect, radius: Double) {
        let rad = max(0, min(radius, r.width / 2, r.height / 2))
        let hp = Double.pi / 2
        move(to: Vec2(r.x + rad, r.y))
        line(to: Vec2(r.maxX - rad, r.y))
        arc(center: Vec2(r.maxX - rad, r.y + rad), radius: rad, start: -hp, end: 0)
        line(to: Vec2(r.maxX, r.maxY - rad))
        arc(center: Vec2(r.maxX - rad, r.maxY - rad), radius: rad, start: 0, end: hp)
        line(to: Vec2(r.x + rad, r.maxY))
        arc(center: Vec2(r.x + rad, r.maxY - rad), radius: rad, start: hp, end: 2 * hp)
        line(to: Vec2(r.x, r.y + rad))
        arc(center: Vec2(r.x + rad, r.y + rad), radius: rad, start: 2 * hp, end: 3 * hp)
        close()
    }

    public var isEmpty: Bool { commands.isEmpty }
}

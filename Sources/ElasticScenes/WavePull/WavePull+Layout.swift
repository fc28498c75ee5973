import ElasticCore

extension WavePull {
    /// How far below its resting height a pluck from rest takes the wave, with room to spare.
    static let pluckReach = 80.0

    /// The band the wave hangs in. While a finger or the mouse holds it: down to the deepest a
    /// drag pulls the centre (64 + 1.216 · 200) with room for the spring's overshoot. Otherwise:
    /// its resting height plus a pluck's reach, or further down while it springs back from deeper,
    /// in steps of 32 points so the overlays do not move every frame.
    public func appendContentAreas(to areas: inout [Rect]) {
        var depth = WavePull.minimumHeight + 1.5 * WavePull.maximumHeight
        if !crests.isAnyHeld && crestCount == 1 {
            var deepest = WavePull.minimumHeight + WavePull.pluckReach
            for p in points { deepest = max(deepest, sim.world.position(p).y + 8) }
            depth = min(depth, (deepest / 32).rounded(.up) * 32)
        }
        areas.append(Rect(x: 0, y: 0, width: size.width, height: min(depth, size.height)))
    }
}

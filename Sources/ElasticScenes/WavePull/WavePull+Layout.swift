import ElasticCore

extension WavePull {
    /// The band the wave hangs in: its resting height plus the deepest a drag pulls the centre
    /// (64 + 1.216 · 200) and room for the spring's overshoot and a pluck.
    public func appendContentAreas(to areas: inout [Rect]) {
        let depth = WavePull.minimumHeight + 1.5 * WavePull.maximumHeight
        areas.append(Rect(x: 0, y: 0, width: size.width, height: min(depth, size.height)))
    }
}

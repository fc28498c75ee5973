/// How far and how fast a spring may carry an entity: far beyond any window or fling (a fast
/// finger flick is ~10,000 pt/s), yet small enough that positions stay exact in the Float vertices
/// the renderer draws. Velocities given at run time are clamped to `maxSpeed`; a step that would
/// carry an entity further than `maxDisplacement` from its target stops it there (as a wall would).
public enum MotionLimits {
    public static let maxSpeed = 1e6
    public static let maxDisplacement = 1e6

    /// `v` clamped to ±maxSpeed; NaN becomes 0.
    @inlinable
    public static func speed(_ v: Double) -> Double {
        v.isNaN ? 0 : min(max(v, -maxSpeed), maxSpeed)
    }
}

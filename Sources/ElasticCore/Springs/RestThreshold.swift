/// When a spring counts as settled: within `distance` points of its target on both axes and slower
/// than `speed` points per second. It then snaps to the target and stops.
///
/// The defaults (0.005 pt, 0.05 pt/s) are far below what a display can show (1/200 of a pixel at
/// 1×), so the snap is invisible and costs a few extra steps; they also keep the stepped motion within
/// 1e-4 of the travel of the closed form for any travel ≥ 50 pt.
public struct RestThreshold: Hashable, Sendable {
    public var distance: Double
    public var speed: Double

    public init(distance: Double = 0.005, speed: Double = 0.05) {
        self.distance = distance; self.speed = speed
    }

    public static let standard = RestThreshold()
}

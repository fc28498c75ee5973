/// A value eased from `from` to `to` over `duration` seconds starting at `start` (scene time).
/// Time-based rather than stepped, so it can be sampled at the interpolated render time too.
public struct Tween: Hashable, Sendable {
    public var from: Double
    public var to: Double
    public var start: Double
    public var duration: Double
    public var easing: Easing

    public init(from: Double, to: Double, start: Double, duration: Double, easing: Easing = .easeInOut) {
        self.from = from; self.to = to; self.start = start
        self.duration = duration.isFinite ? max(duration, 0) : 0
        self.easing = easing
    }

    /// A tween that already sits at `value`.
    public static func constant(_ value: Double) -> Tween {
        Tween(from: value, to: value, start: 0, duration: 0, easing: .linear)
    }

    public func progress(at time: Double) -> Double {
        guard duration > 0 else { return time >= start ? 1 : 0 }
        return min(max((time - start) / duration, 0), 1)
    }

    public func value(at time: Double) -> Double {
        from + (to - from) * easing(progress(at: time))
    }

    public func isFinished(at time: Double) -> Bool { time >= start + duration }

    /// A new tween from this one's current value to `target`, so interrupting never jumps.
    public func retargeted(to target: Double, at time: Double, duration: Double, easing: Easing? = nil) -> Tween {
        Tween(from: value(at: time), to: target, start: time, duration: duration, easing: easing ?? self.easing)
    }
}

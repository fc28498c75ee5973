/// An overlay's opacity: rises to 1 while shown, then falls to 0, each over `duration` seconds
/// of display time. A pure function of time, so frames skipped while idle lose nothing and a
/// replay draws the same picture at any frame rate.
struct Fade {
    let duration: Double
    /// The opacity at `anchorTime`, where the last show or hide happened.
    private var anchorTime: Double
    private var anchorAlpha: Double
    /// Shown (rising or holding at 1) before this time, falling after it.
    private(set) var visibleUntil: Double

    init(visibleUntil: Double, alpha: Double, at time: Double = 0, duration: Double = 0.3) {
        self.duration = duration
        self.visibleUntil = visibleUntil
        anchorTime = time
        anchorAlpha = alpha
    }

    func alpha(at now: Double) -> Double {
        guard now > anchorTime else { return anchorAlpha }
        let riseEnd = min(now, max(visibleUntil, anchorTime))
        var a = min(1, anchorAlpha + (riseEnd - anchorTime) / duration)
        if now > visibleUntil {
            a = max(0, a - (now - max(visibleUntil, anchorTime)) / duration)
        }
        // Rounding in the time differences must not leave a fade a hair short of its end.
        return a < 1e-9 ? 0 : a > 1 - 1e-9 ? 1 : a
    }

    /// Shown from `time` (rising from where it is) until `seconds` later.
    mutating func show(at time: Double, for seconds: Double) {
        anchorAlpha = alpha(at: time)
        anchorTime = time
        visibleUntil = time + seconds
    }

    /// Falls from `time` on (from where it is).
    mutating func hide(at time: Double) {
        anchorAlpha = alpha(at: time)
        anchorTime = time
        visibleUntil = min(visibleUntil, time)
    }
}

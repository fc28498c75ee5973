import ElasticCore

/// Random drags, taps, keys and wheel turns from a seeded generator (SplitMix64): the same seed
/// gives the same input, so a soak failure can be replayed. Up to `maxPointers` drags overlap
/// (the mouse and fingers, each finger with its own id), so hand-overs and per-finger crests soak too.
struct RandomInput {
    static let maxPointers = 4
    private static let keys: [Key] = [.space, .s, .f, .r, .left, .right, .up, .down, .f1]
    private var state: UInt64
    private var drags: [(id: PointerID, at: Vec2, framesLeft: Int, velocity: Vec2)] = []
    let size: Size

    init(seed: UInt64, size: Size) { state = seed; self.size = size }

    /// Whether a pointer is down now.
    var holding: Bool { !drags.isEmpty }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func unit() -> Double { Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0) }
    mutating func chance(_ p: Double) -> Bool { unit() < p }
    mutating func between(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }

    private mutating func point() -> Vec2 {
        // Mostly inside the window, sometimes far outside it (drags leave the window).
        if chance(0.1) { return Vec2(between(-size.width, 2 * size.width), between(-size.height, 2 * size.height)) }
        return Vec2(between(0, size.width), between(0, size.height))
    }

    /// The input of one frame: 0…n events.
    mutating func frame() -> [InputEvent] {
        var out: [InputEvent] = []
        var k = 0
        while k < drags.count {
            var d = drags[k]
            // 1–4 moves a frame (a 240 Hz mouse at 60 fps), now and then a jump.
            for _ in 0..<(1 + Int(next() % 4)) {
                d.at = chance(0.02) ? point() : d.at + d.velocity * (1.0 / 240) + Vec2(between(-3, 3), between(-3, 3))
                out.append(.pointerMove(d.id, d.at))
            }
            d.framesLeft -= 1
            if d.framesLeft <= 0 {
                out.append(chance(0.05) ? .pointerCancel(d.id) : .pointerUp(d.id, d.at))
                drags.remove(at: k)
            } else {
                drags[k] = d
                k += 1
            }
        }
        if drags.count < RandomInput.maxPointers, chance(drags.isEmpty ? 1.0 / 20 : 1.0 / 60) {
            let id = chance(0.3) ? PointerID(device: .touch, id: Int64(1 + next() % 10)) : .mouse
            if !drags.contains(where: { $0.id == id }) {
                let at = point()
                let v = Vec2(between(-3000, 3000), between(-3000, 3000))
                drags.append((id, at, 1 + Int(next() % 120), v))
                out.append(.pointerDown(id, at))
            }
        }
        if chance(1.0 / 240) {
            out.append(.key(RandomInput.keys[Int(next() % UInt64(RandomInput.keys.count))]))
        }
        if chance(1.0 / 120) { out.append(.wheel(Vec2(0, between(-400, 400)))) }
        return out
    }
}

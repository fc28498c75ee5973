/// How two frames in `FrontEnd.readPixels`' layout (B, G, R and an unused byte a pixel, rows
/// packed) differ over their three colour channels: what `elastic bench --validate` reports.
/// Here, optimised with the pixel loops, because a 4K frame is 8 million pixels.
public struct FrameDifference: Sendable {
    /// Pixels with a channel more than `levels` apart.
    public private(set) var count = 0
    /// The largest difference of any channel, in levels.
    public private(set) var largest = 0
    /// The first differing pixel, in reading order.
    public private(set) var first = (x: 0, y: 0)

    public init(_ a: [UInt8], _ b: [UInt8], width: Int, levels: Int) {
        precondition(a.count == b.count && width > 0 && a.count % 4 == 0)
        var count = 0, largest = 0, firstIndex = -1
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for i in stride(from: 0, to: a.count, by: 4) {
                    let d = max(abs(Int(a[i]) - Int(b[i])), abs(Int(a[i + 1]) - Int(b[i + 1])), abs(Int(a[i + 2]) - Int(b[i + 2])))
                    if d > levels {
                        if firstIndex < 0 { firstIndex = i / 4 }
                        count += 1
                    }
                    if d > largest { largest = d }
                }
            }
        }
        self.count = count
        self.largest = largest
        if firstIndex >= 0 { first = (firstIndex % width, firstIndex / width) }
    }
}

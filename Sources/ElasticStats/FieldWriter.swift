/// Numeric CSV fields written through a pointer into memory the caller has sized: a row's
/// numbers cost a few stores a digit, with no array bookkeeping per byte (`StatsRowBuffer`).
struct FieldWriter {
    /// The most bytes one field and its comma take: a `decimal`'s twenty digits, point and
    /// fourteen decimals, then the comma.
    static let maxFieldBytes = 36

    private(set) var end: UnsafeMutablePointer<UInt8>

    init(_ start: UnsafeMutablePointer<UInt8>) { end = start }

    @inline(__always) mutating func byte(_ b: UInt8) {
        end.pointee = b
        end += 1
    }

    @inline(__always) mutating func comma() { byte(UInt8(ascii: ",")) }

    /// `value` in decimal, at least `digits` digits (zeros in front).
    @inline(__always) mutating func uint(_ value: UInt64, digits: Int = 1) {
        var count = 1, v = value
        while v >= 10 { v /= 10; count &+= 1 }
        count = max(count, digits)
        var p = end + count, rest = value
        for _ in 0..<count {
            p -= 1
            p.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        end += count
    }

    @inline(__always) mutating func int(_ value: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        uint(UInt64(value.magnitude))
    }

    /// Nanoseconds as milliseconds with six decimals: every nanosecond kept.
    @inline(__always) mutating func ms(_ ns: UInt64) { decimal(ns, places: 6, decimals: 6) }

    /// `ns` ÷ 10^`places` (places ≤ 9: the unit is at most a second) written exactly with
    /// `decimals` decimals (zeros past the nanosecond; `places` ≤ `decimals` ≤ 14).
    @inline(__always) mutating func decimal(_ ns: UInt64, places: Int, decimals: Int) {
        var unit: UInt64 = 1
        for _ in 0..<places { unit &*= 10 }
        uint(ns / unit)
        byte(UInt8(ascii: "."))
        uint(ns % unit, digits: places)
        for _ in places..<decimals { byte(UInt8(ascii: "0")) }
    }
}

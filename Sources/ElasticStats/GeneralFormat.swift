import Foundation

/// Doubles as C's `%.6g` prints them, which is what a C++ stream's default formatting does and so
/// how MangoHud writes its numbers: 6 significant digits, trailing zeros dropped, e-notation when
/// the decimal exponent is below -4 or at least 6 ("1.23457e+06").
///
/// Rounding is on the exact binary value, halves to even, as glibc's printf does: the digits are
/// worked out in 128-bit integers, so formatting a row allocates nothing.
enum GeneralFormat {
    static let precision = 6

    /// Appends `value` formatted as `%.6g`.
    static func append(_ value: Double, to out: inout [UInt8]) {
        guard value.isFinite else {
            // printf's spellings; the recorder never writes these (a frame time of 0 is written as 0 FPS).
            out.append(contentsOf: value.isNaN ? Array("nan".utf8) : Array((value < 0 ? "-inf" : "inf").utf8))
            return
        }
        if value.sign == .minus { out.append(UInt8(ascii: "-")) }
        let x = value.magnitude
        if x == 0 { out.append(UInt8(ascii: "0")); return }
        guard let (digits, exponent) = significantDigits(x) else {
            // Outside what 128 bits hold: far beyond any frame time or rate (not reached).
            out.append(contentsOf: String(format: "%.6g", x).utf8)
            return
        }
        appendDigits(digits, exponent: exponent, to: &out)
    }

    /// The value's 6 significant digits as an integer in [100000, 999999] and the decimal
    /// exponent of the first one (x ≈ digits × 10^(exponent − 5)), or nil when out of range.
    static func significantDigits(_ x: Double) -> (UInt64, Int)? {
        // x = m × 2^q exactly.
        let m: UInt128, q: Int
        if x.exponentBitPattern == 0 {
            m = UInt128(x.significandBitPattern); q = -1074
        } else {
            m = UInt128(x.significandBitPattern | (1 << 52)); q = Int(x.exponentBitPattern) - 1075
        }
        var e10 = Int(log10(x).rounded(.down))
        for _ in 0..<3 {
            guard let n = scaled(m, q, by: precision - 1 - e10) else { return nil }
            if n >= 1_000_000 { e10 += 1; continue }   // rounding carried into a 7th digit
            if n < 100_000 { e10 -= 1; continue }      // log10 was one too high
            return (UInt64(n), e10)
        }
        return nil
    }

    /// round(m × 2^q × 10^k), halves to even; nil when an intermediate overflows 128 bits.
    private static func scaled(_ m: UInt128, _ q: Int, by k: Int) -> UInt128? {
        var numerator = m, denominator: UInt128 = 1
        if q >= 0 {
            guard q < 64 else { return nil }
            numerator <<= UInt128(q)
        } else {
            guard -q < 127 else { return nil }
            denominator <<= UInt128(-q)
        }
        guard abs(k) <= 38 else { return nil }
        var power: UInt128 = 1
        for _ in 0..<abs(k) { power *= 10 }
        let product = (k >= 0 ? numerator : denominator).multipliedReportingOverflow(by: power)
        guard !product.overflow else { return nil }
        if k >= 0 { numerator = product.partialValue } else { denominator = product.partialValue }
        var (n, r) = numerator.quotientAndRemainder(dividingBy: denominator)
        let rest = denominator - r
        if r > rest || (r == rest && n & 1 == 1) { n += 1 }
        return n
    }

    private static func appendDigits(_ n: UInt64, exponent: Int, to out: inout [UInt8]) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { d in
            var v = n
            for i in stride(from: 5, through: 0, by: -1) { d[i] = UInt8(ascii: "0") + UInt8(v % 10); v /= 10 }
            // Significant digits after trailing zeros are dropped (at least the first stays).
            var count = 6
            while count > 1, d[count - 1] == UInt8(ascii: "0") { count -= 1 }
            if exponent < -4 || exponent >= precision {
                out.append(d[0])
                if count > 1 {
                    out.append(UInt8(ascii: "."))
                    for i in 1..<count { out.append(d[i]) }
                }
                out.append(UInt8(ascii: "e"))
                out.append(UInt8(ascii: exponent < 0 ? "-" : "+"))
                let e = exponent.magnitude
                if e >= 100 { out.append(UInt8(ascii: "0") + UInt8(e / 100)) }
                out.append(UInt8(ascii: "0") + UInt8(e / 10 % 10))
                out.append(UInt8(ascii: "0") + UInt8(e % 10))
            } else if exponent >= 0 {
                for i in 0...exponent { out.append(d[i]) }
                if count > exponent + 1 {
                    out.append(UInt8(ascii: "."))
                    for i in (exponent + 1)..<count { out.append(d[i]) }
                }
            } else {
                out.append(UInt8(ascii: "0"))
                out.append(UInt8(ascii: "."))
                for _ in 0..<(-exponent - 1) { out.append(UInt8(ascii: "0")) }
                for i in 0..<count { out.append(d[i]) }
            }
        }
    }
}

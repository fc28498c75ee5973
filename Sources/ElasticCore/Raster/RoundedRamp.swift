/// `origin + CoverageRasterizer.divideRounded(t · numerator, denominator)` for t = t0, t0 + step,
/// t0 + 2·step, …, bit for bit, with one division to start and none per step: the quotient and
/// remainder are carried from one t to the next (a line walked cell by cell, as FreeType does).
struct RoundedRamp {
    private let origin: Int64, denominator: Int64, negative: Bool
    private let stepQuotient: Int64, stepRemainder: Int64
    private var quotient: Int64, remainder: Int64

    /// t0 ≥ 0, step ≥ 0, denominator > 0; |t · numerator| must fit comfortably in 62 bits.
    init(origin: Int64, t0: Int64, step: Int64, numerator: Int64, denominator: Int64) {
        self.origin = origin
        self.denominator = denominator
        negative = numerator < 0
        let magnitude = negative ? -numerator : numerator
        // divideRounded rounds half away from zero: |n| + d/2, floored, then the sign put back.
        let start = t0 * magnitude + denominator / 2
        quotient = start / denominator
        remainder = start - quotient * denominator
        let s = step * magnitude
        stepQuotient = s / denominator
        stepRemainder = s - stepQuotient * denominator
    }

    @inline(__always)
    var value: Int64 { origin &+ (negative ? 0 &- quotient : quotient) }

    @inline(__always)
    mutating func advance() {
        // Wrapping: the values stay within the bounds the initialiser's products had.
        quotient &+= stepQuotient
        remainder &+= stepRemainder
        if remainder >= denominator { remainder &-= denominator; quotient &+= 1 }
    }
}

import ElasticCore

/// `origin + CoverageRasterizer.divideRounded(t · numerator, denominator)` for t = t0, t0 + step,
/// t0 + 2·step, …, bit for bit, with one division to start and none per step: the quotient and
/// remainder are carried from one t to the next (a line walked cell by cell, as FreeType does).
struct RoundedRamp {
    /// The current value, and what a step adds to it (the quotient's part with the numerator's sign).
    private(set) var value: Int64
    private let denominator: Int64, valueStep: Int64, carry: Int64
    private let stepRemainder: Int64
    private var remainder: Int64

    /// t0 ≥ 0, step ≥ 0, denominator > 0; |t · numerator| must fit comfortably in 62 bits.
    @inline(__always)
    init(origin: Int64, t0: Int64, step: Int64, numerator: Int64, denominator: Int64) {
        self.denominator = denominator
        let negative = numerator < 0
        // Unsigned and wrapping: within the bounds above nothing overflows, and an unsigned
        // quotient needs no check for −1.
        let magnitude = numerator.magnitude, d = UInt64(bitPattern: denominator)
        // divideRounded rounds half away from zero: |n| + d/2, floored, then the sign put back.
        let start = UInt64(bitPattern: t0) &* magnitude &+ d &>> 1
        let quotient = start / d
        remainder = Int64(bitPattern: start &- quotient &* d)
        let s = UInt64(bitPattern: step) &* magnitude
        let stepQuotient = s / d
        stepRemainder = Int64(bitPattern: s &- stepQuotient &* d)
        let q = Int64(bitPattern: quotient), sq = Int64(bitPattern: stepQuotient)
        value = origin &+ (negative ? 0 &- q : q)
        valueStep = negative ? 0 &- sq : sq
        carry = negative ? -1 : 1
    }

    @inline(__always)
    mutating func advance() {
        // Wrapping: the values stay within the bounds the initialiser's products had.
        value &+= valueStep
        remainder &+= stepRemainder
        if remainder >= denominator { remainder &-= denominator; value &+= carry }
    }
}

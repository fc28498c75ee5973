import Foundation
import ElasticCore

/// Stores one 32-bit pixel over a run of pixels at memset speed: glibc's `wmemset` (wchar_t is
/// 32 bits on Linux), which picks AVX2/AVX-512 stores for the machine at load time, where Swift's
/// `update(repeating:)` is compiled for baseline x86-64 (docs/history/ has the counts).
public enum PixelRun {
    fileprivate typealias WideFill = @convention(c) (UnsafeMutablePointer<UInt32>, UInt32, Int) -> UnsafeMutablePointer<UInt32>

    /// `wmemset`, looked up once; nil where the C library has none (then plain stores are used).
    private static let wideFill: WideFill? = dlsym(nil, "wmemset").map { unsafeBitCast($0, to: WideFill.self) }

    /// Sets `count` pixels from `start` to `pixel`.
    @inline(__always)
    public static func fill(_ start: UnsafeMutablePointer<UInt32>, count: Int, with pixel: UInt32) {
        filler(start, count: count, with: pixel)
    }

    /// `fill` holding `wmemset` for a loop: each read of the lazily made `wideFill` checks that it
    /// is made (a `swift_once` call), so a loop of many fills reads it once, here.
    public static var filler: Filler { Filler(wide: wideFill) }

    /// The fill with `wmemset` (or nil) in hand.
    public struct Filler {
        fileprivate let wide: WideFill?

        /// Sets `count` pixels from `start` to `pixel`.
        @inline(__always)
        public func callAsFunction(_ start: UnsafeMutablePointer<UInt32>, count: Int, with pixel: UInt32) {
            if count <= 2 {  // a call costs more than these stores
                if count > 0 { start[0] = pixel }
                if count > 1 { start[1] = pixel }
            } else {
                store(start, count: count, with: pixel)
            }
        }

        /// Sets `count` (> 0) pixels from `start` to `pixel` in one call.
        @inline(__always)
        func store(_ start: UnsafeMutablePointer<UInt32>, count: Int, with pixel: UInt32) {
            if let wide {
                _ = wide(start, pixel, count)
            } else {
                start.update(repeating: pixel, count: count)
            }
        }
    }

    /// Sets `count` (> 0) pixels from `start` to `pixel` on this thread.
    @inline(__always)
    static func fillAlone(_ start: UnsafeMutablePointer<UInt32>, count: Int, with pixel: UInt32) {
        filler.store(start, count: count, with: pixel)
    }
}

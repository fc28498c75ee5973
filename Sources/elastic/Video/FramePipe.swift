import ElasticStats
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Frames on their way to FFmpeg's standard input, written by a background thread so the game loop
/// only copies pixels: a few reused buffers cycle between the loop (which fills one per drawn
/// frame) and the writer (which writes it, after repeating the previous frame as often as asked).
///
/// With no buffer free the loop either waits (`waitWhenFull`: headless exports, where every frame
/// must be in the video) or does not wait: the frame is dropped and the one before it stands in,
/// so a live run never stalls on the encoder and the video's timing still holds.
final class FramePipe: @unchecked Sendable {
    private let fd: Int32
    private let frameBytes: Int
    private let condition = NSCondition()
    private var free: [[UInt8]]
    private var queue: [(pixels: [UInt8], repeatsBefore: Int)] = []
    private var closed = false
    private var done = false
    /// The last frame written, kept for repeats.
    private var last: [UInt8]?
    private let waitWhenFull: Bool
    /// Set by the writer: why writing stopped (FFmpeg exited or the pipe broke).
    private(set) var failure: String?
    /// Frames written to FFmpeg, repeats included.
    private(set) var written = 0

    init(fd: Int32, frameBytes: Int, buffers: Int = 4, waitWhenFull: Bool) {
        self.fd = fd
        self.frameBytes = frameBytes
        self.waitWhenFull = waitWhenFull
        free = (0..<max(buffers, 2)).map { _ in [UInt8](repeating: 0, count: frameBytes) }
        let thread = Thread { [self] in writeLoop() }
        thread.name = "elastic video writer"
        thread.start()
    }

    /// A buffer to fill, or nil when none is free and the loop must not wait.
    func takeBuffer() -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        while free.isEmpty {
            if !waitWhenFull || failure != nil { return nil }
            condition.wait()
        }
        return free.removeLast()
    }

    /// Queues a filled buffer, to be written after `repeatsBefore` more copies of the previous frame.
    func send(_ pixels: [UInt8], repeatsBefore: Int) {
        condition.lock()
        queue.append((pixels, repeatsBefore))
        condition.signal()
        condition.unlock()
    }

    /// Gives back a buffer that was taken and not sent.
    func giveBack(_ pixels: [UInt8]) {
        condition.lock()
        free.append(pixels)
        condition.signal()
        condition.unlock()
    }

    /// Queues `count` more copies of the last frame (the tail of a run that stopped drawing).
    func repeatLast(_ count: Int) {
        guard count > 0 else { return }
        condition.lock()
        queue.append(([], count))
        condition.signal()
        condition.unlock()
    }

    /// Writes what is queued, closes FFmpeg's input and returns once the writer has finished.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        while !done { condition.wait() }
        condition.unlock()
        Glibc.close(fd)
    }

    private func writeLoop() {
        condition.lock()
        while true {
            while queue.isEmpty && !closed { condition.wait() }
            if queue.isEmpty { break }
            let item = queue.removeFirst()
            let previous = last
            condition.unlock()
            var ok = true
            if let previous { for _ in 0..<item.repeatsBefore where ok { ok = write(previous) } }
            if ok, !item.pixels.isEmpty { ok = write(item.pixels) }
            condition.lock()
            if !ok, failure == nil { failure = "FFmpeg stopped reading frames (\(errnoText()))" }
            if !item.pixels.isEmpty {
                if let previous { free.append(previous) }
                last = item.pixels
            }
            condition.broadcast()
        }
        done = true
        condition.broadcast()
        condition.unlock()
    }

    /// One frame, whole; false once the pipe fails (after which nothing more is written).
    private func write(_ pixels: [UInt8]) -> Bool {
        if failure != nil { return false }
        return pixels.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < frameBytes {
                let n = Glibc.write(fd, raw.baseAddress! + offset, frameBytes - offset)
                if n < 0 { if errno == EINTR { continue }; return false }
                offset += n
            }
            written += 1
            return true
        }
    }
}

import Foundation

/// A second thread that stores the far half of a large pixel fill while the caller stores the
/// near half. Clearing a whole frame is bound by memory traffic, which one core does not use up
/// (docs/benchmarks.md §15). The caller waits for the worker, so a fill still returns with every
/// pixel set.
///
/// One fill at a time: a caller that finds the worker busy (another thread's fill) fills alone.
final class FillWorker: @unchecked Sendable {
    /// The worker, started on first use; nil with one processor, or when its thread did not
    /// start within a second (a fill must never wait on a thread that is not there).
    static let shared: FillWorker? = ProcessInfo.processInfo.activeProcessorCount > 1 ? FillWorker().started() : nil

    /// The handoff's state, read and written under `condition`'s lock only.
    private let condition = NSCondition()
    private var job: (start: UnsafeMutablePointer<UInt32>, count: Int, pixel: UInt32)?
    private var busy = false, running = false

    private func started() -> FillWorker? {
        let thread = Thread { [self] in serve() }
        thread.name = "elastic fill"
        thread.start()
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: 1)
        while !running, condition.wait(until: deadline) {}
        return running ? self : nil
    }

    /// Sets `count` pixels from `start` to `pixel`, the far half on the worker.
    func fill(_ start: UnsafeMutablePointer<UInt32>, count: Int, with pixel: UInt32) {
        // The near part is whole 64-byte lines: from a line-aligned start (a surface's pixels)
        // no cache line is written by both threads.
        let near = (count / 2) & ~15
        condition.lock()
        guard !busy else {
            condition.unlock()
            PixelRun.fillAlone(start, count: count, with: pixel)
            return
        }
        busy = true
        job = (start + near, count - near, pixel)
        condition.broadcast()
        condition.unlock()
        PixelRun.fillAlone(start, count: near, with: pixel)
        condition.lock()
        while job != nil { condition.wait() }
        busy = false
        condition.unlock()
    }

    private func serve() {
        condition.lock()
        running = true
        condition.broadcast()
        while true {
            while job == nil { condition.wait() }
            let (start, count, pixel) = job!
            condition.unlock()
            PixelRun.fillAlone(start, count: count, with: pixel)
            condition.lock()
            job = nil
            condition.broadcast()
        }
    }
}

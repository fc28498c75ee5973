import Foundation
import ElasticCore
import Synchronization

/// A second thread that does part of a job of numbered blocks while the caller does the rest: the
/// bands of rows of a large frame (`Compositor`), each cleared and drawn by one core. A whole
/// frame is bound by memory traffic, which one core does not use up.
///
/// Waking a sleeping thread can cost the waker, and the sleeper before it runs, more than sharing
/// a 1280×720 frame saves. So:
/// - the caller takes blocks from the near end, the worker from the far end, one atomic word
///   between them. The caller never waits for the worker to start: it takes every block the
///   worker has not, and waits only for a block the worker is doing;
/// - the worker spins `spinNanoseconds` after a job before it sleeps, so back-to-back large
///   frames (a resize drag, `--redraw all`) find it awake and hand it work with no system call.
///   It yields as it spins: where another process holds the other core, the worker and the caller
///   share one, and a spin that does not give way takes the caller's time.
///
/// One job at a time: a caller that finds the worker busy (another thread's job) does it alone.
final class BlockWorker: @unchecked Sendable {
    /// What a job does with block `block`: `context` is the caller's, valid until `run` returns;
    /// `lane` is 0 on the caller's thread and 1 on the worker's (whose scratch to use).
    typealias Body = @convention(c) (_ context: UnsafeRawPointer, _ block: Int, _ lane: Int) -> Void

    /// The worker, started on first use; nil when this process may run on one processor only, or
    /// when its thread did not start within a second (a job must never wait on a thread that is
    /// not there).
    static let shared: BlockWorker? = usableProcessors() > 1 ? BlockWorker().started() : nil

    /// The processors this process may run on: its affinity mask, which `taskset` and a
    /// container's CPU set narrow. `ProcessInfo.activeProcessorCount` counts every online one, and
    /// a worker spinning on the caller's only processor keeps the caller from running.
    /// (glibc's `sched_getaffinity`, looked up: Swift's Glibc module leaves out the GNU extensions.)
    static func usableProcessors() -> Int {
        typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
        var mask = [UInt64](repeating: 0, count: 16)  // glibc's cpu_set_t: 1,024 processors
        guard let symbol = dlsym(nil, "sched_getaffinity"),
              mask.withUnsafeMutableBytes({ unsafeBitCast(symbol, to: GetAffinity.self)(0, $0.count, $0.baseAddress!) }) == 0 else {
            return ProcessInfo.processInfo.activeProcessorCount
        }
        return mask.reduce(0) { $0 + $1.nonzeroBitCount }
    }

    /// A job of this many blocks or more is done by the caller alone (a block number has 16 bits).
    static let maxBlocks = 1 << 16
    /// How long the worker spins for the next job before it sleeps.
    static let spinNanoseconds: UInt64 = 100_000

    /// Where the worker sleeps; the lock guards `running` and the sleep, not the jobs.
    private let condition = NSCondition()
    private var running = false

    /// Whether a caller holds the worker.
    private let busy = Atomic<Bool>(false)
    /// The job's body and context, stored before its blocks are published in `blocksLeft`. A
    /// worker that reads them after a newer job has begun finds no block of its own job left.
    private let jobBody = Atomic<Int>(0), jobContext = Atomic<Int>(0)
    /// The blocks not yet taken: the job's generation in bits 32–63, the first block left in
    /// bits 16–31 and the end of the blocks left in bits 0–15. A block is taken by a
    /// compare-and-swap on the whole word, so a worker still holding an older job takes nothing.
    private let blocksLeft = Atomic<UInt64>(0)
    /// How many blocks the worker has done of the current job.
    private let doneByWorker = Atomic<Int>(0)

    private func started() -> BlockWorker? {
        let thread = Thread { [self] in serve() }
        thread.name = "elastic blocks"
        thread.start()
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: 1)
        while !running, condition.wait(until: deadline) {}
        return running ? self : nil
    }

    /// Calls `body(context, block)` once for each block in `0..<count`, the far blocks on the
    /// worker while it keeps up, and returns when all are done.
    func run(count: Int, context: UnsafeRawPointer, _ body: Body) {
        guard count > 1, count < Self.maxBlocks,
              busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else {
            for block in 0..<count { body(context, block, 0) }
            return
        }
        let generation = UInt32(truncatingIfNeeded: blocksLeft.load(ordering: .relaxed) >> 32) &+ 1
        jobBody.store(unsafeBitCast(body, to: Int.self), ordering: .releasing)
        jobContext.store(Int(bitPattern: context), ordering: .releasing)
        doneByWorker.store(0, ordering: .relaxed)
        blocksLeft.store(UInt64(generation) << 32 | UInt64(count), ordering: .releasing)
        // No system call when the worker is spinning: a signal with no sleeper returns at once.
        condition.lock()
        condition.signal()
        condition.unlock()
        var done = 0
        while let block = take(generation, fromEnd: false) {
            body(context, block, 0)
            done += 1
        }
        var waits = 0
        while done + doneByWorker.load(ordering: .acquiring) < count {
            waits += 1
            if waits > 64 { sched_yield() }  // the worker was descheduled inside its block
        }
        busy.store(false, ordering: .releasing)
    }

    /// Takes the first block left of job `generation` (`fromEnd` false) or the last, or nil when
    /// none is left or a newer job has begun.
    private func take(_ generation: UInt32, fromEnd: Bool) -> Int? {
        var word = blocksLeft.load(ordering: .relaxed)
        while true {
            let first = Int(word >> 16 & 0xFFFF), end = Int(word & 0xFFFF)
            guard UInt32(truncatingIfNeeded: word >> 32) == generation, first < end else { return nil }
            let block = fromEnd ? end - 1 : first
            let taken = fromEnd ? word - 1 : word + (1 << 16)
            let (exchanged, seen) = blocksLeft.compareExchange(expected: word, desired: taken, ordering: .acquiringAndReleasing)
            if exchanged { return block }
            word = seen
        }
    }

    /// The generation of the first job after `served`: spun for, then slept for.
    private func awaitJob(after served: UInt32) -> UInt32 {
        func published() -> UInt32 { UInt32(truncatingIfNeeded: blocksLeft.load(ordering: .acquiring) >> 32) }
        let deadline = DispatchTime.now().uptimeNanoseconds + Self.spinNanoseconds
        while published() == served, DispatchTime.now().uptimeNanoseconds < deadline { sched_yield() }
        condition.lock()
        defer { condition.unlock() }
        while published() == served { condition.wait() }
        return published()
    }

    private func serve() {
        condition.lock()
        running = true
        condition.broadcast()
        condition.unlock()
        var served: UInt32 = 0
        while true {
            let generation = awaitJob(after: served)
            served = generation
            let bits = jobBody.load(ordering: .acquiring), context = jobContext.load(ordering: .acquiring)
            guard bits != 0, let context = UnsafeRawPointer(bitPattern: context) else { continue }
            let body = unsafeBitCast(bits, to: Body.self)
            while let block = take(generation, fromEnd: true) {
                body(context, block, 1)
                doneByWorker.add(1, ordering: .releasing)
            }
        }
    }
}

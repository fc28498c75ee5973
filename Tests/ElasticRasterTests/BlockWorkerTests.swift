import Foundation
import Testing
@testable import ElasticRaster

/// `BlockWorker` against the plain definition of a job: every block done exactly once, by the
/// caller (lane 0) or the worker (lane 1), whatever the count, when several threads run jobs at
/// once (one of them gets the worker, the others do theirs alone), when jobs follow each other
/// faster than the worker sleeps, and when the worker never wakes at all.
@Suite struct BlockWorkerTests {
    /// A job's record: how often each block was done, and by which lane.
    struct Record {
        var times: UnsafeMutablePointer<Int32>
        var lanes: UnsafeMutablePointer<Int32>
    }

    /// Runs a job of `count` blocks on `worker` and returns how often each block was done and the lanes seen.
    static func run(_ worker: BlockWorker, count: Int) -> (times: [Int32], lanes: Set<Int32>) {
        let times = UnsafeMutablePointer<Int32>.allocate(capacity: count), lanes = UnsafeMutablePointer<Int32>.allocate(capacity: count)
        defer { times.deallocate(); lanes.deallocate() }
        times.initialize(repeating: 0, count: count)
        lanes.initialize(repeating: -1, count: count)
        var record = Record(times: times, lanes: lanes)
        withUnsafePointer(to: &record) { context in
            worker.run(count: count, context: context) { context, block, lane in
                let record = context.assumingMemoryBound(to: Record.self).pointee
                record.times[block] += 1
                record.lanes[block] = Int32(lane)
            }
        }
        return (Array(UnsafeBufferPointer(start: times, count: count)), Set(UnsafeBufferPointer(start: lanes, count: count)))
    }

    @Test("every block of a job is done exactly once, by the caller or the worker, any count",
          arguments: [0, 1, 2, 3, 17, 1_000, BlockWorker.maxBlocks - 1, BlockWorker.maxBlocks])
    func everyBlockOnce(count: Int) throws {
        let worker = try #require(BlockWorker.shared, "needs a second processor")
        for _ in 0..<20 {
            let (times, lanes) = Self.run(worker, count: count)
            #expect(times.allSatisfy { $0 == 1 }, "\(count) blocks: \(times.filter { $0 != 1 }.count) not done once")
            #expect(lanes.isSubset(of: count == 0 ? [] : [0, 1]), "\(lanes)")
        }
    }

    @Test("jobs from several threads at once each do their own blocks once")
    func concurrentJobs() async throws {
        let worker = try #require(BlockWorker.shared, "needs a second processor")
        let results = await withTaskGroup(of: Bool.self) { group in
            for k in 0..<6 {
                group.addTask { (0..<20).allSatisfy { _ in Self.run(worker, count: 300 + k).times.allSatisfy { $0 == 1 } } }
            }
            var all: [Bool] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results == Array(repeating: true, count: 6))
    }

    @Test("the worker takes blocks of back-to-back jobs: both lanes work")
    func bothLanesWork() throws {
        let worker = try #require(BlockWorker.shared, "needs a second processor")
        var seen: Set<Int32> = []
        for _ in 0..<2_000 where seen.count < 2 {
            // Blocks slow enough that the spinning worker finds some left.
            seen.formUnion(Self.run(worker, count: 4_000).lanes)
        }
        #expect(seen == [0, 1])
    }

    @Test("a job is done by the caller when the worker never wakes", .timeLimit(.minutes(1)))
    func jobWithoutWorker() {
        let worker = BlockWorker()  // its thread never started
        let (times, lanes) = Self.run(worker, count: 37)
        #expect(times.allSatisfy { $0 == 1 })
        #expect(lanes == [0])
    }

    @Test("the processors counted are the ones the kernel lists as allowed for this process")
    func usableProcessorsAreTheAffinityMask() throws {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
        // "0-1", "1", "0,2-3": ranges and single processors.
        let listed = line.split(separator: ":")[1].split(separator: ",").reduce(0) { total, part in
            let bounds = part.trimmingCharacters(in: .whitespaces).split(separator: "-").compactMap { Int($0) }
            return total + (bounds.count == 2 ? bounds[1] - bounds[0] + 1 : 1)
        }
        #expect(BlockWorker.usableProcessors() == listed)
    }
}

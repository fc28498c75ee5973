import Foundation
import Testing
@testable import ElasticCore
@testable import ElasticRaster

/// `PixelRun.fillShared` against the plain definition of a fill: every pixel of the run holds the
/// value and not one pixel around it changed, whatever the length and alignment (the split
/// between the two cores falls inside), when several threads fill at once (one of them gets
/// the worker, the others fill alone), when fills follow each other faster than the worker
/// sleeps, and when the worker never wakes at all.
@Suite struct FillWorkerTests {
    /// Fills `count` pixels from `offset` into a buffer of guard pixels and checks every pixel.
    private static func check(count: Int, offset: Int, pixel: UInt32) -> (wrong: Int, guardsHit: Int) {
        let margin = 64, guardValue: UInt32 = 0xDEAD_BEEF
        let buffer = UnsafeMutablePointer<UInt32>.allocate(capacity: count + offset + margin)
        defer { buffer.deallocate() }
        buffer.initialize(repeating: guardValue, count: count + offset + margin)
        PixelRun.fillShared(buffer + offset, count: count, with: pixel)
        var wrong = 0, guardsHit = 0
        for i in 0..<(count + offset + margin) {
            let inside = i >= offset && i < offset + count
            if inside, buffer[i] != pixel { wrong += 1 }
            if !inside, buffer[i] != guardValue { guardsHit += 1 }
        }
        return (wrong, guardsHit)
    }

    @Test("a shared fill sets exactly its run, any length and alignment around the split",
          arguments: [0, 1, 2, 3, 1 << 10, PixelRun.sharedCount - 1, PixelRun.sharedCount, PixelRun.sharedCount + 31,
                      3 * PixelRun.sharedCount + 7])
    func sharedFillSetsExactlyItsRun(count: Int) {
        for offset in [0, 1, 15] {
            let result = Self.check(count: count, offset: offset, pixel: 0xFF00_80FF ^ UInt32(count & 0xFF))
            #expect(result.wrong == 0, "\(count) pixels from \(offset): \(result.wrong) not set")
            #expect(result.guardsHit == 0, "\(count) pixels from \(offset): \(result.guardsHit) outside changed")
        }
    }

    @Test("fills from several threads at once each set their own run")
    func concurrentFillsEachSetTheirRun() async {
        let results = await withTaskGroup(of: (Int, Int).self) { group in
            for k in 0..<6 {
                group.addTask { Self.check(count: PixelRun.sharedCount + 1000 * k + 3, offset: k, pixel: UInt32(k) &* 0x0101_0101) }
            }
            var all: [(Int, Int)] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 6)
        #expect(results.allSatisfy { $0 == 0 && $1 == 0 }, "\(results)")
    }

    @Test("back-to-back fills of different runs each set their own and leave the others alone")
    func backToBackFillsEachSetTheirRun() {
        let count = PixelRun.sharedCount + 4321, runs = 3
        let buffer = UnsafeMutablePointer<UInt32>.allocate(capacity: count * runs)
        defer { buffer.deallocate() }
        buffer.initialize(repeating: 0, count: count * runs)
        var wrong = 0
        for k in 0..<60 {
            let run = k % runs, pixel = UInt32(k + 1) &* 0x0102_0304
            PixelRun.fillShared(buffer + run * count, count: count, with: pixel)
            for i in 0..<count where buffer[run * count + i] != pixel { wrong += 1 }
        }
        // The last fill of each run, checked again after the others: no late store from a worker.
        for run in 0..<runs {
            let last = (0..<60).last { $0 % runs == run }!, pixel = UInt32(last + 1) &* 0x0102_0304
            for i in 0..<count where buffer[run * count + i] != pixel { wrong += 1 }
        }
        #expect(wrong == 0)
    }

    @Test("a fill is done by the caller when the worker never wakes", .timeLimit(.minutes(1)))
    func fillWithoutWorker() {
        let worker = FillWorker()  // its thread never started
        let count = 3 * FillWorker.blockPixels + 5
        let buffer = UnsafeMutablePointer<UInt32>.allocate(capacity: count + 1)
        defer { buffer.deallocate() }
        buffer.initialize(repeating: 7, count: count + 1)
        worker.fill(buffer, count: count, with: 9)
        #expect((0..<count).allSatisfy { buffer[$0] == 9 })
        #expect(buffer[count] == 7)
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
        #expect(FillWorker.usableProcessors() == listed)
    }
}

// libFuzzer harness for the replay parser. Not part of the package: scripts/fuzz-replay.sh
// compiles it together with the ElasticCore sources (one module, so no import) with
// `swiftc -sanitize=fuzzer,address` and runs it over Tests/Fuzz/corpus/.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func replayFuzzOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    do {
        let events = try ReplayScript.parse(data)
        // What parses must be sane: finite, in range, in time order, and survive a round trip.
        var last = -Double.infinity
        for e in events {
            precondition(e.time.isFinite && e.time >= 0 && e.time >= last, "bad time \(e.time)")
            last = e.time
            switch e.event {
            case let .pointerDown(_, p), let .pointerMove(_, p), let .pointerUp(_, p), let .wheel(p):
                precondition(p.isFinite && abs(p.x) <= ReplayScript.maxCoordinate && abs(p.y) <= ReplayScript.maxCoordinate)
            case .pointerCancel, .key:
                break
            }
        }
        let text = events.map(ReplayScript.line(for:)).joined(separator: "\n")
        let again = try ReplayScript.parse(Data(text.utf8))
        precondition(again.count == events.count, "round trip lost events")
    } catch is ReplayError {
        // Refused with a reason: fine.
    } catch {
        preconditionFailure("parse threw something other than ReplayError: \(error)")
    }
    return 0
}

import Foundation
import Testing

/// In software mode the compositor writes every pixel itself: after start-up, a moving replay asks
/// nothing of SDL's renderer but the present. Counted as `scripts/count-sdl-calls.sh` counts them,
/// by its `LD_PRELOAD` shim over SDL's exported drawing functions, on the real binary.
@Suite("SDL drawing calls")
struct SDLCallCountTests {
    /// The shim, built once a test process into the scratch folder with the system's C compiler
    /// (awaited as the binary is: no pool thread blocked on the child).
    static let shim = Task { () throws -> URL in
        let library = try ElasticBinary.scratch("sdl-calls").appendingPathComponent("sdl-calls.so")
        let source = ElasticBinary.root.appendingPathComponent("scripts/lib/sdl-calls.c")
        let cc = try await ElasticBinary.run(["cc", "-shared", "-fPIC", "-O2", "-o", library.path, source.path, "-ldl"],
                                             executable: URL(fileURLWithPath: "/usr/bin/env"))
        guard cc.status == 0 else { throw ShimError(description: "cc exited with \(cc.status): \(cc.stderr)") }
        return library
    }

    struct ShimError: Error, CustomStringConvertible { var description: String }

    @Test("a headless moving replay makes no SDL drawing call after its second frame: no geometry, copy, fill, clear or blit",
          arguments: ["wave-pull", "gooey-menu", "jelly-block", "sticky-refresh", "wave-balls"])
    func noDrawingCalls(scene: String) async throws {
        let library = try await SDLCallCountTests.shim.value
        let dir = try ElasticBinary.scratch("sdl-calls-\(scene)")
        let counts = dir.appendingPathComponent("counts.txt")
        let replay = ElasticBinary.root.appendingPathComponent("assets/replays/\(scene)-moving.jsonl").path
        // ASan (scripts/sanitize.sh) wants its runtime first among the preloaded libraries.
        let asan = [ProcessInfo.processInfo.environment["ASAN_OPTIONS"], "verify_asan_link_order=0"].compactMap { $0 }
        let r = try await ElasticBinary.run(["play", "--headless", "--renderer", "software", "--scene", scene, "--replay", replay],
                                            environment: ["LD_PRELOAD": library.path, "SDL_CALLS_OUT": counts.path,
                                                          "ASAN_OPTIONS": asan.joined(separator: ":")])
        #expect(r.status == 0, "\(r.stderr)")
        let line = try String(contentsOf: counts, encoding: .utf8)
        let figures = KeyValueFigures(line[...], from: "the shim's counts")
        let frames = try figures.int("frames_counted")
        #expect(frames >= 200, "\(scene): \(line)")
        for kind in ["geometry", "copy", "copy_ex", "fill", "clear", "blit"] {
            #expect(try figures.int(kind) == 0, "\(scene): \(kind) in \(line)")
        }
        #expect(try figures.int("present") + figures.int("surface_update") == frames, "\(scene): one present a frame: \(line)")
    }
}

import ElasticCore
import Testing

/// Which ways of drawing each `--renderer` tries and what a failure says (the windowed check,
/// scripts/windowed-check.sh, tries them on real displays through the SDL shell's `RendererSetup`).
@Suite("renderer paths: the ways each renderer is tried and what a failure says")
struct RendererPathTests {
    @Test("software tries the window framebuffer first, then a GLES2 and an OpenGL texture")
    func softwarePaths() {
        #expect(RendererPath.paths(for: .software) == [.direct(.software), .softwareThrough("opengles2"), .softwareThrough("opengl")])
        #expect(RendererPath.paths(for: .opengl) == [.direct(.opengl)])
        #expect(RendererPath.paths(for: .opengles2) == [.direct(.opengles2)])
    }

    @Test("auto tries the policy's pick first, then every other way once", arguments: [RendererChoice.software, .opengl, .opengles2])
    func autoFallsThrough(preferred: RendererChoice) {
        let paths = RendererPath.autoPaths(preferring: preferred)
        #expect(Array(paths.prefix(RendererPath.paths(for: preferred).count)) == RendererPath.paths(for: preferred))
        #expect(Set(paths.map(\.label)).count == paths.count)
        for choice in [RendererChoice.software, .opengl, .opengles2] { #expect(paths.contains { $0.choice == choice }) }
    }

    @Test("a failure names each way tried, and suggests only what was not tried")
    func failureMessage() {
        let failures = RendererPath.paths(for: .software).map { "\($0.label): Couldn't find matching render driver" }
        let text = RendererPath.failureMessage(failures, videoDriver: "wayland", explicit: .software)
        #expect(text.contains("on the wayland video driver"))
        for path in RendererPath.paths(for: .software) { #expect(text.contains(path.label)) }
        #expect(text.contains("--renderer auto (tries opengl, opengles2 too)"))
        #expect(!text.contains("try --renderer software"))
        #expect(text.contains("--headless"))
        let auto = RendererPath.failureMessage(["opengl: no"], videoDriver: "x11", explicit: nil)
        #expect(!auto.contains("--renderer"))
    }
}

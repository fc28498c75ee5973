import ElasticCore
@testable import ElasticSDL
import Foundation
import Testing

/// Every shape kind the scenes draw, on OpenGL (offscreen EGL, Mesa llvmpipe here), against the
/// same supersampled reference as the software path's coverage test, at the app's tolerance.
///
/// The shapes are drawn by this test bundle run again as a child process (`drawSheet`): OpenGL is
/// then created and torn down away from the in-process SDL tests, which share one SDL.
@Suite("OpenGL pixels: every shape kind against its exact coverage", .serialized)
struct OpenGLShapeCoverageTests {
    static let sheetVariable = "ELASTIC_GL_SHEET_DIR"
    static let scales = [1.0, 1.5, 2.0]

    static func sheetPath(_ dir: String, scale: Double) -> String { "\(dir)/gl-\(scale).png" }

    @Test("fill, rounded and stroked shapes at scales 1, 1.5 and 2 meet the coverage targets through the fringe")
    func openGLShapesMeetTheTargets() async throws {
        let dir = try ElasticBinary.scratch("gl-sheet")
        let run = try await ElasticBinary.run(["--testing-library", "swift-testing", "--filter", "drawSheet"],
                                        environment: [Self.sheetVariable: dir.path, "ASAN_OPTIONS": "detect_leaks=0"],
                                        timeout: 300, executable: URL(fileURLWithPath: CommandLine.arguments[0]))
        try #require(run.status == 0, "the child drawing the sheet failed: \(run.stdout.suffix(1500)) \(run.stderr.suffix(1500))")
        for scale in Self.scales {
            let image = try PNGImage.load(Self.sheetPath(dir.path, scale: scale))
            let shapes = WindowFaultTests.coverageShapes(scale: scale)
            for (name, f) in WindowFaultTests.coverageFigures(of: image, scale: scale, shapes: shapes) {
                #expect(f.meetsTargets(), "OpenGL, \(name) at scale \(scale): \(f)")
            }
        }
    }

    /// The child's part: only runs with `sheetVariable` set, so a normal test run skips it.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[OpenGLShapeCoverageTests.sheetVariable] != nil))
    func drawSheet() throws {
        let dir = ProcessInfo.processInfo.environment[Self.sheetVariable] ?? ""
        let front = try SDLFrontEnd(FrontEndOptions(windowSize: (1280, 720), headless: true, renderer: .opengl, vsync: false))
        try #require(front.rendererName == "opengl", "got renderer \(front.rendererName)")
        for scale in Self.scales {
            var list = DrawList()
            list.clearColor = .white
            // As FrameDriver sets it up: the fringe on (OpenGL has no exact coverage), the
            // tolerance in output pixels.
            var tess = Tessellator(tolerance: try WindowFaultTests.appTolerancePixels() / scale, antialias: !front.rendersExactCoverage)
            tess.rectangleCores = true
            tess.pixelScale = scale
            for shape in WindowFaultTests.coverageShapes(scale: scale) { shape.draw(&tess, &list) }
            front.render(list, scale: scale)
            try front.saveScreenshot(to: Self.sheetPath(dir, scale: scale))
            front.present()
        }
    }
}

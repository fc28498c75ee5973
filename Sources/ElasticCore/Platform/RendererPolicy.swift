import Foundation

/// What `--renderer auto` picks. A GPU draws our meshes faster than anything on the CPU, but an
/// OpenGL context without one is a software rasteriser (Mesa's llvmpipe and the like), slower per
/// frame than SDL's own software renderer on our thin-strip meshes and costlier to start
/// (docs/performance.md). So: OpenGL when GL_RENDERER names a hardware device, software otherwise.
/// The decision needs no SDL; the probe that asks for GL_RENDERER is the SDL shell's
/// (`RendererPolicy.probeGLRenderer`).
public enum RendererPolicy {
    /// Lower-cased fragments of the GL_RENDERER strings of software rasterisers: Mesa's llvmpipe,
    /// softpipe, swrast ("Software Rasterizer") and lavapipe, Google's SwiftShader, Windows'
    /// "Microsoft Basic Render Driver" and "GDI Generic", macOS's "Apple Software Renderer".
    static let softwareRasterisers = [
        "llvmpipe", "softpipe", "software rasterizer", "swrast", "lavapipe", "swiftshader",
        "microsoft basic render driver", "gdi generic", "apple software renderer", "software renderer",
    ]

    /// Whether `glRenderer` (a GL_RENDERER string) names a software rasteriser.
    public static func isSoftwareRasteriser(_ glRenderer: String) -> Bool {
        let name = glRenderer.lowercased()
        return softwareRasterisers.contains { name.contains($0) }
    }

    /// The renderer for a machine whose OpenGL context reports `glRenderer` (nil: no context could
    /// be made), and why, as printed at start.
    public static func choose(glRenderer: String?) -> (RendererChoice, reason: String) {
        let override = " (override with --renderer)"
        guard let raw = glRenderer else {
            return (.software, "software: no OpenGL context could be created here" + override)
        }
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty { return (.software, "software: OpenGL does not name its device" + override) }
        if isSoftwareRasteriser(name) {
            return (.software, "software: the only OpenGL here is '\(name)' (a software rasteriser)" + override)
        }
        return (.opengl, "opengl: GL_RENDERER is '\(name)' (a GPU)" + override)
    }

    /// Why software, without a probe, when this machine plainly has no GPU: on Linux every GPU
    /// driver shows a device node (DRM's /dev/dri, NVIDIA's /dev/nvidia*, WSL's /dev/dxg), and an
    /// OpenGL context without one can only be a software rasteriser, costly to start just to ask.
    /// Nil when there may be a GPU (then probe).
    public static func withoutGPUDevice() -> (RendererChoice, reason: String)? {
        #if os(Linux)
        let fm = FileManager.default
        let dri = (try? fm.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        guard dri.isEmpty, !fm.fileExists(atPath: "/dev/nvidia0"), !fm.fileExists(atPath: "/dev/dxg") else { return nil }
        return (.software, "software: no GPU device here (no /dev/dri, /dev/nvidia0 or /dev/dxg) (override with --renderer)")
        #else
        return nil
        #endif
    }
}

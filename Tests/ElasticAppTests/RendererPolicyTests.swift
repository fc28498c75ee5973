import CSDL2
import ElasticCore
@testable import ElasticSDL
import Foundation
import Testing

/// `--renderer auto`: OpenGL on a GPU, software on a software rasteriser, through the pure
/// decision with device names as drivers report them (there is no GPU here to ask).
@Suite("renderer policy: auto picks the GPU where there is one")
struct RendererPolicyTests {
    static let gpus = [
        "NVIDIA GeForce RTX 3080/PCIe/SSE2",
        "NVIDIA GeForce GTX 1060 6GB/PCIe/SSE2",
        "AMD Radeon RX 6800 XT (navi21, LLVM 15.0.7, DRM 3.49, 6.1.0-13-amd64)",
        "AMD Radeon Pro 5500M OpenGL Engine",
        "Mesa Intel(R) UHD Graphics 620 (KBL GT2)",
        "Intel(R) Iris(R) Xe Graphics",
        "Apple M1",
        "Apple M2 Max",
        "Mali-G78",
        "Mali-G610 (Panfrost)",
        "Adreno (TM) 650",
        "FD618",
        "D3D12 (NVIDIA GeForce RTX 3060 Laptop GPU)",
    ]

    static let softwareRasterisers = [
        "llvmpipe (LLVM 15.0.6, 256 bits)",
        "llvmpipe",
        "softpipe",
        "Software Rasterizer",
        "Mesa X11 swrast",
        "Google SwiftShader",
        "SwiftShader Device (Subzero) (0x0000C0DE)",
        "Microsoft Basic Render Driver",
        "GDI Generic",
        "Apple Software Renderer",
        "lavapipe",
    ]

    @Test("hardware devices → opengl, and the reason names the device", arguments: gpus)
    func gpu(name: String) {
        let (choice, reason) = RendererPolicy.choose(glRenderer: name)
        #expect(choice == .opengl)
        #expect(reason.hasPrefix("opengl: GL_RENDERER is '\(name)' (a GPU)"))
    }

    @Test("software rasterisers → software, and the reason names them", arguments: softwareRasterisers)
    func softwareRasteriser(name: String) {
        let (choice, reason) = RendererPolicy.choose(glRenderer: name)
        #expect(choice == .software)
        #expect(reason.hasPrefix("software: the only OpenGL here is '\(name)' (a software rasteriser)"))
    }

    @Test("no context, or one that names nothing → software")
    func noOpenGL() {
        for name in [nil, "", "  \n"] as [String?] {
            let (choice, reason) = RendererPolicy.choose(glRenderer: name)
            #expect(choice == .software, "\(String(describing: name))")
            #expect(reason.hasPrefix("software: "))
        }
    }

    @Test("headless auto here: software, saying why, and the run works")
    func headlessAuto() async throws {
        let run = try await ElasticBinary.run(["play", "--headless", "--window", "320x240", "--frames", "2"])
        #expect(run.status == 0, "\(run.stderr)")
        // This machine has no GPU: software, with the policy's reason (the probe's or the device check's).
        #expect(run.stderr.contains("renderer software (software: "), "\(run.stderr)")
    }
}

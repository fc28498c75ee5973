/// One way to draw: a renderer, and for software, how its frames are shown. The SDL shell tries
/// them in order (`RendererSetup`); which to try, and what to say when none works, needs no SDL.
public enum RendererPath: Equatable, Sendable {
    case direct(RendererChoice)
    case softwareThrough(String)

    public var choice: RendererChoice {
        if case let .direct(c) = self { return c }
        return .software
    }

    public var label: String {
        switch self {
        case .direct(.software): "software into the window framebuffer"
        case let .direct(c): c.rawValue
        case let .softwareThrough(d): "software shown through a texture of the \(d) renderer"
        }
    }

    /// The ways to try for `choice`, in order: software first into the window's framebuffer, then
    /// through a texture of GLES2 (the lighter context) or OpenGL.
    public static func paths(for choice: RendererChoice) -> [RendererPath] {
        switch choice {
        case .software: [.direct(.software), .softwareThrough("opengles2"), .softwareThrough("opengl")]
        case .opengl, .opengles2: [.direct(choice)]
        case .auto: paths(for: .software) + [.direct(.opengl), .direct(.opengles2)]
        }
    }

    /// The ways `--renderer auto` tries after `preferred` (the policy's pick) fails: every other one.
    public static func autoPaths(preferring preferred: RendererChoice) -> [RendererPath] {
        let first = paths(for: preferred)
        return first + paths(for: .auto).filter { !first.contains($0) }
    }

    /// Why no renderer could be made, and what is left to try.
    public static func failureMessage(_ failures: [String], videoDriver: String, explicit: RendererChoice?) -> String {
        var text = "cannot draw on the \(videoDriver) video driver; tried " + failures.joined(separator: "; ")
        if let explicit {
            let others = paths(for: .auto).filter { $0.choice != explicit }.map(\.choice.rawValue)
            var seen: [String] = []
            for o in others where !seen.contains(o) { seen.append(o) }
            text += ". Try --renderer auto (tries \(seen.joined(separator: ", ")) too)"
            text += ", " + otherDrivers(than: videoDriver) + ", or --headless"
        } else {
            text += ". Try " + otherDrivers(than: videoDriver) + ", or --headless"
        }
        return text
    }

    /// The other windowing video driver to suggest.
    public static func otherDrivers(than videoDriver: String) -> String {
        switch videoDriver {
        case "x11": "the Wayland video driver (SDL_VIDEODRIVER=wayland)"
        case "wayland": "the X11 video driver (SDL_VIDEODRIVER=x11)"
        default: "another video driver (SDL_VIDEODRIVER=x11 or wayland)"
        }
    }
}

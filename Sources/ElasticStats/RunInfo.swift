/// What a run was measured on: written at the top of a stats file so two files can be compared
/// knowing what differed (vsync flags are not always truthful, so both requested and in effect).
public struct RunInfo: Sendable, Equatable {
    /// The SDL renderer's name (e.g. "opengl"), or "headless".
    public var renderer: String
    /// The SDL video driver (e.g. "x11", "wayland", "dummy").
    public var videoDriver: String
    public var vsyncRequested: Bool
    /// What the renderer reports; nil when it cannot say.
    public var vsyncInEffect: Bool?
    /// The display's refresh rate in Hz; nil when unknown.
    public var refreshRate: Double?
    public var windowWidth: Int
    public var windowHeight: Int
    /// The drawable size in pixels (differs from the window size on high-DPI displays).
    public var outputWidth: Int
    public var outputHeight: Int
    /// Fixed simulation steps per second.
    public var stepRate: Double
    /// "debug" or "release".
    public var build: String
    public var headless: Bool
    /// The simulated display rate of a headless run; nil for a real display.
    public var simulatedFPS: Double?
    /// The program's version.
    public var version: String
    /// The GPU's name as the graphics API reports it (OpenGL's GL_RENDERER, Vulkan's
    /// deviceName); nil when unknown. MangoHud's `gpu` field.
    public var gpuName: String?
    /// The graphics driver and its version (e.g. OpenGL's GL_VERSION); nil when unknown.
    /// MangoHud's `driver` field.
    public var graphicsDriver: String?
    public var pacing: String?

    public init(
        renderer: String, videoDriver: String, vsyncRequested: Bool, vsyncInEffect: Bool?,
        refreshRate: Double?, windowWidth: Int, windowHeight: Int, outputWidth: Int, outputHeight: Int,
        stepRate: Double, build: String, headless: Bool, simulatedFPS: Double?, version: String,
        gpuName: String? = nil, graphicsDriver: String? = nil,
        pacing: String? = nil
    ) {
        self.renderer = renderer
        self.videoDriver = videoDriver
        self.vsyncRequested = vsyncRequested
        self.vsyncInEffect = vsyncInEffect
        self.refreshRate = refreshRate
        self.windowWidth = windowWidth
        self.windowHeight = windowHeight
        self.outputWidth = outputWidth
        self.outputHeight = outputHeight
        self.stepRate = stepRate
        self.build = build
        self.headless = headless
        self.simulatedFPS = simulatedFPS
        self.version = version
        self.gpuName = gpuName
        self.graphicsDriver = graphicsDriver
        self.pacing = pacing
    }

    /// "debug" or "release", as this binary was compiled.
    public static var currentBuild: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }
}

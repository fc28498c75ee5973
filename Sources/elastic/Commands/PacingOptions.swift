import ArgumentParser

/// `--fps-limit`: a frame-rate cap of the user's own, as MangoHud's `fps_limit`.
struct PacingOptions: ParsableArguments {
    @Option(name: .customLong("fps-limit"), parsing: .unconditional,
            help: ArgumentHelp("Cap live frames at HZ per second with the loop's own timer (0 = unlimited). Without it the loop paces to the display: vsync where it holds, else a timer at the display's rate (60 Hz when unknown); --no-vsync runs unpaced.",
                               valueName: "HZ"))
    var fpsLimit: Double = 0

    func validate() throws {
        guard fpsLimit.isFinite, fpsLimit == 0 || (fpsLimit >= 1 && fpsLimit <= 1000) else {
            throw ValidationError("--fps-limit must be 0 (unlimited) or between 1 and 1000 frames per second (got \(fpsLimit))")
        }
    }
}

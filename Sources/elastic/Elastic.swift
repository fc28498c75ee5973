import ArgumentParser

@main
struct Elastic: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "elastic",
        abstract: "Elastic Bézier animations from iOS apps, as a real-time desktop demo.",
        discussion: """
            Scenes: wave-pull, gooey-menu, jelly-block, sticky-refresh, wave-balls.
            Run `elastic play` for the full-screen demo (Esc quits), `elastic bench` to benchmark this machine, or `elastic help play`.
            """,
        version: version,
        subcommands: [PlayCommand.self, BenchCommand.self, StatsCommand.self, SpringCommand.self, SoakCommand.self]
    )

    /// The program's own start, before argument parsing, for the start-up figure (ProcessClock).
    static func main() {
        ProcessClock.markStart()
        main(nil)
    }
}

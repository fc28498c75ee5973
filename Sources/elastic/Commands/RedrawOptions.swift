import ArgumentParser
import ElasticCore
import ElasticSDL

extension RedrawChoice: ExpressibleByArgument {}

/// `elastic play --redraw all|damage`, as an option group of its own.
struct RedrawOptions: ParsableArguments {
    @Option(help: ArgumentHelp("What each frame redraws: damage (what changed, the default) or all (every output pixel cleared, drawn and presented every frame, as a first frame is: for benchmarks of whole frames and to check damage against).",
                               valueName: "all|damage"))
    var redraw: RedrawChoice = .damage
}

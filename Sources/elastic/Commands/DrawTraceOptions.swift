import ArgumentParser

/// `elastic play --trace-draw FILE.jsonl`, as an option group of its own.
struct DrawTraceOptions: ParsableArguments {
    @Option(name: .customLong("trace-draw"),
            help: ArgumentHelp("Write every frame's drawing as JSON Lines: the shapes (paths of lines, quadratics and arcs, strokes, rectangles, labels) in output pixels, colours and the damaged rectangles, for other rasterizers to draw the same frames (scripts/compare-peers.py).", valueName: "FILE.jsonl"))
    var traceDraw: String?
}

import ElasticCore

/// The scenes of the demo, in the order keys 1–5 and Tab cycle through them.
public enum SceneCatalog {
    public struct Entry: Sendable {
        public let name: String
        public let make: @Sendable (Size) -> any Scene
    }

    public static let all: [Entry] = [
        Entry(name: WavePull.name) { WavePull(size: $0) },
        Entry(name: GooeyMenu.name) { GooeyMenu(size: $0) },
        Entry(name: JellyBlock.name) { JellyBlock(size: $0) },
        Entry(name: StickyRefresh.name) { StickyRefresh(size: $0) },
        Entry(name: WaveBalls.name) { WaveBalls(size: $0) },
    ]

    public static var names: [String] { all.map(\.name) }

    public static func entry(named name: String) -> Entry? { all.first { $0.name == name } }
}

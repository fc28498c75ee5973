/// Rendered labels kept between frames, so a label drawn every frame is rendered once: one per
/// text, pixel size and colour without its alpha (alpha is applied when drawn, so a fading label
/// keeps one). Every `lifetime` frames, the labels unused for more than `lifetime` frames are
/// released, so text that stops being drawn does not hold its texture for the rest of the run.
public struct LabelCache<Label> {
    public struct Key: Hashable {
        public let text: String
        public let pixelSize: Int
        public let color: RGBA

        /// The key of `item` drawn at `pixelSize`: its colour made opaque.
        @inlinable
        public init(_ item: TextItem, pixelSize: Int) {
            (text, self.pixelSize) = (item.text, pixelSize)
            color = RGBA(item.color.r, item.color.g, item.color.b, 255)
        }
    }

    public let lifetime: Int
    // Inlinable, so the front end's module specialises the cache for its labels instead of
    // going through generic witnesses on every draw.
    @usableFromInline var entries: [Key: (label: Label, lastUsed: Int)] = [:]
    @usableFromInline var frame = 0

    public init(lifetime: Int = 120) {
        precondition(lifetime > 0, "a label must live at least one frame")
        self.lifetime = lifetime
    }

    /// How many labels are kept.
    @inlinable
    public var count: Int { entries.count }

    @inlinable
    public mutating func beginFrame() { frame += 1 }

    /// The label for `key`, rendered by `render` when none is kept (nil: it could not be, and
    /// nothing is kept), marked as used this frame.
    @inlinable
    public mutating func label(for key: Key, render: () -> Label?) -> Label? {
        // A kept label (every frame, for each label drawn) is found and marked with one lookup.
        if let index = entries.index(forKey: key) {
            entries.values[index].lastUsed = frame
            return entries.values[index].label
        }
        guard let label = render() else { return nil }
        entries[key] = (label, frame)
        return label
    }

    /// On every `lifetime`-th frame, hands each label unused for more than `lifetime` frames to
    /// `release` and forgets it.
    @inlinable
    public mutating func endFrame(release: (Label) -> Void) {
        guard frame % lifetime == 0 else { return }
        for (key, entry) in entries where frame - entry.lastUsed > lifetime {
            release(entry.label)
            entries.removeValue(forKey: key)
        }
    }

    /// Hands every label to `release` and forgets them all.
    @inlinable
    public mutating func removeAll(release: (Label) -> Void) {
        for entry in entries.values { release(entry.label) }
        entries.removeAll()
    }
}

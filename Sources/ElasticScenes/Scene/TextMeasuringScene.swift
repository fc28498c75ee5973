import ElasticCore

/// A scene that lays out around its labels (a label centred with an icon beside it) and so needs
/// their width as the front end's font draws them. The frame driver hands it a measure.
public protocol TextMeasuringScene: Scene {
    /// The width of `text` at `size`, both in scene points; nil when nothing can measure (no
    /// font, no window), and the scene estimates.
    var textWidth: ((_ text: String, _ size: Double) -> Double?)? { get set }
}

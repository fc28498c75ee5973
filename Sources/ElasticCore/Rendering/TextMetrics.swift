/// What is known of a label's width where no font can measure it: the one place every layer's
/// estimate comes from. The front ends draw DejaVu Sans; these figures are its, over the labels
/// drawn here, in the units of `size` (points or pixels alike).
public enum TextMetrics {
    /// About what the label measures: DejaVu Sans averages about 0.55 em a character over these
    /// labels. For laying out (centring a label and its icon) when nothing can measure.
    public static func typicalWidth(_ text: String, size: Double) -> Double {
        0.55 * size * Double(text.count)
    }

    /// At or above what most of these labels measure (0.65 em a character; a short label of wide
    /// capitals can pass it by a few points, which `ContentArea`'s margin covers): for the areas
    /// overlays keep clear of, where too wide costs a little room and too narrow puts a caption
    /// over a word.
    public static func generousWidth(_ text: String, size: Double) -> Double {
        0.65 * size * Double(text.count)
    }

    /// More than any text can measure, whatever its characters: an em for each and one more. For
    /// the pixels a label may touch (damage), where too narrow leaves stale pixels on screen.
    public static func boundingWidth(_ text: String, size: Double) -> Double {
        size * Double(text.unicodeScalars.count + 1)
    }
}

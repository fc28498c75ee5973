import ElasticCore

/// What the compositor needs from the owner of the buffer it draws into, beyond the buffer itself
/// (`Compositor.begin`): the labels, rendered to pixels (a font is the owner's), before they are
/// blended.
public protocol CompositorHost: AnyObject {
    /// The label of `item` at the frame's scale (`Compositor.scale`), as pixels the compositor
    /// blends into its buffer; nil when it is not drawn (no font), an empty image when it lies
    /// wholly outside the output.
    func labelImage(_ item: TextItem) -> LabelImage?
}

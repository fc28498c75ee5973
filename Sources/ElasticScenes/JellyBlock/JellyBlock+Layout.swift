import ElasticCore

extension JellyBlock {
    /// The Start button and the block's column, top to bottom: it travels between the ends and
    /// can be dragged and flung past them.
    public func appendContentAreas(to areas: inout [Rect]) {
        areas.append(controlRect)
        let w = JellyBlock.blockSize.width
        areas.append(Rect(x: size.width / 2 - w / 2, y: 0, width: w, height: size.height))
    }
}

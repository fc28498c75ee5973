import ElasticCore

extension WaveBalls {
    /// The status bar, the list of cards (with the wave and balls above it) and the navigation
    /// bar's title. The navigation bar's sides are free.
    public func appendContentAreas(to areas: inout [Rect]) {
        let status = WaveBalls.statusBarHeight, header = WaveBalls.headerHeight
        areas.append(Rect(x: 0, y: 0, width: size.width, height: status))
        areas.append(Rect(x: 0, y: header, width: size.width, height: max(size.height - header, 0)))
        areas.append(ContentArea.centredText("News", at: Vec2(size.width / 2, status + WaveBalls.navBarHeight / 2), size: 18))
    }
}

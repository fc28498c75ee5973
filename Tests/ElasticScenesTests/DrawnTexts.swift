import ElasticCore
import ElasticScenes

/// The labels `scene` draws at its latest step.
func drawnTexts(_ scene: some Scene) -> [TextItem] {
    var list = DrawList()
    var tess = Tessellator()
    scene.draw(into: &list, tessellator: &tess, alpha: 1)
    return list.texts
}

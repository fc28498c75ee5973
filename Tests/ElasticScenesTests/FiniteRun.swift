import ElasticCore
import ElasticScenes
import Testing

/// Steps `scene` `steps` times by `dt`, drawing every `drawEvery`th step at `alpha`, and checks
/// after each step that every entity sits at finite coordinates.
func expectFiniteRun(_ scene: some Scene, steps: Int, dt: Double, drawEvery: Int, alpha: Double,
                     sourceLocation: SourceLocation = #_sourceLocation) {
    var list = DrawList()
    var tess = Tessellator()
    for i in 0..<steps {
        scene.step(dt: dt)
        if i % drawEvery == 0 { list.removeAll(); scene.draw(into: &list, tessellator: &tess, alpha: alpha) }
        for r in 0..<scene.world.count {
            #expect(scene.world.positionX[r].isFinite && scene.world.positionY[r].isFinite, "step \(i)",
                    sourceLocation: sourceLocation)
        }
    }
}

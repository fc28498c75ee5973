import ElasticCore

/// A scene: the entities of one effect, how input moves them, and how they are drawn.
///
/// The game loop calls, per frame: `handle` for each input event (at the fixed step it falls on),
/// `step` once per fixed step, then `draw` once with the interpolation factor. Scenes never see
/// SDL: they read input events and write a `DrawList`.
public protocol Scene: AnyObject {
    /// The scene's command-line name (`wave-pull`, …).
    static var name: String { get }
    /// A short human title for the on-screen hint.
    var title: String { get }
    /// What the Space key does in this scene, as a short phrase for the key hint ("pluck the wave").
    var spaceAction: String { get }
    /// The scene's spring entities (traced by name, shown in the HUD).
    var world: World { get }
    /// Simulated time in seconds: fixed steps taken × dt.
    var time: Double { get }

    /// Lays the scene out for a new window size (points). Called before the first step.
    func resize(to size: Size)
    /// Applies one input event.
    func handle(_ event: InputEvent)
    /// Advances the simulation by one fixed step of `dt` seconds.
    func step(dt: Double)
    /// Draws the state `alpha` (0…1) of the way from the previous step to the latest one.
    func draw(into list: inout DrawList, tessellator: inout Tessellator, alpha: Double)
    /// True when nothing moves and no input is held: the frame would look the same as the last.
    var isIdle: Bool { get }
    /// Things the scene wants the user told (a menu button tapped, a refresh finished).
    /// The loop prints and clears them.
    var reports: [String] { get set }

    /// The spring the scene is known by (wave-pull's release, jelly-block's block, …): the one
    /// live tuning changes.
    var mainSpring: SpringParameters { get }
    /// Replaces the main spring: entities on it now follow the new one from where they are
    /// (position, velocity and target kept), and motion started later uses it.
    func setMainSpring(_ spring: SpringParameters)

    /// Appends the areas (points) where the scene shows content or controls in its current layout,
    /// including everywhere its moving parts travel, so the loop's overlays (key hint, toasts)
    /// keep out of them. Called per frame while an overlay shows; appends to a reused buffer.
    func appendContentAreas(to areas: inout [Rect])
}

extension Scene {
    /// A scene that declares nothing leaves the overlays where they prefer to be.
    public func appendContentAreas(to areas: inout [Rect]) {}
}

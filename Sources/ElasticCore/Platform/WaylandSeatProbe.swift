import Foundation

/// SDL 2.26's Wayland driver dereferences the compositor's seat during `SDL_Init` and crashes
/// (a null pointer) when there is none (a headless compositor, a kiosk without input). Before SDL
/// starts, this asks the compositor SDL would use for its globals through libwayland-client
/// (loaded at run time, so the program does not need it elsewhere) and reports a missing `wl_seat`.
public enum WaylandSeatProbe {
    /// Whether SDL would try the Wayland driver first in this environment: asked for by
    /// SDL_VIDEODRIVER, or the only display there is (SDL 2 tries X11 before Wayland).
    public static func sdlWouldUseWayland(_ env: [String: String]) -> Bool {
        if let wanted = env["SDL_VIDEODRIVER"], !wanted.isEmpty {
            return wanted.lowercased().split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } == "wayland"
        }
        return (env["DISPLAY"] ?? "").isEmpty
    }

    public enum Result: Equatable { case seat, noSeat, unknown }

    /// Lists the globals of the Wayland display SDL would connect to (WAYLAND_DISPLAY, else
    /// wayland-0) and says whether one is a `wl_seat`; unknown when libwayland-client or the
    /// display cannot be reached (then SDL will not get far enough to crash either).
    public static func check() -> Result {
        guard let lib = dlopen("libwayland-client.so.0", RTLD_NOW | RTLD_LOCAL) else { return .unknown }
        defer { dlclose(lib) }
        typealias Connect = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
        typealias Disconnect = @convention(c) (OpaquePointer) -> Void
        typealias Roundtrip = @convention(c) (OpaquePointer) -> Int32
        typealias MarshalConstructor = @convention(c) (OpaquePointer, UInt32, UnsafeMutableRawPointer?, UnsafeRawPointer) -> OpaquePointer?
        typealias AddListener = @convention(c) (OpaquePointer, UnsafeMutableRawPointer, UnsafeMutableRawPointer?) -> Int32
        typealias Destroy = @convention(c) (OpaquePointer) -> Void
        func symbol<T>(_ name: String, _: T.Type) -> T? { dlsym(lib, name).map { unsafeBitCast($0, to: T.self) } }
        guard let connect = symbol("wl_display_connect", Connect.self),
              let disconnect = symbol("wl_display_disconnect", Disconnect.self),
              let roundtrip = symbol("wl_display_roundtrip", Roundtrip.self),
              let marshal = symbol("wl_proxy_marshal_array_constructor", MarshalConstructor.self),
              let addListener = symbol("wl_proxy_add_listener", AddListener.self),
              let destroy = symbol("wl_proxy_destroy", Destroy.self),
              let registryInterface = dlsym(lib, "wl_registry_interface") else { return .unknown }
        guard let display = connect(nil) else { return .unknown }
        defer { disconnect(display) }
        // wl_display.get_registry (opcode 1) with one argument, the new registry's id.
        var newID: UInt64 = 0
        guard let registry = marshal(display, 1, &newID, registryInterface) else { return .unknown }
        defer { destroy(registry) }
        typealias Global = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UInt32, UnsafePointer<CChar>?, UInt32) -> Void
        typealias GlobalRemove = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UInt32) -> Void
        let onGlobal: Global = { data, _, _, interface, _ in
            guard let data, let interface, strcmp(interface, "wl_seat") == 0 else { return }
            data.storeBytes(of: true, as: Bool.self)
        }
        let onRemove: GlobalRemove = { _, _, _ in }
        // struct wl_registry_listener { global; global_remove; }: two function pointers.
        let listener = UnsafeMutablePointer<UnsafeRawPointer>.allocate(capacity: 2)
        defer { listener.deallocate() }
        listener[0] = unsafeBitCast(onGlobal, to: UnsafeRawPointer.self)
        listener[1] = unsafeBitCast(onRemove, to: UnsafeRawPointer.self)
        let found = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
        defer { found.deallocate() }
        found.pointee = false
        guard addListener(registry, UnsafeMutableRawPointer(listener), UnsafeMutableRawPointer(found)) == 0,
              roundtrip(display) >= 0 else { return .unknown }
        return found.pointee ? .seat : .noSeat
    }

    /// What to do before `SDL_Init`: nil to go on, or the reason SDL's Wayland driver must not be
    /// started. With an X11 display too, SDL_VIDEODRIVER is switched to x11 and the message says so.
    public static func guardAgainstMissingSeat() -> (message: String, fellBack: Bool)? {
        let env = ProcessInfo.processInfo.environment
        guard sdlWouldUseWayland(env), check() == .noSeat else { return nil }
        let where_ = env["WAYLAND_DISPLAY"].map { "the Wayland compositor at \($0)" } ?? "the Wayland compositor"
        let why = "\(where_) offers no seat (no wl_seat: no keyboard, pointer or touch), and SDL 2.26's Wayland driver crashes without one"
        if let x = env["DISPLAY"], !x.isEmpty {
            setenv("SDL_VIDEODRIVER", "x11", 1)
            return ("elastic: \(why): using the X11 display \(x) instead", true)
        }
        return ("\(why); run under a compositor with input, on X11 (SDL_VIDEODRIVER=x11 with DISPLAY set), or with --headless", false)
    }
}

/// How a route that mounts a ``Routable`` type reads the rest of a link: the mounted table, and
/// how to build its route into memory the mounting route's decode provides.
///
/// Not generic, and kept under the mounted type itself (``TableCache/Kind/mountedMatcher``):
/// the decode that needs the mounted value has only its type at hand, and reaching the mounted
/// table from there looks up no generic type's metadata (`Result<Route, …>`, `Route?`,
/// `Router<Route>`, each a lookup in the runtime's cache of generic types, which a process with
/// many route types makes slower), nor casts the built value from `Any`. Each type's matcher
/// is of a private subclass that builds the plain path's route as a value of the type
/// (``value(of:as:)``).
class MountedMatcher: @unchecked Sendable {
    // Unchecked: immutable; the closures capture only the mounted type's router, which is
    // `Sendable`.
    let table: RouteTable
    /// The mounted type.
    let type: ObjectIdentifier
    /// Builds the route `route` of the mounted table from the texts its labels bind into
    /// `destination`, uninitialized memory of the mounted type.
    private let build: (_ route: CompiledRoute, _ values: consuming BoundValueList, _ destination: UnsafeMutableRawPointer) throws(DecodeFailure) -> Void
    /// Destroys a value `build` initialized.
    private let destroy: (_ value: UnsafeMutableRawPointer) -> Void
    /// The mounted type's size and alignment, for ``error(for:)``.
    private let size: Int
    private let alignment: Int

    /// The matcher of `router`'s type, whose table `router` holds (its subclass's init).
    fileprivate init<Route: Routable>(_ router: Router<Route>) {
        table = router.table
        self.type = ObjectIdentifier(Route.self)
        build = { route, values, destination throws(DecodeFailure) in
            // Moved into the build, not copied (a copy retains each text, and the values are
            // destroyed twice).
            destination.initializeMemory(as: Route.self, to: try router.codec.build(route, consume values))
        }
        destroy = { value in value.assumingMemoryBound(to: Route.self).deinitialize(count: 1) }
        size = MemoryLayout<Route>.size
        alignment = MemoryLayout<Route>.alignment
    }

    /// The matcher of `type` when it is ``Routable``, made on its first use and then shared.
    static func of(_ type: Any.Type) -> MountedMatcher? {
        unretained(type)?.takeUnretainedValue()
    }

    /// The matcher of `type` when it is ``Routable``, unretained (matchers are kept for the
    /// process's life): what the plain path's record of a mounted route holds (``MountedHit``),
    /// with no retain and release a nested hit. The runtime is asked what the label's probe
    /// asked of the type (``_RouteLabelDeclaring``), whose answer it keeps; asking whether the
    /// type is ``Routable`` would be a question of its own, a scan of every conformance record
    /// of the process on a nested first use.
    static func unretained(_ type: Any.Type) -> Unmanaged<MountedMatcher>? {
        if let entry = TableCache.existingEntry(for: type, kind: .mountedMatcher) {
            return Unmanaged<MountedMatcher>.fromOpaque(entry.toOpaque())
        }
        guard let routable = (type as? any _RouteLabelDeclaring.Type)?._mountedRoutes else { return nil }
        return Unmanaged.passUnretained(routable.mountedMatcher)
    }

    /// The matcher of `type`, made on its first use and then shared.
    static func of<Route: Routable>(_ type: Route.Type) -> MountedMatcher {
        let entry = TableCache.entry(for: Route.self, kind: .mountedMatcher) { TypedMountedMatcher<Route>(Route.self) }
        return unsafeDowncast(entry, to: MountedMatcher.self)
    }

    /// Matches the rest of a link (from the mount's first segment, with the link's query and
    /// fragment) and builds its route into `destination`, uninitialized memory of the mounted
    /// type: `nil` when the route was built there (the caller then owns it), else why not
    /// (and the memory is left uninitialized).
    ///
    /// - Parameter told: A route of the table whose build refused the texts the plain path
    ///   found for it (see ``match(_:refused:into:)``), or `.left`.
    final func match(_ view: LinkView, told: PlainHit.Outcome = .left, into destination: UnsafeMutableRawPointer) -> RouteMatchError? {
        var built = false
        // `self` is not retained by the closure (it lives through this call): the walk, which
        // recurses with the closure's captures, would retain and release it at each level.
        let error = table.match(view, told: told) { [unowned(unsafe) self] route, values in
            do throws(DecodeFailure) {
                try build(route, consume values, destination)
                built = true
                return nil
            } catch {
                return error
            }
        }
        guard let error else { return built ? nil : .unbuilt }
        // The walk stops at the route built, so no error follows one; were one to, it wins.
        if built { destroy(destination) }
        return error
    }

    /// Builds route `route` of this matcher's table, which the plain path found in the rest of
    /// a link, from the texts its labels bind, `values`, as a `T`, which is the mounted type
    /// (the caller checked ``type``): returned, into the caller's memory for it, with none
    /// allocated. Throws what the build threw: the caller then has
    /// ``match(_:refused:failure:into:)`` decide.
    ///
    /// Each type's matcher overrides it; the base class's, never called, builds nothing.
    func value<T>(route: Int, values: consuming BoundValueList, as type: T.Type) throws(DecodeFailure) -> T {
        throw RouteDecoder.refusal
    }

    /// What follows when the build of route `route`, which the plain path found in the rest of
    /// a link, refused its texts with `failure`: the table's walk goes on from that route (not
    /// built again) over the rest, `rest` (read again as the mounting table reads the link),
    /// and decides, as ``match(_:told:into:)`` does: `nil` when another route was built into
    /// `destination`, else why none.
    final func match(
        _ rest: () throws(RouteMatchError) -> LinkView, refused route: Int, failure: DecodeFailure,
        into destination: UnsafeMutableRawPointer
    ) -> RouteMatchError? {
        let view: LinkView
        do throws(RouteMatchError) {
            // The plain path read the link under this table, so it reads again.
            view = try rest()
        } catch {
            return error
        }
        return match(view, told: .refused(PlainHit.Tried(route: route, failure: failure)), into: destination)
    }

    /// Why the rest of a link matches no route of the mounted table, or `nil` when it does (the
    /// route it builds is dropped).
    final func error(for view: LinkView) -> RouteMatchError? {
        let destination = UnsafeMutableRawPointer.allocate(byteCount: max(size, 1), alignment: alignment)
        defer { destination.deallocate() }
        if let error = match(view, into: destination) { return error }
        destroy(destination)
        return nil
    }
}

extension Routable {
    /// How a route that mounts this type reads the rest of a link.
    static var mountedMatcher: MountedMatcher { MountedMatcher.of(Self.self) }
}

/// The matcher of one mounted type, `Route`.
private final class TypedMountedMatcher<Route: Routable>: MountedMatcher, @unchecked Sendable {
    // Unchecked: immutable; the codec's closures capture only the mounted type's router.
    private let codec: RouteCodec<Route>

    init(_ type: Route.Type) {
        let router = Route.mountedRouter
        codec = router.codec
        super.init(router)
    }

    override func value<T>(route: Int, values: consuming BoundValueList, as type: T.Type) throws(DecodeFailure) -> T {
        // `T` is `Route` (the caller compared the two types): the cast moves the value, which
        // the codec builds as the base class's `build` does into memory.
        // (The route is retained for the build: lent through a closure, as the plain path
        // lends it, this generic method ran some 75 instructions more, the values moved through
        // an optional and the build's failure through an untyped `rethrows`.)
        unsafeBitCast(try codec.build(table.routes[route], consume values), to: T.self)
    }
}

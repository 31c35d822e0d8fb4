/// A ``Routable`` type mounted under another's case: `case settings(SettingsRoute)` with
/// `case settings = "settings/${_0...}"`. The mounted type's table is compiled relative to the
/// path where it is mounted (its own scheme, host and origins are not used there), built once
/// and shared; the type still works on its own through ``Routable/router``.
extension Routable {
    /// The type's table as it reads links when mounted.
    static var mountedRouter: Router<Self> {
        TableCache.table(for: MountedTable<Self>.self, as: Router<Self>.self) { Router<Self>(Self.self, mounted: true) }
    }

    static var mountedTable: RouteTable { mountedRouter.table }

    /// Matches the rest of a link (from the mount's first segment, with the link's query and
    /// fragment) against the mounted table.
    static func matchMounted(_ view: LinkView) -> Result<Any, RouteMatchError> {
        let router = mountedRouter
        return router.table.match(view) { route, values throws(DecodeFailure) in try router.codec.build(route, values) }
            .map { $0 as Any }
    }

    /// The value's path segments, query items and fragment as the mounted table writes them.
    func mountedParts() -> Result<LinkRenderer.Parts, RouteMatchError> {
        Self.mountedRouter.parts(for: self)
    }

    /// A value of the type, for probing the route that mounts it: its first case that the
    /// probe can build.
    static func sampleRoute() -> Any? {
        // A type that holds itself (`case folder(Folder)`) is sampled by another case.
        let id = ObjectIdentifier(Self.self)
        guard !Mounting.sampling.contains(id) else { return nil }
        return Mounting.$sampling.withValue(Mounting.sampling + [id]) { () -> Any? in
            for key in CodingKeys.allCases {
                let shape = ShapeProbe.probe(Self.self, caseKey: CaseKey(text: key.rawValue, value: key))
                if shape.problem == nil, let value = shape.value { return value }
            }
            return nil
        }
    }
}

/// The cache key of a type's mounted table.
enum MountedTable<Route> {}

/// The mounted types whose tables are being built, innermost last: a type mounted inside its
/// own table is a definition problem, not an endless build.
enum Mounting {
    @TaskLocal static var building: [ObjectIdentifier] = []
    /// The route types whose sample value is being made, innermost last.
    @TaskLocal static var sampling: [ObjectIdentifier] = []
}

extension Router {
    /// The value's parts, for the table that mounts this one.
    func parts(for value: Route) -> Result<LinkRenderer.Parts, RouteMatchError> {
        if let error = table.definitionError() { return .failure(error) }
        switch codec.encode(value, table) {
        case .success(let encoded):
            return LinkRenderer.parts(route: table.routes[encoded.index], texts: encoded.texts, mounted: encoded.mounted)
        case .failure(let error):
            return .failure(error)
        }
    }
}

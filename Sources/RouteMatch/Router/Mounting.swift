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

    /// The path segments, query items and fragment the mounted table writes for `value`, a
    /// value of this type (whose ``_RouteLabelDeclaring/_mountedRoutes`` named it): cast to
    /// the type itself, which asks the runtime no conformance. `nil` for a value of another
    /// type.
    static func mountedParts(of value: Any) throws(RouteMatchError) -> LinkRenderer.Parts? {
        guard let route = value as? Self else { return nil }
        return try mountedRouter.parts(for: route)
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
                if shape.problem == nil, case .made(let value) = shape.sample { return value }
            }
            return nil
        }
    }
}

/// The cache key of a type's mounted table.
enum MountedTable<Route> {}

/// What mounting a table checks: that no mount leads back to the table that mounts it (an
/// endless match, an endless sample), and the mounted table's own pattern problems.
enum Mounting {
    /// The route types whose routes are being learned, innermost last: learning a route that
    /// mounts a type learns that type's mounting routes in turn, and a type met twice on
    /// that path mounts itself.
    @TaskLocal static var learning: [ObjectIdentifier] = []
    /// The route types whose sample value is being made, innermost last.
    @TaskLocal static var sampling: [ObjectIdentifier] = []

    /// The problems of mounting `mount` under label `label` of route `reference` (of type
    /// `owner`): a mount that leads back to a type on the way is `mountsItself`; otherwise
    /// the mounted table's pattern problems, named by the path of mounts that leads to them.
    static func problems(
        of mount: Mount, label: String, type: String, span: Range<Int>, under reference: RouteReference,
        owner: RouteOwner?
    ) -> [DefinitionProblem] {
        let path = learning + (owner.map { [ObjectIdentifier($0.type)] } ?? [])
        let id = ObjectIdentifier(mount.type)
        let cycle = path.contains(id) || $learning.withValue(path) { leadsBack(to: path, from: mount.type) }
        if cycle {
            return [DefinitionProblem(
                route: reference, reason: .unsupportedType(label: label, type: type, problem: .mountsItself), span: span)]
        }
        return mount.table.problems.map { $0.mounted(under: reference, span: span) }
    }

    /// Whether a route of `type` that captures the rest of the path mounts a type of `targets`,
    /// directly or through the types it mounts. Learns those routes (only those). (Arrays, not
    /// sets: ``Swift/Array/appendIfAbsent(_:)``.)
    private static func leadsBack(to targets: [ObjectIdentifier], from type: any Routable.Type) -> Bool {
        var visited: [ObjectIdentifier] = []
        func walk(_ type: any Routable.Type) -> Bool {
            guard visited.appendIfAbsent(ObjectIdentifier(type)) else { return false }
            for route in type.mountedTable.routes where route.ast.restSegment != nil {
                for label in route.labels {
                    guard let mounted = label.mount?.type else { continue }
                    if targets.contains(ObjectIdentifier(mounted)) || walk(mounted) { return true }
                }
            }
            return false
        }
        return walk(type)
    }
}

extension Router {
    /// The value's parts, for the table that mounts this one.
    func parts(for value: Route) throws(RouteMatchError) -> LinkRenderer.Parts {
        let (encoded, route) = try encoded(value)
        return try LinkRenderer.parts(route: route, texts: encoded.texts, mounted: encoded.mounted)
    }
}

/// What a route value renders with, label by label: each label's texts (`nil` for an absent
/// optional), the parts of a mounted table's route (a label whose value is itself
/// ``Routable``), and the first label that does not render as text.
///
/// One reading of a label's value for both ways a route renders: what a route type's
/// `encode(to:)` hands ``RouteEncoder``, and what a closure route's `render` closure returns
/// (``RouteValues``).
struct RenderedValues {
    /// A label and its texts; `nil` for `nil` (an absent optional).
    ///
    /// A structure, not a tuple, as in RouteMatch's other arrays a match, a render or a
    /// diagnostic makes: an array of tuples has the runtime build the tuple's type (and here
    /// `[String]?`) and the array's from their mangled names on the first use in a process
    /// (some 53,000 instructions for this one on a first render), where a structure's array is
    /// one type, built once.
    struct LabelTexts {
        let label: String
        let texts: [String]?
    }

    /// Each label's texts, in the order they came.
    private(set) var values: [LabelTexts] = []
    /// The first label that did not render as text.
    private(set) var problem: RenderFailure?
    /// The parts of a mounted table's route, the value of a label whose type is ``Routable``.
    private(set) var mounted: LinkRenderer.Parts?
    /// Every label whose value is ``Routable``, in the order they came: only the label a route
    /// mounts a table under may have one (``error(for:)``).
    private var routeLabels: [String] = []
    /// Why the first ``Routable`` value that cannot be rendered cannot.
    private var mountedError: RouteMatchError?

    /// Reads `value`, the value of label `label`: a ``Routable`` value renders with its own
    /// table (its path relative to the mount, and its query), anything else as text. A standard
    /// scalar is no route value: its type is known by identity, and the runtime is not asked
    /// what it declares (a scan of every conformance record on the first value of each type).
    /// Another type is asked what the probe of a label asks (``_RouteLabelDeclaring``), whose
    /// answer the runtime then keeps: a process that matched a link of the type and renders one
    /// asks once. A label its route learned as a list (`isList`, asked only of a value that is
    /// not a standard scalar) renders element by element, its `Array` type asked nothing, as the
    /// probe asks it nothing.
    mutating func add<T: Encodable>(_ value: T, label: String, isList: @autoclosure () -> Bool = false) {
        let standard = TextConversion.isStandardScalar(T.self)
        if !standard, isList() {
            return take(TextConversion.encodedTexts(of: value), label: label)
        }
        if !standard, let declaring = value as? any _RouteLabelDeclaring,
            let routes = type(of: declaring)._mountedRoutes {
            do throws(RouteMatchError) {
                // `nil` only for a type that names another route type than its own: written
                // as text, as any other value.
                if let parts = try routes.mountedParts(of: declaring) {
                    routeLabels.append(label)
                    mounted = parts
                    append(label, parts.segments)
                    return
                }
            } catch {
                routeLabels.append(label)
                mountedError = mountedError ?? error
                return
            }
        }
        take(TextConversion.texts(of: value), label: label)
    }

    /// Keeps label `label`'s texts, or its refusal.
    private mutating func take(_ texts: Result<[String], Refused<RouteMatchError.RenderProblem>>, label: String) {
        switch texts {
        case .success(let texts): append(label, texts)
        case .failure(let refused): refuse(label, refused.why)
        }
    }

    /// Label `label`'s value, a standard scalar, renders as `text`: what ``add(_:label:)``
    /// keeps for it.
    mutating func add(text: String, label: String) {
        append(label, [text])
    }

    /// Label `label` has no value (an absent optional).
    mutating func addAbsent(label: String) {
        append(label, nil)
    }

    /// Keeps label `label`'s texts; room for four labels made on the first (an array grown one
    /// label at a time is made again at its second and third).
    private mutating func append(_ label: String, _ texts: [String]?) {
        if values.capacity == 0 { values.reserveCapacity(4) }
        values.append(LabelTexts(label: label, texts: texts))
    }

    /// Label `label` does not render, for `why` (the first label kept).
    mutating func refuse(_ label: String, _ why: RouteMatchError.RenderProblem) {
        problem = problem ?? RenderFailure(label: label, problem: why)
    }

    /// Why the value does not render with `route`, or `nil`: the first label that does not
    /// render as text (``problem``, or a route value handed for a label of `route` that mounts
    /// no table: a closure's `render` may hand any value for any label, where a route type's
    /// `encode(to:)` writes what its `init(from:)` reads), else the mounted value's own error,
    /// its route named by its path of mounts under `route`.
    func error(for route: CompiledRoute) -> RouteMatchError? {
        if let problem { return problem.error(route: route) }
        // Each route value's label, whatever came before or after it (a route value that does
        // not render included: not being textual comes first).
        for label in routeLabels where route.labels.first(where: { $0.name == label })?.mount == nil {
            return RenderFailure(label: label, problem: .notTextual).error(route: route)
        }
        return mountedError?.mounted(under: route.reference)
    }

    /// The texts of label `label`: `nil` when the value has no such label, `.some(nil)` for an
    /// absent optional.
    func texts(for label: String) -> [String]?? {
        values.first { $0.label == label }.map { $0.texts }
    }
}

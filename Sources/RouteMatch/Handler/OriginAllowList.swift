/// The origins a fallback may receive links from, each `scheme://host[:port][/path-prefix]`,
/// read as a table reads its origins and compared with a link as a table compares them (the
/// host after the last `@`, case-insensitively, default ports dropped, the path prefix segment
/// by segment, no trailing-dot or look-alike leniency).
struct OriginAllowList: Sendable {
    private let origins: [Origin]
    private let order: [Int]
    /// An entry that is not an origin (or repeats one), pointing into the entry: reported by
    /// ``LinkHandler/validate()``, and the outcome of a link that reaches the fallback.
    let problems: [RouteMatchError.DefinitionProblem]

    init(_ declared: [String]) {
        (origins, problems) = Origin.parseAll(declared) { "fallback(allowing:)[\($0)]" }
        order = Origin.order(of: origins)
    }

    /// Whether `link` comes from one of the origins. A link with no scheme or no host comes
    /// from none, and neither does a link that does not read.
    func allows(_ link: String) -> Bool {
        guard !origins.isEmpty,
            var components = try? LinkReader.components(of: link, limits: MatchLimits()),
            components.scheme != nil, components.host != nil
        else { return false }
        return OriginMatch.resolve(&components, origins: origins, order: order, options: MatchOptions()).accepted
    }
}

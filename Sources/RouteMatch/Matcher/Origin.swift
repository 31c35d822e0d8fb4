/// One place a table's links come from: a scheme, a host (with its port when the port is not
/// the scheme's default) and a path prefix, as declared in ``Routable/origins``
/// (`"https://www.example.com/app"`) or by the ``Routable/scheme``/``Routable/host`` shorthand.
///
/// A class, immutable: a table keeps a few, and an array of a structure has the runtime build
/// the array's type on a process's first table (some 11,000 instructions, by callgrind), where
/// an array of objects has one type for every class.
final class Origin: Sendable {
    /// The origin as declared (`""` for the shorthand).
    let text: String
    /// The scheme, lower-cased; `nil` accepts any (the shorthand with `scheme == ""`).
    let scheme: String?
    /// The host, lower-cased, with `:port` for a port that is not the scheme's default.
    let host: String
    /// The path prefix's segments, percent-decoded.
    let prefix: [String]

    init(text: String, scheme: String?, host: String, prefix: [String]) {
        (self.text, self.scheme, self.host, self.prefix) = (text, scheme, host, prefix)
    }

    /// Whether a link with `scheme` (lower-cased) may come from this origin: its own scheme, or
    /// any for an origin without one.
    @inline(__always)
    func accepts(scheme other: String) -> Bool {
        guard let scheme else { return true }
        return scheme == other
    }

    /// Whether `other` names the same origin: the same scheme, host (with its port) and path
    /// prefix, however each was spelled.
    func isSame(as other: Origin) -> Bool {
        scheme == other.scheme && host == other.host && prefix == other.prefix
    }

    /// `scheme://host/prefix`, as links are rendered under this origin.
    var linkPrefix: String {
        var text = (scheme.map { $0 + "://" } ?? "") + host
        for segment in prefix { text += "/" + PercentEncoding.encode(segment) }
        return text
    }

    /// Parses a declared origin.
    ///
    /// - Throws: What is wrong with it and where. Thrown (typed), not returned in a `Result`: a
    ///   `Result` of concrete types is reached through a mangled name, and the runtime checks its
    ///   failure type's `Error` conformance by scanning every conformance record of the process,
    ///   on the first use of a table with origins (its default `scheme` and `host` parse one).
    static func parse(_ text: String) throws(Refused<Problem>) -> Origin {
        let whole = 0..<text.utf8.count
        func refuse(_ problem: RouteMatchError.OriginProblem, _ span: Range<Int>?) -> Refused<Problem> {
            Refused(Problem(reason: .invalidOrigin(problem), span: span ?? whole))
        }
        if ByteText.hasPlaceholderOpening(text) { throw refuse(.placeholder, nil) }
        let link: LinkComponents
        do throws(LinkReader.Unreadable) {
            link = try LinkReader.components(of: text, limits: MatchLimits())
        } catch {
            throw Refused(error.problem)
        }
        guard let scheme = link.scheme, link.authorityRange != nil else { throw refuse(.notSchemeAndHost, nil) }
        guard !link.hostText.isEmpty else {
            let place = link.authorityRange?.lowerBound ?? whole.upperBound
            throw refuse(.missingHost, place..<place)
        }
        if let userinfo = link.userinfoRange { throw refuse(.userinfo, userinfo) }
        if let query = link.queryRange { throw refuse(.queryOrFragment, query.lowerBound - 1..<whole.upperBound) }
        if let fragment = link.fragmentRange { throw refuse(.queryOrFragment, fragment.lowerBound - 1..<whole.upperBound) }
        var prefix: [String] = []
        // By index: a `for` loop over the segments would have the runtime build their iterator's
        // type, checking their `Collection` conformance by a scan of every conformance record
        // on the first table with origins.
        let segments = link.segments
        for index in segments.indices {
            let segment = segments[index]
            if let bad = segment.badEscape {
                throw Refused(Problem(
                    reason: .patternSyntax(.malformedPercentEncoding(LinkReader.escapeText(link, bad))), span: bad))
            }
            if link.isEmpty(segment) { throw refuse(.emptySegment, segment.range) }
            prefix.append(link.text(of: segment))
        }
        return Origin(text: text, scheme: scheme, host: link.hostAndPort, prefix: prefix)
    }
}

extension Origin {
    /// Parses origins as declared, in order: those that parse, and a problem for each that
    /// does not (or that repeats one before it, `duplicate`), named by `name(offset)` and
    /// pointing into the declared text. The one reading of a list of origins: a table's, and
    /// a link handler's fallback allow-list.
    static func parseAll(
        _ declared: [String], naming name: (Int) -> String
    ) -> (origins: [Origin], problems: [RouteMatchError.DefinitionProblem]) {
        var origins: [Origin] = []
        var problems: [RouteMatchError.DefinitionProblem] = []
        for (offset, text) in declared.enumerated() {
            let reference = RouteReference(name: name(offset), pattern: text)
            do throws(Refused<Problem>) {
                let origin = try parse(text)
                if origins.contains(where: { $0.isSame(as: origin) }) {
                    problems.append(.init(route: reference, reason: .invalidOrigin(.duplicate), span: 0..<text.utf8.count))
                } else {
                    origins.append(origin)
                }
            } catch {
                problems.append(.init(route: reference, reason: error.why.reason, span: error.why.span))
            }
        }
        return (origins, problems)
    }

    /// The indices of `origins` in the order a link is tried against them: the longest path
    /// prefix first, then declaration order.
    static func order(of origins: [Origin]) -> [Int] {
        // Inserted in place, in declaration order, after every longer or equal prefix: a
        // table has a few origins, and `sorted(by:)` cost a first use some 8,700 instructions
        // (measured with callgrind), for its generic sort's first run.
        var order: [Int] = []
        order.reserveCapacity(origins.count)
        var index = 0
        while index < origins.count {
            var position = order.count
            while position > 0, origins[order[position - 1]].prefix.count < origins[index].prefix.count { position -= 1 }
            order.insert(index, at: position)
            index += 1
        }
        return order
    }
}

/// Which of a table's origins a link comes from, or the nearest one and what keeps the link
/// from coming from it.
struct OriginMatch: Sendable {
    /// The origin the link comes from, or the nearest (the one it gets furthest into: scheme,
    /// host, then prefix; ties go to the earlier declaration).
    let index: Int
    /// How many path segments the origin's prefix takes (none when the link does not come from it).
    let prefixCount: Int
    /// Why the link does not come from the origin, in link order; empty when it does.
    let problems: [Problem]
    let schemeFits: Bool
    let hostFits: Bool

    var accepted: Bool { problems.isEmpty }

    /// Finds the origin `link` comes from. A link without a scheme (a raw `path?query`) comes
    /// from the first; so does a link with a scheme and no host when `allowsLinksWithoutHost`
    /// is set and its scheme fits.
    ///
    /// `link` is `inout` only to be read where it stands (it is not changed): passed by value
    /// from a view's components, which are themselves lent `inout`, it was copied whole (434
    /// bytes and a retain of each of its texts and arrays) on every match that read a view.
    static func resolve(_ link: inout LinkComponents, origins: [Origin], order: [Int], options: MatchOptions) -> OriginMatch {
        // The link's texts are compared in place (see `LinkComponents.schemeText`).
        guard !link.schemeText.isEmpty else {
            return OriginMatch(index: 0, prefixCount: 0, problems: [], schemeFits: true, hostFits: true)
        }
        guard !link.hostText.isEmpty else {
            let scheme = link.schemeText
            let schemeOwner = origins.firstIndex { $0.accepts(scheme: scheme) }
            if options.allowsLinksWithoutHost, let schemeOwner {
                return OriginMatch(index: schemeOwner, prefixCount: 0, problems: [], schemeFits: true, hostFits: true)
            }
            let index = schemeOwner ?? 0
            var problems: [Problem] = []
            if schemeOwner == nil, let expected = origins[index].scheme {
                problems.append(Problem(reason: .schemeMismatch(expected: expected, found: scheme), span: link.schemeRange))
            }
            let place = link.authorityRange?.lowerBound ?? (link.schemeRange?.upperBound ?? 0) + 1
            problems.append(Problem(reason: .hostMismatch(expected: origins[index].host, found: nil), span: place..<place))
            return OriginMatch(index: index, prefixCount: 0, problems: problems, schemeFits: schemeOwner != nil, hostFits: false)
        }
        let scheme = link.schemeText
        let host = link.hostAndPort
        // The best so far: (scheme fits, host fits, prefix segments matched), then declaration.
        var best: (index: Int, scheme: Bool, host: Bool, depth: Int)?
        for index in order {
            // Read in place, not copied: a copy would retain each of the origin's strings.
            let schemeFits = origins[index].accepts(scheme: scheme)
            let hostFits = origins[index].host == host
            var depth = 0
            if schemeFits && hostFits {
                let prefixCount = origins[index].prefix.count
                while depth < prefixCount, depth < link.segments.count,
                    link.segments[depth].badEscape == nil, link.segment(link.segments[depth], is: origins[index].prefix[depth]) {
                    depth += 1
                }
                if depth == prefixCount {
                    return OriginMatch(index: index, prefixCount: depth, problems: [], schemeFits: true, hostFits: true)
                }
            }
            if let current = best {
                let rank = (schemeFits ? 1 : 0, hostFits ? 1 : 0, depth)
                let currentRank = (current.scheme ? 1 : 0, current.host ? 1 : 0, current.depth)
                if rank < currentRank || (rank == currentRank && index > current.index) { continue }
            }
            best = (index, schemeFits, hostFits, depth)
        }
        guard var nearest = best else {
            return OriginMatch(index: 0, prefixCount: 0, problems: [], schemeFits: true, hostFits: true)
        }
        // Among origins whose host is wrong, the one nearest in spelling is the one meant.
        if !nearest.host {
            let candidates = order.filter { !nearest.scheme || origins[$0].accepts(scheme: scheme) }
            if let spelled = Suggestions.nearest(to: host, in: candidates.map { origins[$0].host }),
                let index = candidates.first(where: { origins[$0].host == spelled }) {
                nearest.index = index
            }
        }
        let origin = origins[nearest.index]
        var problems: [Problem] = []
        if !nearest.scheme, let expected = origin.scheme {
            problems.append(Problem(reason: .schemeMismatch(expected: expected, found: scheme), span: link.schemeRange))
        }
        if !nearest.host {
            let range = link.hostRange.map { range in link.portRange.map { range.lowerBound..<$0.upperBound } ?? range }
            problems.append(Problem(reason: .hostMismatch(expected: origin.host, found: host), span: range))
        } else if nearest.depth < origin.prefix.count {
            let expected = origin.prefix[nearest.depth]
            if nearest.depth < link.segments.count {
                let segment = link.segments[nearest.depth]
                if let bad = segment.badEscape {
                    problems.append(Problem(
                        reason: .malformedPercentEncoding(found: LinkReader.escapeText(link, bad), label: nil), span: bad))
                } else {
                    problems.append(Problem(reason: .literalMismatch(expected: expected, found: link.text(of: segment)), span: segment.range))
                }
            } else {
                let end = link.pathRange.upperBound
                problems.append(Problem(reason: .missingPathSegment(expected: expected), span: end..<end))
            }
        }
        // The part of the prefix the link has is not compared with the routes.
        let prefixCount = nearest.host ? nearest.depth : 0
        return OriginMatch(
            index: nearest.index, prefixCount: prefixCount, problems: problems,
            schemeFits: nearest.scheme, hostFits: nearest.host)
    }
}

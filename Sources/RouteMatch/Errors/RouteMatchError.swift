/// The error every failed match, broken route table and unrenderable route reports.
///
/// It is data: a ``reason``, the ``input`` text it is about (the link as the caller passed it,
/// or the pattern for a definition or render problem), the ``span`` of the offending part, and
/// the ``closestRoute``. Interpolating it prints the full diagnostic:
///
/// ```swift
/// switch AppRoute.match("myapp://app/user/4x2/posts?page=2") {
/// case .success(let route): open(route)
/// case .failure(let error):
///     print(error)            // multi-line diagnostic with a caret under "4x2"
///     print(error.summary)    // one line, for log aggregation
///     print(error.reason)     // formatFailure(label: "id", found: "4x2", expected: "Int")
/// }
/// ```
///
/// Two errors are equal when their reason, input, span, subject, closest route and definition
/// problems are equal; ``notes`` and ``otherCandidates`` follow from those and the table.
public struct RouteMatchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the ``input`` text is.
    public enum Subject: String, Equatable, Sendable {
        /// A link that was matched.
        case link
        /// A route pattern (a definition problem).
        case pattern
        /// A route value that was rendered into a link (the input is its pattern).
        case render
    }

    /// The first, most important problem.
    public let reason: Reason
    /// The text the ``span`` points into, exactly as it was given.
    public let input: String
    /// What ``input`` is.
    public let subject: Subject
    /// UTF-8 offsets of the offending part of ``input``; an empty range marks a position.
    public let span: Range<Int>?
    /// The route the link got furthest into (scheme, host, each path segment, then query
    /// items; ties go to the earlier declaration), or the route whose pattern is at fault.
    public let closestRoute: RouteReference?
    /// Every problem found in the route table, in declaration order, when the table is broken;
    /// empty otherwise.
    public let definitionProblems: [DefinitionProblem]

    let details: LazyDetails?

    /// Creates an error, as tests that compare a whole error need.
    ///
    /// - Parameters:
    ///   - reason: The first problem.
    ///   - input: The link (or pattern) as given.
    ///   - subject: What `input` is.
    ///   - span: UTF-8 offsets of the offending part of `input`.
    ///   - closestRoute: The route the error is about.
    ///   - definitionProblems: Every problem of a broken table.
    public init(
        reason: Reason, input: String, subject: Subject, span: Range<Int>?,
        closestRoute: RouteReference?, definitionProblems: [DefinitionProblem] = []
    ) {
        self.init(reason: reason, input: input, subject: subject, span: span, closestRoute: closestRoute,
                  definitionProblems: definitionProblems, details: nil)
    }

    init(
        reason: Reason, input: String, subject: Subject, span: Range<Int>?,
        closestRoute: RouteReference?, definitionProblems: [DefinitionProblem],
        details: LazyDetails?
    ) {
        self.reason = reason
        self.input = input
        self.subject = subject
        self.span = span
        self.closestRoute = closestRoute
        self.definitionProblems = definitionProblems
        self.details = details
    }

    /// Further problems of the closest route, after ``reason``, in the order they stand in the link.
    public var notes: [Problem] { details?.compute().notes ?? [] }

    /// Other routes the link came near, best first, at most three, each with its first problem.
    public var otherCandidates: [Candidate] { details?.compute().candidates ?? [] }

    /// The full multi-line diagnostic.
    public var description: String { DiagnosticRenderer.render(self, redacted: false) }

    /// One line: the reason and the closest route, for log aggregation.
    public var summary: String { DiagnosticRenderer.summary(self, redacted: false) }

    /// The diagnostic with every value found in the link replaced by its shape (`<3 chars>`),
    /// so secrets in links stay out of logs.
    public var redactedDescription: String { DiagnosticRenderer.render(self, redacted: true) }

    /// ``summary`` with found values replaced by their shape.
    public var redactedSummary: String { DiagnosticRenderer.summary(self, redacted: true) }

    public static func == (lhs: RouteMatchError, rhs: RouteMatchError) -> Bool {
        lhs.reason == rhs.reason && lhs.input == rhs.input && lhs.subject == rhs.subject
            && lhs.span == rhs.span && lhs.closestRoute == rhs.closestRoute
            && lhs.definitionProblems == rhs.definitionProblems
    }
}

/// A route named in a diagnostic: its case (or registered) name and its pattern text.
public struct RouteReference: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The enum case name, or the name given when the route was registered.
    public let name: String
    /// The pattern text as declared.
    public let pattern: String

    /// Creates a reference, as tests that compare errors need.
    public init(name: String, pattern: String) {
        self.name = name
        self.pattern = pattern
    }

    public var description: String { "\(name) \"\(pattern)\"" }
}

/// One problem: a reason and where it is.
public struct Problem: Error, Equatable, Hashable, Sendable {
    public let reason: Reason
    /// UTF-8 offsets into the error's ``RouteMatchError/input``.
    public let span: Range<Int>?

    public init(reason: Reason, span: Range<Int>?) {
        self.reason = reason
        self.span = span
    }
}

/// A route that came near a link, with its first problem.
public struct Candidate: Equatable, Hashable, Sendable {
    public let route: RouteReference
    public let problem: Problem
}

/// A problem found when a route table is built, with a span into the route's pattern.
public struct DefinitionProblem: Equatable, Hashable, Sendable {
    /// The route whose pattern (or type) is at fault.
    public let route: RouteReference
    public let reason: Reason
    /// UTF-8 offsets into ``RouteReference/pattern``.
    public let span: Range<Int>?
    /// Names the renderer may offer as "did you mean" (the route's labels, for instance).
    public let alternatives: [String]

    init(route: RouteReference, reason: Reason, span: Range<Int>?, alternatives: [String] = []) {
        self.route = route
        self.reason = reason
        self.span = span
        self.alternatives = alternatives
    }
}

/// Details computed only when asked for (notes, other candidates, help text).
final class LazyDetails: Sendable {
    struct Details: Sendable {
        var notes: [Problem] = []
        var candidates: [Candidate] = []
        var example: String? = nil
        /// The declared hosts, for "did you mean" on a host mismatch.
        var hosts: [String] = []
        /// The ranges of the link that hold values, for redaction.
        var redactions: [Range<Int>]? = nil
        /// The literal segments the table has where the link's path left it, earliest first.
        var expectedSegments: [String] = []
        /// How many more literal segments the table has there.
        var moreExpectedSegments = 0
        /// The route type's name, for a broken table.
        var tableName: String? = nil
    }

    let compute: @Sendable () -> Details

    init(_ compute: @escaping @Sendable () -> Details) {
        self.compute = compute
    }
}

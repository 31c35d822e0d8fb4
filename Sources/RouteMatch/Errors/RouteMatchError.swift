#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

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
///     print(error.reason)     // formatFailure(label: "id", found: "4x2", expected: Int)
/// }
/// ```
///
/// Two errors are equal (and hash alike) when their ``reason``, ``input``, ``subject``,
/// ``span``, ``closestRoute`` and ``definitionProblems`` are equal. ``notes``,
/// ``otherCandidates`` and the texts follow from those and the table, and are not compared.
public struct RouteMatchError: Error, Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// What the ``input`` text is.
    public enum Subject: String, Hashable, Sendable {
        /// A link that was matched.
        case link
        /// A route pattern (a definition problem).
        case pattern
        /// A route value that was rendered into a link (the input is its pattern).
        case render
    }

    /// What the error says, held once: an error is one reference, so a `Result` that may
    /// hold one is small, and a match that returns one copies a pointer, not every field.
    // Unchecked: `memo` is read and written only under the lock its address picks
    // (``MemoOwner/memoized(whole:)``); every other property is a constant. Not final: a failed
    // match's error is a ``DiagnosedStorage``.
    private class Storage: MemoOwner, @unchecked Sendable {
        /// The first problem (the reason and its span) and the others (the notes): a failed
        /// match's moved in whole, where taking the first problem's parts copied them.
        let problems: Problems
        let input: String
        let subject: Subject
        /// The closest route as given; a failed match's storage names its route when asked
        /// (``closestRoute``).
        private let givenClosestRoute: RouteReference?
        let definitionProblems: [DefinitionProblem]
        /// Whether the notes are the details' (``Details/notes``), found with them when first
        /// asked for, not ``problems``' others (then none).
        let notesInDetails: Bool
        /// Whether the route matched and the query items every route shares did not: known
        /// when the error is made, so that its one-line summary computes no details to say so.
        let isSharedItems: Bool
        /// The rest of the diagnostic (empty details for an error made without any). Read and
        /// written only under its lock (``MemoOwner/memoized(whole:)``), which orders every
        /// access: not checked again at run time (each access a call into the runtime, some 80
        /// instructions).
        @exclusivity(unchecked) var memo: Memo<Details>

        init(
            problems: consuming Problems, input: String, subject: Subject, closestRoute: RouteReference?,
            definitionProblems: [DefinitionProblem], notesInDetails: Bool = false, isSharedItems: Bool = false,
            memo: Memo<Details>?
        ) {
            self.problems = problems
            (self.input, self.subject) = (input, subject)
            (self.givenClosestRoute, self.definitionProblems) = (closestRoute, definitionProblems)
            (self.notesInDetails, self.isSharedItems) = (notesInDetails, isSharedItems)
            self.memo = memo ?? Memo { _, _, _ in Details() }
        }

        /// The route the error is about.
        var closestRoute: RouteReference? { givenClosestRoute }
        /// Whether the error names a route (``closestRoute`` is not `nil`), asked without
        /// naming it.
        var hasClosestRoute: Bool { givenClosestRoute != nil }
    }

    /// A failed match's storage: with the input its details are computed from, kept here, not
    /// captured by the memo's closure, which was an object of its own (an allocation and a
    /// release each miss, some 300 instructions), and not optional in the storage of every
    /// error (read from an optional, it was copied, each of its references retained, some 600
    /// instructions a diagnostic). It is kept as long as the error, where the closure let it go
    /// once the details were computed whole: the link's components and the routes it names,
    /// never the table.
    private final class DiagnosedStorage: Storage, @unchecked Sendable {
        let diagnosis: Diagnosis.Input

        init(problems: consuming Problems, input: String, notesInDetails: Bool, diagnosis: Diagnosis.Input) {
            self.diagnosis = diagnosis
            super.init(
                problems: problems, input: input, subject: .link, closestRoute: nil, definitionProblems: [],
                notesInDetails: notesInDetails, memo: DiagnosedStorage.diagnosed)
        }

        /// The closest route, named when asked (its name read from what it learned, its
        /// pattern shared): a miss whose reason alone is read makes no reference, nor
        /// releases one.
        override var closestRoute: RouteReference? { diagnosis.route.reference }
        override var hasClosestRoute: Bool { true }

        /// The details of the failed match whose storage `owner` is, from its ``diagnosis``:
        /// a memo's computation that captures nothing, so no object is made for it. (Its
        /// owner is the storage whose memo it is, the only one it is made for: not cast at
        /// run time.)
        private static var diagnosed: Memo<Details> {
            Memo { owner, whole, cheap in
                Diagnosis.details(unsafeDowncast(owner, to: DiagnosedStorage.self).diagnosis, whole: whole, cheap: cheap)
            }
        }
    }

    private let storage: Storage

    /// The first, most important problem.
    public var reason: Reason { storage.problems.first.reason }
    /// The text the ``span`` points into, exactly as it was given.
    public var input: String { storage.input }
    /// What ``input`` is.
    public var subject: Subject { storage.subject }
    /// UTF-8 offsets of the offending part of ``input``; an empty range marks a position.
    /// ``inputRange`` gives the same part as `String` indices.
    public var span: Range<Int>? { storage.problems.first.span }
    /// The route the link got furthest into (scheme, host, each path segment, then query
    /// items; ties go to the earlier declaration), or the route whose pattern is at fault.
    public var closestRoute: RouteReference? { storage.closestRoute }
    /// Whether ``closestRoute`` names a route, asked without naming it (a failed match names
    /// its route when asked).
    var hasClosestRoute: Bool { storage.hasClosestRoute }
    /// Every problem found in the route table, in declaration order, when the table is broken;
    /// empty otherwise.
    public var definitionProblems: [DefinitionProblem] { storage.definitionProblems }

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
        closestRoute: RouteReference?, definitionProblems: [DefinitionProblem] = [], notes: [Problem]? = [],
        isSharedItems: Bool = false, details: Memo<Details>?
    ) {
        storage = Storage(
            problems: Problems(first: Problem(reason: reason, span: span), more: notes ?? []), input: input,
            subject: subject, closestRoute: closestRoute, definitionProblems: definitionProblems,
            notesInDetails: notes == nil, isSharedItems: isSharedItems, memo: details)
    }

    /// A failed match's error: its first problem is the reason and span, the others its notes
    /// (moved in whole), or, when `notesInDetails`, the first problem alone: the notes are
    /// found with the details (``Details/notes``), when first asked for, from `diagnosis`.
    ///
    /// Its closest route is the diagnosis's route (``Diagnosis/Input/route``).
    init(problems: consuming Problems, input: String, notesInDetails: Bool, diagnosis: Diagnosis.Input) {
        storage = DiagnosedStorage(problems: problems, input: input, notesInDetails: notesInDetails, diagnosis: diagnosis)
    }

    /// Everything the diagnostic shows beyond the stored fields, computed once on first use.
    var details: Details { storage.memoized(whole: true) }

    /// The details' cheap part (see ``Details``): what redacting the link and the one-line
    /// summary read, computed without the rest when they are asked for first.
    var summaryDetails: Details { storage.memoized(whole: false) }

    /// The details whole, or only their cheap part (``summaryDetails``).
    func details(whole: Bool) -> Details { storage.memoized(whole: whole) }

    /// Whether the route matched and the query items every route shares did not.
    var isSharedItems: Bool { storage.isSharedItems }

    /// This error of a table that `route` mounts, as the mounting table reports it: its route
    /// named by its path of mounts (``RouteReference/mounting(_:)``), all else the same.
    func mounted(under route: RouteReference) -> RouteMatchError {
        let inner = self
        return RouteMatchError(
            reason: reason, input: input, subject: subject, span: span,
            closestRoute: closestRoute.map { route.mounting($0) } ?? route, definitionProblems: definitionProblems,
            notes: knownNotes, isSharedItems: isSharedItems, details: Memo { _, whole, _ in inner.details(whole: whole) })
    }

    /// Further problems of the closest route, after ``reason``, in the order they stand in the link.
    ///
    /// A failed match finds them with the rest of its diagnostic, when first asked for, as it
    /// finds ``otherCandidates``: the reason is found on the way, and a caller who reads only
    /// the reason pays for no more.
    public var notes: [Problem] { storage.notesInDetails ? details.notes : storage.problems.more }

    /// The notes when the error holds them, `nil` when they are found with the details: what an
    /// error made from this one passes on, so that its notes are found when asked for too.
    var knownNotes: [Problem]? { storage.notesInDetails ? nil : storage.problems.more }

    /// Other routes the link came near, best first, at most three, each with its first problem.
    public var otherCandidates: [Candidate] { details.candidates }

    /// ``span`` as a range of `String` indices into ``input``, or `nil` without a span (or
    /// for a span that does not fall on character boundaries).
    ///
    /// ```swift
    /// if let range = error.inputRange { print(error.input[range]) }   // "4x2"
    /// ```
    public var inputRange: Range<String.Index>? {
        guard let span, span.lowerBound >= 0, span.upperBound <= input.utf8.count else { return nil }
        let utf8 = input.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: span.lowerBound)
        let upper = utf8.index(utf8.startIndex, offsetBy: span.upperBound)
        guard let start = lower.samePosition(in: input), let end = upper.samePosition(in: input) else { return nil }
        return start..<end
    }

    /// The full multi-line diagnostic.
    public var description: String { DiagnosticRenderer.render(self, details: details, redacted: false) }

    /// One line: the reason and the closest route, for log aggregation.
    public var summary: String { DiagnosticRenderer.summary(self, redacted: false) }

    /// The diagnostic with every part of the link that can carry a secret (userinfo, path
    /// values, query values and unknown keys, the fragment) replaced by its shape
    /// (`<3 chars>`), for logs.
    public var redactedDescription: String { DiagnosticRenderer.render(self, details: details, redacted: true) }

    /// ``summary`` with secrets replaced by their shape.
    public var redactedSummary: String { DiagnosticRenderer.summary(self, redacted: true) }

    /// ``input`` with secrets replaced by their shape: the link as it can be logged.
    public var redactedInput: String { DiagnosticRenderer.redactedInput(self, details: summaryDetails) }

    /// The error as data, on one line: its reason, input, span and closest route.
    public var debugDescription: String {
        var text = "RouteMatchError(reason: \(reason), input: \(String(reflecting: input)), subject: .\(subject.rawValue)"
        text += ", span: " + (span.map { "\($0.lowerBound)..<\($0.upperBound)" } ?? "nil")
        text += ", closestRoute: " + (closestRoute.map { String(reflecting: $0.description) } ?? "nil")
        if !definitionProblems.isEmpty { text += ", definitionProblems: \(definitionProblems.count)" }
        return text + ")"
    }

    /// Compares what the error says (see the type's discussion), never the computed details.
    public static func == (lhs: RouteMatchError, rhs: RouteMatchError) -> Bool {
        lhs.storage === rhs.storage || lhs.reason == rhs.reason && lhs.input == rhs.input && lhs.subject == rhs.subject
            && lhs.span == rhs.span && lhs.closestRoute == rhs.closestRoute
            && lhs.definitionProblems == rhs.definitionProblems
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(reason)
        hasher.combine(input)
        hasher.combine(subject)
        hasher.combine(span?.lowerBound)
        hasher.combine(span?.upperBound)
        hasher.combine(closestRoute)
        hasher.combine(definitionProblems)
    }
}

#if canImport(FoundationEssentials) || canImport(Foundation)
extension RouteMatchError: LocalizedError {
    /// The one-line ``summary``, so `localizedDescription` says what went wrong.
    public var errorDescription: String? { summary }
}
#endif

/// A route named in a diagnostic: its case (or registered) name and its pattern text.
public struct RouteReference: Hashable, Sendable, CustomStringConvertible {
    /// The enum case name, or the name given when the route was registered.
    public let name: String
    /// The pattern text as declared.
    public let pattern: String

    /// Creates a reference, as tests that compare errors need.
    ///
    /// - Parameters:
    ///   - name: The case or registered name.
    ///   - pattern: The pattern text.
    public init(name: String, pattern: String) {
        self.name = name
        self.pattern = pattern
    }

    /// `name "pattern"`, as diagnostics print it.
    public var description: String { "\(name) \"\(pattern)\"" }

    /// A route of a table this route mounts, `inner`, named by its path of mounts
    /// (`settings › notifications`) with its own pattern.
    func mounting(_ inner: RouteReference) -> RouteReference {
        RouteReference(name: inner.name.isEmpty ? name : name + " › " + inner.name, pattern: inner.pattern)
    }
}

extension RouteMatchError {
    /// One problem: a reason and where it is.
    public struct Problem: Hashable, Sendable {
        /// What is wrong.
        public let reason: Reason
        /// UTF-8 offsets into the error's ``RouteMatchError/input``.
        public let span: Range<Int>?

        /// Creates a problem, as tests that compare notes need.
        ///
        /// - Parameters:
        ///   - reason: What is wrong.
        ///   - span: Where, as UTF-8 offsets.
        public init(reason: Reason, span: Range<Int>?) {
            self.reason = reason
            self.span = span
        }
    }

    /// A route that came near a link, with its first problem.
    public struct Candidate: Hashable, Sendable {
        /// The route.
        public let route: RouteReference
        /// Its first problem with the link.
        public let problem: Problem
    }

    /// A problem found when a route table is built, with a span into the route's pattern.
    public struct DefinitionProblem: Hashable, Sendable {
        /// The route whose pattern (or type) is at fault; `nil` for a problem of the whole
        /// table (``Reason/noRoutes``).
        public let route: RouteReference?
        /// What is wrong.
        public let reason: Reason
        /// UTF-8 offsets into ``RouteReference/pattern``.
        public let span: Range<Int>?
        /// Names the renderer may offer as "did you mean" (the route's labels, for instance).
        public let alternatives: [String]

        init(route: RouteReference?, reason: Reason, span: Range<Int>?, alternatives: [String] = []) {
            self.route = route
            self.reason = reason
            self.span = span
            self.alternatives = alternatives
        }
    }

    /// What a diagnostic shows beyond the error's stored fields, computed once by the matcher
    /// and laid out by the renderer.
    ///
    /// Its cheap part (``RouteMatchError/summaryDetails``), computed alone when the one-line
    /// summary or the redacted link is asked for first, holds ``redactions`` and the facts
    /// given when the error was made (``tableName``, ``isHandler``, ``foundOnFirstUse``); its
    /// other fields are then as they are made, and read only from the whole details.
    struct Details: Sendable {
        /// The closest route's problems after the first, for an error that finds its notes
        /// with its details (a failed match's that holds its first problem only).
        var notes: [Problem] = []
        var candidates: [Candidate] = []
        /// A link that matches the closest route, for the help line.
        var example: String? = nil
        /// The declared hosts, for "did you mean" on a host mismatch.
        var hosts: [String] = []
        /// The ranges of the link that can carry secrets, for redaction; `nil` redacts all.
        var redactions: [ByteRange]? = nil
        /// The literal segments the table has where the link's path left it, earliest first.
        var expectedSegments: [String] = []
        /// How many more literal segments the table has there.
        var moreExpectedSegments = 0
        /// The route type's name, for a broken table.
        var tableName: String? = nil
        /// Whether the definition problems are a link handler's (its router's, its redirects'
        /// and its fallback's), not one table's.
        var isHandler = false
        /// Whether the definition problems were found when a route was first used, not when
        /// the table was built (a problem that needs the route's type).
        var foundOnFirstUse = false
    }
}

extension RouteMatchError {
    /// The error with each definition problem's route and span moved into another spelling of
    /// its pattern: RouteMatch's tool shows a route file's problems in the file's own text
    /// (`${id:Int}`, where the library compiled `${id}`). `map` gives, for a route, the
    /// reference to show and how a UTF-8 offset of its compiled pattern moves; `nil` keeps the
    /// problem as it is. A link or render error is returned unchanged.
    ///
    /// - Parameter map: The new reference and offset mapping for a route, or `nil`.
    /// - Returns: The error with its definition problems moved.
    @_spi(Tools) public func movingDefinitionProblems(
        _ map: (RouteReference) -> (route: RouteReference, offset: (Int) -> Int)?
    ) -> RouteMatchError {
        guard subject == .pattern, !definitionProblems.isEmpty else { return self }
        let problems = definitionProblems.map { problem -> DefinitionProblem in
            guard let route = problem.route, let moved = map(route) else { return problem }
            let span = problem.span.map { span in
                let start = moved.offset(span.lowerBound)
                return start..<max(start, moved.offset(span.upperBound))
            }
            return DefinitionProblem(route: moved.route, reason: problem.reason, span: span, alternatives: problem.alternatives)
        }
        let (tableName, isHandler, firstUse) = (details.tableName, details.isHandler, details.foundOnFirstUse)
        let first = problems[0]
        return RouteMatchError(
            reason: first.reason, input: first.route?.pattern ?? input, subject: .pattern, span: first.span,
            closestRoute: first.route, definitionProblems: problems, details: Memo { _, _, _ in Details(tableName: tableName, isHandler: isHandler, foundOnFirstUse: firstUse) })
    }
}

extension RouteMatchError {
    /// What a match reports should it end with neither a value nor an error, which the walk
    /// never does (every path returns one or the other).
    @usableFromInline
    static var unbuilt: RouteMatchError {
        RouteMatchError(reason: .noRoutes, input: "", subject: .link, span: nil, closestRoute: nil)
    }
}

@testable import RouteMatch

/// Reading a link's outcome in one expression, for the reader's own tests.
extension LinkReader {
    /// A link read, or the problem that made it unreadable.
    enum Outcome {
        case read(LinkComponents)
        case unreadable(RouteMatchError.Problem)
    }

    /// Reads `text` into an ``Outcome``.
    static func read(_ text: String, limits: MatchLimits) -> Outcome {
        do throws(Unreadable) {
            return .read(try components(of: text, limits: limits))
        } catch {
            return .unreadable(error.problem)
        }
    }
}

extension LinkReader.Outcome {
    struct Unreadable: Error { let problem: RouteMatchError.Problem }

    /// The components, or a thrown ``Unreadable``.
    func get() throws -> LinkComponents {
        switch self {
        case .read(let link): return link
        case .unreadable(let problem): throw Unreadable(problem: problem)
        }
    }

    /// The problem that made the link unreadable, if any.
    var failure: RouteMatchError.Problem? {
        if case .unreadable(let problem) = self { return problem }
        return nil
    }
}

extension LinkReader.Fragment {
    /// The decoded fragment text, if the link has one that decodes.
    var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }
}

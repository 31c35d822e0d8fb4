/// A refusal carrying why, for internal `Result`s whose reason is public data (the public
/// reason types are not errors themselves).
struct Refused<Why: Sendable>: Error {
    let why: Why

    init(_ why: Why) { self.why = why }
}

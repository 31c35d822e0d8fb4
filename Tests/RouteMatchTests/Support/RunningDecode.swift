@testable import RouteMatch

extension CurrentDecoder {
    /// Runs `body` with `state` as the running decode's, then restores the one before: a
    /// decode lent by hand, for the tests that read a kept container inside and outside one
    /// (the library's decode enters and leaves in the one closure it lends its state's pointer
    /// to: ``RouteDecoder/decode(_:route:learned:caseLevels:values:)``).
    static func with<Result, Failure: Error>(
        _ state: inout RouteDecoder.State, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withUnsafeMutablePointer(to: &state) { (pointer) throws(Failure) -> Result in
            let previous = enter(pointer)
            defer { leave(previous) }
            return try body()
        }
    }
}

/// The message of the decode failure `body` throws (``DecodeFailure/rejected(message:)``), any
/// other error as it prints, or `nil` when it throws none: what a value read outside its decode
/// or its build throws.
func rejection(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch DecodeFailure.rejected(let message) {
        return message
    } catch {
        return "\(error)"
    }
}

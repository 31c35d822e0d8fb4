/// The texts one match bound to a route's labels, read by label name and converted on request:
/// what a route's decoder serves its keyed containers, and what a closure route's captures read
/// directly (a closure route's hit makes no decoder).
struct BoundValues {
    /// The labels' names, in slot order.
    let labels: [String]
    /// What the match bound to each label, in slot order.
    let values: BoundValueList

    /// The slot of the label named `name`.
    @inline(__always)
    func slot(_ name: String) -> Int? {
        labels.firstIndex(of: name)
    }

    /// The slot of the label named `name`, which the route must have: what a decode call for
    /// a label the pattern does not name is refused with.
    @inline(__always)
    func requiredSlot(_ name: String) throws(DecodeFailure) -> Int {
        guard let slot = slot(name) else { throw BoundValues.noValue(named: name) }
        return slot
    }

    /// What a call for the value of a label the route does not have is refused with. (Out of
    /// line: its message is made only then.)
    @inline(never)
    static func noValue(named name: String) -> DecodeFailure {
        .rejected(message: "no value for '\(name)'")
    }

    /// Whether the match bound something to label `name` (even an empty text).
    func binds(_ name: String) -> Bool {
        guard let slot = slot(name) else { return false }
        if case .absent = values[slot] { return false }
        return true
    }

    /// Whether label `name` bound nothing (an absent or empty value): `nil` for an optional.
    /// A label the route does not have binds nothing.
    func isNil(named name: String) -> Bool {
        guard let slot = slot(name) else { return true }
        return isNil(slot: slot)
    }

    /// Whether the label in `slot` bound nothing (an absent or empty value).
    @inline(__always)
    func isNil(slot: Int) -> Bool {
        switch values[slot] {
        case .absent: return true
        case .one(let text): return text.isEmpty
        case .int, .bool: return false
        case .many(let texts): return texts.isEmpty
        case .mounted, .mountedHit: return false
        }
    }

    /// The value of an optional label: `nil` when it bound nothing (``isNil(named:)``), else
    /// its value converted to `T`. The label is looked for once.
    func optionalValue<T: Decodable>(named name: String, as type: T.Type) throws -> T? {
        guard let slot = slot(name), !isNil(slot: slot) else { return nil }
        return try value(slot: slot, named: name, as: T.self)
    }

    /// The value label `name` bound, converted to `T` (a mounted table's route, matched now,
    /// for a ``Routable`` type): the one conversion keyed containers and closure routes share.
    @inline(__always)
    func value<T: Decodable>(named name: String, as type: T.Type) throws -> T {
        try value(slot: requiredSlot(name), named: name, as: T.self)
    }

    /// The value the label in `slot`, named `name`, bound, converted to `T` (see
    /// ``value(named:as:)``).
    @inline(__always)
    func value<T: Decodable>(slot: Int, named name: String, as type: T.Type) throws -> T {
        try values[slot].value(as: T.self, slot: slot, named: name)
    }
}

extension BoundValue {
    /// This value, bound to the label in `slot` named `name`, converted to `T`: its text by
    /// the type's conversion, a value read as its text was (``int(_:)``, ``bool(_:)``) taken as
    /// it is when `T` is its type, a list by the type's conversion, a mounted table's route
    /// matched now. The one conversion ``BoundValues/value(named:as:)`` and the decoder's
    /// containers share, inlined where they read the value in place. (A method of the one
    /// value: one of ``BoundValues``, read through the decoder's state, would be handed a copy
    /// of them all. No closure and no `T?` here: unspecialized, as it runs for closure routes
    /// and mounts, a closure would be allocated and `T?` would ask the runtime for its
    /// metadata on every call.)
    ///
    /// Inlined is only what a hit on a plain link meets: a text for a `String`, a value read
    /// as the `Int` or `Bool` asked for. Every other conversion is out of line
    /// (``converted(as:slot:named:)``), so that its code does not stand between the lines each
    /// scalar type's decode runs.
    @inline(__always)
    func value<T: Decodable>(as type: T.Type, slot: Int, named name: String) throws -> T {
        switch self {
        case .int(let value) where T.self == Int.self: return unsafeBitCast(value, to: T.self)
        case .bool(let value) where T.self == Bool.self: return unsafeBitCast(value, to: T.self)
        case .one(let text) where T.self == String.self: return unsafeBitCast(text, to: T.self)
        default: return try converted(as: T.self, slot: slot, named: name)
        }
    }

    /// This value converted to `T` by the type's conversion (see ``value(as:slot:named:)``).
    @inline(never)
    private func converted<T: Decodable>(as type: T.Type, slot: Int, named name: String) throws -> T {
        // The route the plain path found in a mounted table, first: the nested hit's read,
        // with no frame of ``mountedValue(_:named:slot:)`` between.
        if case .mountedHit(let reference) = self {
            return try BoundValue.mountedHitValue(T.self, reference, named: name, slot: slot)
        }
        do throws(TextConversion.Failure) {
            switch self {
            case .one(let text): return try TextConversion.convert(T.self, single: text)
            // Read as another type's value: its text, which `text` always has for these two.
            case .int, .bool: return try TextConversion.convert(T.self, single: text ?? "")
            case .many(let texts): return try TextConversion.convert(T.self, from: texts)
            case .absent: return try TextConversion.convert(T.self, from: [])
            case .mounted, .mountedHit: break
            }
        } catch {
            throw DecodeFailure.label(slot, element: error.index, expected: error.expected)
        }
        return try mountedValue(T.self, named: name, slot: slot)
    }

    /// The route a mounted table reads from the rest of the link (``mounted(_:)``; the one the
    /// plain path found there, ``mountedHit(_:)``, is read before, in
    /// ``converted(as:slot:named:)``). (A function of its own, out of line: most labels are not
    /// mounts.)
    @inline(never)
    private func mountedValue<T>(_ type: T.Type, named name: String, slot: Int) throws -> T {
        let matcher = try BoundValue.matcher(T.self, named: name)
        return try BoundValue.built(T.self, slot: slot) { destination in
            switch self {
            case .mounted(let view): return matcher.match(view, into: destination)
            // Never: `converted(as:slot:named:)` hands only a mount's value here, a record's
            // read before.
            case .absent, .one, .int, .bool, .many, .mountedHit: return .unbuilt
            }
        }
    }

    /// The route the plain path found in the rest of the link, in the record `reference`
    /// names: built from its texts, which are moved out of the record, when the decode asks for
    /// its matcher's type (the one the route's probe learned, as synthesized code always does),
    /// with no matcher looked up and no memory allocated for it. Asked again (a closure that
    /// reads its captures twice), or as another type, the type's own matcher walks the rest of
    /// the link, as the matcher's evaluator does. A record read after the attempt that keeps it
    /// (captures kept past their closure) is gone: that throws.
    private static func mountedHitValue<T>(
        _ type: T.Type, _ reference: MountedHitReference, named name: String, slot: Int
    ) throws -> T {
        guard let hit = MountedHits.live(reference) else {
            throw DecodeFailure.rejected(message: "'\(name)' was read outside its route's build")
        }
        // The matcher lent, not retained: matchers are kept for the process's life. (Its
        // closure returns the value, not an optional of it: `T?`'s metadata, looked up at each
        // call, cost some 300 instructions.)
        let matcher = hit.pointee.matcher
        if matcher._withUnsafeGuaranteedRef({ $0.type == ObjectIdentifier(T.self) }), hit.pointee.values != nil {
            return try matcher._withUnsafeGuaranteedRef { matcher in
                let route = hit.pointee.route
                // Taken here, not before: a closure cannot consume what it captures. (Never
                // `nil`: tested just above.)
                guard let values = hit.pointee.values.take() else { throw RouteDecoder.refusal }
                do throws(DecodeFailure) {
                    return try matcher.value(route: route, values: consume values, as: T.self)
                } catch {
                    return try BoundValue.built(T.self, slot: slot) { destination in
                        matcher.match(
                            { () throws(RouteMatchError) in try hit.pointee.rest() }, refused: route, failure: error,
                            into: destination)
                    }
                }
            }
        }
        // A route of another type's table (the decode asked for another type than the route's
        // probe learned): its index would name another route here, or a slot that route has
        // not. This table's walk reads the rest of the link.
        let other = try BoundValue.matcher(T.self, named: name)
        return try BoundValue.built(T.self, slot: slot) { destination in
            do throws(RouteMatchError) {
                return other.match(try hit.pointee.rest(), into: destination)
            } catch {
                return error
            }
        }
    }

    /// The matcher of `T`, the type label `name` is read as, for a mounted table's walk of the
    /// rest of the link; throws when `T` is not a ``Routable`` type.
    private static func matcher<T>(_ type: T.Type, named name: String) throws -> MountedMatcher {
        guard let matcher = MountedMatcher.of(T.self) else {
            throw DecodeFailure.rejected(message: "'\(name)' is not a route type")
        }
        return matcher
    }

    /// The mounted route `build` builds into memory of `T`, which is moved out, or the error
    /// it returns, as label `slot`'s. (No cast from `Any`, no `T?`. A temporary allocation on
    /// the stack, `withUnsafeTemporaryAllocation` of a type known only at run time, measured
    /// 124 instructions more a nested hit than the heap's.)
    @inline(__always)
    private static func built<T>(
        _ type: T.Type, slot: Int, _ build: (UnsafeMutableRawPointer) -> RouteMatchError?
    ) throws -> T {
        let destination = UnsafeMutablePointer<T>.allocate(capacity: 1)
        defer { destination.deallocate() }
        if let error = build(destination) { throw DecodeFailure.mounted(slot, error: error) }
        return destination.move()
    }
}

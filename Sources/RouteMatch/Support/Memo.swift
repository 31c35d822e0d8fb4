/// A value computed on first use, in two parts: a cheap part first asked for alone (what an
/// error's one-line summary reads), and the whole; later reads return the same value. The
/// closure is released once the whole value is stored, with everything it captured. It is
/// handed the memo's owner, so that what it reads may be stored there instead of captured (a
/// failed match's error keeps its diagnosis's input so: a closure that captured it was an
/// object of its own, one allocation more each miss).
///
/// A memo is not an object of its own: it is a stored property of the object that owns it (a
/// ``MemoOwner``: each failed match's error keeps one, and a memo object was one allocation
/// more each miss). Instead of a mutex of its own (another allocation), it takes one of a fixed
/// pool of locks chosen by its owner's address. The value is computed outside that lock, so a
/// memo whose value reads another memo (a mounted table's diagnostic inside the mounting
/// table's) can never wait on a lock it shares with it; two threads asking at once may both
/// compute, and both get the value stored first.
struct Memo<Value: Sendable> {
    // A closure and a count, not an enum of the states: an enum nested in the generic type
    // is a type of its own, whose metadata releasing a memo looked up (each failed match
    // releases one; about 300 instructions).
    /// The computation, asked for the whole value (`true`) or its cheap part only (`false`: a
    /// value whose other parts are left as they are made), and handed the cheap part when it
    /// was computed before (a whole computed after it takes that part from it, not again);
    /// once a value is stored, a closure that returns it (which releases the computation and
    /// what it captured once the whole value is stored). `owner` is the memo's owner.
    fileprivate var compute: @Sendable (_ owner: AnyObject, _ whole: Bool, _ cheap: Value?) -> Value
    /// What ``compute`` returns without computing: 0 nothing, 1 the cheap part, 2 the whole.
    fileprivate var stored: UInt8 = 0

    /// A memo of `compute`'s value, which it computes whole or, asked with `false`, only its
    /// cheap part (a computation with nothing cheap to leave out computes it whole either way).
    /// Asked for the whole after the cheap part, it is handed that part as `cheap`; always, it
    /// is handed the object that keeps the memo as `owner`.
    init(_ compute: @escaping @Sendable (_ owner: AnyObject, _ whole: Bool, _ cheap: Value?) -> Value) {
        self.compute = compute
    }
}

/// An object that keeps a ``Memo`` in a stored property, read and written only under the lock
/// of ``LockPool`` that the object's address picks (through ``memoized(whole:)``).
protocol MemoOwner: AnyObject {
    associatedtype Memoized: Sendable
    /// The memo; read and written only by ``memoized(whole:)``.
    var memo: Memo<Memoized> { get set }
}

extension MemoOwner {
    /// The memo's value, whole or (`whole: false`) at least its cheap part, computed now if no
    /// caller has asked for as much before.
    func memoized(whole: Bool) -> Memoized {
        let id = ObjectIdentifier(self)
        let needed: UInt8 = whole ? 2 : 1
        let (stored, read) = LockPool.withLock(for: id) { (memo.stored, memo.compute) }
        if stored >= needed { return read(self, whole, nil) }
        let computed = read(self, whole, nil)
        return LockPool.withLock(for: id) {
            if memo.stored >= needed { return memo.compute(self, whole, nil) }
            if whole {
                memo.compute = { _, _, _ in computed }
                memo.stored = 2
            } else {
                // The cheap part is kept, and handed to the whole's computation when that is
                // asked for.
                let computation = memo.compute
                memo.compute = { owner, whole, _ in whole ? computation(owner, true, computed) : computed }
                memo.stored = 1
            }
            return computed
        }
    }
}

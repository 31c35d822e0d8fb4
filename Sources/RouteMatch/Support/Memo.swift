/// A value computed on first use; later reads return the same value. The closure is released
/// once its value is stored, with everything it captured.
///
/// A memo is not an object of its own: it is a stored property of the object that owns it (a
/// ``MemoOwner``: each failed match's error keeps one, and a memo object was one allocation
/// more each miss). Instead of a mutex of its own (another allocation), it takes one of a fixed
/// pool of locks chosen by its owner's address. The value is computed outside that lock, so a
/// memo whose value reads another memo (a mounted table's diagnostic inside the mounting
/// table's) can never wait on a lock it shares with it; two threads asking at once may both
/// compute, and both get the value stored first.
struct Memo<Value: Sendable> {
    // A closure and a flag, not an enum of the two states: an enum nested in the generic type
    // is a type of its own, whose metadata releasing a memo looked up (each failed match
    // releases one; about 300 instructions).
    /// The computation; once its value is stored, a closure that returns that value (which
    /// releases the computation and what it captured).
    fileprivate var compute: @Sendable () -> Value
    /// Whether ``compute`` returns the stored value.
    fileprivate var isDone = false

    init(_ compute: @escaping @Sendable () -> Value) {
        self.compute = compute
    }
}

/// An object that keeps a ``Memo`` in a stored property, read and written only under the lock
/// of ``LockPool`` that the object's address picks (through ``memoized``).
protocol MemoOwner: AnyObject {
    associatedtype Memoized: Sendable
    /// The memo; read and written only by ``memoized``.
    var memo: Memo<Memoized> { get set }
}

extension MemoOwner {
    /// The memo's value, computed now if no caller has asked before.
    var memoized: Memoized {
        let id = ObjectIdentifier(self)
        let (done, read) = LockPool.withLock(for: id) { (memo.isDone, memo.compute) }
        if done { return read() }
        let computed = read()
        return LockPool.withLock(for: id) {
            if memo.isDone { return memo.compute() }
            memo.compute = { computed }
            memo.isDone = true
            return computed
        }
    }
}

/// A value computed on first use; later reads return the same value. The closure is released
/// once its value is stored, with everything it captured.
///
/// A memo is one small object: instead of a mutex of its own (an allocation, and a cost at
/// every failed match, which makes one), it takes one of a fixed pool of locks chosen by its
/// address. The value is computed outside that lock, so a memo whose value reads another memo
/// (a mounted table's diagnostic inside the mounting table's) can never wait on a lock it
/// shares with it; two threads asking at once may both compute, and both get the value stored
/// first.
final class Memo<Value: Sendable>: @unchecked Sendable {
    // Unchecked: `compute` and `isDone` are read and written only under `LockPool.lock(for:)`.
    // A closure and a flag, not an enum of the two states: an enum nested in the generic class
    // is a type of its own, whose metadata releasing a memo looked up (each failed match
    // releases one; about 300 instructions).
    /// The computation; once its value is stored, a closure that returns that value (which
    /// releases the computation and what it captured).
    private var compute: @Sendable () -> Value
    /// Whether ``compute`` returns the stored value.
    private var isDone = false

    init(_ compute: @escaping @Sendable () -> Value) {
        self.compute = compute
    }

    /// The value, computed now if no caller has asked before.
    var value: Value {
        let id = ObjectIdentifier(self)
        let (done, read) = LockPool.withLock(for: id) { (isDone, compute) }
        if done { return read() }
        let computed = read()
        return LockPool.withLock(for: id) {
            if isDone { return compute() }
            compute = { computed }
            isDone = true
            return computed
        }
    }
}

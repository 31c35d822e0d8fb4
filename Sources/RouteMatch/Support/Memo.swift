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
    // Unchecked: `state` is read and written only under `LockPool.lock(for:)`.
    private enum State {
        case pending(@Sendable () -> Value)
        case done(Value)
    }

    private var state: State

    init(_ compute: @escaping @Sendable () -> Value) {
        state = .pending(compute)
    }

    /// The value, computed now if no caller has asked before.
    var value: Value {
        let id = ObjectIdentifier(self)
        let compute: @Sendable () -> Value
        switch LockPool.withLock(for: id, { state }) {
        case .done(let value): return value
        case .pending(let pending): compute = pending
        }
        let computed = compute()
        return LockPool.withLock(for: id) {
            if case .done(let stored) = state { return stored }
            state = .done(computed)
            return computed
        }
    }
}

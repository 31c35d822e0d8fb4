/// A value computed on first use, once, whichever thread asks first; later reads return the
/// same value. The closure is released once it has run, with everything it captured.
///
/// A memo is one small object: instead of a mutex of its own (an allocation, and a cost at
/// every failed match, which makes one), it takes one of a fixed pool of locks chosen by its
/// address.
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
        LockPool.withLock(for: ObjectIdentifier(self)) {
            switch state {
            case .done(let value): return value
            case .pending(let compute):
                let value = compute()
                state = .done(value)
                return value
            }
        }
    }
}

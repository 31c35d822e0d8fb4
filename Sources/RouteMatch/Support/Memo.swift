/// A value computed on first use, once, whichever thread asks first; later reads return the
/// same value. The closure is released once it has run, with everything it captured.
final class Memo<Value: Sendable>: Sendable {
    private enum State {
        case pending(@Sendable () -> Value)
        case done(Value)
    }

    private let state: Locked<State>

    init(_ compute: @escaping @Sendable () -> Value) {
        state = Locked(.pending(compute))
    }

    /// The value, computed now if no caller has asked before.
    var value: Value {
        state.withLock { state in
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

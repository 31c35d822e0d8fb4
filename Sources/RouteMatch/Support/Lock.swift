#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A mutex around a value, usable on every platform RouteMatch supports (Apple platforms from
/// iOS 13 and macOS 10.15, where `Synchronization.Mutex` is not available, and Linux): a
/// ``StaticLocked`` that the object frees when it goes.
final class Locked<Value>: @unchecked Sendable {
    // Unchecked: the value is read and written only while the mutex is held.
    private let storage: StaticLocked<Value>

    init(_ value: Value) { storage = StaticLocked(value) }

    deinit { storage.deallocate() }

    /// Runs `body` with the value while holding the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withLock(body)
    }
}

/// A mutex around a value, in memory of their own that lives until ``deallocate()``: the
/// caches' `static let`s never free it, a ``Locked`` frees it when it goes.
///
/// A structure, where ``Locked`` is a generic class: each class `Locked<Value>` is a type the
/// runtime builds on its first use, some 12,000 instructions each, which a process's first
/// table paid for each of these caches (`callgrind` of `BenchFlagged --first-use Routes10`);
/// a structure whose code is specialized needs no type built.
struct StaticLocked<Value>: @unchecked Sendable {
    // Unchecked: the value is read and written only while the mutex is held.
    private let value: UnsafeMutablePointer<Value>
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init(_ initial: Value) {
        value = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        value.initialize(to: initial)
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    /// Runs `body` with the value while holding the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }

    /// Frees the value and the mutex: called once, by the owner, when nothing can lock it again.
    func deallocate() {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }
}

/// A fixed set of mutexes shared by many small objects, each object using the one its
/// identity picks: objects made by the thousand (one per failed match) need no mutex of
/// their own. A body run under a pool lock must not take another pool lock.
enum LockPool {
    private static let count = 16
    // Unsafe: the pointer is written once, here; the mutexes behind it do their own locking.
    nonisolated(unsafe) private static let mutexes: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutexes = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: count)
        for index in 0..<count {
            (mutexes + index).initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutexes + index, nil)
        }
        return mutexes
    }()

    /// Runs `body` holding the lock that `id` picks.
    static func withLock<Result>(for id: ObjectIdentifier, _ body: () throws -> Result) rethrows -> Result {
        // The object's address picks the mutex (objects are 16-byte aligned): no hashing.
        let mutex = mutexes + Int((UInt(bitPattern: id) >> 4) & UInt(count - 1))
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

import Foundation
import MallocCounter

/// A hand-written harness: per case, calibrate an iteration count so that one sample takes
/// about the target time, run one warm-up loop, then several samples; report the median time
/// per operation and the heap allocations per operation. Every operation returns an `Int` that
/// is added to a sink printed at the end, so no result can be optimised away.
struct Harness {
    struct Result {
        let name: String
        let nanoseconds: Double
        let allocations: Double?
    }

    /// The target time of one sample, in nanoseconds.
    let target: UInt64
    let samples: Int
    private(set) var sink = 0

    init(quick: Bool) {
        target = quick ? 2_000_000 : 100_000_000
        samples = quick ? 3 : 7
    }

    /// A timed ratio of two operations, from samples taken in turn (see ``paired(_:_:_:)``).
    struct Paired {
        let name: String
        /// The median of the rounds' ratios.
        let ratio: Double
        /// The lowest and the highest of the rounds' ratios.
        let low: Double
        let high: Double
        let rounds: Int
        /// Each round's time of one operation of the first and of the second, in
        /// nanoseconds, in the order the rounds ran.
        let times: [(first: Double, second: Double)]

        /// The report's line: `- name: 1.52× (1.48–1.60, 21 rounds)`.
        var line: String {
            "- \(name): " + String(format: "%.2f× (%.2f–%.2f, %d rounds)", ratio, low, high, rounds)
        }

        /// The rounds' times, one line (`Bench --paired --rounds`): `1374/335 1368/337 …`, the
        /// first operation's time over the second's, in nanoseconds, in the order the rounds ran.
        var roundsLine: String {
            "  rounds (ns): " + times.map { String(format: "%.0f/%.0f", $0.first, $0.second) }.joined(separator: " ")
        }
    }

    /// Adds `value` (an operation's result, computed outside the harness) to the sink.
    mutating func keep(_ value: Int) {
        sink &+= value
    }

    mutating func measure(_ name: String, _ body: () -> Int) -> Result {
        let iterations = calibrated(body, target: target)
        _ = loop(iterations, body)
        var times: [Double] = []
        var allocations: Double?
        for sample in 0..<samples {
            let before = malloc_counter_allocations()
            let elapsed = loop(iterations, body)
            let after = malloc_counter_allocations()
            times.append(Double(elapsed) / Double(iterations))
            if sample == 0, malloc_counter_available() != 0 {
                allocations = Double(after - before) / Double(iterations)
            }
        }
        times.sort()
        return Result(name: name, nanoseconds: times[times.count / 2], allocations: allocations)
    }

    /// The time of `a` over the time of `b`, each round timing one sample of `a` and then one
    /// of `b`: a change in the machine's load between the two falls on both, where the table's
    /// medians time each operation in a stretch of its own. The median of the rounds' ratios.
    mutating func paired(_ name: String, _ a: () -> Int, _ b: () -> Int) -> Paired {
        let sampleTarget = target / 4
        let countA = calibrated(a, target: sampleTarget), countB = calibrated(b, target: sampleTarget)
        _ = loop(countA, a)
        _ = loop(countB, b)
        let rounds = samples * 3
        var times: [(first: Double, second: Double)] = []
        for _ in 0..<rounds {
            let timeA = Double(loop(countA, a)) / Double(countA)
            let timeB = Double(loop(countB, b)) / Double(countB)
            times.append((timeA, timeB))
        }
        let ratios = times.map { $0.first / max($0.second, 0.01) }.sorted()
        return Paired(
            name: name, ratio: ratios[rounds / 2], low: ratios[0], high: ratios[rounds - 1], rounds: rounds, times: times)
    }

    /// An iteration count for which one loop of `body` takes about `target` nanoseconds.
    ///
    /// `body` runs once before the first timed loop: an operation's first use (building its
    /// table, learning its route, making its types) takes milliseconds, and timed within the
    /// first loop it made the count a few dozen where it should be tens of thousands — then each
    /// sample of the 100-route enum hit was a burst of 45 hits after 25 ms of the other
    /// operation, timed cold (1.7–3.5 µs a hit, where it takes 1.0 µs warm).
    private mutating func calibrated(_ body: () -> Int, target: UInt64) -> Int {
        sink &+= body()
        var iterations = 16
        while true {
            let elapsed = loop(iterations, body)
            if elapsed >= target / 4 || iterations >= 1 << 30 {
                let perIteration = max(Double(elapsed) / Double(iterations), 0.01)
                return max(1, Int(Double(target) / perIteration))
            }
            iterations *= 4
        }
    }

    private mutating func loop(_ iterations: Int, _ body: () -> Int) -> UInt64 {
        var accumulator = 0
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { accumulator &+= body() }
        let end = DispatchTime.now().uptimeNanoseconds
        sink &+= accumulator
        return end - start
    }
}

/// Formats nanoseconds for a table: `412 ns`, `3.1 µs`, `2.7 ms`.
func format(nanoseconds value: Double) -> String {
    if value < 1_000 { return String(format: value < 10 ? "%.1f ns" : "%.0f ns", value) }
    if value < 1_000_000 { return String(format: "%.2f µs", value / 1_000) }
    return String(format: "%.2f ms", value / 1_000_000)
}

func format(allocations value: Double?) -> String {
    guard let value else { return "–" }
    return value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
}

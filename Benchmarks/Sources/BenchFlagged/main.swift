// The benchmark's route enums compiled with `-disable-concrete-type-metadata-mangled-name-accessors`
// and `-sil-disable-pass=alloc-stack-hoisting` (Package.swift), the setting the README offers an
// app's route module: their first use and their hits, measured by `Bench` (first use),
// `instructions.sh` (operations named `flagged-…`) and `BenchFlagged --paired` (the goals' timed
// ratios on these enums). The sources are `Bench`'s own files, linked here.
import Foundation

runFirstUseIfAsked(enumFirstUses())
runRepeatIfAsked(enumOperations())
runPairedIfAsked(goalPairs, enumOperations(), quick: ProcessInfo.processInfo.environment["BENCH_QUICK"] != nil)
print("usage: BenchFlagged --first-use \(enumFirstUses().keys.sorted().joined(separator: "|")) | --repeat OPERATION N | --paired [--rounds] [--warm-first]")
exit(2)

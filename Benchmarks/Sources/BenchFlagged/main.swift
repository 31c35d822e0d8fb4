// The benchmark's route enums compiled with `-disable-concrete-type-metadata-mangled-name-accessors`
// (Package.swift), the setting the README offers an app's route module: their first use and
// their hits, measured by `Bench` (first use) and `instructions.sh` (operations named
// `flagged-…`). The sources are `Bench`'s own files, linked here.
import Foundation

runFirstUseIfAsked(enumFirstUses())
runRepeatIfAsked(enumOperations())
print("usage: BenchFlagged --first-use \(enumFirstUses().keys.sorted().joined(separator: "|")) | --repeat OPERATION N")
exit(2)

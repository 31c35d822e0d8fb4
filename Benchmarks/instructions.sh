#!/usr/bin/env bash
# Instructions per operation, counted by callgrind (valgrind): the same operation run 10,000
# and 30,000 times, the difference divided by 20,000, so that starting the process, building
# the tables and the first use cancel out. The counts do not depend on the machine's load.
#
#   swift build -c release && ./instructions.sh [OPERATION ...]
#   ./instructions.sh --list    (the operations counted by default, one a line: what CI runs)
#
# Operations: closure-hit, enum-hit, enum-hit-100 (the deep link in the 100-route enum),
# enum-miss, rendered-miss-1000 (a miss at the first segment of the 1,000-route table, its
# diagnostic rendered), urlcomponents-closure-link, urlcomponents-deep-link, nested-hit-1000 (a
# link into the last of ten mounted feature enums of 100), nested-closure-hit-1000 (the same
# link, the feature enums mounted by closure routes) and enum-hit-section (the same link shape
# in the 10-route enum) (all of them by default).
set -euo pipefail
cd "$(dirname "$0")"
defaults=(closure-hit enum-hit enum-hit-100 enum-miss rendered-miss-1000 urlcomponents-closure-link urlcomponents-deep-link nested-hit-1000 nested-closure-hit-1000 enum-hit-section)
if [ "${1:-}" = "--list" ]; then printf '%s\n' "${defaults[@]}"; exit 0; fi
operations=("$@")
[ ${#operations[@]} -gt 0 ] || operations=("${defaults[@]}")
bench=.build/release/Bench
command -v valgrind > /dev/null || { echo "instructions.sh needs valgrind" >&2; exit 1; }
[ -x "$bench" ] || { echo "build first: swift build -c release" >&2; exit 1; }
# Without its debug information: valgrind 3.19 refuses the DWARF of this binary, and the
# counts need no symbols.
stripped=$(mktemp)
trap 'rm -f "$stripped"' EXIT
objcopy --strip-debug "$bench" "$stripped"
chmod +x "$stripped"
bench=$stripped
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bench" --repeat "$1" "$2" 2>&1 \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
for operation in "${operations[@]}"; do
    low=$(count "$operation" 10000)
    high=$(count "$operation" 30000)
    echo "$operation: $(( (high - low) / 20000 )) instructions"
done

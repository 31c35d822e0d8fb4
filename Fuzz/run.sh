#!/usr/bin/env bash
# Builds the fuzz binary (libFuzzer and AddressSanitizer; one for the four targets, rebuilt
# when a source is newer) and runs one target for a given time.
#
#   Fuzz/run.sh link 60         # target: link | pattern | roundtrip | table; seconds
#
# The target is compiled together with the library's sources into one module (so it can
# check internal invariants). The committed seeds in Fuzz/corpus/<target> are read, never
# written: new inputs go to a temporary corpus. A crash or a broken invariant leaves its
# input in fuzz-out/<target>/ and makes the script exit non-zero; turn it into a regression
# test (Tests/RouteMatchTests/HostileLinkTests.swift) before fixing it.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${1:?target: link, pattern, roundtrip or table}"
seconds="${2:-60}"
case "$target" in
  link | pattern | roundtrip | table) ;;
  *) echo "unknown target $target" >&2; exit 2 ;;
esac
mkdir -p .build-fuzz "fuzz-out/$target"
# One binary for the four targets (FuzzEntry.swift picks the one FUZZ_TARGET names): the library
# is compiled with the sanitizers once, not once a target.
binary=".build-fuzz/fuzz"
# Runs started at once (campaigns) build it once: the first holds the lock, the others wait
# and find it built.
if command -v flock > /dev/null; then
  exec 9> .build-fuzz/build.lock
  flock 9
fi
sources=$(find Sources/RouteMatch -name '*.swift' | sort)
targets=$(find Fuzz/Targets -name '*.swift' | sort)
if [ ! -x "$binary" ] || [ -n "$(find Sources Fuzz/Targets -newer "$binary" \( -name '*.swift' -o -name '*.h' -o -name '*.c' \) | head -1)" ]; then
  echo "== building $binary"
  rm -f "$binary" # a failed build must not leave the previous binary to be fuzzed
  # The library's C module: its operations are static inline in the header, and its one
  # source file defines the thread-local word they use; compiled with the toolchain's clang.
  clang="$(dirname "$(command -v swiftc)")/clang"
  "$clang" -O2 -g -fsanitize=fuzzer-no-link,address -I Sources/CRouteMatchAtomics/include \
    -c Sources/CRouteMatchAtomics/CRouteMatchAtomics.c -o ".build-fuzz/CRouteMatchAtomics.o"
  # Its files' compile jobs run on every core (-j): one at a time, the build took 66 s on CI's kind of
  # machine, 32 s with two. ld.gold warns about ASan's local symbols; those lines are noise, not
  # project warnings.
  swiftc -O -g -swift-version 6 -warnings-as-errors -sanitize=fuzzer,address -parse-as-library -module-name RouteMatchFuzz \
    -j "$(getconf _NPROCESSORS_ONLN 2> /dev/null || echo 2)" -I Sources/CRouteMatchAtomics/include $sources $targets \
    ".build-fuzz/CRouteMatchAtomics.o" -o "$binary" 2>&1 \
    | grep -v "Cannot export local symbol '__asan" || true
  [ -x "$binary" ] || { echo "build failed" >&2; exit 1; }
fi
if command -v flock > /dev/null; then flock -u 9; fi
# FUZZ_CORPUS_OUT=dir keeps the inputs a run finds (for a campaign, to merge into the seeds).
if [ -n "${FUZZ_CORPUS_OUT:-}" ]; then
  work="$FUZZ_CORPUS_OUT"
  mkdir -p "$work"
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi
echo "== fuzzing $target for ${seconds}s"
log="$(mktemp)"
set +e
FUZZ_TARGET="$target" SWIFT_BACKTRACE=enable=no "$binary" "$work" "Fuzz/corpus/$target" -max_total_time="$seconds" -max_len=4096 \
  -timeout=10 -rss_limit_mb=2048 -artifact_prefix="fuzz-out/$target/" -print_final_stats=1 > "$log" 2>&1
status=$?
set -e
grep -E "^(#[0-9]+[[:space:]]+DONE|Done|stat::number_of_executed_units|stat::peak_rss|invariant|SUMMARY|Fatal error|.*Fatal error)" "$log" || true
rm -f "$log"
if [ "$status" -ne 0 ]; then
  echo "fuzz target $target failed (exit $status); inputs in fuzz-out/$target/" >&2
  exit "$status"
fi

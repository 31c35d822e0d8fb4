#!/usr/bin/env bash
# Instructions per operation, counted by callgrind (valgrind): the operation run 10,000 times, then
# 10,000 more inside one function, `countedRepetitions`, whose instructions alone callgrind collects
# (`--toggle-collect`), their count divided by 10,000. Starting the process, building the tables and
# the first uses stay out of it, in one process (the script once took two, of 10,000 and 30,000
# runs, and their difference: the same count within 5 instructions, in twice the time). The counts
# do not depend on the machine's load, nor on the process's hash seed: every program runs with
# SWIFT_DETERMINISTIC_HASHING=1, where a seed of its own moved a new process's first-use count by up
# to 5% from run to run (`Set` and `Dictionary` place their elements by it, so their probes differ).
# Fixed, a count repeats within 0.1%, but for a link handler's first link, whose tasks and threads
# the scheduler interleaves (up to 10%, as with a seed of its own).
#
#   swift build -c release && ./instructions.sh [OPERATION ...]
#   ./instructions.sh --list    (the operations counted by default, one a line)
#
# Operations: closure-hit, closure-hit-tracked (its link with four tracking items no route
# reads), enum-hit, enum-hit-100 (the deep link in the 100-route enum),
# struct-hit, struct-in-segment-hit, struct-rest-hit, struct-query-list-hit (struct routes: the
# last of 10 `section{i}/item/${id}` routes; under three origins, `shop{i}/item-${id}.json` from a
# prefixed universal link and `files{i}/${path...}` bound to a list, three segments; and
# `search{i}?q=${q}&tag=${tags}` with two values of `tag`), struct-miss (a miss at the first
# segment of that 10-route struct table, with its reason),
# enum-miss, origins-host-miss (a link from a misspelled host of the 10-route origins table, with
# its reason), rendered-miss-1000 (a miss at the first segment of the 1,000-route table, its
# diagnostic rendered), summary-miss-1000 and redacted-summary-miss-1000 (the same miss as the
# one line a log keeps, its `summary`, and as a link handler logs it by default, its
# `redactedSummary`), redacted-summary-then-rendered-miss-1000 (that redacted line, then the
# same error's full diagnostic), urlcomponents-closure-link, urlcomponents-tracked-link,
# urlcomponents-deep-link, nested-hit-1000 (a
# link into the last of ten mounted feature enums of 100), nested-miss-1000 (a miss inside
# that feature, with its reason), nested-closure-hit-1000 (the same
# link, the feature enums mounted by closure routes), enum-hit-section (the same link shape
# in the 10-route enum), enum-hit-optional (a case with an optional query value), enum-render
# (the deep link's route rendered back as a link, read back once), urlcomponents-render (that
# link written by URLComponents from its parts) and codable-floor,
# codable-floor-100 (the deep link's case decoded by
# its synthesized init(from:) alone, from a minimal decoder: the part of an enum hit that is
# Swift's), codable-floor-section and codable-floor-nested (the same for the section link and
# the nested link, whose case holds the feature enum's: two synthesized init(from:)), and
# build-1000 (the 1,000-route enum table built warm from its patterns, no route learned:
# 10 builds counted, 1 with --quick) and validate-1000 (the same table built
# and every route learned, what `validate()` costs: counted as build-1000 is).
# `flagged-OPERATION` counts one of the operations on the enums both programs share
# (`enumOperations()` in Sources/Bench/Processes.swift: enum-hit, enum-hit-100, nested-hit-1000,
# nested-closure-hit-1000, enum-hit-section, the Codable floors, urlcomponents-deep-link, …) in
# BenchFlagged, whose route enums are compiled with
# -disable-concrete-type-metadata-mangled-name-accessors and -sil-disable-pass=alloc-stack-hoisting
# (the README's first-use setting). `first-use-TABLE` and
# `flagged-first-use-TABLE` (TABLE: Routes10, Routes100, Routes1000, NestedRoutes1000;
# RenderRoutes10, the first `link()` of a 10-case enum's route, with no match before it;
# MissRoutes10, the first miss of that enum, its diagnostic rendered as text; or
# CodableFloor10, CodableFloor100, CodableFloor1000, CodableFloorNested: the same links' cases
# decoded once at the Codable floor, without RouteMatch; PreparedRoutes10, PreparedRoutes1000,
# PreparedLabelRoutes10, PreparedEveryLabelRoutes10 (after `prepare(.everyRoute)`):
# `prepare()`, then the first match, and PrepareAloneRoutes10, PrepareAloneRoutes1000,
# PrepareAloneLabelRoutes10, PrepareEveryAloneLabelRoutes10 (and PreparedEveryRenderLabelRoutes10,
# PrepareEveryAloneRenderLabelRoutes10: the first `link()` after `prepare(.everyRoute)`):
# `prepare()` alone, whose difference is the first match after it; PreparedRouterLegacyLink,
# PreparedHandlerLegacyLink: a link handler's first legacy link after its router's prepare() or
# its own, less PrepareAloneRouterLegacyLink, PrepareAloneHandlerLegacyLink) count a new
# process's first use of the table, less a process that starts and ends without it
# (`--first-use none`): in instructions, what the README's first-use figures time. All but the
# prepared ones by default.
#
#   ./instructions.sh --quick [OPERATION ...]   (100 repetitions counted, after 100: CI's
#                                                 ceilings; the count of 1,000, with the seed
#                                                 fixed)
#   ./instructions.sh --smoke   (runs every default operation once, without valgrind: CI's check
#                                that each still runs)
set -euo pipefail
cd "$(dirname "$0")"
defaults=(closure-hit closure-hit-tracked struct-hit struct-in-segment-hit struct-rest-hit struct-query-list-hit struct-miss enum-hit enum-hit-100 enum-miss origins-host-miss rendered-miss-1000 summary-miss-1000 redacted-summary-miss-1000 redacted-summary-then-rendered-miss-1000 urlcomponents-closure-link
    urlcomponents-tracked-link urlcomponents-deep-link nested-hit-1000 nested-miss-1000 nested-closure-hit-1000 enum-hit-section enum-hit-optional enum-render urlcomponents-render codable-floor codable-floor-100
    codable-floor-section codable-floor-nested build-1000 validate-1000
    flagged-enum-hit flagged-enum-hit-100 flagged-nested-hit-1000 flagged-nested-closure-hit-1000
    first-use-Routes10 first-use-Routes1000 first-use-NestedRoutes1000 first-use-RenderRoutes10 first-use-MissRoutes10
    first-use-CodableFloor10 first-use-CodableFloor1000 first-use-CodableFloorNested
    flagged-first-use-Routes10 flagged-first-use-Routes1000 flagged-first-use-NestedRoutes1000 flagged-first-use-RenderRoutes10 flagged-first-use-MissRoutes10
    flagged-first-use-CodableFloor10 flagged-first-use-CodableFloor1000 flagged-first-use-CodableFloorNested)
if [ "${1:-}" = "--list" ]; then printf '%s\n' "${defaults[@]}"; exit 0; fi
smoke=false
if [ "${1:-}" = "--smoke" ]; then smoke=true; shift; fi
# Repetitions of a repeated operation, warm and then counted (--quick: a hundredth, for CI's
# ceilings; the same counts: struct-hit, struct-miss, enum-hit and rendered-miss-1000 counted
# 100 and 10,000 times gave each the same count to the instruction).
low_count=10000
if [ "${1:-}" = "--quick" ]; then low_count=100; shift; fi
operations=("$@")
[ ${#operations[@]} -gt 0 ] || operations=("${defaults[@]}")
for program in Bench BenchFlagged; do
    [ -x ".build/release/$program" ] || { echo "build first: swift build -c release" >&2; exit 1; }
done

# The program an operation runs in, and its arguments (a repeated operation's count last).
program_of() { case "$1" in flagged-*) echo BenchFlagged ;; *) echo Bench ;; esac; }
arguments_of() {
    local name=${1#flagged-}
    case "$name" in
        first-use-*) echo "--first-use ${name#first-use-}" ;;
        *) echo "--repeat $name" ;;
    esac
}

if $smoke; then
    for operation in "${operations[@]}"; do
        # shellcheck disable=SC2046
        if [[ "$operation" == *first-use-* ]]; then
            ".build/release/$(program_of "$operation")" $(arguments_of "$operation") > /dev/null
        else
            ".build/release/$(program_of "$operation")" $(arguments_of "$operation") 10 > /dev/null
        fi || { echo "$operation does not run" >&2; exit 1; }
    done
    exit 0
fi

command -v valgrind > /dev/null || { echo "instructions.sh needs valgrind" >&2; exit 1; }
# Without their debug information: valgrind 3.19 refuses the DWARF of these binaries, and the
# counts need no symbols.
stripped=$(mktemp -d)
trap 'rm -rf "$stripped"' EXIT
for program in Bench BenchFlagged; do
    objcopy --strip-debug ".build/release/$program" "$stripped/$program"
    chmod +x "$stripped/$program"
done
count() {
    local options=() program output collected
    while [[ "$1" == --* ]]; do options+=("$1"); shift; done  # valgrind's own options first
    program=$1; shift
    output=$(SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "${options[@]}" \
        "$stripped/$program" "$@" 2>&1) \
        || { echo "$program $* failed under valgrind:" >&2; echo "$output" | grep -v '^==' >&2; return 1; }
    collected=$(echo "$output" | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
    [ -n "$collected" ] || { echo "valgrind printed no count for $program $*" >&2; return 1; }
    echo "$collected"
}
# A process that starts and ends without a first use (`--first-use none`): counted once a program
# (in this shell, not in a `$(…)`, which would keep it in a subshell).
declare -A starts=()
for operation in "${operations[@]}"; do
    program=$(program_of "$operation")
    # shellcheck disable=SC2046
    if [[ "$operation" == *first-use-* ]]; then
        whole=$(count "$program" $(arguments_of "$operation"))
        [ -n "${starts[$program]:-}" ] || starts[$program]=$(count "$program" --first-use none)
        start=${starts[$program]}
        echo "$operation: $(( whole - start )) instructions"
    else
        # A table's build (or validation) takes a thousand times a hit's instructions (or more): a
        # thousandth of the runs, and at least one.
        runs=$low_count
        if [[ "$operation" == build-* || "$operation" == validate-* ]]; then
            runs=$(( low_count / 1000 > 0 ? low_count / 1000 : 1 ))
        fi
        # Counted in the stripped copy: in the binary with its debug information, the toggle never
        # fired (a count of 0), which fails here rather than pass as a tiny count.
        counted=$(count --toggle-collect='*countedRepetitions*' "$program" $(arguments_of "$operation") "$runs" --counted)
        [ "$counted" -gt 0 ] || { echo "callgrind counted nothing in countedRepetitions for $operation" >&2; exit 1; }
        echo "$operation: $(( counted / runs )) instructions"
    fi
done

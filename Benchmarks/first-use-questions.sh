#!/usr/bin/env bash
# The conformance questions a first use asks the Swift runtime, each once, in the order first
# asked: `./first-use-questions.sh [--flagged] TABLE` (a table `Bench --first-use` knows;
# `--flagged` runs `BenchFlagged`, the enums compiled with the README's first-use setting), less
# those the benchmark program asks itself (`--first-use none`).
#
# The first time a process asks whether a type conforms to a protocol, the runtime scans every
# protocol conformance record of the process (tens of thousands in a large app; the README's
# "First use at launch"), and keeps the answer. This lists those questions: a breakpoint on the
# runtime's `swift_conformsToProtocol` and `swift_conformsToProtocolWithExecutionContext` prints
# each call's protocol and type (a struct's or an enum's name from its nominal type descriptor;
# another kind of type as its metadata kind), and each pair is printed once. A pair asked again
# is answered from the runtime's cache, so each line is one scan: the ten mounted enums' first
# use with the setting lists 3, as many as its instructions grow by with 100,000 records added
# (3.6 M each, ./conformance-records.py).
# Needs gdb and the benchmarks' release build (`swift build -c release`).
set -euo pipefail
cd "$(dirname "$0")"
program=Bench
if [ "${1:-}" = "--flagged" ]; then program=BenchFlagged; shift; fi
[ $# -eq 1 ] || { echo "usage: $0 [--flagged] TABLE" >&2; exit 2; }
command -v gdb > /dev/null || { echo "$0 needs gdb" >&2; exit 1; }
binary=.build/release/$program
[ -x "$binary" ] || { echo "$binary is not built: swift build -c release" >&2; exit 1; }

commands=$(mktemp)
trap 'rm -f "$commands"' EXIT
# A breakpoint's commands: the protocol descriptor's name (a relative pointer at offset 8) and,
# for a struct, an enum or an optional (metadata kinds 0x200-0x202), the names in the nominal
# type descriptor the metadata points to (at offset 8): its parent's (a relative pointer at 4,
# indirect when its low bit is set; past an anonymous context, which a private type's parent is)
# and its own (at 8), then the metadata's address, which tells apart two types of one name (two
# generic arguments, two `CodingKeys`).
report='commands
silent
set $kind = *(long*)$rdi
if $kind >= 0x200 && $kind <= 0x202
set $type = *(char**)($rdi + 8)
set $context = $type
set $steps = 0
set $parentKind = 2
while $parentKind == 2 && $steps < 3
set $offset = *(int*)($context + 4)
set $context = $context + 4 + ($offset & ~1)
if $offset & 1
set $context = *(char**)$context
end
set $parentKind = *(int*)$context & 0x1f
set $steps = $steps + 1
end
if $parentKind == 0 || $parentKind >= 16
printf "QUESTION %s | %s.%s | %p\n", (char*)($rsi + 8 + *(int*)($rsi + 8)), (char*)($context + 8 + *(int*)($context + 8)), (char*)($type + 8 + *(int*)($type + 8)), $rdi
else
printf "QUESTION %s | %s | %p\n", (char*)($rsi + 8 + *(int*)($rsi + 8)), (char*)($type + 8 + *(int*)($type + 8)), $rdi
end
else
printf "QUESTION %s | metadata kind 0x%lx | %p\n", (char*)($rsi + 8 + *(int*)($rsi + 8)), $kind, $rdi
end
continue
end'
{
    echo "set pagination off"
    echo "set breakpoint pending on"
    echo "break swift_conformsToProtocol"
    echo "$report"
    echo "break swift_conformsToProtocolWithExecutionContext"
    echo "$report"
    echo "run"
} > "$commands"

[ "$(uname -m)" = x86_64 ] || { echo "$0 reads the call's arguments from x86-64 registers" >&2; exit 1; }
# The first use must run and hit, as first-uses.py asks of it.
"$binary" --first-use "$1" > /dev/null || { echo "$program --first-use $1: exit status $? (a table it knows, whose link hits)" >&2; exit 1; }
# Each distinct question of a process of the program, as "protocol | type | metadata address".
questions() {
    gdb -q -batch -x "$commands" --args "$binary" --first-use "$1" 2>/dev/null | sed -n 's/^QUESTION //p' | awk '!seen[$0]++'
}
# Less those of a process that starts and ends without the first use (`--first-use none`: what
# the benchmark program asks itself, as instructions.sh subtracts its instructions).
questions none > "$commands.none"
trap 'rm -f "$commands" "$commands.none"' EXIT
questions "$1" | awk -F ' [|] ' -v none="$commands.none" '
    FILENAME == none { asked[$1 " | " $2] = 1; next }
    !(($1 " | " $2) in asked) { count++; print $1 " | " $2 }
    END { print count + 0 (count == 1 ? " question" : " questions") }
' "$commands.none" -

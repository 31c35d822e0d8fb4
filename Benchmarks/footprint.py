#!/usr/bin/env python3
"""The machine code an operation runs, in 64-byte lines: what it asks of the instruction cache.

    swift build -c release && ./footprint.py OPERATION ... [--functions N] [--misses]

For each operation (the names of instructions.sh; `flagged-` runs it in BenchFlagged), callgrind
records every instruction executed in two runs of it, 1,000 and 3,000 times; an instruction is
the operation's when the second run executes it at least 2,000 times more than the first (once
an operation, on average: starting the process and building the tables cancel out). Prints how
many distinct 64-byte lines of code those instructions occupy, by library, and with
`--functions N` the N functions with the most. The instruction cache of the README's machine
holds 32 KiB a core: an operation whose lines take more evicts its own code on every repetition.
With `--misses`, cachegrind also simulates that cache (32 KiB, 8 ways, 64-byte lines, least
recently used) and prints the operation's misses in it, by the same difference of two runs: the
lines an operation fetches again from the next level on each repetition. (A simulation: the
real cache's replacement and its prefetcher differ; the counts compare operations, they do not
time them.) Needs valgrind and objcopy, as instructions.sh does.
"""
import os, subprocess, sys, tempfile

# Each program runs with the hash seed fixed, as in instructions.sh: a seed of its own places the
# elements of every `Set` and `Dictionary` where it likes, and so moves which lines a probe runs.
SEEDED = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")

def executions(program, operation, count, directory):
    out = os.path.join(directory, f"callgrind.{count}")
    subprocess.run(["valgrind", "--tool=callgrind", "--dump-instr=yes", "--compress-pos=no",
                    "--compress-strings=no", f"--callgrind-out-file={out}", program,
                    "--repeat", operation, str(count)],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=SEEDED)
    counts, library, function, after_call = {}, None, None, False
    with open(out) as lines:
        for line in lines:
            if line.startswith("ob="):
                library = os.path.basename(line[3:].strip())
            elif line.startswith("fn="):
                function = line[3:].strip()
            elif line.startswith("calls="):
                after_call = True  # the next cost line is the call's inclusive cost
            elif line.startswith("0x"):
                if after_call:
                    after_call = False
                    continue
                fields = line.split()
                key = (int(fields[0], 16), library, function)
                counts[key] = counts.get(key, 0) + int(fields[2])
    return counts

def misses(program, operation, count, directory):
    """The simulated instruction cache's misses in `count` repetitions of `operation`."""
    log = os.path.join(directory, f"cachegrind.{count}")
    subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=yes", "--I1=32768,8,64", "--D1=32768,8,64",
                    "--LL=1048576,16,64", "--cachegrind-out-file=/dev/null", f"--log-file={log}", program,
                    "--repeat", operation, str(count)],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=SEEDED)
    with open(log) as lines:
        for line in lines:
            if "I1  misses:" in line:
                return int(line.split("I1  misses:")[1].strip().replace(",", ""))
    raise RuntimeError(f"cachegrind printed no I1 misses for {operation}")

def main():
    arguments = sys.argv[1:]
    functions = 0
    if "--functions" in arguments:
        at = arguments.index("--functions")
        functions = int(arguments[at + 1])
        del arguments[at:at + 2]
    simulate = "--misses" in arguments
    if simulate:
        arguments.remove("--misses")
    if not arguments:
        print(__doc__.strip())
        return 2
    here = os.path.dirname(os.path.abspath(__file__))
    with tempfile.TemporaryDirectory() as directory:
        for operation in arguments:
            name = "BenchFlagged" if operation.startswith("flagged-") else "Bench"
            program = os.path.join(directory, name)
            # Without debug information: valgrind 3.19 refuses these binaries' DWARF.
            subprocess.run(["objcopy", "--strip-debug", os.path.join(here, ".build/release", name), program], check=True)
            bare = operation.removeprefix("flagged-")
            low = executions(program, bare, 1000, directory)
            high = executions(program, bare, 3000, directory)
            owner = {}
            for key, count in high.items():
                if count - low.get(key, 0) >= 2000:
                    owner.setdefault(key[0] >> 6, key[1:])
            by_library, by_function = {}, {}
            for library, function in owner.values():
                by_library[library] = by_library.get(library, 0) + 64
                by_function[function] = by_function.get(function, 0) + 64
            libraries = ", ".join(f"{library} {size / 1024:.1f} KiB" for library, size in
                                  sorted(by_library.items(), key=lambda item: -item[1]))
            print(f"{operation}: {len(owner) * 64 / 1024:.1f} KiB of code ({libraries})")
            if simulate:
                each = (misses(program, bare, 3000, directory) - misses(program, bare, 1000, directory)) / 2000
                print(f"  {max(each, 0):.0f} misses an operation in a simulated 32 KiB instruction cache")
            for function, size in sorted(by_function.items(), key=lambda item: -item[1])[:functions]:
                readable = subprocess.run(["swift", "demangle", "--simplified", "--compact", function],
                                          capture_output=True, text=True).stdout.strip()
                print(f"  {size:6d} B  {readable[:120]}")
    return 0

if __name__ == "__main__":
    sys.exit(main())

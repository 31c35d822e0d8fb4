#!/usr/bin/env python3
"""First uses in new processes, timed: the README's first-use figures.

    swift build -c release && ./first-uses.py [ROUNDS]

Each round runs every table's first use once, each in a new process of its own, in turn
(`Bench --first-use TABLE` and `BenchFlagged --first-use TABLE`: the first `match` of the table,
or the same case's first decode at the Codable floor, or the first `match` after `prepare()` or
`validate()` alone (and that call's own time), timed by the process itself and printed in
nanoseconds). Rounds (21 by default) alternate the tables, so that a change in the machine's
load weighs on all of them alike. Prints, for each table, the median of its rounds, its
quartiles and its extremes, in milliseconds. The programs must be built (release) first. Exits
with status 1, naming the table, when a first use does not hit or a program does not run.
"""
import os, statistics, subprocess, sys

directory = os.path.join(os.path.dirname(os.path.abspath(__file__)), ".build", "release")


def first_use(program, name, environment=None, context=""):
    """One first use of table `name` in a new process of `program`: its time and the time of the
    call before it (for a first match after `prepare()` or `validate()`), in milliseconds. Ends
    this process (status 1) when the first use does not hit or the program does not run;
    `context` is added to the program's name in that message."""
    run = subprocess.run([os.path.join(directory, program), "--first-use", name],
                         capture_output=True, text=True, env=environment)
    printed = run.stdout.split()
    if run.returncode != 0 or len(printed) != 2 or not printed[0].isdigit() or printed[0] == "0":
        sys.exit(f"{program} --first-use {name}{context}: exit status {run.returncode}, printed "
                 f"{run.stdout.strip()!r} (the first use must hit and print two times){run.stderr}")
    return int(printed[0]) / 1e6, int(printed[1]) / 1e6


if __name__ == "__main__":
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 21
    enums = ["Routes10", "CodableFloor10", "Routes100", "CodableFloor100", "Routes1000",
             "CodableFloor1000", "NestedRoutes1000", "CodableFloorNested", "LabelRoutes10"]
    tables = [("Bench", name) for name in enums + ["ClosureRoutes10", "ClosureRoutes1000"]]
    # The first match after `prepare()`, `prepare(.everyRoute)` or `validate()`, timed alone (as
    # compiled by default), and after either `prepare` with the setting.
    tables += [("Bench", kind + name) for kind in ["Prepared", "PreparedEvery", "Validated"]
               for name in ["Routes10", "Routes1000", "NestedRoutes1000"]]
    tables += [("BenchFlagged", kind + name) for kind in ["Prepared", "PreparedEvery"]
               for name in ["Routes10", "Routes1000", "NestedRoutes1000"]]
    # A link handler's first legacy link after the router's `prepare()` or the handler's.
    tables += [("Bench", "Prepared" + name + "LegacyLink") for name in ["Router", "Handler"]]
    # The first link into a route whose labels are types of the app's own, after `prepare()`
    # (which learns the first route) and after `prepare(.everyRoute)`, in both programs.
    tables += [(program, kind + "LabelRoutes10") for program in ["Bench", "BenchFlagged"]
               for kind in ["Prepared", "PreparedEvery"]]
    tables += [("BenchFlagged", name) for name in enums]
    times = {table: [] for table in tables}
    # For a first match after a call, the call's own time.
    calls = {table: [] for table in tables}
    for _ in range(rounds):
        for program, name in tables:
            time, call = first_use(program, name)
            times[(program, name)].append(time)
            calls[(program, name)].append(call)
    for (program, name), values in times.items():
        values.sort()
        lower, _, upper = statistics.quantiles(values, n=4) if len(values) > 1 else values * 3
        call = ""
        if name.startswith(("Prepared", "Validated")):
            call = f"  (the call before it: median {statistics.median(calls[(program, name)]):.3f} ms)"
        print(f"{program:13} {name:26} median {statistics.median(values):8.3f} ms  "
              f"quartiles {lower:.3f}–{upper:.3f}  min {values[0]:.3f}  max {values[-1]:.3f}{call}")

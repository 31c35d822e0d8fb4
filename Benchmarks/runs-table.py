#!/usr/bin/env python3
"""The README's tables of timed runs, made from the output of several runs of `Bench` (or, for
the paired ratios, of `BenchFlagged --paired`).

    .build/release/Bench > run1.txt        # three times, nothing else running
    ./runs-table.py run1.txt run2.txt run3.txt
    ./runs-table.py --paired run1.txt run2.txt run3.txt [--warm-first warm1.txt warm2.txt]

Without `--paired`: the scenario table, each cell the median of the runs' times (each run's
cell is already the median of its samples) with the allocations most runs counted. With
`--paired`: each paired ratio (`Bench --paired` prints them too, and so does a full run), the
runs' medians in the order given, those of the runs after `--warm-first` (`Bench --paired
--warm-first`) apart, and the range of all. The instructions beside them in the README come from
`./instructions.sh`, counted, not timed.
"""
import re, statistics, sys
from collections import Counter

UNITS = {"ns": 1, "µs": 1e3, "ms": 1e6}

def scenarios(path):
    """Each scenario's cells, in the run's order: {name: [cell, cell, cell]}."""
    rows = {}
    for line in open(path, encoding="utf-8"):
        if line.startswith("| ") and not line.startswith("| scenario") and not line.startswith("|---"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            rows[cells[0]] = cells[1:]
    return rows

def nanoseconds(cell):
    found = re.match(r"([\d.]+) (ns|µs|ms)", cell)
    return float(found.group(1)) * UNITS[found.group(2)] if found else None

def formatted(value):
    """As Bench writes a time (`format(nanoseconds:)` in Harness.swift)."""
    if value < 1e3:
        return f"{value:.1f} ns" if value < 10 else f"{value:.0f} ns"
    return f"{value / 1e3:.2f} µs" if value < 1e6 else f"{value / 1e6:.2f} ms"

def scenario_table(paths):
    runs = [scenarios(path) for path in paths]
    for path, run in zip(paths, runs):
        if not run:
            sys.exit(f"{path}: no scenario table (the output of a full or quick run of Bench)")
    print("| scenario | n = 10 | n = 100 | n = 1000 |\n|---|---:|---:|---:|")
    for name, first in runs[0].items():
        cells = []
        for column in range(len(first)):
            texts = [run[name][column] for run in runs if name in run]
            times = [nanoseconds(text) for text in texts]
            if None in times:  # "–": not measured at this size
                cells.append(texts[0])
                continue
            allocations = Counter(re.search(r"\((.*) alloc\)", text).group(1) for text in texts)
            cells.append(f"{formatted(statistics.median(times))} ({allocations.most_common(1)[0][0]} alloc)")
        print(f"| {name} | " + " | ".join(cells) + " |")

def ratios(path):
    found = {}
    for line in open(path, encoding="utf-8"):
        match = re.match(r"^- (.*): ([\d.]+)× \([\d.]+–[\d.]+, \d+ rounds\)", line)
        if match:
            found[match.group(1)] = match.group(2)
    return found

def paired_table(paths, warm):
    runs, warm_runs = [ratios(path) for path in paths], [ratios(path) for path in warm]
    for path, run in zip(paths + warm, runs + warm_runs):
        if not run:
            sys.exit(f"{path}: no paired ratios (the output of Bench, Bench --paired or BenchFlagged --paired)")
    print("| ratio (time) | runs | runs with `--warm-first` | range |\n|---|---:|---:|---:|")
    for name in (runs or warm_runs)[0]:
        default = [run[name] for run in runs if name in run]
        warmed = [run[name] for run in warm_runs if name in run]
        every = [float(value) for value in default + warmed]
        print(f"| {name} | " + ", ".join(value + "×" for value in default) + " | "
              + ", ".join(value + "×" for value in warmed) + f" | {min(every):.2f}–{max(every):.2f}× |")

arguments = sys.argv[1:]
if arguments[:1] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)
paired = arguments[:1] == ["--paired"]
files = arguments[1:] if paired else arguments
split = files.index("--warm-first") if paired and "--warm-first" in files else len(files)
runs, warm = files[:split], files[split + 1:]
if not runs + warm or any(name.startswith("--") for name in runs + warm):
    sys.exit(__doc__)  # no run's output given, or an option where a file belongs
if paired:
    paired_table(runs, warm)
else:
    scenario_table(runs)

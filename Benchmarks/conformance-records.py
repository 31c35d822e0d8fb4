#!/usr/bin/env python3
"""First uses in a larger app's process: the same programs with more conformance records.

    swift build -c release && ./conformance-records.py [--rounds R] [--no-count] [ADDED ...]
    ./conformance-records.py --smoke      (CI: 1,000 records added, one round, nothing counted)

A module compiled by default has the Swift runtime resolve each coding-key type of a route enum
through its mangled name on the first decode, and each such first lookup scans every protocol
conformance record of the process (README: "First use at launch"). The benchmark's processes hold
some twenty thousand records, most of them the route enums' coding keys'; an app links more
(its own types, its packages, the system's frameworks). This script measures what that costs: for
each ADDED (0, 25,000, 50,000 and 100,000 by default) it compiles a library of that many
conformances (`public struct FillerN: FillerProtocol {}`, with `swiftc -Onone`, once, into
`.build/conformance-records/`) and preloads it into every program it runs (`LD_PRELOAD`: the
runtime registers the library's records as it loads, and scans them with the program's). The
preloaded library adds records and nothing else (none of its code runs but the runtime's
registration as it loads), and the programs time their first use themselves, so loading it is not
in the times.

Each round runs every table's first use once (`Bench --first-use TABLE`, `BenchFlagged
--first-use TABLE`, as `first-uses.py` does), each in a new process, the added counts and tables in
turn. Prints the records in each program's process (its own and its libraries' ELF sections
`swift5_protocol_conformances`, four bytes a record), then, for each table and added count, the
median first use of R rounds (11 by default) in milliseconds (for `PreparedTABLE`, the first
match after `prepare()`, then that call's own time) and, unless --no-count, the
instructions of one first use (`./instructions.sh --quick first-use-TABLE` with the same preload:
the process less one that starts and ends without the first use). Exits with status 1, naming
the table, when a first use does not hit or a program does not run, or when a preloaded library
does not add its records to the count.
"""
import importlib.util, mmap, os, statistics, struct, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
# `first_use`, which runs one first use and checks it, is first-uses.py's.
specification = importlib.util.spec_from_file_location("first_uses", os.path.join(here, "first-uses.py"))
first_uses = importlib.util.module_from_spec(specification)
specification.loader.exec_module(first_uses)
release = first_uses.directory
fillers = os.path.join(here, ".build", "conformance-records")

arguments = sys.argv[1:]
smoke = "--smoke" in arguments
count_instructions = "--no-count" not in arguments and not smoke
rounds = 1 if smoke else 11
if "--rounds" in arguments:
    rounds = int(arguments[arguments.index("--rounds") + 1])
    del arguments[arguments.index("--rounds"):arguments.index("--rounds") + 2]
added = [int(value) for value in arguments if not value.startswith("--")]
if smoke:
    added = [0, 1000]
elif not added:
    added = [0, 25000, 50000, 100000]

# As compiled by default: the 10- and 1,000-case enums, the ten mounted enums of 100, the same
# cases decoded at the Codable floor, closure routes, and a first match after `prepare()`, and 10
# routes whose labels are types of the app's own (cold, and its first link after `prepare()` and
# after `prepare(.everyRoute)`); then the same enums with the README's compiler setting.
tables = [("Bench", name) for name in ["Routes10", "CodableFloor10", "Routes1000", "CodableFloor1000",
                                       "NestedRoutes1000", "ClosureRoutes10", "ClosureRoutes1000",
                                       "PreparedRoutes10", "PreparedRoutes1000", "LabelRoutes10",
                                       "PreparedLabelRoutes10", "PreparedEveryLabelRoutes10"]]
tables += [("BenchFlagged", name) for name in ["Routes10", "Routes1000", "NestedRoutes1000", "LabelRoutes10",
                                               "PreparedLabelRoutes10", "PreparedEveryLabelRoutes10"]]


def records(path):
    """The conformance records of an ELF file: its section swift5_protocol_conformances, 4 bytes each."""
    with open(path, "rb") as file, mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ) as data:
        if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
            sys.exit(f"{path}: not a 64-bit little-endian ELF file")
        (offset,) = struct.unpack_from("<Q", data, 0x28)
        size, number, names = struct.unpack_from("<HHH", data, 0x3A)
        header = lambda index: struct.unpack_from("<IIQQQQ", data, offset + index * size)
        names_offset = header(names)[4]
        for index in range(number):
            name, _, _, _, start, length = header(index)
            end = data.find(b"\0", names_offset + name)
            if data[names_offset + name:end] == b"swift5_protocol_conformances":
                return length // 4
        return 0


def operation(program, name):
    """instructions.sh's name for a table's first use in `program`."""
    return ("flagged-" if program == "BenchFlagged" else "") + "first-use-" + name


def libraries(program):
    """The shared libraries a program loads, from `ldd`."""
    listed = subprocess.run(["ldd", program], capture_output=True, text=True, check=True).stdout
    return [line.split("=>")[1].split("(")[0].strip() for line in listed.splitlines()
            if "=>" in line and "/" in line.split("=>")[1]]


def filler(count):
    """The library of `count` conformances, compiled on first use."""
    library = os.path.join(fillers, f"libFiller{count}.so")
    if os.path.exists(library):
        return library
    os.makedirs(fillers, exist_ok=True)
    source = os.path.join(fillers, f"Filler{count}.swift")
    with open(source, "w") as file:
        file.write("public protocol FillerProtocol {}\n")
        file.writelines(f"public struct Filler{index}: FillerProtocol {{}}\n" for index in range(count))
    print(f"compiling {count:,} conformances into {os.path.relpath(library, here)} …", file=sys.stderr)
    subprocess.run(["swiftc", "-emit-library", "-parse-as-library", "-Onone", "-module-name",
                    f"Filler{count}", source, "-o", library + ".partial"], check=True)
    os.rename(library + ".partial", library)
    return library


environments = {}
for count in added:
    environment = dict(os.environ)
    if count:
        library = filler(count)
        if records(library) != count:
            sys.exit(f"{library}: {records(library):,} conformance records, not {count:,}")
        environment["LD_PRELOAD"] = library
    environments[count] = environment

described = []
for program in sorted({program for program, _ in tables}):
    path = os.path.join(release, program)
    total = sum(records(image) for image in [path] + libraries(path))
    described.append(f"{program} {total:,} (the program's own {records(path):,})")
print("conformance records in the process: " + "; ".join(described) + ", plus each column's added")

times = {(table, count): [] for table in tables for count in added}
for _ in range(rounds):
    for count in added:
        for program, name in tables:
            times[((program, name), count)].append(
                first_uses.first_use(program, name, environments[count], f" with {count:,} records added"))

counts = {}
if count_instructions:
    for count in added:
        operations = [operation(program, name) for program, name in tables]
        listed = subprocess.run([os.path.join(here, "instructions.sh"), "--quick"] + operations,
                                capture_output=True, text=True, env=environments[count], check=True).stdout
        for line in listed.splitlines():
            counted, _, rest = line.partition(": ")
            counts[(counted, count)] = int(rest.split()[0])

print(f"\nfirst use, median of {rounds} round(s), ms" + (" (M instructions)" if counts else "")
      + ", records added: " + ", ".join(f"{count:,}" for count in added))
for program, name in tables:
    counted = operation(program, name)
    cells = []
    for count in added:
        samples = times[((program, name), count)]
        cell = f"{statistics.median(time for time, _ in samples):.2f}"
        if name.startswith("Prepared"):
            # The first match after `prepare()`, and the call's own time.
            cell += f" after {statistics.median(call for _, call in samples):.2f}"
        if (counted, count) in counts:
            cell += f" ({counts[(counted, count)] / 1e6:.2f} M)"
        cells.append(cell)
    print(f"| {program} {name} | " + " | ".join(cells) + " |")

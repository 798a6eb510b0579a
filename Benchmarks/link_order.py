"""Writes a symbol ordering file for lld from callgrind profiles of element-shell, for link-order.sh.

  link_order.py EXECUTABLE PROFILE... > Linker/element-shell.order

EXECUTABLE is the binary that was profiled (callgrind's `ob=` names it); PROFILE files are
callgrind outputs written with --demangle=no and --compress-strings=no, so that functions appear
under their symbol names. Prints every function of EXECUTABLE that ran (its own cost above zero),
the most instructions first, once, after a header saying how the file was made. Functions of
shared libraries, and of the executable without a symbol of its own, are left out: the linker
can place only sections that it finds by symbol.
"""

import argparse
import collections
import re
import subprocess

# Callgrind marks a function's recursion depth or its contexts with a suffix: `name'2`.
RECURSION = re.compile(r"'\d+$")
HEADER = """\
# Functions that element-shell ran in Benchmarks/link-order.sh, hottest first: lld lays out their
# sections first (Package.swift), so that the code a session runs sits in few pages instead of
# pages spread over all the executable's code. Made by that script; do not edit by hand. Symbols
# that a later change renamed or removed are skipped by the linker, so an older file only orders
# less of the code.
"""


def text_symbols(executable: str) -> set[str]:
    listing = subprocess.run(["nm", "--defined-only", executable], capture_output=True, text=True, check=True)
    return {fields[2] for fields in map(str.split, listing.stdout.splitlines())
            if len(fields) == 3 and fields[1] in "tTwW"}


def self_costs(profile: str, executable: str, known: set[str], costs: collections.Counter) -> None:
    """Adds each function's own instruction count (not the inclusive cost of its calls) to costs."""
    current_object = function_object = function = None
    after_call = False
    with open(profile, errors="replace") as lines:
        for line in lines:
            if line.startswith("ob="):
                current_object = line[3:].strip()
            elif line.startswith("fn="):
                function = RECURSION.sub("", line[3:].strip())
                function_object = current_object
            elif line.startswith("calls="):
                after_call = True  # the next cost line is the call's inclusive cost
            elif line[:1].isdigit() or line[:1] in "+-*":
                if after_call:
                    after_call = False
                    continue
                fields = line.split()
                if len(fields) >= 2 and function in known and function_object == executable:
                    costs[function] += int(fields[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("executable")
    parser.add_argument("profiles", nargs="+")
    args = parser.parse_args()
    known = text_symbols(args.executable)
    costs: collections.Counter = collections.Counter()
    for profile in args.profiles:
        self_costs(profile, args.executable, known, costs)
    print(HEADER, end="")
    for name, cost in sorted(costs.items(), key=lambda item: (-item[1], item[0])):
        if cost > 0:
            print(name)


if __name__ == "__main__":
    main()

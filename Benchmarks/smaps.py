"""What a process's resident memory is made of, from a copy of /proc/PID/smaps, for first-sync.sh.

  smaps.py SMAPS [--exe PATH]

Groups the mappings and prints, per group, Rss and the part of it that is anonymous (the
process's own, written memory; the rest is pages of files, which the kernel may drop and read
again) in kB, largest first:
  - the executable (PATH, else the mapping of the first line) by kind: code (r-x), read-only data
    (r--; with a static Swift standard library this holds Foundation's ICU data) and writable data;
  - each shared library by name (libcurl, libssl, libicu..., libsqlite3, libc...);
  - [heap] (the main arena of malloc, grown with brk);
  - anonymous mappings, told apart by shape: a malloc arena of another thread is a 64 MiB
    reservation (its used part then the rest, inaccessible); a thread stack lies above a guard
    page (an inaccessible mapping of 4 to 64 kB just below it); the rest is "other anonymous"
    (mmap'd allocations, the Swift runtime's, large buffers);
  - [stack], and files other than libraries (the store's -shm, locale archives...).
"""

import argparse
import os
import re
from collections import defaultdict

HEADER = re.compile(r"^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$")
ARENA_KB = 64 * 1024


def read(path: str) -> list[dict]:
    mappings = []
    with open(path) as smaps:
        for line in smaps:
            header = HEADER.match(line)
            if header:
                start, end, perms, name = header.groups()
                mappings.append({"start": int(start, 16), "end": int(end, 16), "perms": perms, "name": name.strip()})
                continue
            key, _, value = line.partition(":")
            if value.strip().endswith("kB"):
                mappings[-1][key] = int(value.split()[0])
    return mappings


def group(mappings: list[dict], exe: str) -> dict[str, list[int]]:
    groups: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for index, mapping in enumerate(mappings):
        name, perms = mapping["name"], mapping["perms"]
        if name == exe:
            kind = {"r-x": "code", "r--": "read-only data", "rw-": "writable data"}.get(perms[:3], perms)
            key = f"executable: {kind}"
        elif name.startswith("/") and ".so" in name:
            library = os.path.basename(name).split(".so")[0]
            key = f"library: {library}"
        elif name in ("[heap]", "[stack]", "[vdso]", "[vvar]", "[vsyscall]"):
            key = name
        elif name:
            key = f"file: {os.path.basename(name)}"
        elif perms.startswith("---"):
            continue  # guard pages and reserved space: nothing resident
        else:
            key = anonymous_kind(mappings, index)
        counts = groups[key]
        counts[0] += 1
        counts[1] += mapping.get("Rss", 0)
        counts[2] += mapping.get("Anonymous", 0)
    return groups


def anonymous_kind(mappings: list[dict], index: int) -> str:
    mapping = mappings[index]
    after = mappings[index + 1] if index + 1 < len(mappings) else None
    before = mappings[index - 1] if index > 0 else None
    size = (mapping["end"] - mapping["start"]) // 1024
    # A non-main malloc arena: 64 MiB aligned, its used part first, the rest reserved (---p).
    if mapping["start"] % (ARENA_KB * 1024) == 0 and (
            size == ARENA_KB or (after and after["perms"].startswith("---") and not after["name"]
                                 and after["start"] == mapping["end"]
                                 and size + (after["end"] - after["start"]) // 1024 == ARENA_KB)):
        return "malloc arenas (threads)"
    # A thread stack: just above its guard page.
    if (before and before["perms"].startswith("---") and not before["name"] and before["end"] == mapping["start"]
            and 4 <= (before["end"] - before["start"]) // 1024 <= 64):
        return "thread stacks"
    return "other anonymous"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("smaps")
    parser.add_argument("--exe")
    args = parser.parse_args()
    mappings = read(args.smaps)
    exe = args.exe or next(mapping["name"] for mapping in mappings if mapping["name"])
    groups = group(mappings, exe)
    total = sum(counts[1] for counts in groups.values())
    print(f"{'group':<40} {'maps':>5} {'Rss kB':>9} {'anon kB':>9}")
    for key, (count, rss, own) in sorted(groups.items(), key=lambda item: -item[1][1]):
        if rss:
            print(f"{key:<40} {count:>5} {rss:>9} {own:>9}")
    print(f"{'total':<40} {len(mappings):>5} {total:>9} {sum(counts[2] for counts in groups.values()):>9}")


if __name__ == "__main__":
    main()

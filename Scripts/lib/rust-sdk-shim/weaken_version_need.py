"""Mark a shared library's need for a symbol version (e.g. GLIBC_2.38) as weak, in place.

    weaken_version_need.py LIBRARY VERSION...

ld.so refuses to load a library that needs a version its libc does not define, even when no
symbol is bound to that version any more (patchelf --clear-symbol-version leaves the need
behind). With the need flagged VER_FLG_WEAK, ld.so lets it pass. The tool refuses when a
dynamic symbol still asks for one of these versions, since that symbol would then not be
found, and names it. Only 64-bit little-endian ELF (x86_64). Standard library only.
"""

import argparse
import mmap
import struct
import sys

SHT_GNU_VERNEED = 0x6FFFFFFE
SHT_GNU_VERSYM = 0x6FFFFFFF
VER_FLG_WEAK = 0x2
SYMBOL_SIZE = 24  # Elf64_Sym


class Elf:
    def __init__(self, data):
        if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
            raise ValueError("not a 64-bit little-endian ELF file")
        self.data = data
        section_table, = struct.unpack_from("<Q", data, 0x28)
        entry_size, count = struct.unpack_from("<HH", data, 0x3A)
        # (type, file offset, size, link) of each section.
        self.sections = []
        for index in range(count):
            _, kind, _, _, offset, size, link, _, _, _ = struct.unpack_from(
                "<IIQQQQIIQQ", data, section_table + index * entry_size)
            self.sections.append((kind, offset, size, link))

    def string(self, section, offset):
        start = self.sections[section][1] + offset
        return self.data[start:self.data.find(b"\0", start)].decode()

    def of_kind(self, kind):
        return [(index, section) for index, section in enumerate(self.sections) if section[0] == kind]

    def version_needs(self):
        """Yields (library, version, version index, offset of the entry's flags) for each need."""
        for _, (_, offset, _, strings) in self.of_kind(SHT_GNU_VERNEED):
            need = offset
            while True:
                _, count, library, first, next_need = struct.unpack_from("<HHIII", self.data, need)
                entry = need + first
                for _ in range(count):
                    _, _, index, name, next_entry = struct.unpack_from("<IHHII", self.data, entry)
                    yield self.string(strings, library), self.string(strings, name), index, entry + 4
                    entry += next_entry
                if not next_need:
                    break
                need += next_need

    def symbols_with_version(self, index):
        """Names of the dynamic symbols bound to the version index."""
        names = []
        for _, (_, offset, size, symbols) in self.of_kind(SHT_GNU_VERSYM):
            _, symbol_offset, _, strings = self.sections[symbols]
            for number, (version,) in enumerate(struct.iter_unpack("<H", self.data[offset:offset + size])):
                if version & 0x7FFF == index:
                    name, = struct.unpack_from("<I", self.data, symbol_offset + number * SYMBOL_SIZE)
                    names.append(self.string(strings, name))
        return names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("library")
    parser.add_argument("versions", nargs="+", help="e.g. GLIBC_2.38")
    args = parser.parse_args()

    with open(args.library, "r+b") as file, mmap.mmap(file.fileno(), 0) as data:
        try:
            elf = Elf(data)
        except ValueError as error:
            sys.exit(f"weaken_version_need: {args.library}: {error}")
        needs = [need for need in elf.version_needs() if need[1] in args.versions]
        for library, version, index, _ in needs:
            still_used = elf.symbols_with_version(index)
            if still_used:
                sys.exit(f"weaken_version_need: {', '.join(still_used)} still need {version} of {library}")
        for library, version, _, flags_offset in needs:
            flags, = struct.unpack_from("<H", data, flags_offset)
            struct.pack_into("<H", data, flags_offset, flags | VER_FLG_WEAK)
            print(f"weaken_version_need: {version} of {library} is now weak", file=sys.stderr)
        data.flush()


if __name__ == "__main__":
    main()

"""A terminal for the shell's picture tests: runs a command on a pseudo-terminal of a given size,
answers the shell's terminal query as a sixel terminal does (xterm -ti vt340's device
attributes), types and waits as a script says, and writes everything the command printed, byte
for byte, to a file.

    pty_terminal.py --output FILE --steps JSON [--env KEY=VALUE ...] -- COMMAND ARGS...

STEPS is a list of ["type", TEXT] (TEXT is written as typed, then Enter), ["keys", TEXT] (written
as typed, without Enter) and ["wait", PATTERN, COUNT] (until the bytes printed hold COUNT matches of the regular expression PATTERN). Exits 0
once the command ends after the last step (which should end it), 1 when a wait or the end takes
longer than --timeout seconds; the output file is written either way.
"""

import argparse
import fcntl
import json
import os
import pty
import re
import select
import struct
import sys
import termios
import time

DEVICE_ATTRIBUTES_QUERY = b"\x1b[c"
# A VT340 with sixel graphics (4), as xterm -ti vt340 answers.
DEVICE_ATTRIBUTES_ANSWER = b"\x1b[?63;1;2;4;6;9;15;22c"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--output", required=True)
    parser.add_argument("--steps", required=True)
    parser.add_argument("--env", action="append", default=[])
    parser.add_argument("--columns", type=int, default=100)
    parser.add_argument("--rows", type=int, default=40)
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    environment = dict(entry.split("=", 1) for entry in args.env)

    pid, descriptor = pty.fork()
    if pid == 0:
        os.execve(command[0], command, environment)
    # Ten by twenty pixels a cell, as the window's pixel size says.
    size = struct.pack("HHHH", args.rows, args.columns, args.columns * 10, args.rows * 20)
    fcntl.ioctl(descriptor, termios.TIOCSWINSZ, size)

    printed = bytearray()
    answered = 0
    deadline = time.monotonic() + args.timeout
    status = None

    def pump(wait):
        """Reads what is there (waiting up to `wait` seconds); answers new queries. False at the end."""
        nonlocal answered, status
        ready, _, _ = select.select([descriptor], [], [], wait)
        if not ready:
            return True
        try:
            chunk = os.read(descriptor, 65536)
        except OSError:
            chunk = b""
        if not chunk:
            return False
        printed.extend(chunk)
        while printed.count(DEVICE_ATTRIBUTES_QUERY) > answered:
            os.write(descriptor, DEVICE_ATTRIBUTES_ANSWER)
            answered += 1
        return True

    failed = None
    for step in json.loads(args.steps):
        if step[0] in ("type", "keys"):
            os.write(descriptor, step[1].encode() + (b"\r" if step[0] == "type" else b""))
            continue
        pattern, count = re.compile(step[1].encode()), step[2]
        while len(pattern.findall(printed)) < count:
            if time.monotonic() > deadline or not pump(0.2):
                failed = f"waited for {count} of {step[1]!r}"
                break
        if failed:
            break
    while failed is None and pump(0.2):
        if time.monotonic() > deadline:
            failed = "the command did not end"
    if failed:
        os.kill(pid, 9)
    _, status = os.waitpid(pid, 0)
    with open(args.output, "wb") as file:
        file.write(printed)
    if failed:
        print(failed, file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()

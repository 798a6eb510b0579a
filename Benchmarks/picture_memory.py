"""Runs element-shell interactively (in a pseudo-terminal of 100 x 40 cells of 10 x 20 pixels)
and reads its memory while it draws a room's pictures, for picture-memory.sh.

  picture_memory.py --label TEXT --room ALIAS --pages P [--idle S] -- COMMAND...

COMMAND is the shell on a stored session, its `images` setting naming the protocol. Once it has
resumed, it idles S seconds (default 5) and its VmRSS is read: the idle size. Then `/open ALIAS`
and P times `/history 50` are typed, each once the output has been quiet for two seconds (every
picture asked for so far drawn); VmRSS is read every 20 ms meanwhile. After the last, `/quit`.
Prints one line, led by TEXT: the idle VmRSS, the largest read while drawing and their difference,
VmHWM before /quit, the pictures drawn in pixels (half blocks are lines, not counted) and the time.
"""

import argparse
import fcntl
import os
import pty
import select
import struct
import sys
import termios
import time

QUERY = b"\x1b[c"
ANSWER = b"\x1b[?63;1;2;4;6;9;15;22c"
# What the shell writes before each picture drawn in pixels: the cursor saved, moved to the indent.
PICTURE_START = b"\x1b7\x1b[8C"


def status_kb(pid, field):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--label", required=True)
    parser.add_argument("--room", required=True)
    parser.add_argument("--pages", type=int, default=4)
    parser.add_argument("--idle", type=float, default=5)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command

    pid, descriptor = pty.fork()
    if pid == 0:
        os.execvp(command[0], command)
    fcntl.ioctl(descriptor, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 1000, 800))
    # Only a tail is kept to find what spans two reads: a kitty picture is half a megabyte.
    tail = b""
    resumed = False
    pictures = 0
    peak = 0

    def pump(seconds):
        """Reads output for SECONDS, reading VmRSS meanwhile; the time of the last output."""
        nonlocal peak, tail, resumed, pictures
        end = time.monotonic() + seconds
        last = None
        while time.monotonic() < end:
            ready, _, _ = select.select([descriptor], [], [], 0.02)
            peak = max(peak, status_kb(pid, "VmRSS"))
            if ready:
                chunk = os.read(descriptor, 1 << 16)
                if not chunk:
                    raise SystemExit("the shell ended early")
                window = tail + chunk
                for _ in range(window.count(QUERY) - tail.count(QUERY)):
                    os.write(descriptor, ANSWER)
                pictures += window.count(PICTURE_START) - tail.count(PICTURE_START)
                resumed = resumed or b"Resumed the session" in window
                tail = window[-64:]
                last = time.monotonic()
        return last

    def settle():
        while pump(2.0) is not None:
            pass

    deadline = time.monotonic() + 60
    while not resumed:
        if time.monotonic() > deadline:
            raise SystemExit("the session did not resume")
        pump(0.1)
    pump(args.idle)
    idle = status_kb(pid, "VmRSS")
    peak = idle
    start = time.monotonic()
    for line in [f"/open {args.room}"] + ["/history 50"] * args.pages:
        os.write(descriptor, line.encode() + b"\r")
        settle()
    seconds = time.monotonic() - start
    hwm = status_kb(pid, "VmHWM")
    os.write(descriptor, b"/quit\r")
    try:
        while pump(0.5) is not None:
            pass
    except (SystemExit, OSError):
        pass
    os.waitpid(pid, 0)
    print(f"{args.label}: idle {idle / 1024:.1f} MB, peak {peak / 1024:.1f} MB, {(peak - idle) / 1024:.1f} MB above idle"
          f" (VmHWM {hwm / 1024:.1f} MB), {pictures} pictures in pixels, {seconds:.1f} s")


if __name__ == "__main__":
    sys.exit(main())

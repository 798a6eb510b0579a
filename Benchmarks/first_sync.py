"""Runs element-shell interactively (in a pseudo-terminal, as a user would) and watches its first
sync from outside, for first-sync.sh.

  first_sync.py --rooms N --home DIR --out FILE [--access-log LOG] [--idle S] [--smaps DIR]
                [--restarts R] [--logout] -- COMMAND...

COMMAND is the shell with a startup file (`--rc FILE`) that logs a new device in (first-sync.sh
writes it); nothing is typed but `/quit` at the end. Meanwhile this script:

  - polls the account's store under DIR read-only (SQLite, `PRAGMA data_version` every 2 ms: it
    changes when the shell commits) and, at each commit, reads every joined room: whether it has a
    name (its own, an alias or heroes: what `/rooms` shows instead of its ID) and the event ID of
    its newest stored message;
  - reads the shell's VmRSS every 100 ms;
  - once the store holds N joined rooms, lets the shell idle S seconds (default 10; it long-polls
    meanwhile), reads its VmRSS (and /proc/PID/smaps with --smaps), then types `/quit` and takes
    the peak (ru_maxrss) from wait4. With N = 0, the S seconds run from exec (an idle shell).

Afterwards, from the last commit (which holds the full list): the first screen is the 20 rooms
that head the full list in `/rooms`' order (latest activity first); it counts as shown at the
first commit in which each of them is there, named, with the newest message it has at the end
(one that has none, a space say, counts by its name). The full list counts as in at the first
commit in which every one of the N rooms is so. Times are from exec, to within the 2 ms poll.

With --restarts, the shell is then started R times more on the session it stored (COMMAND with
`--no-rc` for `--rc FILE`), interactive as before, the server up: the time from exec until it
answers `/echo ready` typed at once, and until it answers `/rooms` then `/echo ready` (every room
listed first); a catch-up sync runs beside them, as it would for the user. Before those, one
resumed start idles S seconds after it answered `/echo ready`: its VmRSS (and smaps, into
DIR/resumed with --smaps) is the memory after a resume.

With --access-log (Synapse's log at INFO, read from its size at exec on), the requests the run
made: each one's end, the server's time, the bytes it sent (the response body, as Synapse counts
it; it compresses nothing), grouped by endpoint; and the totals until the full list was in.
With --logout, the device is logged out afterwards (its access token from session.json), so the
kept server does not gather devices. Writes everything to FILE (JSON) and prints one summary line.
"""

import argparse
import fcntl
import json
import os
import re
import select
import sqlite3
import struct
import subprocess
import sys
import termios
import time
import urllib.parse

from bench_http import Client, RequestError
from synapse_requests import requests

FIRST_SCREEN = 20
POLL_SECONDS = 0.002
RSS_EVERY = 0.1
ROOMS_QUERY = """
    SELECT r.room_id, r.last_activity,
           COALESCE(r.name, '') != '' OR COALESCE(r.canonical_alias, '') != '' OR r.heroes != '',
           (SELECT m.event_id FROM message m WHERE m.room_id = r.room_id ORDER BY m.seq DESC LIMIT 1)
    FROM room r WHERE r.membership = 'join'
"""


def proc_status(pid: int) -> dict[str, int]:
    """The kB fields of /proc/PID/status (VmRSS, VmHWM, RssAnon...), empty once it is gone."""
    fields = {}
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                name, _, value = line.partition(":")
                if value.strip().endswith(" kB"):
                    fields[name] = int(value.split()[0])
    except OSError:
        pass
    return fields


def find(folder: str, name: str) -> list[str]:
    """The files called NAME under FOLDER, hidden folders (.local) included."""
    return [os.path.join(parent, name) for parent, _, files in os.walk(folder) if name in files]


class Store:
    """The account's store, read-only, once the shell has made it."""

    def __init__(self, home: str):
        self.home = home
        self.connection: sqlite3.Connection | None = None
        self.version = None
        self.path = None

    def changed(self) -> bool:
        """Whether the shell committed since the last call (true for the first look at it)."""
        if self.connection is None:
            paths = find(self.home, "store.sqlite")
            if not paths or not os.path.exists(paths[0] + "-wal"):
                return False
            try:
                # The account's folder name holds %XX escapes, which a URI would decode.
                connection = sqlite3.connect(f"file:{urllib.parse.quote(paths[0])}?mode=ro", uri=True, timeout=1)
                connection.execute("SELECT COUNT(*) FROM room").fetchone()
            except sqlite3.Error:
                return False  # made but not yet migrated
            self.connection, self.path = connection, paths[0]
        try:
            version = self.connection.execute("PRAGMA data_version").fetchone()[0]
        except sqlite3.Error:
            return False
        if version == self.version:
            return False
        self.version = version
        return True

    def rooms(self) -> dict[str, list]:
        """Each joined room: [last activity, named, newest message's event ID or None]."""
        for _ in range(50):
            try:
                return {row[0]: [row[1], bool(row[2]), row[3]] for row in self.connection.execute(ROOMS_QUERY)}
            except sqlite3.OperationalError:
                time.sleep(POLL_SECONDS)
        raise RuntimeError("the store could not be read")


def spawn(command: list[str]) -> tuple[subprocess.Popen, int]:
    """COMMAND on a pseudo-terminal of 120 × 40, and the terminal's other end (non-blocking)."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    shell = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave, env=dict(os.environ, TERM="xterm"),
                             start_new_session=True)
    os.close(slave)
    os.set_blocking(master, False)
    return shell, master


def read_terminal(master: int, transcript: bytearray) -> None:
    """What the shell wrote since the last call, waiting up to the poll interval for it."""
    ready, _, _ = select.select([master], [], [], POLL_SECONDS)
    if ready:
        try:
            transcript += os.read(master, 65536)
        except OSError:
            pass  # the other end closed


def run_shell(args: argparse.Namespace) -> dict:
    log_offset = os.path.getsize(args.access_log) if args.access_log else 0
    wall_start = time.time()
    start = time.monotonic()
    shell, master = spawn(args.command)

    store = Store(args.home)
    commits: list[tuple[float, dict]] = []
    rss: list[tuple[float, int]] = []
    transcript = bytearray()
    next_rss = 0.0
    # Without rooms to wait for, the idle time runs from exec.
    full_at = 0.0 if args.rooms == 0 else None
    idle: dict = {}
    quit_sent = False
    exited = None
    while exited is None:
        now = time.monotonic() - start
        read_terminal(master, transcript)
        if store.changed():
            seen = time.monotonic() - start
            commits.append((seen, store.rooms()))
            if full_at is None and len(commits[-1][1]) >= args.rooms:
                full_at = seen
        if now >= next_rss:
            status = proc_status(shell.pid)
            if status:
                rss.append((now, status.get("VmRSS", 0)))
            next_rss = now + RSS_EVERY
        if full_at is not None and not quit_sent and now >= full_at + args.idle:
            idle = proc_status(shell.pid)
            if args.smaps:
                save_smaps(shell.pid, args.smaps)
            os.write(master, b"/quit\r")
            quit_sent = True
        if now > args.deadline and not quit_sent:
            os.write(master, b"/quit\r")
            quit_sent = True
        pid, status, usage = os.wait4(shell.pid, os.WNOHANG)
        if pid:
            exited = (time.monotonic() - start, status, usage)
    shell.returncode = os.waitstatus_to_exitcode(exited[1])
    try:
        while chunk := os.read(master, 65536):
            transcript += chunk
    except OSError:
        pass
    os.close(master)
    return {
        "wall_start": wall_start, "log_offset": log_offset, "commits": commits, "rss": rss, "idle": idle,
        "full_seen": full_at, "exit": exited[0], "exit_status": shell.returncode, "peak_kb": exited[2].ru_maxrss,
        "transcript": transcript.decode("utf-8", "replace"), "store": store.path,
    }


def save_smaps(pid: int, folder: str) -> None:
    os.makedirs(folder, exist_ok=True)
    for name in ("smaps", "smaps_rollup", "status", "maps"):
        with open(f"/proc/{pid}/{name}") as source, open(os.path.join(folder, name), "w") as copy:
            copy.write(source.read())


def started_and_ready(command: list[str], lines: str) -> tuple[subprocess.Popen, int, bytearray, float]:
    """Starts the shell on its stored session and types LINES and `/echo ready` at once; returns
    once `ready` is printed: the shell, its terminal, what it printed and when it started."""
    start = time.monotonic()
    shell, master = spawn(command)
    os.write(master, (lines + "/echo ready\r").encode())
    transcript = bytearray()
    # `ready` at the start of a line: the typed `/echo ready` is echoed after the prompt, not so.
    printed = re.compile(rb"[\r\n]ready\r?\n")
    while not printed.search(transcript):
        read_terminal(master, transcript)
        if time.monotonic() - start > 60:
            raise RuntimeError(f"no answer from the restarted shell: {transcript[-2000:]!r}")
    return shell, master, transcript, start


def quit_shell(shell: subprocess.Popen, master: int, transcript: bytearray) -> None:
    os.write(master, b"/quit\r")
    while not os.waitpid(shell.pid, os.WNOHANG)[0]:
        read_terminal(master, transcript)
    shell.returncode = 0
    os.close(master)


def resumed_idle(command: list[str], idle: float, smaps: str | None) -> dict:
    """The /proc status of the shell started on its stored session IDLE seconds after it answered
    `/echo ready` (its catch-up sync done, long-polling)."""
    shell, master, transcript, _ = started_and_ready(command, "")
    until = time.monotonic() + idle
    while time.monotonic() < until:
        read_terminal(master, transcript)
    status = proc_status(shell.pid)
    if smaps:
        save_smaps(shell.pid, smaps)
    quit_shell(shell, master, transcript)
    return status


def restart(command: list[str], lines: str, rooms: int | None) -> tuple[float, float]:
    """Starts the shell on its stored session, types LINES and `/echo ready` at once, and returns
    the seconds from exec until `ready` is printed (with ROOMS, after `/rooms` printed room ROOMS),
    and until the process ended after `/quit`."""
    shell, master, transcript, start = started_and_ready(command, lines)
    ready = time.monotonic() - start
    if rooms is not None and not re.search(rb"\n\s*%d\s" % rooms, transcript):
        raise RuntimeError(f"/rooms did not list room {rooms}: {transcript[-2000:]!r}")
    quit_shell(shell, master, transcript)
    return ready, time.monotonic() - start


def first_complete(commits: list[tuple[float, dict]], rooms: list[str], final: dict) -> float | None:
    """The time of the first commit holding each of ROOMS named with its final newest message."""
    for seen, snapshot in commits:
        if all(room in snapshot and snapshot[room][1] and snapshot[room][2] == final[room][2] for room in rooms):
            return seen
    return None


def logout(home: str) -> bool:
    paths = find(home, "session.json")
    if not paths:
        return False
    with open(paths[0]) as file:
        session = json.load(file)
    try:
        Client(session["homeserverURL"]).request("POST", "/_matrix/client/v3/logout", {}, token=session["accessToken"])
    except (RequestError, OSError) as error:
        print(f"first_sync: logging the device out failed: {error}", file=sys.stderr)
        return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rooms", type=int, required=True, help="joined rooms the account has")
    parser.add_argument("--home", required=True, help="where the shell keeps its data (searched for its store)")
    parser.add_argument("--out", required=True)
    parser.add_argument("--access-log")
    parser.add_argument("--idle", type=float, default=10)
    parser.add_argument("--deadline", type=float, default=900, help="seconds before giving up on the full list")
    parser.add_argument("--smaps", help="a folder for /proc/PID/smaps and smaps_rollup at the idle moment")
    parser.add_argument("--restarts", type=int, default=0, help="starts of the stored session to time afterwards")
    parser.add_argument("--logout", action="store_true")
    parser.add_argument("command", nargs="+")
    args = parser.parse_args()

    restarts: dict[str, list] = {"echo": [], "rooms": []}
    resumed: dict = {}
    try:
        run = run_shell(args)
        # The same shell without its startup file (which logs in): it resumes the stored session.
        at = args.command.index("--rc")
        command = args.command[:at] + ["--no-rc"] + args.command[at + 2:]
        if args.restarts:
            resumed = resumed_idle(command, args.idle, args.smaps and os.path.join(args.smaps, "resumed"))
        for _ in range(args.restarts):
            restarts["echo"].append(restart(command, "", None))
            restarts["rooms"].append(restart(command, "/rooms\r", args.rooms))
    finally:
        logged_out = logout(args.home) if args.logout else None
    commits = run["commits"]
    result = {"rooms": args.rooms, "commits": len(commits), "exit_status": run["exit_status"],
              "logged_out": logged_out, "peak_rss_kb": run["peak_kb"],
              "idle_rss_kb": run["idle"].get("VmRSS"), "idle_status": run["idle"],
              "resumed_idle_rss_kb": resumed.get("VmRSS"), "resumed_idle_anon_kb": resumed.get("RssAnon")}
    if args.rooms == 0:
        pass  # an idle shell: nothing to time
    elif not commits or len(commits[-1][1]) < args.rooms:
        result["error"] = f"the store holds {len(commits[-1][1]) if commits else 0} joined rooms, not {args.rooms}"
    else:
        final = commits[-1][1]
        # /rooms' order: latest activity first, then by ID.
        order = sorted(final, key=lambda room: (-final[room][0], room))
        screen = order[:FIRST_SCREEN]
        result.update({
            "first_screen_ms": round(first_complete(commits, screen, final) * 1000, 1),
            "full_list_ms": round(first_complete(commits, order, final) * 1000, 1),
            "rooms_in_store": len(final),
            "unnamed": sum(not final[room][1] for room in order),
            "without_message": sum(final[room][2] is None for room in order),
            "first_screen_without_message": sum(final[room][2] is None for room in screen),
            # How the list filled: each commit's time and its joined rooms.
            "commit_times_ms": [[round(seen * 1000, 1), len(snapshot)] for seen, snapshot in commits],
            "exit_ms": round(run["exit"] * 1000, 1),
        })
        full = result["full_list_ms"]
        result["rss_at_full_list_kb"] = next((kb for seen, kb in run["rss"] if seen * 1000 >= full), None)
    for kind, times in restarts.items():
        if times:
            ready = sorted(seconds * 1000 for seconds, _ in times)
            result[f"restart_{kind}_ms"] = {"median": round(ready[(len(ready) - 1) // 2], 1), "min": round(ready[0], 1),
                                             "max": round(ready[-1], 1),
                                             "exit_median": round(sorted(end * 1000 for _, end in times)[(len(times) - 1) // 2], 1)}
    if args.access_log:
        answered = requests(args.access_log, run["log_offset"], run["wall_start"])
        full = result.get("full_list_ms", float("inf"))
        until = [request for request in answered if request["end_ms"] <= full + 5]
        after = [request for request in answered if full + 5 < request["end_ms"] <= run["exit"] * 1000]
        by_endpoint: dict[str, list[int]] = {}
        for request in until:
            counts = by_endpoint.setdefault(request["request"], [0, 0])
            counts[0] += 1
            counts[1] += request["bytes"]
        result.update({
            "requests_until_full": len(until), "bytes_until_full": sum(request["bytes"] for request in until),
            "sync_requests_until_full": sum("sync" in request["request"] for request in until),
            "endpoints_until_full": by_endpoint,
            # What the first run asked for after the full list, until it quit (its long polls).
            "requests_after_full": len(after), "bytes_after_full": sum(request["bytes"] for request in after),
            "requests": answered,
        })
    with open(args.out, "w") as out:
        json.dump(result | {"rss_samples": run["rss"], "transcript": run["transcript"], "store": run["store"]}, out, indent=1)
    summary = {key: value for key, value in result.items()
               if key not in ("requests", "idle_status", "commit_times_ms", "endpoints_until_full")}
    print(json.dumps(summary))


if __name__ == "__main__":
    main()

"""Two element-shell sessions in conversation, each interactive in a pseudo-terminal as a user
runs it, for conversation.sh and link-order.sh.

  conversation.py --home DIR --server-name NAME --user U --peer P --password-file FILE
                  [--messages N] [--idle S] [--timeout S] -- COMMAND...

COMMAND is the shell with its config (naming the server `bench`) and profile; each session adds
its own data directory under DIR and a startup file that logs a new device in (`/login bench U`,
the password from FILE, the same for both accounts). Then U creates an encrypted room and invites P, who
accepts; they take turns to send N messages each (U's in Markdown), each one waited for until the
other has shown it decrypted; U replies to P's last, P reacts to it; U lists the history, the
room's members, P's devices and the rooms. Every step waits for what it typed to be answered (an
`/echo` after it, for commands that print nothing of their own), so a slow shell (under valgrind,
say) runs the same conversation. Then both idle S seconds (10), their VmRSS is read, and both
`/quit`. Prints one JSON line: each session's idle RSS in kB and the conversation's seconds.
"""

import argparse
import json
import os
import re
import time

from first_sync import read_terminal, spawn

ANSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")


class Session:
    def __init__(self, name: str, home: str, command: list[str], password_file: str, timeout: float):
        self.name = name
        self.timeout = timeout
        data = os.path.join(home, name)
        os.makedirs(data, mode=0o700)
        startup = os.path.join(data, "startup")
        with open(os.open(startup, os.O_WRONLY | os.O_CREAT, 0o600), "w") as file:
            file.write(f"/login bench {name}\n")
        self.process, self.terminal = spawn(command + ["--data-dir", data, "--rc", startup,
                                                       "--password-file", password_file])
        self.transcript = bytearray()
        self.echoes = 0

    def text(self) -> str:
        return ANSI.sub(b"", bytes(self.transcript)).decode("utf-8", "replace")

    def expect(self, pattern: str, deadline: float | None = None) -> None:
        deadline = deadline or time.monotonic() + self.timeout
        while not re.search(pattern, self.text()):
            if time.monotonic() > deadline:
                raise SystemExit(f"{self.name}: no {pattern!r} in time; the end of its terminal:\n{self.text()[-2000:]}")
            read_terminal(self.terminal, self.transcript)

    def type(self, line: str) -> None:
        os.write(self.terminal, line.encode() + b"\r")

    def run(self, line: str) -> None:
        """LINE, then waits until an /echo typed after it has printed (commands run in order)."""
        self.echoes += 1
        self.type(line)
        self.type(f"/echo {self.name} done {self.echoes}")
        self.expect(rf"(?<!/echo ){self.name} done {self.echoes}\r?\n")  # its output, not the typed line

    def rss_kb(self) -> int:
        with open(f"/proc/{self.process.pid}/status") as status:
            return int(re.search(r"VmRSS:\s+(\d+)", status.read()).group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--home", required=True)
    parser.add_argument("--server-name", required=True)
    parser.add_argument("--user", required=True)
    parser.add_argument("--peer", required=True)
    parser.add_argument("--password-file", required=True)
    parser.add_argument("--messages", type=int, default=8)
    parser.add_argument("--idle", type=float, default=10)
    parser.add_argument("--timeout", type=float, default=120, help="seconds each step may take")
    parser.add_argument("command", nargs="+")
    args = parser.parse_args()
    start = time.monotonic()
    user = Session(args.user, args.home, args.command, args.password_file, args.timeout)
    peer = Session(args.peer, args.home, args.command, args.password_file, args.timeout)
    for session in (user, peer):
        session.expect(r"Logged in as @")
    user.run(f"/create Conversation {os.getpid()} --encrypted")
    user.run(f"/invite @{args.peer}:{args.server_name}")
    # The invite reaches the peer with its next sync.
    deadline = time.monotonic() + args.timeout
    while "it is the open room now" not in peer.text():
        if time.monotonic() > deadline:
            raise SystemExit(f"{args.peer} never had the invite:\n{peer.text()[-2000:]}")
        peer.run("/accept")
    for number in range(1, args.messages + 1):
        user.type(f"**Hello** number {number}, with `code` and a [link](https://example.org)")
        peer.expect(rf"{args.user}: Hello number {number}, with code")
        peer.type(f"Reply {number}")
        user.expect(rf"{args.peer}: Reply {number}\b")
    user.type("/reply ^ an answer to that")
    peer.expect(r"an answer to that")
    peer.run("/react ^ :+1:")
    for line in ("/history 40", "/members", f"/devices @{args.peer}:{args.server_name}", "/rooms"):
        user.run(line)
    talked = time.monotonic() - start
    time.sleep(args.idle)
    summary = {"user_rss_kb": user.rss_kb(), "peer_rss_kb": peer.rss_kb(), "conversation_s": round(talked, 1)}
    for session in (user, peer):
        session.type("/quit")
    for session in (user, peer):
        session.process.wait(timeout=args.timeout)
        os.close(session.terminal)
    print(json.dumps(summary))


if __name__ == "__main__":
    main()

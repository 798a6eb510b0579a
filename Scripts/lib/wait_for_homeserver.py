"""Wait until a homeserver answers GET /_matrix/client/versions.

Standard library only. Exits 0 once it answers, 1 when the server process
(--pid) has exited or the timeout passes, so callers can show the log.
"""

import argparse
import os
import sys
import time
import urllib.error
import urllib.request


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--homeserver", required=True)
    parser.add_argument("--pid", type=int, help="give up early if this process exits")
    parser.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args()

    url = args.homeserver.rstrip("/") + "/_matrix/client/versions"
    deadline = time.monotonic() + args.timeout
    while time.monotonic() < deadline:
        if args.pid is not None and not alive(args.pid):
            sys.exit(f"wait_for_homeserver: the homeserver process {args.pid} exited during startup")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.1)
    sys.exit(f"wait_for_homeserver: {url} did not answer within {args.timeout:g} s")


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A child that exited but was not reaped yet is a zombie: dead for our purpose.
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


if __name__ == "__main__":
    main()

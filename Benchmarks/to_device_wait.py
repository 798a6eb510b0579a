"""How long a to-device message (a room key, a verification step) sent to a new device during its
first sync waits before a sync response brings it, from the runs `first-sync.sh --keep DIR` kept.

  to_device_wait.py DIR/run-*.json

For each run: a message sent at time t (every 5 ms from the login's answer until the full list is
in) is taken by the first sync request that reaches the server after t, and arrives when that
request is answered; once the list is in, the shell long-polls, and a message ends the poll at once.
Prints the median, 90th percentile and longest wait. Request times come from Synapse's access log
(each request's end, less its time on the server, is when it reached the server).
"""

import json
import sys

STEP_MS = 5


def waits(run: dict) -> list[float]:
    full = run["full_list_ms"]
    login = next(r["end_ms"] for r in run["requests"] if r["request"].startswith("POST /_matrix/client/v3/login"))
    syncs = [(r["end_ms"] - r["server_ms"], r["end_ms"]) for r in run["requests"]
             if r["end_ms"] <= full + 1 and ("/v3/sync" in r["request"] or "simplified_msc3575/sync" in r["request"])]
    found = []
    sent = login
    while sent < full:
        answers = [end for start, end in syncs if start >= sent]
        # None left: the long poll that follows the list brings it as soon as it starts.
        found.append(min(answers) - sent if answers else full - sent)
        sent += STEP_MS
    return sorted(found)


def main() -> None:
    for path in sys.argv[1:]:
        with open(path) as file:
            run = json.load(file)
        found = waits(run)
        if not found:
            print(f"{path}: the list was in before the login answered")
            continue
        median, ninetieth, longest = found[len(found) // 2], found[int(len(found) * 0.9)], found[-1]
        print(f"{path}: {run['rooms']} rooms, full list at {run['full_list_ms'] / 1000:.2f} s: a message waits "
              f"{median / 1000:.2f} s (median), {ninetieth / 1000:.2f} s (90 %), {longest / 1000:.2f} s (longest)")


if __name__ == "__main__":
    main()

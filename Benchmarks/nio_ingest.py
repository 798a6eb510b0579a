"""Loads a /sync response as matrix-nio does and prints what it cost as one JSON line.

    nio_ingest.py FILE

json.loads, then nio's SyncResponse.from_dict (schema validation and event objects); nio
persists nothing here, so this is decoding alone. Run with the dev venv's python, which has
matrix-nio (see docs/development.md).
"""
import json
import resource
import sys
import time

from nio import SyncResponse


def main() -> None:
    path = sys.argv[1]
    started = time.perf_counter()
    with open(path, "rb") as file:
        body = file.read()
    loading = time.perf_counter()
    parsed = json.loads(body)
    converting = time.perf_counter()
    response = SyncResponse.from_dict(parsed)
    finished = time.perf_counter()
    if not isinstance(response, SyncResponse):
        sys.exit(f"nio did not accept the response: {response}")
    rooms = response.rooms
    events = sum(len(room.state) + len(room.timeline.events) for room in rooms.join.values())
    events += sum(len(room.invite_state) for room in rooms.invite.values())
    events += sum(len(room.state) + len(room.timeline.events) for room in rooms.leave.values())
    wall = finished - started
    print(json.dumps({
        "client": "matrix-nio",
        "bytes": len(body),
        "rooms": len(rooms.join) + len(rooms.invite) + len(rooms.leave),
        "events": events,
        "json_loads_seconds": round(converting - loading, 3),
        "from_dict_seconds": round(finished - converting, 3),
        "wall_seconds": round(wall, 3),
        "events_per_second": round(events / wall),
        # Linux reports kilobytes.
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }, separators=(",", ":")))


if __name__ == "__main__":
    main()

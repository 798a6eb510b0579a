"""The requests Synapse answered, from its log at INFO (synapse.access lines), for the benchmarks
that count what a client asked for: first_sync.py and room_list_rust_sdk.py. Each line is written
when the answer has gone out, stamped to the millisecond, with the server's time and the response
body's size (Synapse compresses nothing)."""

import re
import urllib.parse
from datetime import datetime

# Synapse's access log line (synapse/http/site.py): stamp, processing time, bytes, status, request.
ACCESS = re.compile(
    r"^(?P<stamp>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}) INFO synapse\.access\.\S+ .* Processed request: "
    r"(?P<seconds>[\d.]+)sec/.*? (?P<bytes>\d+)B (?P<status>\d{3}!?) \"(?P<method>\S+) (?P<uri>\S+) [^\"]*\""
)


def requests(log: str, offset: int, wall_start: float) -> list[dict]:
    """The requests Synapse answered since OFFSET of its log, in the order they ended."""
    found = []
    with open(log, "rb") as lines:
        lines.seek(offset)
        for raw in lines:
            match = ACCESS.match(raw.decode("utf-8", "replace"))
            if not match:
                continue
            end = datetime.strptime(match["stamp"], "%Y-%m-%d %H:%M:%S,%f").timestamp() - wall_start
            if end - float(match["seconds"]) < -0.005:
                continue  # came before exec: an earlier run's request, answered since
            path = urllib.parse.urlsplit(match["uri"]).path
            # IDs out of the path: one name per endpoint.
            endpoint = re.sub(r"/[!@$%][^/]*", "/ID", path)
            found.append({"end_ms": round(end * 1000, 1), "server_ms": round(float(match["seconds"]) * 1000, 1),
                          "bytes": int(match["bytes"]), "status": match["status"],
                          "request": f"{match['method']} {endpoint}"})
    return found

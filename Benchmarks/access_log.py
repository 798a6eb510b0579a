"""Requests per second from Synapse's access log (log level INFO), for requests.sh.

  access_log.py LOG --from-byte N --request REGEX

Reads LOG from byte N on (what the measured run added) and takes the "Processed request" lines
whose request line ("PUT /_matrix/... HTTP/1.1") matches REGEX. Each line is written when the
answer has gone out, stamped to the millisecond, and says how long the server took; so the run's
span is from the first request's arrival (its stamp less its time) to the last one's answer.
Prints one line: the count, the span, requests per second over it, the median of the server's
own time per request, and the mean time per request outside it (the span less the server's times,
over the count: the client's work and the connection's, when requests go one after another).
"""

import argparse
import re
import statistics
import sys
from datetime import datetime

LINE = re.compile(
    r"^(?P<stamp>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}) INFO synapse\.access\.\S+ .* Processed request: "
    r"(?P<seconds>[\d.]+)sec/.*? (?P<status>\d{3}) \"(?P<request>[^\"]*)\""
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("log")
    parser.add_argument("--from-byte", type=int, default=0)
    parser.add_argument("--request", required=True, help="regular expression on the request line")
    args = parser.parse_args()
    wanted = re.compile(args.request)

    ends, durations, failed = [], [], 0
    with open(args.log, "rb") as log:
        log.seek(args.from_byte)
        for raw in log:
            match = LINE.match(raw.decode("utf-8", "replace"))
            if not match or not wanted.search(match["request"]):
                continue
            if match["status"] != "200":
                failed += 1
            ends.append(datetime.strptime(match["stamp"], "%Y-%m-%d %H:%M:%S,%f").timestamp())
            durations.append(float(match["seconds"]))
    if len(ends) < 2:
        sys.exit(f"access_log: {len(ends)} matching requests in {args.log} after byte {args.from_byte}")
    span = max(ends) - min(end - seconds for end, seconds in zip(ends, durations))
    # One request after another: what of the span the server did not spend on them is the
    # client's work, the connection's, and the server's before and after its timer.
    outside = (span - sum(durations)) / len(ends)
    print(f"{len(ends)} requests ({failed} not 200) in {span:.3f} s: {len(ends) / span:.1f} requests/s; "
          f"server time per request: median {statistics.median(durations) * 1000:.0f} ms, "
          f"outside it: {outside * 1000:.1f} ms")


if __name__ == "__main__":
    main()

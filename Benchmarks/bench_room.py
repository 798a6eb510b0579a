"""Create a room for the benchmarks on a local Synapse, and fill it with messages quickly.

  bench_room.py --homeserver URL --user NAME --password-file FILE --alias LOCALPART [--messages N]

Logs NAME in (a device of its own), creates a private room with the alias #LOCALPART:SERVER in
room version 11 (matrix-commander 8.0.6 mishandles version 12 room IDs, which have no server
part), sends N text messages ("fill 1" ...) on one kept-alive connection, logs that device out
and prints the room ID. Standard library only: the fill must be fast, and must not go through
either client the benchmarks compare.
"""

import argparse
import http.client
import json
import sys
import urllib.parse
from pathlib import Path


class Client:
    """One HTTP/1.1 connection to the homeserver, kept alive for every request."""

    def __init__(self, homeserver: str):
        url = urllib.parse.urlsplit(homeserver)
        if url.scheme != "http":
            sys.exit(f"bench_room: only http:// homeservers on this machine, not {homeserver}")
        self.connection = http.client.HTTPConnection(url.hostname, url.port or 80, timeout=60)
        self.token: str | None = None

    def request(self, method: str, path: str, body: dict | None = None) -> dict:
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        self.connection.request(method, path, None if body is None else json.dumps(body), headers)
        response = self.connection.getresponse()
        answer = json.loads(response.read() or b"{}")
        if response.status != 200:
            sys.exit(f"bench_room: {method} {path.split('?')[0]}: HTTP {response.status} {answer}")
        return answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--homeserver", required=True)
    parser.add_argument("--user", required=True, help="local part of a registered user")
    parser.add_argument("--password-file", type=Path, required=True)
    parser.add_argument("--alias", required=True, help="local part of the room's alias")
    parser.add_argument("--messages", type=int, default=0)
    args = parser.parse_args()

    client = Client(args.homeserver)
    login = client.request("POST", "/_matrix/client/v3/login", {
        "type": "m.login.password",
        "identifier": {"type": "m.id.user", "user": args.user},
        "password": args.password_file.read_text().rstrip("\n"),
        "initial_device_display_name": "bench_room.py",
    })
    client.token = login["access_token"]
    room = client.request("POST", "/_matrix/client/v3/createRoom", {
        "preset": "private_chat", "name": args.alias, "room_alias_name": args.alias, "room_version": "11",
    })["room_id"]
    quoted = urllib.parse.quote(room, safe="")
    for number in range(1, args.messages + 1):
        client.request("PUT", f"/_matrix/client/v3/rooms/{quoted}/send/m.room.message/fill{number}",
                       {"msgtype": "m.text", "body": f"fill {number}"})
    client.request("POST", "/_matrix/client/v3/logout", {})
    print(room)


if __name__ == "__main__":
    main()

"""Create a room for the benchmarks on a local Synapse, and fill it with messages quickly.

  bench_room.py --homeserver URL --user NAME --password-file FILE --alias LOCALPART [--messages N]

Logs NAME in (a device of its own), creates a private room with the alias #LOCALPART:SERVER in
room version 11 (matrix-commander 8.0.6 mishandles version 12 room IDs, which have no server
part), sends N text messages ("fill 1" ...) on one kept-alive connection, logs that device out
and prints the room ID. Standard library only: the fill must be fast, and must not go through
either client the benchmarks compare.
"""

import argparse
import sys

from bench_http import RequestError, create_room, quote, room_arguments


def main() -> None:
    parser = room_arguments(__doc__)
    parser.add_argument("--messages", type=int, default=0)
    args = parser.parse_args()

    try:
        print(make_room(args))
    except RequestError as error:
        sys.exit(f"bench_room: {error}")


def make_room(args: argparse.Namespace) -> str:
    client, room = create_room(args, "bench_room.py")
    quoted = quote(room)
    for number in range(1, args.messages + 1):
        client.request("PUT", f"/_matrix/client/v3/rooms/{quoted}/send/m.room.message/fill{number}",
                       {"msgtype": "m.text", "body": f"fill {number}"})
    client.request("POST", "/_matrix/client/v3/logout", {})
    return room


if __name__ == "__main__":
    main()

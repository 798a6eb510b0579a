"""Create a room of pictures for Benchmarks/picture-memory.sh on a local Synapse.

  picture_room.py --homeserver URL --user NAME --password-file FILE --alias LOCALPART [--pictures N]

Logs NAME in (a device of its own), creates a private room #LOCALPART:SERVER and sends N image
messages (200 by default), each a different 1,024 x 768 JPEG of make_images.py's scene (a number
drawn on it, so no two files are the same and the server thumbnails each), then logs that
device out and prints the room ID. Needs Pillow (the dev venv has it).
"""

import argparse
import io
import sys

from PIL import ImageDraw

from bench_http import RequestError, create_room, quote, room_arguments
from make_images import scene


def main() -> None:
    parser = room_arguments(__doc__)
    parser.add_argument("--pictures", type=int, default=200)
    args = parser.parse_args()
    try:
        print(make_room(args))
    except RequestError as error:
        sys.exit(f"picture_room: {error}")


def make_room(args: argparse.Namespace) -> str:
    client, room = create_room(args, "picture_room.py")
    base = scene()
    for number in range(1, args.pictures + 1):
        image = base.copy()
        ImageDraw.Draw(image).rectangle((number * 4 % 900, 300, number * 4 % 900 + 120, 420), fill=(number % 256, 40, 200))
        buffer = io.BytesIO()
        image.save(buffer, "JPEG", quality=85)
        data = buffer.getvalue()
        name = f"picture-{number}.jpg"
        url = client.upload(data, "image/jpeg", name)
        client.request("PUT", f"/_matrix/client/v3/rooms/{quote(room)}/send/m.room.message/picture{number}", {
            "msgtype": "m.image", "body": name, "url": url,
            "info": {"mimetype": "image/jpeg", "size": len(data), "w": 1024, "h": 768},
        })
    client.request("POST", "/_matrix/client/v3/logout", {})
    return room


if __name__ == "__main__":
    main()

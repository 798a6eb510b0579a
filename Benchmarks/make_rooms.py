"""Make an account a member of many rooms on a local Synapse, fast: the sliding-sync benchmark's
fixture.

  make_rooms.py --homeserver URL --user NAME --password-file FILE --rooms N
                [--peer PEER]... [--peer-password-file FILE] [--concurrency K]

Afterwards NAME is joined to N rooms, numbered 1 to N:
  - most are "Room 0001" ... with a topic, the first peer as a member (every third room the second
    peer too, when there is one: member counts of 2 and 3), and a last message from a peer. They
    are public (join rule only; not in the room directory), so that the peers join without an
    invite, which saves Synapse an event, and this script a request, per room;
  - every 20th (5 %) is encrypted (m.room.encryption state, invite only): half of them have a
    plain message sent before encryption was turned on, the other half no message at all;
  - every 100th (1 %) is a direct chat with the first peer, without a name (so clients show the
    peer's name, a hero), recorded in NAME's m.direct account data;
  - the last two are spaces, "Space 1" with 20 rooms as children and "Space 2" with 20 others and
    Space 1.
The peers' display names are set first ("Ada Lovelace", "Grace Hopper"...): set later, Synapse
would rewrite a member event in every room they share. Without a peer, the rooms have NAME alone,
the last message is NAME's, and no room is direct.

The rooms are made in a shuffled (but fixed) order, so the most recent room is not the last by
name. The time goes into Synapse's events (a public room is 9: create, NAME's join, power levels,
join rule, history visibility, name, topic, the peer's join, the message), so K rooms are made at
once (--concurrency, default 4), each thread with its own kept-alive connection, in as few
requests as a room allows: /createRoom with the name, topic, invites and initial state in one, a
/join per peer, one send. A 429 is waited out as Synapse asks (Scripts/lib/synapse_config.py
lifts the limits on the test servers; other servers may keep them).

Rerun on the same account, it makes only what is missing: it lists NAME's rooms in one filtered
/sync (Synapse takes a minute over 5,000), knows its own by the number in their m.room.create
content ("org.element-shell.bench.room"; direct chats have no name to know them by), and leaves
and forgets those it finds half-made (cut short) or twice, before making them anew. Progress goes
to stderr every 250 rooms, and the total time at the end.
Standard library only, like bench_room.py, with which it shares bench_http.py.
"""

import argparse
import http.client
import json
import random
import sys
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from bench_http import Client, RequestError, quote

API = "/_matrix/client/v3"
# Where the room's number goes in its m.room.create content: how a rerun knows its rooms.
NUMBER_KEY = "org.element-shell.bench.room"
# As bench_room.py: matrix-commander 8.0.6 mishandles version 12 room IDs (no server part).
ROOM_VERSION = "11"
DISPLAY_NAMES = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra"]
SPACE_CHILDREN = 20
PROGRESS_EVERY = 250
ENCRYPTION = {"type": "m.room.encryption", "state_key": "", "content": {"algorithm": "m.megolm.v1.aes-sha2"}}


@dataclass
class Slot:
    """What room number NUMBER is to be, and the event that shows it was made to the end."""

    number: int
    kind: str  # room, encrypted, direct or space
    name: str | None
    peers: list[str]  # user IDs that join
    message_from: str | None  # who sends the last message, if anyone
    encrypt_after_message: bool = False
    children: list[int] = field(default_factory=list)  # a space's rooms, by number

    def last_event(self, user: str) -> tuple[str, str] | None:
        """The type and sender of the room's last event once it is made, or None when /createRoom
        makes it all (Synapse finishes a room it has begun, whatever becomes of the request)."""
        if self.encrypt_after_message:
            return "m.room.encryption", user
        if self.message_from:
            return "m.room.message", self.message_from
        if self.peers:
            return "m.room.member", self.peers[-1]
        return None


def plan(count: int, user: str, peers: list[str]) -> list[Slot]:
    """The N slots, numbered from 1; the kind of each depends on its number alone."""
    width = max(4, len(str(count)))
    spaces = 2 if count >= 10 else 0
    slots = []
    for number in range(1, count + 1):
        name = f"Room {number:0{width}}"
        room_peers = peers[:2] if number % 3 == 0 else peers[:1]
        sender = room_peers[-1] if room_peers else user
        if number > count - spaces:
            space = number - (count - spaces)
            slots.append(Slot(number, "space", f"Space {space}", [], None))
        elif number % 100 == 50 and peers:
            slots.append(Slot(number, "direct", None, peers[:1], peers[0]))
        elif number % 20 == 5:
            with_message = number % 40 == 5
            slots.append(Slot(number, "encrypted", name, room_peers, sender if with_message else None,
                              encrypt_after_message=with_message))
        else:
            slots.append(Slot(number, "room", name, room_peers, sender))
    # Space 1 holds the first 20 plain or encrypted rooms, Space 2 the next 20 and Space 1.
    ordinary = [slot.number for slot in slots if slot.kind in ("room", "encrypted")]
    for index, slot in enumerate(slot for slot in slots if slot.kind == "space"):
        slot.children = ordinary[index * SPACE_CHILDREN:(index + 1) * SPACE_CHILDREN]
        if index > 0:
            slot.children.append(count - spaces + index)
    return slots


class Maker:
    """Makes the rooms of a plan from K threads, each with a connection of its own."""

    def __init__(self, homeserver: str):
        self.homeserver = homeserver
        self.local = threading.local()
        self.tokens: dict[str, str] = {}  # user ID → access token
        self.made: dict[int, str] = {}  # number → room ID
        self.lock = threading.Lock()

    def client(self) -> Client:
        if not hasattr(self.local, "client"):
            self.local.client = Client(self.homeserver)
        return self.local.client

    def request(self, user: str, method: str, path: str, body: dict | None = None) -> dict:
        return self.client().request(method, API + path, body, token=self.tokens[user])

    def make(self, slot: Slot, user: str, server: str) -> str:
        """Makes SLOT's room as USER and returns its ID."""
        body: dict = {
            "room_version": ROOM_VERSION,
            "creation_content": {NUMBER_KEY: slot.number},
            "preset": "public_chat",
            "initial_state": [],
        }
        if slot.name:
            body["name"] = slot.name
            body["topic"] = f"Topic of {slot.name.lower()}, made for the benchmarks"
        if slot.kind in ("encrypted", "direct"):
            body["preset"] = "trusted_private_chat" if slot.kind == "direct" else "private_chat"
            body["invite"] = slot.peers
            body["is_direct"] = slot.kind == "direct"
        if slot.kind == "encrypted" and not slot.encrypt_after_message:
            body["initial_state"].append(ENCRYPTION)
        if slot.kind == "space":
            body["preset"] = "private_chat"
            body["creation_content"]["type"] = "m.space"
            body["initial_state"] += [
                {"type": "m.space.child", "state_key": self.made[child], "content": {"via": [server]}}
                for child in slot.children
            ]
        room = self.request(user, "POST", "/createRoom", body)["room_id"]
        path = f"/rooms/{quote(room)}"
        for peer in slot.peers:
            self.request(peer, "POST", f"{path}/join", {})
        if slot.message_from:
            text = (f"Sent before encryption was turned on, in {slot.name.lower()}" if slot.encrypt_after_message
                    else f"The last message of {(slot.name or 'a direct chat').lower()} (number {slot.number})")
            self.request(slot.message_from, "PUT", f"{path}/send/m.room.message/last{slot.number}",
                         {"msgtype": "m.text", "body": text})
        if slot.encrypt_after_message:
            self.request(user, "PUT", f"{path}/state/m.room.encryption/", ENCRYPTION["content"])
        with self.lock:
            self.made[slot.number] = room
        return room


def survey(maker: Maker, user: str) -> tuple[dict, dict]:
    """USER's joined rooms in one filtered /sync (number in the create content, last event) and
    its m.direct content."""
    sync_filter = {
        "presence": {"types": []},
        "account_data": {"types": ["m.direct"]},
        "room": {
            "state": {"types": ["m.room.create"]},
            "timeline": {"limit": 1},
            "ephemeral": {"types": []},
            "account_data": {"types": []},
        },
    }
    query = urllib.parse.urlencode({"filter": json.dumps(sync_filter), "timeout": "0"})
    # An initial sync of thousands of rooms takes Synapse a while: a connection of its own, and patience.
    answer = Client(maker.homeserver, maker.tokens[user], timeout=900).request("GET", f"{API}/sync?{query}")
    rooms = {}
    for room, joined in answer.get("rooms", {}).get("join", {}).items():
        events = joined.get("state", {}).get("events", []) + joined.get("timeline", {}).get("events", [])
        create = next((event for event in events if event["type"] == "m.room.create"), {})
        last = joined.get("timeline", {}).get("events", [])[-1:] or [{}]
        rooms[room] = (create.get("content", {}).get(NUMBER_KEY), (last[0].get("type"), last[0].get("sender")))
    direct = next((event["content"] for event in answer.get("account_data", {}).get("events", [])
                   if event["type"] == "m.direct"), {})
    return rooms, direct


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--homeserver", required=True)
    parser.add_argument("--user", required=True, help="local part of a registered user")
    parser.add_argument("--password-file", type=Path, required=True)
    parser.add_argument("--rooms", type=int, required=True)
    parser.add_argument("--peer", action="append", default=[], help="local part of a registered user who joins; "
                        "repeat for a second one")
    parser.add_argument("--peer-password-file", type=Path, help="the peers' password; else --password-file's")
    parser.add_argument("--concurrency", type=int, default=4, help="rooms made at once (default 4)")
    args = parser.parse_args()
    if args.rooms < 1 or args.concurrency < 1:
        parser.error("--rooms and --concurrency must be at least 1")
    try:
        make_rooms(args)
    except RequestError as error:
        sys.exit(f"make_rooms: {error}")


def make_rooms(args: argparse.Namespace) -> None:
    start = time.monotonic()
    maker = Maker(args.homeserver)
    client = maker.client()
    login = client.login(args.user, args.password_file.read_text().rstrip("\n"), "make_rooms.py")
    user = login["user_id"]
    server = user.split(":", 1)[1]
    maker.tokens[user] = login["access_token"]
    peer_password = (args.peer_password_file or args.password_file).read_text().rstrip("\n")
    peers = []
    try:
        for index, peer in enumerate(args.peer):
            login = client.login(peer, peer_password, "make_rooms.py")
            peer_id = login["user_id"]
            maker.tokens[peer_id] = login["access_token"]
            peers.append(peer_id)
            display_name = DISPLAY_NAMES[index] if index < len(DISPLAY_NAMES) else f"Peer {index + 1}"
            profile = f"/profile/{quote(peer_id)}/displayname"
            if maker.request(peer_id, "GET", profile).get("displayname") != display_name:
                maker.request(peer_id, "PUT", profile, {"displayname": display_name})
        fill(maker, args, user, peers, server, start)
    finally:
        for token in maker.tokens.values():
            try:
                client.request("POST", f"{API}/logout", {}, token=token)
            except (RequestError, OSError, http.client.HTTPException):
                pass


def fill(maker: Maker, args: argparse.Namespace, user: str, peers: list[str], server: str, start: float) -> None:
    slots = plan(args.rooms, user, peers)
    rooms, direct = survey(maker, user)
    # A room of ours counts when its last event is the one its making ends with; else (cut short,
    # or a second copy of a number) it is left and forgotten, and made anew.
    by_number = {slot.number: slot for slot in slots}
    unwanted = []
    for room, (number, last) in sorted(rooms.items()):
        if number is None:
            continue  # not one of ours
        slot = by_number.get(number)
        if slot and number not in maker.made and slot.last_event(user) in (None, last):
            maker.made[number] = room
        else:
            unwanted.append(room)
    for room in unwanted:
        maker.request(user, "POST", f"/rooms/{quote(room)}/leave", {})
        maker.request(user, "POST", f"/rooms/{quote(room)}/forget", {})
    missing = [slot for slot in slots if slot.number not in maker.made]
    # A fixed shuffle: recency then differs from the order of names. Spaces last, after their children.
    order = [slot for slot in missing if slot.kind != "space"]
    random.Random(args.rooms).shuffle(order)
    order += [slot for slot in missing if slot.kind == "space"]
    print(f"make_rooms: {user} has {len(maker.made)} of the {args.rooms} rooms"
          f"{f' ({len(unwanted)} half-made left)' if unwanted else ''}; making {len(order)}, "
          f"{args.concurrency} at a time", file=sys.stderr)

    spaces = [slot for slot in order if slot.kind == "space"]
    made = 0
    with ThreadPoolExecutor(max_workers=args.concurrency) as pool:
        futures = [pool.submit(maker.make, slot, user, server) for slot in order if slot.kind != "space"]
        try:
            for future in as_completed(futures):
                future.result()  # raises the first failure
                made += 1
                if made % PROGRESS_EVERY == 0:
                    print(f"make_rooms: {made} of {len(order)} made ({time.monotonic() - start:.1f} s)",
                          file=sys.stderr)
        except BaseException:
            pool.shutdown(cancel_futures=True)
            raise
    for slot in spaces:  # one after the other: Space 2 holds Space 1
        maker.make(slot, user, server)
        made += 1

    direct_rooms = [maker.made[slot.number] for slot in slots if slot.kind == "direct"]
    if peers and direct_rooms:
        wanted = dict(direct)
        kept = [room for room in direct.get(peers[0], []) if room not in direct_rooms and room not in unwanted]
        wanted[peers[0]] = direct_rooms + kept
        if wanted != direct:
            maker.request(user, "PUT", f"/user/{quote(user)}/account_data/m.direct", wanted)
    joined = len(maker.request(user, "GET", "/joined_rooms")["joined_rooms"])
    elapsed = time.monotonic() - start
    rate = f", {made / elapsed:.1f} rooms/s" if made else ""
    print(f"make_rooms: made {made} rooms in {elapsed:.1f} s{rate}; {user} is in {joined} rooms", file=sys.stderr)
    if joined != args.rooms:
        print(f"make_rooms: warning: {joined} joined rooms, not {args.rooms}: rooms of other origins?", file=sys.stderr)


if __name__ == "__main__":
    main()

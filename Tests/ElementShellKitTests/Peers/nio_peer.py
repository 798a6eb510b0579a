"""A second Matrix client for integration tests, on matrix-nio (a real third-party client).

    nio_peer.py HOMESERVER USER PASSWORD create NAME [--invite USER_ID] [--alias LOCALPART]
                                                    [--display-name NAME] [--public] [--space]
                                                    [--join-rule RULE] [--version VERSION]
                                    -> prints the new room's ID; the display name is the peer's
                                       own in that room; --public lets anyone join (it does not
                                       list the room in the server's directory: see publish),
                                       --space makes it a space, --join-rule sets the join rule
                                       (knock, invite, public, ...) from the start, --version the
                                       room version (a "12" room's ID has no ":server" part)
    nio_peer.py HOMESERVER USER PASSWORD add-child SPACE_ID ROOM_ID
                                    -> makes the room a child of the space (m.space.child, via
                                       the peer's server)
    nio_peer.py HOMESERVER USER PASSWORD send ROOM_ID TEXT...
                                    -> sends each TEXT, in order
    nio_peer.py HOMESERVER USER PASSWORD expect ROOM_ID TEXT SECONDS
                                    -> exit 0 once a message from someone else containing TEXT
                                       is in the room, 1 when SECONDS pass first
    nio_peer.py HOMESERVER USER PASSWORD messages ROOM_ID
                                    -> prints every text message of the room as the server
                                       keeps it (/messages), oldest first, one JSON object
                                       {"sender", "body"} a line
    nio_peer.py HOMESERVER USER PASSWORD events ROOM_ID
                                    -> prints every event of the room's timeline as the server
                                       keeps it, oldest first, one raw JSON event a line
    nio_peer.py HOMESERVER USER PASSWORD send-event ROOM_ID TYPE CONTENT_JSON
                                    -> sends one event of any type; prints its ID
    nio_peer.py HOMESERVER USER PASSWORD join ROOM [--or-refused]
                                    -> joins by ID or alias and prints the room's ID; with
                                       --or-refused a refusal prints "refused ERRCODE" and exits 0
    nio_peer.py HOMESERVER USER PASSWORD knock ROOM [--reason TEXT]
                                    -> knocks on the room (by ID or alias; its join rule must be
                                       knock) and prints its ID
    nio_peer.py HOMESERVER USER PASSWORD state ROOM_ID TYPE [STATE_KEY]
                                    -> prints the content of a state event as JSON, or null
    nio_peer.py HOMESERVER USER PASSWORD put-state ROOM_ID TYPE STATE_KEY CONTENT_JSON
                                    -> sends a state event (m.room.pinned_events,
                                       m.room.join_rules, ...; STATE_KEY "" for most); prints its ID
    nio_peer.py HOMESERVER USER PASSWORD membership ROOM_ID USER_ID
                                    -> prints USER_ID's membership of the room as the peer sees
                                       it (join, invite, knock, leave, ban), or none
    nio_peer.py HOMESERVER USER PASSWORD await-membership ROOM_ID USER_ID MEMBERSHIP SECONDS [--display-name NAME]
                                    -> exit 0 once the peer's sync shows USER_ID's membership of
                                       the room as MEMBERSHIP (join, invite, knock, leave, ban),
                                       and with NAME their display name there, 1 when SECONDS pass
                                       first; the peer sees a knock only as a member of the room
    nio_peer.py HOMESERVER USER PASSWORD power ROOM_ID USER_ID LEVEL
                                    -> gives USER_ID that power level in the room
    nio_peer.py HOMESERVER USER PASSWORD invite ROOM_ID USER_ID
                                    -> invites USER_ID to the room
    nio_peer.py HOMESERVER USER PASSWORD kick ROOM_ID USER_ID [--reason TEXT]
                                    -> kicks USER_ID from the room (or withdraws an invite,
                                       refuses a knock)
    nio_peer.py HOMESERVER USER PASSWORD upgrade ROOM_ID VERSION [--invite-members]
                                    -> upgrades the room to that version, as the server does it
                                       (/upgrade: a new room, a tombstone in the old one); prints
                                       the new room's ID. The new room keeps the join rule, and
                                       the server invites nobody: --invite-members invites the
                                       old room's other members, as Element Web offers to
    nio_peer.py HOMESERVER USER PASSWORD follow ROOM_ID SECONDS
                                    -> once the peer's sync shows the room's m.room.tombstone,
                                       joins its replacement room and prints its ID (refused, it
                                       waits for an invite to it); exit 1 when SECONDS pass first
    nio_peer.py HOMESERVER USER PASSWORD publish ROOM_ID
                                    -> lists the room in the server's public room directory
    nio_peer.py HOMESERVER USER PASSWORD public-rooms [--search TEXT]
                                    -> prints the server's public room directory, every page,
                                       one JSON object {"room_id", "name", "canonical_alias",
                                       "num_joined_members", "topic", "join_rule"} a room (null
                                       when unset); Synapse lists only published rooms whose join
                                       rule is public or knock
    nio_peer.py HOMESERVER USER PASSWORD account-data TYPE CONTENT
                                    -> sets the peer's own global account data of TYPE to the
                                       JSON CONTENT (m.invite_permission_config, ...)
    nio_peer.py HOMESERVER USER PASSWORD invites
                                    -> prints the peer's pending invites, one JSON object
                                       {"room_id", "is_direct"} a line
    nio_peer.py HOMESERVER USER PASSWORD receipt ROOM_ID USER_ID
                                    -> prints the event USER_ID's public read receipt (m.read)
                                       in the room points at, as a first sync shows it; an
                                       empty line when there is none
    nio_peer.py HOMESERVER USER PASSWORD type ROOM_ID
                                    -> tells the room the peer is typing (for 30 s)
    nio_peer.py HOMESERVER USER PASSWORD upload FILE
                                    -> uploads the file (POST /_matrix/media/v3/upload) and prints
                                       its mxc:// URI
    nio_peer.py HOMESERVER USER PASSWORD download MXC
                                    -> fetches the file through authenticated media
                                       (/_matrix/client/v1/media/download) and prints its SHA-256
    nio_peer.py HOMESERVER USER PASSWORD expect-typing ROOM_ID USER_ID SECONDS
                                    -> exit 0 once sync says USER_ID is typing in the room,
                                       1 when SECONDS pass first
    nio_peer.py HOMESERVER USER PASSWORD delete-device DEVICE_ID
                                    -> deletes another device of the peer's own user, as a user
                                       does from another client (the password answers the
                                       server's interactive auth)

Each call logs in as a new device and logs it out again. A call that fails exits 1 and says why
on stderr; when the server refused it, the last line of stdout is the server's errcode alone
(M_FORBIDDEN, ...).
"""
import argparse
import asyncio
import hashlib
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

from nio import (AsyncClient, DeleteDevicesAuthResponse, DeleteDevicesResponse, JoinResponse, LoginResponse, MessageDirection, ReceiptEvent, RoomCreateResponse, RoomInviteResponse, RoomPreset,
                 RoomGetStateEventError, RoomGetStateEventResponse, RoomKickResponse, RoomKnockResponse, RoomMessagesResponse, RoomMessageText,
                 RoomPutStateResponse, RoomSendResponse, RoomTypingResponse, SyncResponse, TypingNoticeEvent)


class PeerError(Exception):
    """A failure; errcode is the server's (M_FORBIDDEN, ...) when it refused."""

    def __init__(self, message, errcode=None):
        super().__init__(message)
        self.errcode = errcode


def checked(response, expected, what):
    if not isinstance(response, expected):
        raise PeerError(f"{what} failed: {response}", getattr(response, "status_code", None))
    return response


def api(client, method, path, body=None, query=None):
    """One client-server API call (/_matrix/client/v3 + path) through the standard library, for
    what nio has no call for (or does otherwise: its room_upgrade rebuilds the room itself)."""
    url = client.homeserver + "/_matrix/client/v3" + path + (f"?{urllib.parse.urlencode(query, doseq=True)}" if query else "")
    request = urllib.request.Request(url, data=None if body is None else json.dumps(body).encode(), method=method,
                                     headers={"Authorization": f"Bearer {client.access_token}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        try:
            answer = json.load(error)
        except ValueError:
            answer = {}
        raise PeerError(f"{method} {path} failed: {error.code} {answer.get('errcode', '')} {answer.get('error', error.reason)}",
                        answer.get("errcode")) from None


def quoted(part):
    return urllib.parse.quote(part, safe="")


async def create(client, args):
    invite = [args.invite] if args.invite else []
    preset = RoomPreset.public_chat if args.public else None
    initial_state = [{"type": "m.room.join_rules", "state_key": "", "content": {"join_rule": args.join_rule}}] if args.join_rule else []
    room = checked(await client.room_create(name=args.name, alias=args.alias, invite=invite, preset=preset, space=args.space,
                                            initial_state=initial_state, room_version=args.version),
                   RoomCreateResponse, "create")
    if args.display_name:
        member = {"membership": "join", "displayname": args.display_name}
        checked(await client.room_put_state(room.room_id, "m.room.member", member, state_key=client.user_id),
                RoomPutStateResponse, "display name")
    print(room.room_id)


async def add_child(client, args):
    via = [client.user_id.split(":", 1)[1]]
    checked(await client.room_put_state(args.space_id, "m.space.child", {"via": via}, state_key=args.room_id),
            RoomPutStateResponse, "add child")


async def send(client, args):
    for text in args.texts:
        content = {"msgtype": "m.text", "body": text}
        checked(await client.room_send(args.room_id, "m.room.message", content), RoomSendResponse, "send")


async def syncs(client, seconds):
    """Each sync response, the first with the full state, for `seconds` at the most."""
    deadline = time.monotonic() + seconds
    since = None
    while time.monotonic() < deadline:
        response = await client.sync(timeout=1000, since=since, full_state=since is None)
        if not isinstance(response, SyncResponse):
            continue
        since = response.next_batch
        yield response


async def room_updates(client, room_id, seconds):
    """Each sync's update of the joined room, for `seconds` at the most."""
    async for response in syncs(client, seconds):
        room = response.rooms.join.get(room_id)
        if room:
            yield room


def room_events(response, room_id, event_type):
    """The raw events of that type a sync response has of the room, in order (state before
    timeline), whether the peer is in it, invited to it or has left it. Raw: nio does not parse
    every membership (knock) into a member event."""
    found = []
    if room_id in response.rooms.join:
        room = response.rooms.join[room_id]
        found += room.state + room.timeline.events
    if room_id in response.rooms.invite:
        found += response.rooms.invite[room_id].invite_state
    if room_id in response.rooms.leave:
        room = response.rooms.leave[room_id]
        found += room.state + room.timeline.events
    raw = []
    for event in found:
        source = getattr(event, "source", None)
        if isinstance(source, dict) and source.get("type") == event_type:
            # nio keeps an invite's stripped state events without their content.
            if "content" not in source and isinstance(getattr(event, "content", None), dict):
                source = {**source, "content": event.content}
            raw.append(source)
    return raw


async def expect(client, args):
    async for room in room_updates(client, args.room_id, args.seconds):
        for event in room.timeline.events:
            if isinstance(event, RoomMessageText) and event.sender != client.user_id and args.text in event.body:
                return
    raise PeerError(f"no message containing {args.text!r} within {args.seconds} s")


async def messages(client, args):
    found, token = [], None
    while True:
        page = checked(await client.room_messages(args.room_id, start=token, direction=MessageDirection.back, limit=100),
                       RoomMessagesResponse, "messages")
        found += [event for event in page.chunk if isinstance(event, RoomMessageText)]
        if not page.end or not page.chunk:
            break
        token = page.end
    for event in reversed(found):
        print(json.dumps({"sender": event.sender, "body": event.body}))


async def events(client, args):
    found, token = [], None
    while True:
        page = checked(await client.room_messages(args.room_id, start=token, direction=MessageDirection.back, limit=100),
                       RoomMessagesResponse, "messages")
        found += page.chunk
        if not page.end or not page.chunk:
            break
        token = page.end
    for event in reversed(found):
        print(json.dumps(event.source))


async def send_event(client, args):
    response = checked(await client.room_send(args.room_id, args.type, json.loads(args.content)), RoomSendResponse, "send")
    print(response.event_id)


async def join(client, args):
    response = await client.join(args.room)
    if args.or_refused and not isinstance(response, JoinResponse):
        print(f"refused {getattr(response, 'status_code', '')}")
        return
    print(checked(response, JoinResponse, "join").room_id)


async def state(client, args):
    """Prints a state event's content as JSON, or null when the room has none."""
    response = await client.room_get_state_event(args.room_id, args.type, args.state_key)
    if isinstance(response, RoomGetStateEventError) and response.status_code == "M_NOT_FOUND":
        print("null")
        return
    print(json.dumps(checked(response, RoomGetStateEventResponse, "state").content))


async def membership(client, args):
    response = await client.room_get_state_event(args.room_id, "m.room.member", args.user_id)
    if isinstance(response, RoomGetStateEventError) and response.status_code == "M_NOT_FOUND":
        print("none")
        return
    print(checked(response, RoomGetStateEventResponse, "membership").content.get("membership", "none"))


async def put_state(client, args):
    response = checked(await client.room_put_state(args.room_id, args.type, json.loads(args.content), state_key=args.state_key),
                       RoomPutStateResponse, "put state")
    print(response.event_id)


async def await_membership(client, args):
    current, name = None, None
    async for response in syncs(client, args.seconds):
        for event in room_events(response, args.room_id, "m.room.member"):
            if event.get("state_key") == args.user_id:
                current = event.get("content", {}).get("membership")
                name = event.get("content", {}).get("displayname")
        if current == args.membership and args.display_name in (None, name):
            return
    raise PeerError(f"{args.user_id}'s membership of {args.room_id} is {current or 'unknown'} as {name!r}, not {args.membership}"
                    f"{'' if args.display_name is None else f' as {args.display_name!r}'}, after {args.seconds} s")


async def knock(client, args):
    print(checked(await client.room_knock(args.room, args.reason), RoomKnockResponse, "knock").room_id)


async def kick(client, args):
    checked(await client.room_kick(args.room_id, args.user_id, args.reason), RoomKickResponse, "kick")


async def upgrade(client, args):
    new_room = api(client, "POST", f"/rooms/{quoted(args.room_id)}/upgrade", {"new_version": args.version})["replacement_room"]
    if args.invite_members:
        members = api(client, "GET", f"/rooms/{quoted(args.room_id)}/joined_members")["joined"]
        for user_id in sorted(set(members) - {client.user_id}):
            checked(await client.room_invite(new_room, user_id), RoomInviteResponse, f"inviting {user_id}")
    print(new_room)


async def follow(client, args):
    tombstone, refusal = None, None
    async for response in syncs(client, args.seconds):
        tombstone = next((event for event in reversed(room_events(response, args.room_id, "m.room.tombstone"))
                          if event.get("state_key") == "" and event.get("content", {}).get("replacement_room")), tombstone)
        if tombstone is None:
            continue
        new_room = tombstone["content"]["replacement_room"]
        # An invite-only room's replacement needs an invite, which may come a moment after the
        # tombstone: after a refusal the join waits for a sync that brings one.
        if refusal is not None and new_room not in response.rooms.invite:
            continue
        # A room ID of version 12 names no server: the join goes through the upgrader's.
        via = tombstone["sender"].split(":", 1)[1]
        try:
            print(api(client, "POST", f"/join/{quoted(new_room)}", {}, {"via": via, "server_name": via})["room_id"])
            return
        except PeerError as error:
            if error.errcode != "M_FORBIDDEN":
                raise
            refusal = error
    if refusal is not None:
        raise refusal
    raise PeerError(f"no tombstone in {args.room_id} within {args.seconds} s")


async def publish(client, args):
    api(client, "PUT", f"/directory/list/room/{quoted(args.room_id)}", {"visibility": "public"})


async def public_rooms(client, args):
    since = None
    while True:
        if args.search:
            page = api(client, "POST", "/publicRooms", {"filter": {"generic_search_term": args.search}, "limit": 100,
                                                        **({"since": since} if since else {})})
        else:
            page = api(client, "GET", "/publicRooms", query={"limit": 100, **({"since": since} if since else {})})
        for room in page.get("chunk", []):
            print(json.dumps({key: room.get(key) for key in ("room_id", "name", "canonical_alias", "num_joined_members", "topic", "join_rule")}))
        since = page.get("next_batch")
        if not since or not page.get("chunk"):
            return


async def power(client, args):
    levels = checked(await client.room_get_state_event(args.room_id, "m.room.power_levels"), RoomGetStateEventResponse,
                     "power levels").content
    levels.setdefault("users", {})[args.user_id] = args.level
    checked(await client.room_put_state(args.room_id, "m.room.power_levels", levels), RoomPutStateResponse, "set power levels")


async def invite(client, args):
    checked(await client.room_invite(args.room_id, args.user_id), RoomInviteResponse, "invite")


async def account_data(client, args):
    path = f"/_matrix/client/v3/user/{urllib.parse.quote(client.user_id)}/account_data/{urllib.parse.quote(args.type)}"
    request = urllib.request.Request(client.homeserver + path, data=args.content.encode(), method="PUT",
                                     headers={"Authorization": f"Bearer {client.access_token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        response.read()


async def invites(client, args):
    response = checked(await client.sync(timeout=0, full_state=True), SyncResponse, "sync")
    for room_id, room in response.rooms.invite.items():
        own = [event for event in room.invite_state
               if getattr(event, "state_key", None) == client.user_id and isinstance(getattr(event, "content", None), dict)]
        is_direct = any(event.content.get("is_direct") is True for event in own)
        print(json.dumps({"room_id": room_id, "is_direct": is_direct}))


async def receipt(client, args):
    response = checked(await client.sync(timeout=0, full_state=True), SyncResponse, "sync")
    room = response.rooms.join.get(args.room_id)
    found = ""
    for event in room.ephemeral if room else []:
        if isinstance(event, ReceiptEvent):
            found = next((r.event_id for r in event.receipts if r.user_id == args.user_id and r.receipt_type == "m.read"), found)
    print(found)


async def type_(client, args):
    checked(await client.room_typing(args.room_id, typing_state=True, timeout=30000), RoomTypingResponse, "typing")


async def expect_typing(client, args):
    async for room in room_updates(client, args.room_id, args.seconds):
        for event in room.ephemeral:
            if isinstance(event, TypingNoticeEvent) and args.user_id in event.users:
                return
    raise PeerError(f"{args.user_id} did not type within {args.seconds} s")


def media_request(client, path, data=None, content_type=None):
    """The media repository through the standard library, so the peer does not depend on how
    its nio version reaches media."""
    request = urllib.request.Request(client.homeserver + path, data=data, method="POST" if data is not None else "GET",
                                     headers={"Authorization": f"Bearer {client.access_token}"})
    if content_type:
        request.add_header("Content-Type", content_type)
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.read()


async def upload(client, args):
    with open(args.file, "rb") as file:
        data = file.read()
    name = urllib.parse.quote(os.path.basename(args.file))
    answer = media_request(client, f"/_matrix/media/v3/upload?filename={name}", data, "application/octet-stream")
    print(json.loads(answer)["content_uri"])


async def download(client, args):
    server, media_id = args.mxc.removeprefix("mxc://").split("/", 1)
    print(hashlib.sha256(media_request(client, f"/_matrix/client/v1/media/download/{server}/{media_id}")).hexdigest())


async def delete_device(client, args):
    # The first request only opens the interactive auth; the second answers it with the password.
    first = await client.delete_devices([args.device_id])
    auth = {"type": "m.login.password", "identifier": {"type": "m.id.user", "user": client.user_id}, "password": args.password}
    if isinstance(first, DeleteDevicesAuthResponse):
        auth["session"] = first.session
    response = await client.delete_devices([args.device_id], auth=auth)
    checked(response, DeleteDevicesResponse, "delete device")


def parser():
    root = argparse.ArgumentParser(description="a matrix-nio peer for integration tests")
    root.add_argument("homeserver")
    root.add_argument("user")
    root.add_argument("password")
    commands = root.add_subparsers(dest="command", required=True)
    command = commands.add_parser("create")
    command.add_argument("name")
    command.add_argument("--invite")
    command.add_argument("--alias")
    command.add_argument("--display-name")
    command.add_argument("--public", action="store_true")
    command.add_argument("--space", action="store_true")
    command.add_argument("--join-rule", help="the room's join rule from the start: knock, invite, public, ...")
    command.add_argument("--version", help="the room version, e.g. 12")
    command.set_defaults(run=create)
    command = commands.add_parser("add-child")
    command.add_argument("space_id")
    command.add_argument("room_id")
    command.set_defaults(run=add_child)
    command = commands.add_parser("send")
    command.add_argument("room_id")
    command.add_argument("texts", nargs="+")
    command.set_defaults(run=send)
    command = commands.add_parser("expect")
    command.add_argument("room_id")
    command.add_argument("text")
    command.add_argument("seconds", type=float)
    command.set_defaults(run=expect)
    command = commands.add_parser("messages")
    command.add_argument("room_id")
    command.set_defaults(run=messages)
    command = commands.add_parser("events")
    command.add_argument("room_id")
    command.set_defaults(run=events)
    command = commands.add_parser("send-event")
    command.add_argument("room_id")
    command.add_argument("type")
    command.add_argument("content")
    command.set_defaults(run=send_event)
    command = commands.add_parser("join")
    command.add_argument("room")
    command.add_argument("--or-refused", action="store_true", help="print 'refused CODE' instead of failing")
    command.set_defaults(run=join)
    command = commands.add_parser("state")
    command.add_argument("room_id")
    command.add_argument("type")
    command.add_argument("state_key", nargs="?", default="")
    command.set_defaults(run=state)
    command = commands.add_parser("delete-device")
    command.add_argument("device_id")
    command.set_defaults(run=delete_device)
    command = commands.add_parser("membership")
    command.add_argument("room_id")
    command.add_argument("user_id")
    command.set_defaults(run=membership)
    command = commands.add_parser("put-state")
    command.add_argument("room_id")
    command.add_argument("type")
    command.add_argument("state_key")
    command.add_argument("content")
    command.set_defaults(run=put_state)
    command = commands.add_parser("await-membership")
    command.add_argument("room_id")
    command.add_argument("user_id")
    command.add_argument("membership", choices=["join", "invite", "knock", "leave", "ban"])
    command.add_argument("seconds", type=float)
    command.add_argument("--display-name")
    command.set_defaults(run=await_membership)
    command = commands.add_parser("knock")
    command.add_argument("room")
    command.add_argument("--reason")
    command.set_defaults(run=knock)
    command = commands.add_parser("kick")
    command.add_argument("room_id")
    command.add_argument("user_id")
    command.add_argument("--reason")
    command.set_defaults(run=kick)
    command = commands.add_parser("upgrade")
    command.add_argument("room_id")
    command.add_argument("version")
    command.add_argument("--invite-members", action="store_true", help="invite the old room's other members to the new one")
    command.set_defaults(run=upgrade)
    command = commands.add_parser("follow")
    command.add_argument("room_id")
    command.add_argument("seconds", type=float)
    command.set_defaults(run=follow)
    command = commands.add_parser("publish")
    command.add_argument("room_id")
    command.set_defaults(run=publish)
    command = commands.add_parser("public-rooms")
    command.add_argument("--search")
    command.set_defaults(run=public_rooms)
    command = commands.add_parser("power")
    command.add_argument("room_id")
    command.add_argument("user_id")
    command.add_argument("level", type=int)
    command.set_defaults(run=power)
    command = commands.add_parser("invite")
    command.add_argument("room_id")
    command.add_argument("user_id")
    command.set_defaults(run=invite)
    command = commands.add_parser("account-data")
    command.add_argument("type")
    command.add_argument("content")
    command.set_defaults(run=account_data)
    command = commands.add_parser("invites")
    command.set_defaults(run=invites)
    command = commands.add_parser("receipt")
    command.add_argument("room_id")
    command.add_argument("user_id")
    command.set_defaults(run=receipt)
    command = commands.add_parser("type")
    command.add_argument("room_id")
    command.set_defaults(run=type_)
    command = commands.add_parser("upload")
    command.add_argument("file")
    command.set_defaults(run=upload)
    command = commands.add_parser("download")
    command.add_argument("mxc")
    command.set_defaults(run=download)
    command = commands.add_parser("expect-typing")
    command.add_argument("room_id")
    command.add_argument("user_id")
    command.add_argument("seconds", type=float)
    command.set_defaults(run=expect_typing)
    return root


async def main(args):
    client = AsyncClient(args.homeserver, args.user)
    login = await client.login(args.password, device_name="nio peer")
    if not isinstance(login, LoginResponse):
        print(f"login failed: {login}", file=sys.stderr)
        return 2
    try:
        await args.run(client, args)
        return 0
    except PeerError as error:
        print(error, file=sys.stderr)
        if error.errcode:
            # The last line of stdout: how a test tells a refusal (PeerScript.Failure.answer).
            print(error.errcode)
        return 1
    finally:
        await client.logout()
        await client.close()


if __name__ == "__main__":
    sys.exit(asyncio.run(main(parser().parse_args())))

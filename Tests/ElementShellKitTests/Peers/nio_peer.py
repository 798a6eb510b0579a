"""A second Matrix client for integration tests, on matrix-nio (a real third-party client).

    nio_peer.py HOMESERVER USER PASSWORD create NAME [--invite USER_ID] [--alias LOCALPART]
                                                    [--display-name NAME] [--public] [--space]
                                    -> prints the new room's ID; the display name is the peer's
                                       own in that room; --public lets anyone join, --space makes
                                       it a space
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
    nio_peer.py HOMESERVER USER PASSWORD join ROOM
                                    -> joins by ID or alias and prints the room's ID
    nio_peer.py HOMESERVER USER PASSWORD membership ROOM_ID USER_ID
                                    -> prints USER_ID's membership of the room as the peer sees
                                       it (join, invite, leave, ban), or none
    nio_peer.py HOMESERVER USER PASSWORD power ROOM_ID USER_ID LEVEL
                                    -> gives USER_ID that power level in the room
    nio_peer.py HOMESERVER USER PASSWORD invite ROOM_ID USER_ID
                                    -> invites USER_ID to the room
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

Each call logs in as a new device and logs it out again.
"""
import argparse
import asyncio
import hashlib
import json
import os
import sys
import time
import urllib.parse
import urllib.request

from nio import (AsyncClient, DeleteDevicesAuthResponse, DeleteDevicesResponse, JoinResponse, LoginResponse, MessageDirection, ReceiptEvent, RoomCreateResponse, RoomInviteResponse, RoomPreset,
                 RoomGetStateEventError, RoomGetStateEventResponse, RoomMessagesResponse, RoomMessageText,
                 RoomPutStateResponse, RoomSendResponse, RoomTypingResponse, SyncResponse, TypingNoticeEvent)


class PeerError(Exception):
    pass


def checked(response, expected, what):
    if not isinstance(response, expected):
        raise PeerError(f"{what} failed: {response}")
    return response


async def create(client, args):
    invite = [args.invite] if args.invite else []
    preset = RoomPreset.public_chat if args.public else None
    room = checked(await client.room_create(name=args.name, alias=args.alias, invite=invite, preset=preset, space=args.space),
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


async def room_updates(client, room_id, seconds):
    """Each sync's update of the joined room, for `seconds` at the most."""
    deadline = time.monotonic() + seconds
    since = None
    while time.monotonic() < deadline:
        response = await client.sync(timeout=1000, since=since, full_state=since is None)
        if not isinstance(response, SyncResponse):
            continue
        since = response.next_batch
        room = response.rooms.join.get(room_id)
        if room:
            yield room


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
        return 1
    finally:
        await client.logout()
        await client.close()


if __name__ == "__main__":
    sys.exit(asyncio.run(main(parser().parse_args())))

"""A second Matrix client for integration tests that encrypts end to end, on matrix-nio with its
Olm machine (vodozemac): a device of its own that persists across calls.

    nio_crypto_peer.py --store DIR HOMESERVER USER PASSWORD create NAME [--invite USER_ID] [--encrypted]
                                    -> prints the new room's ID; --encrypted starts it with
                                       m.room.encryption (m.megolm.v1.aes-sha2) in its initial state
    nio_crypto_peer.py --store DIR HOMESERVER USER PASSWORD join ROOM
                                    -> joins by ID or alias and prints the room's ID
    nio_crypto_peer.py --store DIR HOMESERVER USER PASSWORD send ROOM_ID TEXT...
                                    -> sends each TEXT, in order; encrypted when the room is, after
                                       sharing a new Megolm session with every device of every
                                       member (invited ones too), none of them verified
    nio_crypto_peer.py --store DIR HOMESERVER USER PASSWORD expect ROOM_ID TEXT SECONDS
                                    -> exit 0 once a message from someone else whose (decrypted)
                                       body contains TEXT is in the room, its history or a sync
                                       since the call started; 1 when SECONDS pass first. Keeps
                                       syncing meanwhile, so a room key that arrives late still
                                       decrypts a message seen before it
    nio_crypto_peer.py --store DIR HOMESERVER USER PASSWORD messages ROOM_ID
                                    -> prints every message of the room as the server keeps it
                                       (/messages), oldest first, one JSON object a line:
                                       {"sender", "body"} when the peer can read it (decrypted or
                                       sent in the clear), {"sender", "undecryptable": true,
                                       "session_id"} when it has no key for it
    nio_crypto_peer.py --store DIR HOMESERVER USER PASSWORD export-keys FILE PASSPHRASE
                                    -> writes every room key the device holds to FILE in Element's
                                       key export format, encrypted with PASSPHRASE
    nio_crypto_peer.py --store DIR HOMESERVER USER PASSWORD import-keys FILE PASSPHRASE
                                    -> reads room keys from such a file into the device's store
    nio_crypto_peer.py --store DIR HOMESERVER USER PASSWORD devices USER_ID
                                    -> queries USER_ID's device keys and prints each device, one
                                       JSON object {"device_id", "curve25519", "ed25519"} a line
                                       (the peer's own device first when USER_ID is its own user)
    nio_crypto_peer.py --store DIR HOMESERVER USER PASSWORD enable-encryption ROOM_ID
                                    -> sends m.room.encryption (m.megolm.v1.aes-sha2) to the room
    nio_crypto_peer.py --store DIR HOMESERVER USER PASSWORD wait-joined ROOM_ID USER_ID SECONDS
                                    -> exit 0 once sync says USER_ID is joined to the room, 1 when
                                       SECONDS pass first
    nio_crypto_peer.py --store DIR HOMESERVER USER PASSWORD logout
                                    -> logs the device out (the server forgets it and its keys)
                                       and deletes DIR's saved login; a later call with DIR is a
                                       new device

DIR keeps the device: the first call logs in and saves the login (DIR/login.json, mode 0600:
user ID, device ID and access token) next to nio's crypto store (Olm account, Olm and Megolm
sessions, the devices it knows, the last sync token); later calls restore it and never log out.
Use one DIR per device; a new, empty DIR is a new device, which stays on the account (and gets
every room key its user's peers share) until `logout`. PASSWORD only matters for the first call.

Each call first syncs (all rooms' full state, with the events since the previous call), uploads the
device's keys when nio wants to, queries the keys of users whose devices changed or are new to it,
and claims one-time keys for devices it lacks an Olm session with. Every device counts as trusted:
tests verify nobody. nio's log goes to stderr, errors only (NIO_PEER_LOG=WARNING or DEBUG for more).
"""
import argparse
import asyncio
import json
import logging
import os
import sys
import time

from nio import (AsyncClient, AsyncClientConfig, JoinResponse, KeysQueryResponse, LoginResponse, LogoutResponse, MegolmEvent,
                 MessageDirection, RoomCreateResponse, RoomMessage, RoomMessagesResponse, RoomPutStateResponse,
                 RoomSendResponse, SyncResponse)
from nio.exceptions import EncryptionError, LocalProtocolError, OlmUnverifiedDeviceError

MEGOLM = "m.megolm.v1.aes-sha2"
LOGIN_FILE = "login.json"


class PeerError(Exception):
    pass


def checked(response, expected, what):
    if not isinstance(response, expected):
        raise PeerError(f"{what} failed: {response}")
    return response


async def sync(client, timeout=0, full_state=False):
    """One sync, then what nio's sync_forever does between syncs: keys up, keys asked, sessions
    claimed, to-device messages out. Returns the sync response (None if the sync failed)."""
    response = await client.sync(timeout=timeout, full_state=full_state)
    if client.should_upload_keys:
        await client.keys_upload()
    if client.should_query_keys:
        await client.keys_query()
    if client.should_claim_keys:
        await client.keys_claim(client.get_users_for_key_claiming())
    await client.send_to_device_messages()
    return response if isinstance(response, SyncResponse) else None


def room_of(client, room_id):
    room = client.rooms.get(room_id)
    if room is None:
        raise PeerError(f"{client.user_id} is not joined to {room_id}")
    return room


def readable(client, event):
    """The event decrypted when it is a Megolm event the store has the key for; else as it is."""
    if isinstance(event, MegolmEvent):
        try:
            return client.decrypt_event(event)
        except (EncryptionError, LocalProtocolError):
            return event
    return event


async def history(client, room_id):
    """Every event of the room as the server keeps it, oldest first (nio decrypts what it can)."""
    found, token = [], None
    while True:
        page = checked(await client.room_messages(room_id, start=token, direction=MessageDirection.back, limit=100),
                       RoomMessagesResponse, "messages")
        found += page.chunk
        if not page.end or not page.chunk:
            break
        token = page.end
    found.reverse()
    for event in found:
        if isinstance(event, MegolmEvent):
            event.room_id = room_id
    return found


async def create(client, args):
    invite = [args.invite] if args.invite else []
    initial_state = [{"type": "m.room.encryption", "state_key": "", "content": {"algorithm": MEGOLM}}] if args.encrypted else []
    room = checked(await client.room_create(name=args.name, invite=invite, initial_state=initial_state),
                   RoomCreateResponse, "create")
    print(room.room_id)


async def join(client, args):
    print(checked(await client.join(args.room), JoinResponse, "join").room_id)


async def send(client, args):
    room_of(client, args.room_id)
    for text in args.texts:
        content = {"msgtype": "m.text", "body": text}
        try:
            # room_send fetches the member list and their keys when it has to, and shares a Megolm
            # session (claiming one-time keys for devices without an Olm session) before encrypting.
            response = await client.room_send(args.room_id, "m.room.message", content, ignore_unverified_devices=True)
        except (LocalProtocolError, OlmUnverifiedDeviceError) as error:
            raise PeerError(f"send failed: {error}")
        checked(response, RoomSendResponse, "send")


async def expect(client, args):
    room_of(client, args.room_id)
    deadline = time.monotonic() + args.seconds
    pending = await history(client, args.room_id)
    while True:
        # Megolm events stay pending: a later sync may bring their key.
        pending = [readable(client, event) for event in pending]
        for event in pending:
            if (isinstance(event, RoomMessage) and event.sender != client.user_id
                    and args.text in (getattr(event, "body", None) or "")):
                return
        pending = [event for event in pending if isinstance(event, MegolmEvent)]
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise PeerError(f"no message containing {args.text!r} within {args.seconds} s")
        response = await sync(client, timeout=int(min(remaining, 1) * 1000))
        room = response.rooms.join.get(args.room_id) if response else None
        for event in room.timeline.events if room else []:
            if isinstance(event, MegolmEvent):
                event.room_id = args.room_id
            pending.append(event)


async def messages(client, args):
    for event in await history(client, args.room_id):
        event = readable(client, event)
        if isinstance(event, MegolmEvent):
            print(json.dumps({"sender": event.sender, "undecryptable": True, "session_id": event.session_id}))
        elif isinstance(event, RoomMessage):
            print(json.dumps({"sender": event.sender, "body": getattr(event, "body", None)}))


async def export_keys(client, args):
    await client.export_keys(args.file, args.passphrase)


async def import_keys(client, args):
    try:
        await client.import_keys(args.file, args.passphrase)
    except EncryptionError as error:
        raise PeerError(f"import failed: {error}")


async def devices(client, args):
    client.olm.users_for_key_query.add(args.user_id)
    checked(await client.keys_query(), KeysQueryResponse, "keys query")
    found = [(device.id, device.curve25519, device.ed25519) for device in client.device_store.active_user_devices(args.user_id)]
    if args.user_id == client.user_id:
        # nio leaves its own device out of the device store.
        keys = client.olm.account.identity_keys
        found.insert(0, (client.device_id, keys["curve25519"], keys["ed25519"]))
    for device_id, curve25519, ed25519 in found:
        print(json.dumps({"device_id": device_id, "curve25519": curve25519, "ed25519": ed25519}))


async def enable_encryption(client, args):
    checked(await client.room_put_state(args.room_id, "m.room.encryption", {"algorithm": MEGOLM}),
            RoomPutStateResponse, "enable encryption")


async def wait_joined(client, args):
    deadline = time.monotonic() + args.seconds
    while True:
        room = client.rooms.get(args.room_id)
        if room and args.user_id in room.users and not room.users[args.user_id].invited:
            return
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise PeerError(f"{args.user_id} did not join {args.room_id} within {args.seconds} s")
        await sync(client, timeout=int(min(remaining, 1) * 1000))


async def logout(client, args):
    checked(await client.logout(), LogoutResponse, "logout")
    os.remove(os.path.join(args.store, LOGIN_FILE))


def parser():
    root = argparse.ArgumentParser(description="an end-to-end-encrypting matrix-nio peer for integration tests")
    root.add_argument("--store", required=True, help="directory keeping the device (login and crypto store)")
    root.add_argument("homeserver")
    root.add_argument("user")
    root.add_argument("password")
    commands = root.add_subparsers(dest="command", required=True)
    command = commands.add_parser("create")
    command.add_argument("name")
    command.add_argument("--invite")
    command.add_argument("--encrypted", action="store_true")
    command.set_defaults(run=create)
    command = commands.add_parser("join")
    command.add_argument("room")
    command.set_defaults(run=join)
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
    command = commands.add_parser("export-keys")
    command.add_argument("file")
    command.add_argument("passphrase")
    command.set_defaults(run=export_keys)
    command = commands.add_parser("import-keys")
    command.add_argument("file")
    command.add_argument("passphrase")
    command.set_defaults(run=import_keys)
    command = commands.add_parser("devices")
    command.add_argument("user_id")
    command.set_defaults(run=devices)
    command = commands.add_parser("enable-encryption")
    command.add_argument("room_id")
    command.set_defaults(run=enable_encryption)
    command = commands.add_parser("wait-joined")
    command.add_argument("room_id")
    command.add_argument("user_id")
    command.add_argument("seconds", type=float)
    command.set_defaults(run=wait_joined)
    command = commands.add_parser("logout")
    command.set_defaults(run=logout)
    return root


def saved_login(store):
    try:
        with open(os.path.join(store, LOGIN_FILE)) as file:
            return json.load(file)
    except FileNotFoundError:
        return None


def save_login(store, client):
    login = {"user_id": client.user_id, "device_id": client.device_id, "access_token": client.access_token}
    path = os.path.join(store, LOGIN_FILE)
    descriptor = os.open(path + ".new", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as file:
        json.dump(login, file)
    os.replace(path + ".new", path)


async def main(args):
    logging.basicConfig(stream=sys.stderr, level=os.environ.get("NIO_PEER_LOG", "ERROR").upper())
    os.makedirs(args.store, mode=0o700, exist_ok=True)
    config = AsyncClientConfig(encryption_enabled=True, store_sync_tokens=True)
    client = AsyncClient(args.homeserver, args.user, store_path=args.store, config=config)
    try:
        login = saved_login(args.store)
        if login:
            # Also loads the crypto store (and with it the last sync token).
            client.restore_login(login["user_id"], login["device_id"], login["access_token"])
        else:
            response = await client.login(args.password, device_name="nio crypto peer")
            if not isinstance(response, LoginResponse):
                print(f"login failed: {response}", file=sys.stderr)
                return 2
            save_login(args.store, client)
        # nio keeps no room state between runs, only the sync token: ask for every room's full
        # state along with what happened since then.
        if not await sync(client, full_state=True):
            print("first sync failed", file=sys.stderr)
            return 2
        await args.run(client, args)
        return 0
    except PeerError as error:
        print(error, file=sys.stderr)
        return 1
    finally:
        await client.close()


if __name__ == "__main__":
    sys.exit(asyncio.run(main(parser().parse_args())))

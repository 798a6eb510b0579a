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
    nio_crypto_peer.py --store DIR HOMESERVER USER PASSWORD send-file ROOM_ID PATH MIMETYPE [--as KIND]
                                    -> uploads the file and sends it as m.file (KIND file), m.image
                                       (image) or an m.sticker event (sticker), the pictures with
                                       their width and height; in an encrypted room the upload is
                                       nio's encrypted attachment and the message carries its keys
                                       in `file`; prints {"key": K} (the web key's `k`, or null in
                                       the clear), for tests that look for it in logs
    nio_crypto_peer.py --store DIR HOMESERVER USER PASSWORD fetch-file ROOM_ID NAME PATH
                                    -> downloads (authenticated) the file of the newest message
                                       named NAME, decrypts it with the message's keys when it has
                                       them, writes it to PATH and prints {"encrypted": BOOL}
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
    nio_crypto_peer.py --store DIR HOMESERVER USER PASSWORD sessions ROOM_ID
                                    -> prints {"room_id", "sessions": [session IDs, sorted]}: the
                                       Megolm sessions the store holds for the room (those the
                                       peer made and those shared with it), which is what
                                       share-history puts in a bundle
    nio_crypto_peer.py --store DIR HOMESERVER USER PASSWORD share-history ROOM_ID USER_ID [--invite]
                                    [--claim-room ROOM2] [--foreign-room-key] [--forged-session]
                                    [--pad-bytes N] [--repeat K] [--event-type TYPE]
                                    [--no-sender-device-keys]
                                    -> sends USER_ID's devices a room key bundle of ROOM_ID
                                       (encrypted history sharing, MSC4268; see below), then with
                                       --invite invites USER_ID; prints {"room_id", "to_room_id"
                                       (the room the to-device content names), "devices": [device
                                       IDs it went to], "keys": room_keys entries, "bytes": the
                                       bundle's plaintext size, "url": its mxc URI}, or
                                       {"error"} and exit 1
    nio_crypto_peer.py --store DIR HOMESERVER USER PASSWORD sas-start --of USER_ID --device DEVICE_ID
                                    [--answer match|mismatch|none] [--timeout SECONDS]
                                    -> starts a legacy SAS verification with that device (see below)
    nio_crypto_peer.py --store DIR HOMESERVER USER PASSWORD sas-respond [--from USER_ID]
                                    [--answer match|mismatch|none] [--timeout SECONDS]
                                    -> waits for a legacy SAS start (from USER_ID, if given) and
                                       accepts it
    nio_crypto_peer.py --store DIR HOMESERVER USER PASSWORD to-device TYPE USER_ID DEVICE_ID CONTENT_JSON
                                    -> sends one to-device message in the clear, as it is (a test
                                       forges verification steps with it)
    nio_crypto_peer.py --store DIR HOMESERVER USER PASSWORD to-device-received TYPE [--seconds S]
                                    -> syncs until a to-device message of TYPE came (in this
                                       call's syncs, the first one too) and prints each, one JSON
                                       object {"type", "sender", "content"} a line; exit 1 when
                                       S seconds (30) pass first

DIR keeps the device: the first call logs in and saves the login (DIR/login.json, mode 0600:
user ID, device ID and access token) next to nio's crypto store (Olm account, Olm and Megolm
sessions, the devices it knows, the last sync token); later calls restore it and never log out.
Use one DIR per device; a new, empty DIR is a new device, which stays on the account (and gets
every room key its user's peers share) until `logout`. PASSWORD only matters for the first call.

Each call first syncs (all rooms' full state, with the events since the previous call), uploads the
device's keys when nio wants to, queries the keys of users whose devices changed or are new to it,
and claims one-time keys for devices it lacks an Olm session with. Every device counts as trusted:
tests verify nobody. nio's log goes to stderr, errors only (NIO_PEER_LOG=WARNING or DEBUG for more).

Encrypted history sharing (share-history), which nio does not have, done as spec v1.19 and the
Rust SDK 0.18 do it. The bundle is JSON, {"room_keys": [...], "withheld": []} (both always there:
the Rust SDK rejects a bundle without either), an entry for each Megolm session the store holds
for ROOM_ID: {"algorithm": "m.megolm.v1.aes-sha2", "room_id", "sender_key" (its creator's
curve25519), "session_id", "session_key" (exported at the first index the store has),
"sender_claimed_keys": {"ed25519": its creator's}}. It is encrypted as encrypted media is
(AES-256-CTR, v2) and uploaded (application/octet-stream); the to-device event is
m.room_key_bundle {"room_id", "file": {"url", "key", "iv", "hashes", "v": "v2"}}. The peer
fetches USER_ID's device keys, claims one-time keys for the devices it has no Olm session with
(a device without one is left out), and sends each device that event Olm-encrypted, one request
per device. The Olm plaintext is {"type", "content", "sender", "recipient", "keys": {"ed25519"},
"recipient_keys": {"ed25519"}, "sender_device_keys": the device's signed keys as uploaded}:
nio's own helper leaves sender_device_keys (MSC4147) out, which a receiver of a bundle requires.
The peer's devices are never cross-signed, so a receiver that follows the spec (the Rust SDK:
"insufficient trust in the sender") downloads and decrypts the bundle but imports none of it.
The options, each on its own, make the hostile cases:
    --invite                  invite USER_ID to ROOM_ID after sending (a receiver takes a
                              bundle only from whoever invited it)
    --claim-room ROOM2        the to-device content names ROOM2 (the keys stay ROOM_ID's)
    --foreign-room-key        one more entry, a valid new Megolm session of a made-up room
    --forged-session          two more entries: the export of a new Megolm session under the ID
                              and sender of a real session of the room, and one whose
                              session_key is base64 that decodes to no Megolm export (the Rust
                              SDK then rejects the whole bundle: "Failed to deserialize")
    --pad-bytes N             a junk top-level field, "padding", brings the plaintext to at
                              least N bytes
    --repeat K                the same content K times to each device (encrypted anew each
                              time, each with its own transaction ID)
    --event-type TYPE         another to-device type in the Olm plaintext (e.g. the unstable
                              io.element.msc4268.room_key_bundle, which the Rust SDK also takes)
    --no-sender-device-keys   no sender_device_keys in the Olm plaintext

Legacy SAS, as nio 0.26 has it: m.key.verification.start goes straight to one device, with no
m.key.verification.request or ready before it and no done after it (nio sends none of them, and
ignores them when they come: the peer logs that it did). Then accept, key, MAC, or a cancel;
nio's own answers go out as the peer syncs. It offers and accepts the key agreements
curve25519-hkdf-sha256 and curve25519 (it chooses the first when accepting), hash sha256, the
MAC method hkdf-hmac-sha256 only (it cancels a start without it, m.unknown_method), and the
emoji and decimal SAS. It departs from the spec in three ways, so it agrees only with itself
(matrix-nio issue #570, PR #573): its commitment is the SHA-256 in hex, not unpadded base64;
it computes the hkdf-hmac-sha256 MAC as hkdf-hmac-sha256.v2 does (vodozemac's calculate_mac,
not the libolm-compatible base64); and it takes vodozemac's seven emoji indices for bytes and
cuts them into 6-bit groups again, so its emoji are not the spec's for the same keys (its table
also says Wrench, Thumbs up and Airplane where the spec says Spanner, Thumbs Up and Aeroplane).
Against a client that follows the spec, the side that started cancels with
m.mismatched_commitment when the other's key comes (the responder may have shown its emoji by
then); past that, the MACs would not match (m.key_mismatch). Both commands print one JSON object a line, each with "t" (seconds since
the call started), the answer last:
    {"ready": true}     the peer has synced (and fetched USER_ID's keys): send the start now
    {"step": "start", "flow_id"[, "from", "device_id" (respond)]}
    {"step": "accepted"}
    {"step": "emoji", "emoji": [{"symbol", "description"} x 7], "decimals": [3 numbers]}
    -> {"flow_id", "emoji", "outcome": "finished" or "cancelled", "other_user", "other_device",
        "other_verified" (nio's trust in the device), "mac_method", "key_agreement_protocol"
        [, "cancel_code", "cancelled_by": "us" or "them"]}
The exit status is 0 when the flow finished or was cancelled (by either side); a call gives up
after --timeout seconds (60), printing {"error"} and exiting 1.
"""
import argparse
import asyncio
import base64
import io
import json
import logging
import os
import struct
import sys
import time

from nio import (AsyncClient, AsyncClientConfig, JoinResponse, KeysClaimResponse, KeysQueryResponse, KeyVerificationCancel,
                 KeyVerificationEvent, KeyVerificationStart, LoginResponse, LogoutResponse, MegolmEvent, MessageDirection,
                 RoomCreateResponse, RoomInviteResponse, RoomMessage, RoomMessagesResponse, RoomPutStateResponse,
                 RoomSendResponse, SyncResponse, ToDeviceEvent, ToDeviceMessage, ToDeviceResponse, UnknownToDeviceEvent,
                 UploadResponse)
from nio.crypto import attachments
from nio.crypto.sas import SasState
from nio.crypto.sessions import InboundGroupSession, OutboundGroupSession
from nio.exceptions import EncryptionError, LocalProtocolError, OlmUnverifiedDeviceError

MEGOLM = "m.megolm.v1.aes-sha2"
OLM = "m.olm.v1.curve25519-aes-sha2"
# The stable to-device type of a room key bundle (spec v1.19, MSC4268); the Rust SDK also takes
# the unstable io.element.msc4268.room_key_bundle.
ROOM_KEY_BUNDLE = "m.room_key_bundle"
LOGIN_FILE = "login.json"
STARTED = time.monotonic()
# Every to-device message this call's syncs brought, as the server sent it.
RECEIVED_TO_DEVICE = []


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
        await send_message(client, args.room_id, {"msgtype": "m.text", "body": text})


async def send_message(client, room_id, content, event_type="m.room.message"):
    try:
        # room_send fetches the member list and their keys when it has to, and shares a Megolm
        # session (claiming one-time keys for devices without an Olm session) before encrypting.
        response = await client.room_send(room_id, event_type, content, ignore_unverified_devices=True)
    except (LocalProtocolError, OlmUnverifiedDeviceError) as error:
        raise PeerError(f"send failed: {error}")
    checked(response, RoomSendResponse, "send")


async def send_file(client, args):
    room = room_of(client, args.room_id)
    with open(args.path, "rb") as file:
        data = file.read()
    name = os.path.basename(args.path)
    response, keys = await client.upload(io.BytesIO(data), content_type=args.mimetype, filename=name,
                                         encrypt=room.encrypted, filesize=len(data))
    checked(response, UploadResponse, "upload")
    content = {"body": name, "filename": name, "info": {"mimetype": args.mimetype, "size": len(data)}}
    if args.kind != "sticker":
        content["msgtype"] = "m.image" if args.kind == "image" else "m.file"
    if args.kind != "file" and data.startswith(b"\x89PNG"):
        content["info"]["w"], content["info"]["h"] = struct.unpack(">II", data[16:24])
    if keys:
        content["file"] = {**keys, "url": response.content_uri}
    else:
        content["url"] = response.content_uri
    await send_message(client, args.room_id, content, "m.sticker" if args.kind == "sticker" else "m.room.message")
    print(json.dumps({"key": keys["key"]["k"] if keys else None}))


async def fetch_file(client, args):
    room_of(client, args.room_id)
    event = next((event for event in reversed(await history(client, args.room_id))
                  if getattr(readable(client, event), "body", None) == args.name), None)
    if event is None:
        raise PeerError(f"no message named {args.name!r}")
    event = readable(client, event)
    server, media = event.url.removeprefix("mxc://").split("/", 1)
    # nio's own download takes the unauthenticated path, which Synapse refuses for new media.
    async with client.client_session.get(f"{client.homeserver}/_matrix/client/v1/media/download/{server}/{media}",
                                         headers={"Authorization": f"Bearer {client.access_token}"}) as response:
        if response.status != 200:
            raise PeerError(f"download failed: HTTP {response.status}")
        data = await response.read()
    encrypted = hasattr(event, "key")
    if encrypted:
        data = attachments.decrypt_attachment(data, event.key["k"], event.hashes["sha256"], event.iv)
    with open(args.path, "wb") as file:
        file.write(data)
    print(json.dumps({"encrypted": encrypted}))


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


async def to_device(client, args):
    message = ToDeviceMessage(args.type, args.user_id, args.device_id, json.loads(args.content))
    checked(await client.to_device(message), ToDeviceResponse, "sending the to-device message")


async def to_device_received(client, args):
    deadline = time.monotonic() + args.seconds
    while not (found := [event for event in RECEIVED_TO_DEVICE if event["type"] == args.type]):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise PeerError(f"no {args.type} within {args.seconds} s")
        await sync(client, timeout=int(min(remaining, 5) * 1000))
    for event in found:
        print(json.dumps(event))


def room_sessions(client, room_id):
    """The Megolm sessions (inbound, own ones too) the store holds for the room, by session ID."""
    # Iterated, not indexed: the store's index makes an empty entry for a room it lacks.
    return sorted((session for session in client.olm.inbound_group_store if session.room_id == room_id),
                  key=lambda session: session.id)


async def sessions(client, args):
    print(json.dumps({"room_id": args.room_id, "sessions": [session.id for session in room_sessions(client, args.room_id)]}))


# Encrypted history sharing (MSC4268), done by hand: nio has none of it


def unpadded(data):
    return base64.b64encode(data).decode().rstrip("=")


def historic_key(room_id, sender_key, ed25519, session_id, session_key):
    """One room_keys entry of a bundle, as spec v1.19 and the Rust SDK write it."""
    return {"algorithm": MEGOLM, "room_id": room_id, "sender_key": sender_key, "session_id": session_id,
            "session_key": session_key, "sender_claimed_keys": {"ed25519": ed25519}}


def exported(session):
    """The session in the Megolm export format, from the first message index the store has."""
    return session.export_session(session.first_known_index)


def fresh_session():
    """A new Megolm session nobody uses: (its session ID, its export from index 0)."""
    outbound = OutboundGroupSession()
    inbound = InboundGroupSession(outbound.session_key, "", "", "")
    return outbound.id, exported(inbound)


def room_key_bundle(client, args):
    """The bundle's plaintext: every session of the room the store holds, with the entries the
    hostile options add. Both lists are always there: the Rust SDK rejects a bundle without
    either."""
    own = client.olm.account.identity_keys
    real = room_sessions(client, args.room_id)
    room_keys = [historic_key(session.room_id, session.sender_key, session.ed25519, session.id, exported(session))
                 for session in real]
    if args.foreign_room_key:
        # A valid key, but of a room other than the bundle's: a receiver must import only the
        # bundle's room's keys.
        server = client.user_id.split(":", 1)[1]
        room_keys.append(historic_key(f"!history-foreign-{os.urandom(6).hex()}:{server}", own["curve25519"],
                                      own["ed25519"], *fresh_session()))
    if args.forged_session:
        if not real:
            raise PeerError(f"no Megolm session of {args.room_id} to forge the ID of")
        # A valid export of another session under a real session's ID (and sender): importing it
        # would replace that session's key with one that decrypts none of its messages.
        _, key = fresh_session()
        room_keys.append(historic_key(args.room_id, real[0].sender_key, real[0].ed25519, real[0].id, key))
        # Base64 that decodes, but to no Megolm export.
        session_id, _ = fresh_session()
        room_keys.append(historic_key(args.room_id, own["curve25519"], own["ed25519"], session_id,
                                      unpadded(os.urandom(229))))
    return {"room_keys": room_keys, "withheld": []}


def compact(value):
    return json.dumps(value, separators=(",", ":"))


def padded(bundle, size):
    """The bundle's JSON, with a junk top-level field that brings it to `size` bytes if it is
    shorter (one byte a character: the padding is ASCII)."""
    text = compact(bundle)
    if size is None or len(text) >= size:
        return text
    bundle = {**bundle, "padding": ""}
    bundle["padding"] = "x" * (size - len(compact(bundle)))
    return compact(bundle)


async def upload_encrypted(client, plaintext):
    """Encrypts the bytes as encrypted media is (AES-256-CTR, v2), uploads the ciphertext and
    returns the EncryptedFile that lets a receiver download and decrypt it."""
    ciphertext, keys = attachments.encrypt_attachment(plaintext)
    response, _ = await client.upload(io.BytesIO(ciphertext), content_type="application/octet-stream",
                                      filesize=len(ciphertext))
    checked(response, UploadResponse, "upload")
    return {"url": response.content_uri, "key": keys["key"], "iv": keys["iv"], "hashes": keys["hashes"], "v": keys["v"]}


async def olm_devices(client, user_id):
    """user_id's devices as the server lists them now, those the peer has (or can make, claiming
    one-time keys) an Olm session with; a device without one is logged and left out."""
    client.olm.users_for_key_query.add(user_id)
    checked(await client.keys_query(), KeysQueryResponse, "keys query")
    missing = client.olm.get_missing_sessions([user_id])
    if missing:
        # nio makes an outbound Olm session of each one-time key the answer brings.
        checked(await client.keys_claim(missing), KeysClaimResponse, "claiming one-time keys")
    found = []
    for device in client.device_store.active_user_devices(user_id):
        if client.olm.session_store.get(device.curve25519) is None:
            log(f"no Olm session with {user_id}'s device {device.id} (no one-time key?): left out")
        else:
            found.append(device)
    return found


def own_device_keys(client):
    """The device's keys, signed, exactly as nio uploads them (ed25519 signatures are
    deterministic, so this signs to the same signature)."""
    own = client.olm.account.identity_keys
    device_keys = {"algorithms": [OLM, MEGOLM], "device_id": client.device_id, "user_id": client.user_id,
                   "keys": {f"curve25519:{client.device_id}": own["curve25519"],
                            f"ed25519:{client.device_id}": own["ed25519"]}}
    device_keys["signatures"] = {client.user_id: {f"ed25519:{client.device_id}": client.olm.sign_json(device_keys)}}
    return device_keys


def olm_encrypted(client, device, event_type, content, sender_device_keys=True):
    """An m.room.encrypted content carrying the event to one device, in the Olm session nio
    holds with it. nio's own helper writes no sender_device_keys (MSC4147), which a receiver of
    a bundle requires (the Rust SDK drops a bundle without them), so the plaintext is built here,
    with the fields the Rust SDK writes and checks."""
    own = client.olm.account.identity_keys
    plaintext = {"type": event_type, "content": content, "sender": client.user_id, "recipient": device.user_id,
                 "keys": {"ed25519": own["ed25519"]}, "recipient_keys": {"ed25519": device.ed25519}}
    if sender_device_keys:
        plaintext["sender_device_keys"] = own_device_keys(client)
    session = client.olm.session_store.get(device.curve25519)
    message_type, body = session.encrypt(json.dumps(plaintext)).to_parts()
    # The ratchet moved: a session not saved would encrypt the next message with a spent key.
    client.olm.save_session(device.curve25519, session)
    return {"algorithm": OLM, "sender_key": own["curve25519"],
            "ciphertext": {device.curve25519: {"type": message_type, "body": unpadded(body)}}}


async def share_history(client, args):
    if args.repeat < 1 or (args.pad_bytes is not None and args.pad_bytes < 0):
        raise PeerError("--repeat must be at least 1, --pad-bytes not negative")
    plaintext = padded(room_key_bundle(client, args), args.pad_bytes).encode()
    file = await upload_encrypted(client, plaintext)
    devices = await olm_devices(client, args.user_id)
    if not devices:
        raise PeerError(f"{args.user_id} has no device the peer can reach with Olm")
    to_room_id = args.claim_room or args.room_id
    content = {"room_id": to_room_id, "file": file}
    for _ in range(args.repeat):
        for device in devices:
            # Encrypted anew each time (a replayed Olm message would not decrypt), each in a
            # request of its own: its own transaction ID.
            encrypted = olm_encrypted(client, device, args.event_type, content, not args.no_sender_device_keys)
            checked(await client.to_device(ToDeviceMessage("m.room.encrypted", args.user_id, device.id, encrypted)),
                    ToDeviceResponse, f"sending the bundle to {device.id}")
    log(f"sent {args.event_type} for {to_room_id} to {args.user_id}'s devices {[device.id for device in devices]}"
        f" x{args.repeat}")
    if args.invite:
        # After the bundle: a receiver takes a bundle only from whoever invited it.
        checked(await client.room_invite(args.room_id, args.user_id), RoomInviteResponse, "invite")
    print(json.dumps({"room_id": args.room_id, "to_room_id": to_room_id, "devices": [device.id for device in devices],
                      "keys": len(json.loads(plaintext)["room_keys"]), "bytes": len(plaintext), "url": file["url"]}))


async def logout(client, args):
    checked(await client.logout(), LogoutResponse, "logout")
    os.remove(os.path.join(args.store, LOGIN_FILE))


class Verification:
    """One legacy SAS verification as nio 0.26 runs it: m.key.verification.start sent straight to
    a device, with no request, ready or done (nio has none of them), its to-device messages
    moving while the peer syncs."""

    def __init__(self, client, timeout):
        self.client = client
        self.timeout = timeout
        self.deadline = time.monotonic() + timeout
        self.sas = None
        self.device = None
        self.starts = []         # KeyVerificationStart events received
        self.their_cancel = None  # the KeyVerificationCancel the other side sent, if any
        client.add_to_device_callback(self.on_event, (KeyVerificationEvent, UnknownToDeviceEvent))

    def on_event(self, event):
        if isinstance(event, UnknownToDeviceEvent):
            if event.type.startswith("m.key.verification."):
                log(f"nio does not handle {event.type} (from {event.sender}); ignored")
            return
        log(f"received {event.source.get('type')} from {event.sender}")
        if isinstance(event, KeyVerificationStart):
            self.starts.append(event)
        elif isinstance(event, KeyVerificationCancel) and self.sas and event.transaction_id == self.sas.transaction_id:
            self.their_cancel = event

    async def until(self, what, condition):
        """Syncs until condition() holds; fails once the call's time is up."""
        while not condition():
            remaining = self.deadline - time.monotonic()
            if remaining <= 0:
                raise PeerError(f"{what}: not within {self.timeout:g} s")
            # A long-poll: the next to-device message ends it at once.
            await sync(self.client, timeout=int(min(remaining, 30) * 1000))

    async def known_device(self, user_id, device_id=None):
        """Fetches user_id's device keys (nio drops a start from a device whose keys it has not
        fetched) and returns their device device_id, if given."""
        self.client.olm.users_for_key_query.add(user_id)
        checked(await self.client.keys_query(), KeysQueryResponse, "keys query")
        if device_id is None:
            return None
        devices = self.client.device_store.active_user_devices(user_id)
        found = next((device for device in devices if device.id == device_id), None)
        if found is None:
            raise PeerError(f"{user_id} has no device {device_id}")
        return found

    # Steps

    async def start(self, device):
        self.device = device
        checked(await self.client.start_key_verification(device), ToDeviceResponse, "sending the start")
        self.sas = max((sas for sas in self.client.key_verifications.values()
                        if sas.we_started_it and sas.other_olm_device.id == device.id), key=lambda sas: sas.creation_time)
        emit({"step": "start", "flow_id": self.sas.transaction_id})
        await self.until("the other side to accept", lambda: self.sas.state != SasState.created)
        if not self.sas.canceled:
            emit({"step": "accepted"})

    async def receive(self, sender):
        """Waits for a start (from sender, if given) and accepts it."""
        await self.until("a verification start", lambda: self.incoming(sender))
        emit({"step": "start", "flow_id": self.sas.transaction_id, "from": self.device.user_id,
              "device_id": self.device.id})
        checked(await self.client.accept_key_verification(self.sas.transaction_id), ToDeviceResponse,
                "sending the accept")
        emit({"step": "accepted"})

    def incoming(self, sender):
        """Finds the SAS of a start from sender. nio drops a start from a device it did not
        know; sync has queried the keys since, so it gets the start again."""
        for event in self.starts:
            if sender not in (None, event.sender):
                continue
            sas = self.client.key_verifications.get(event.transaction_id)
            if sas is None and event.from_device in self.client.device_store[event.sender]:
                self.client.olm.handle_key_verification(event)
                sas = self.client.key_verifications.get(event.transaction_id)
            if sas is not None:
                self.sas, self.device = sas, sas.other_olm_device
                return True
        return False

    async def compare(self, answer):
        """Waits for the keys, shows the emoji, and answers as told: match, mismatch or none."""
        await self.until("the other side's key", lambda: self.sas.established_sas is not None or self.sas.canceled)
        if self.sas.canceled:
            return
        emit({"step": "emoji", "emoji": self.emoji(), "decimals": list(self.sas.get_decimals())})
        if answer == "match":
            checked(await self.client.confirm_short_auth_string(self.sas.transaction_id), ToDeviceResponse,
                    "sending the MAC")
        elif answer == "mismatch":
            checked(await self.client.cancel_key_verification(self.sas.transaction_id, reject=True),
                    ToDeviceResponse, "sending the cancellation")

    async def end(self):
        await self.until("the end of the verification", lambda: self.sas.verified or self.sas.canceled)
        # nio queues the cancellation it makes itself (a MAC that does not match, say).
        await self.client.send_to_device_messages()
        return "finished" if self.sas.verified else "cancelled"

    def emoji(self):
        return [{"symbol": symbol, "description": description} for symbol, description in self.sas.get_emoji()]

    def answer(self, outcome):
        result = {"flow_id": self.sas.transaction_id, "emoji": self.emoji() if self.sas.established_sas else None,
                  "outcome": outcome, "other_user": self.device.user_id, "other_device": self.device.id,
                  "other_verified": self.client.olm.is_device_verified(self.device),
                  "mac_method": self.sas.chosen_mac_method or None,
                  "key_agreement_protocol": self.sas.chosen_key_agreement}
        if outcome == "cancelled":
            if self.their_cancel is not None:
                result.update(cancel_code=self.their_cancel.code, cancelled_by="them")
            else:
                result.update(cancel_code=self.sas.cancel_code, cancelled_by="us")
        return result


def emit(line):
    """One line of the call's running account on stdout, as it happens."""
    print(json.dumps({**line, "t": round(time.monotonic() - STARTED, 2)}), flush=True)


def log(message):
    print(f"[{time.monotonic() - STARTED:6.2f}] nio_crypto_peer: {message}", file=sys.stderr, flush=True)


async def sas_start(client, args):
    verification = Verification(client, args.timeout)
    device = await verification.known_device(args.of, args.device)
    emit({"ready": True})
    await verification.start(device)
    return await finish(verification, args.answer)


async def sas_respond(client, args):
    verification = Verification(client, args.timeout)
    sender = getattr(args, "from")
    if sender:
        await verification.known_device(sender)
    emit({"ready": True})
    await verification.receive(sender)
    return await finish(verification, args.answer)


async def finish(verification, answer):
    if not verification.sas.canceled:
        await verification.compare(answer)
    outcome = await verification.end()
    print(json.dumps(verification.answer(outcome)), flush=True)


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
    command = commands.add_parser("send-file")
    command.add_argument("room_id")
    command.add_argument("path")
    command.add_argument("mimetype")
    command.add_argument("--as", dest="kind", choices=["file", "image", "sticker"], default="file")
    command.set_defaults(run=send_file)
    command = commands.add_parser("fetch-file")
    command.add_argument("room_id")
    command.add_argument("name")
    command.add_argument("path")
    command.set_defaults(run=fetch_file)
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
    command = commands.add_parser("to-device")
    command.add_argument("type")
    command.add_argument("user_id")
    command.add_argument("device_id")
    command.add_argument("content")
    command.set_defaults(run=to_device)
    command = commands.add_parser("to-device-received")
    command.add_argument("type")
    command.add_argument("--seconds", type=float, default=30)
    command.set_defaults(run=to_device_received)
    command = commands.add_parser("sessions")
    command.add_argument("room_id")
    command.set_defaults(run=sessions)
    command = commands.add_parser("share-history")
    command.add_argument("room_id")
    command.add_argument("user_id")
    command.add_argument("--invite", action="store_true", help="invite USER_ID to the room after the bundle")
    command.add_argument("--claim-room", metavar="ROOM2", help="name this room in the to-device content instead")
    command.add_argument("--foreign-room-key", action="store_true", help="add a valid key of another (made-up) room")
    command.add_argument("--forged-session", action="store_true",
                         help="add a key under a real session's ID that is not its key, and a key that is no Megolm export")
    command.add_argument("--pad-bytes", type=int, metavar="N", help="pad the bundle's plaintext to at least N bytes")
    command.add_argument("--repeat", type=int, default=1, metavar="K", help="send the to-device message K times")
    command.add_argument("--event-type", default=ROOM_KEY_BUNDLE, metavar="TYPE", help=f"the to-device type ({ROOM_KEY_BUNDLE})")
    command.add_argument("--no-sender-device-keys", action="store_true", help="leave sender_device_keys out of the Olm plaintext")
    command.set_defaults(run=share_history, json_errors=True)
    command = commands.add_parser("sas-start")
    command.add_argument("--of", required=True, help="the user whose device to verify")
    command.add_argument("--device", required=True)
    command.add_argument("--answer", choices=["match", "mismatch", "none"], default="match")
    command.add_argument("--timeout", type=float, default=60, help="seconds the call may wait, in all (60)")
    command.set_defaults(run=sas_start, json_errors=True)
    command = commands.add_parser("sas-respond")
    command.add_argument("--from", help="take only a start from this user")
    command.add_argument("--answer", choices=["match", "mismatch", "none"], default="match")
    command.add_argument("--timeout", type=float, default=60, help="seconds the call may wait, in all (60)")
    command.set_defaults(run=sas_respond, json_errors=True)
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
        client.add_to_device_callback(lambda event: RECEIVED_TO_DEVICE.append(
            {"type": event.source.get("type"), "sender": event.sender, "content": event.source.get("content", {})}), (ToDeviceEvent,))
        # nio keeps no room state between runs, only the sync token: ask for every room's full
        # state along with what happened since then.
        if not await sync(client, full_state=True):
            print("first sync failed", file=sys.stderr)
            return 2
        await args.run(client, args)
        return 0
    except PeerError as error:
        print(error, file=sys.stderr)
        if getattr(args, "json_errors", False):
            print(json.dumps({"error": str(error)}), flush=True)
        return 1
    finally:
        await client.close()


if __name__ == "__main__":
    sys.exit(asyncio.run(main(parser().parse_args())))

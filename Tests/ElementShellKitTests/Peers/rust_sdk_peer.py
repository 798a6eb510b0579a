"""A Matrix client on matrix-rust-sdk, the engine of Element X, for the trust tests: its Python
bindings (matrix-sdk-python 0.18.0, run with ELEMENT_SHELL_TEST_RUST_SDK_PYTHON), one step a call.

    rust_sdk_peer.py COMMAND --homeserver URL --user LOCALPART --password-file FILE --store DIR
                             [--timeout SECONDS] [COMMAND'S OPTIONS]

    setup-recovery --room-name NAME --message TEXT [--message TEXT...]
        turns recovery on (a recovery key; secret storage holds the cross-signing keys and the
        backup key), creates a private encrypted room, sends each TEXT in it once the room is
        known to be encrypted, and waits until the backup holds their room key
        -> {"user_id", "device_id", "ed25519", "master_key", "recovery_key", "room_id"}
    recover --key KEY [--room ROOM_ID --expect N]
        recovers with the recovery key: the device is then cross-signed, and it has the
        cross-signing keys and the backup key; with --room, reads the room back as `read` does
        -> {"user_id", "device_id", "ed25519", "master_key", "verification_state",
            "recovery_state", "backup_state"[, "room_id", "messages", "undecryptable", "details"]}
    device-trust --device DEVICE_ID [--of USER_ID] [--wait-until verified|unverified]
        whether the SDK counts that device of USER_ID (the peer's own user by default) as
        verified, and with --wait-until waits until it does (or does not)
        -> {"user_id", "device_id", "verified", "cross_signing_trusted", "identity_verified",
            "on_server", "signed_on_server", "unsigned_devices", "has_devices_to_verify_against",
            "master_key"}
    identity [--of USER_ID]
        USER_ID's cross-signing identity as the SDK sees it (the peer's own by default)
        -> {"user_id", "master_key", "is_verified", "has_verification_violation",
            "was_previously_verified", "server_master_key"}; a master key is null when the user
            has no identity (see below about others' identities)
    reset-identity
        replaces the user's cross-signing keys, answering the server's password prompt; this
        also deletes the backup and secret storage (recovery is off afterwards)
        -> {"user_id", "previous_master_key", "master_key", "verification_state",
            "recovery_state", "backup_state"}
    key-backup [--enable | --disable] [--expect on|off|none]
        the account's key backup preference (MSC4287) as Element X's engine reads it: the
        m.key_backup account data (and the older m.org.matrix.custom.backup_disabled) from its
        sync, after turning backups on (Encryption.enable_backups: a new backup, marked on) or
        recovery off (Encryption.disable_recovery: the backup deleted, marked off); with
        --expect, waited for until m.key_backup says that
        -> {"key_backup": content or null, "backup_disabled": content or null,
            "exists_on_server", "backup_state"}
    read --room ROOM_ID --expect N
        joins the room if invited, pages back through it and waits until N messages are
        readable (decrypted, or sent in the clear). An invite is joined only once the SDK
        knows who sent it (up to 10 s; see below about history sharing), so that the room key
        bundle the inviter shared is imported with the join, which makes the messages its keys
        decrypt readable
        -> {"room_id", "messages": [body, oldest first], "undecryptable": count,
            "details": [{"sender", "body", "shield", "strict_shield"}]}, a shield being the
            warning the SDK puts on the message (null for none, else e.g. "RED:UNSIGNED_DEVICE"),
            as Element X shows it and in the SDK's strict mode
    send --room ROOM_ID --message TEXT [--message TEXT...]
        joins the room if invited and sends each TEXT, encrypted when the room is; returns once
        the server has them all -> {"room_id", "sent": count}
    join --room ROOM_ID_OR_ALIAS   -> {"room_id"}; joins at once: unlike `read` and `send`, it
                                   does not wait for an invite (nor its inviter) to come by sync
    create-room --name NAME [--message TEXT...] [--invite USER_ID]
                [--history-visibility shared|joined|invited|world_readable]
        creates a private encrypted room with that history visibility (shared by default),
        waits until the SDK knows it is encrypted and knows its visibility, sends each TEXT,
        then invites USER_ID as `invite` does (sharing the room's history)
        -> {"room_id", "sent": count, "invited": USER_ID or null}
    invite --room ROOM_ID --invitee USER_ID
        joins the room if invited and invites USER_ID as Element X does, sharing the room's
        encrypted history with them first (see below) -> {"room_id", "invited": USER_ID}
    logout                         logs the device out and empties DIR (the next call with it
                                   is a new device) -> {}
    notification-mode --room ROOM_ID [--set all|mentions|mute|default] [--expect MODE]
        the room's own notification mode as Element X reads it ("default": none of its own),
        set first with --set as Element X sets it, and with --expect waited for (another
        device's change comes with sync) -> {"room_id", "mode"}
    unread-flag --room ROOM_ID [--set true|false] [--expect true|false]
        whether the room is marked unread (m.marked_unread) as Element X reads it, set first
        with --set, or waited for with --expect -> {"room_id", "marked_unread"}
    ignored-users [--known USER_ID] [--ignore USER_ID] [--unignore USER_ID] [--expect USER_ID,...]
        whom the account ignores as Element X reads it, changed first, or waited for until it is
        exactly the list given -> {"ignored": [user IDs, sorted]}. The SDK changes the list as
        it has it, which a resumed device may not have until it changes again: a change waits
        for --known (and the user to unignore) to be in it first; use a new device to change it
    default-mode --kind direct|group|encrypted [--expect all|mentions]
        the account's default mode for rooms of that kind (direct: one-to-one, unencrypted as
        Element X asks) -> {"kind", "mode"}
    poll-create --room ROOM_ID --question TEXT --answer TEXT [--answer TEXT...] [--undisclosed]
                [--max-selections N]
        joins the room if invited and creates a poll as Element X does (disclosed unless
        --undisclosed, one selection unless N); returns once the server has its start event
        -> {"room_id", "event_id"}
    poll-vote --room ROOM_ID --poll EVENT_ID --answer ANSWER_ID [--answer ANSWER_ID...]
        votes in the poll (its start's event ID) for those answers (their IDs, as `polls` lists
        them), replacing the peer's earlier vote; returns once the server has the response
        -> {"room_id", "poll", "answers", "event_id"}
    poll-end --room ROOM_ID --poll EVENT_ID
        ends the poll as Element X does; returns once the server has the end. The SDK sends, and
        its timeline honours, an end from anyone in the room, not only the poll's creator
        -> {"room_id", "poll", "event_id"}
    polls --room ROOM_ID [--poll EVENT_ID] [--expect-votes N] [--expect-ended]
        the room's polls as Element X's timeline shows them, paging back until the room's
        m.room.create is in view (or the poll named is); with --poll only that poll.
        --expect-votes waits until the polls listed have at least N votes in all, --expect-ended
        until each has ended
        -> {"room_id", "polls": [{"event_id", "sender", "question", "kind": "disclosed" or
            "undisclosed", "max_selections", "answers": [{"id", "text"}], "votes": {answer ID:
            [user IDs, sorted]}, "ended"}, oldest first]}
        The SDK shows every answer's votes, undisclosed or not, and counts only a user's last
        response. It gathers responses and ends after the start is in view: without
        --expect-votes or --expect-ended the answer may lack some. The SDK sends the unstable
        org.matrix.msc3381.poll.* events and shows only those (a stable m.poll.start not at all)
    pins --room ROOM_ID [--pin EVENT_ID] [--unpin EVENT_ID] [--expect N]
        the room's pinned events as Element X reads them (the room info's, with the room
        subscribed: the room list's sync leaves them out), after pinning or unpinning one as
        Element X does (waited for until sync brings the change back), or once exactly N are
        pinned -> {"room_id", "pinned": [event IDs, in the room's order]}
    request-verification [--of USER_ID] [--answer match|mismatch|none]
        asks for an interactive verification (SAS, emoji), as Element X does: without --of, of
        the user's other devices, to-device (the SDK asks only those its self-signing key has
        signed); with --of, of that user, in the DM with them (joining their invite to it, or
        creating an encrypted one). Once the other side accepts, starts SAS and answers the emoji:
        match approves them, mismatch declines (the SDK cancels with m.mismatched_sas), none does
        neither and waits for the other side to end the flow
    respond-verification [--from USER_ID] [--answer match|mismatch|none] [--start-sas]
        waits for a request (from USER_ID, if given), accepts it, lets the other side start SAS
        (or starts it, with --start-sas) and answers the emoji as above. A request in a room needs
        --from: the SDK ignores one from a device whose keys it has not fetched. The peer joins
        USER_ID's invites meanwhile: a requester may create the DM with the request in it
    Both print one JSON object a line as the flow goes, each with "t" (seconds since the call
    started), the answer last:
        {"ready": true}     sync runs and the SDK listens: send the request after this line
        {"step": "request", "flow_id"[, "room_id"][, "from", "device_id" (respond)]}
        {"step": "accepted"}
        {"step": "emoji", "emoji": [{"symbol", "description"} x 7], "indices": [7 of 0-63]}
                            (the bindings give no decimals alongside the emoji)
        -> {"flow_id", "emoji", "outcome": "finished", "cancelled" or "failed", "other_user",
            "other_device", "other_verified", "verification_state"[, "room_id"][, "cancel_code",
            "cancelled_by": "us" or "them"][, "recovery_state", "backup_state"]}
        A flow ID is the request's transaction ID (to-device) or event ID (in a room).
        "other_verified": for another user, whether the SDK counts their identity as verified;
        for a device of the user's own, whether the server has its keys signed by the user's
        self-signing key. "cancel_code" when the cancellation was seen in the clear: to-device,
        not in an encrypted DM ("other_device" is null there too, for the requester). A
        finished self-verification adds this device's recovery and backup states.
        The exit status is 0 when the flow finished or was cancelled (by either side; the test
        checks the outcome), 1 when the SDK reported it failed, or on a timeout.

Every call prints one JSON object as the last line of stdout and exits 0; on failure the object
is {"error": "...", ...} and the exit status is 1 (2 for a bad command line). What the peer does
is logged to stderr; RUST_SDK_PEER_LOG=error, warn, info, debug or trace adds the SDK's own log at
that level (debug shows its key queries, key sharing and send queue).

DIR keeps the device: the SDK's SQLite stores and session.json (mode 0600: user and device ID,
access token). The first call with an empty DIR logs in, which makes a new device (with
cross-signing and key backup set up on an account that has neither yet); later calls resume that
device without logging in. One call at a time per DIR. Each call runs the SDK's sync service
(native sliding sync) while it works, as Element X does, and stops it before it ends.

Waits are bounded: a call gives up after --timeout seconds (60) with an error saying what it was
waiting for; stopping sync afterwards takes up to 10 s more.

How device-trust knows: this version of the bindings has no call that tells whether a given
device is verified (no device API at all). The SDK does judge devices when it shares a room key
under the "error on verified user problem" strategy: the send fails and names every device of a
verified user that its owner has not cross-signed. device-trust sends one message to a room of its
own (USER_ID invited, and uninvited afterwards, when it is someone else), reads that list, then
leaves and forgets the room. A device counts as verified when its owner's identity is verified
(for the peer's own user: the peer holds or trusts its master key), the server lists the device,
and the SDK did not name it. "on_server" and "signed_on_server" come from the peer asking the
server itself (/keys/query): whether the device is listed, and whether its keys carry a signature
by its owner's current self-signing key (not checked cryptographically). The SDK knows of a new
device or signature only once its own key query has run, so when its answer differs from the
server's, device-trust probes again for up to 5 s before it answers; --wait-until waits longer.

Encrypted history sharing (MSC4268). The peer turns it on (the bindings' ClientBuilder has it
off unless asked; the SDK's own default is on). Inviting (invite_user_by_id: `create-room
--invite`, `invite`), the SDK sends a room key bundle before the invite: the room's keys made
while its visibility was shared or world_readable (and those it got in a bundle itself), the
others listed as withheld (m.history_not_shared), uploaded as an encrypted file, whose keys go
in an Olm-encrypted m.room_key_bundle to each of the invitee's devices that their owner has
cross-signed (its devices that are not get nothing, nor does an invitee without cross-signing).
It shares nothing, and still invites, when the room's current visibility is joined or invited
or no key is shareable; when sharing fails, it sends no invite either (the call fails), as when
this device does not count its own identity as verified (a device that never recovered nor was
verified: SendingFromUnverifiedDevice). On the
invitee's side the SDK keeps a bundle that comes and imports it only when this device accepts
an invite from the bundle's sender, or afterwards, within a day of that join, should the bundle
come later; only when the sender's device is cross-signed by its owner, and only the keys of
that room. Every command that joins an invite (`read`, `send`, `recover --room`, ...; not
`join`) first waits up to 10 s until the SDK knows who invited it, which it must know when it
joins. Messages decrypted with keys from a bundle show as "GREY:AUTHENTICITY_NOT_GUARANTEED"
("RED:..." strict) in `read`.

The SDK keeps another user's identity up to date only while it shares a room with them: for
anyone else, `identity --of` may show a master key the user has since replaced, which is why it
also gives the server's current one ("server_master_key").

How verification runs here. The bindings tell only the controller's callbacks (request,
accepted, SAS started, emoji, finished, cancelled, failed): no flow ID for a request the peer
sends to-device, no cancel code, nothing of what follows the end. So these two commands run the
SDK through a proxy in the peer's own process (wire_tap.py) that notes the verification traffic.
Before answering, a call keeps syncing until the SDK has sent what follows the end. In a DM:
its signature of the other user's identity, after which (with a key query) it reports them
verified. Between devices: its m.key.verification.done, then the secrets: a device that was not
cross-signed when the flow began asks for them right after the done, and the call waits until
the SDK has answered each request it can (the peer holding them) or has them all (the peer
asking). In a DM the SDK handles the other side's events on its room-list connection but sends
its answers (key, MAC, done, signature) only when its encryption connection asks the server
again, which its 30 s long-poll would delay each step by; the peer ends that long-poll at once by
sending its own device an empty to-device message (a "nudge") whenever the room-list connection
has brought events of the DM. Verification in a DM then takes about 3 s instead of about 90.
A peer call is a new process: the SDK forgets the flows of earlier calls and takes an earlier
request (less than 10 minutes old) that comes again with the DM's timeline for one still going,
and cancels both. Use a DM (users) of its own for each verification in a room.
"""

import argparse
import asyncio
import json
import os
import shutil
import sys
import threading
import time
import traceback
import urllib.error
import urllib.request
import uuid

import matrix_sdk_python as sdk
# Types the package's top level leaves out.
from matrix_sdk_python._generated.matrix_sdk import BackupDownloadStrategy
from matrix_sdk_python._generated.matrix_sdk_base import EncryptionState
from matrix_sdk_python._generated.matrix_sdk_crypto import CollectStrategy, IdentityState

from wire_tap import WireTap

SESSION_FILE = "session.json"
# The secrets a device asks its verified other device for.
CROSS_SIGNING_SECRETS = ("m.cross_signing.master", "m.cross_signing.self_signing", "m.cross_signing.user_signing")
BACKUP_SECRET = "m.megolm_backup.v1"
# The SDK's sliding sync connection for the room list (the other is "encryption").
ROOM_LIST_CONNECTION = "room-list"
# A to-device message type nobody handles, which the peer sends itself to wake its sync.
NUDGE_TYPE = "org.element-shell.peer.nudge"
DEVICE_NAME = "rust-sdk-peer"
PROBE_TEXT = "rust-sdk-peer: trust probe"
STOP_SECONDS = 10
# device-trust: seconds between probes, and how long it probes again while the SDK disagrees
# with the server.
PROBE_INTERVAL = 0.5
SETTLE_SECONDS = 5
# How long a join of an invite waits for the SDK to know the inviter (see Peer.inviter).
INVITER_SECONDS = 10
# create-room's --history-visibility, as the SDK's values.
HISTORY_VISIBILITIES = {"shared": sdk.RoomHistoryVisibility.SHARED(), "joined": sdk.RoomHistoryVisibility.JOINED(),
                        "invited": sdk.RoomHistoryVisibility.INVITED(),
                        "world_readable": sdk.RoomHistoryVisibility.WORLD_READABLE()}
STARTED = time.monotonic()


class PeerError(Exception):
    """A failure to report: the message, and details that go into the JSON answer with it."""

    def __init__(self, message, **details):
        super().__init__(message)
        self.details = details


class Usage(argparse.ArgumentParser):
    """argparse that fails with the JSON error object too."""

    def error(self, message):
        self.print_usage(sys.stderr)
        print(json.dumps({"error": f"usage: {message}"}), flush=True)
        os._exit(2)


def log(message):
    print(f"[{time.monotonic() - STARTED:6.2f}] rust_sdk_peer: {message}", file=sys.stderr, flush=True)


def named(value):
    """An SDK enum or variant as a plain name: RecoveryState.ENABLED -> "ENABLED"."""
    if value is None:
        return None
    if hasattr(value, "name") and isinstance(getattr(value, "name"), str):
        return value.name
    return type(value).__name__.split(".")[-1]


class Peer:
    """One device of the user: the SDK's client on DIR's stores, with sync running."""

    def __init__(self, args, tap=None):
        self.args = args
        self.tap = tap
        self.loop = asyncio.get_running_loop()
        self.deadline = STARTED + args.timeout
        self.client = None
        self.sync_service = None
        self.sync_state = None
        # TaskHandles: dropping one stops its listener.
        self.handles = []

    # Waiting

    def remaining(self):
        return self.deadline - time.monotonic()

    async def within(self, what, awaitable):
        """Awaits, or fails saying what it waited for once the call's time is up."""
        try:
            return await asyncio.wait_for(awaitable, max(self.remaining(), 0.01))
        except asyncio.TimeoutError:
            raise PeerError(f"{what}: nothing after {self.args.timeout:g} s") from None

    async def until(self, what, condition, changed=None):
        """Waits until condition() is true (re-checked when `changed` is set, else every 50 ms);
        condition may be a coroutine function, for what only an SDK call can tell."""
        while True:
            if changed is not None:
                changed.clear()
            value = condition()
            if asyncio.iscoroutine(value):
                value = await value
            if value:
                return value
            if self.remaining() <= 0:
                raise PeerError(f"{what}: not within {self.args.timeout:g} s")
            if changed is None:
                await asyncio.sleep(min(0.05, max(self.remaining(), 0)))
            else:
                try:
                    await asyncio.wait_for(changed.wait(), min(0.5, max(self.remaining(), 0.01)))
                except asyncio.TimeoutError:
                    pass

    async def tidy(self, what, awaitable):
        """Awaits a clean-up step for up to STOP_SECONDS; a failure is only logged."""
        try:
            await asyncio.wait_for(awaitable, STOP_SECONDS)
        except Exception as error:
            log(f"{what}: {describe(error) if str(error) else type(error).__name__}")

    def from_rust(self, function, *arguments):
        """Runs function(*arguments) on the event loop; SDK callbacks come on Rust threads."""
        try:
            self.loop.call_soon_threadsafe(function, *arguments)
        except RuntimeError:
            pass  # the loop has closed: the call is ending

    # Session

    async def open(self, strategy=None, before_sync=None):
        """Logs in or resumes, runs before_sync(peer) if given, then starts sync."""
        os.makedirs(self.args.store, mode=0o700, exist_ok=True)
        builder = (sdk.ClientBuilder()
                   .homeserver_url(self.args.homeserver)
                   .sqlite_store(sdk.SqliteStoreBuilder(os.path.join(self.args.store, "data"),
                                                        os.path.join(self.args.store, "cache")))
                   .sliding_sync_version_builder(sdk.SlidingSyncVersionBuilder.NATIVE)
                   .auto_enable_cross_signing(True)
                   .auto_enable_backups(True)
                   # Encrypted history sharing (MSC4268): invite_user_by_id then sends the invitee
                   # the room's keys first, and joining an invite imports the keys the inviter sent.
                   # The bindings' builder turns it off unless asked (the SDK's own default is on).
                   .enable_share_history_on_invite(True)
                   # As Element X: a room key comes from the backup when a message fails to decrypt.
                   .backup_download_strategy(BackupDownloadStrategy.AFTER_DECRYPTION_FAILURE))
        if strategy is not None:
            builder = builder.room_key_recipient_strategy(strategy)
        if self.tap is not None:
            builder = builder.proxy(self.tap.url)
        self.client = await self.within("building the client", builder.build())
        saved = self.saved_session()
        if saved:
            await self.within("resuming the session", self.client.restore_session(sdk.Session(
                access_token=saved["access_token"], refresh_token=saved.get("refresh_token"),
                user_id=saved["user_id"], device_id=saved["device_id"],
                homeserver_url=saved["homeserver_url"], oauth_data=None,
                sliding_sync_version=sdk.SlidingSyncVersion.NATIVE)))
            log(f"resumed {saved['user_id']} device {saved['device_id']}")
        else:
            await self.within("logging in", self.client.login(self.args.user, self.password(), DEVICE_NAME, None))
            self.save_session()
            log(f"logged in as {self.client.user_id()}, new device {self.client.device_id()}")
        # Cross-signing and backup set-up after a login run in the background.
        await self.within("the SDK's encryption set-up", self.client.encryption().wait_for_e2ee_initialization_tasks())
        if before_sync is not None:
            await before_sync(self)
        await self.start_sync()
        # A new device's keys go up with sync's first requests: a call that ended before would
        # leave a device nobody can encrypt for or verify.
        await self.until("the device's keys to reach the server", self.own_keys_uploaded)

    def own_keys_uploaded(self):
        user_id, device_id = self.client.user_id(), self.client.device_id()
        return device_id in self.server_keys(user_id).get("device_keys", {}).get(user_id, {})

    def password(self):
        with open(self.args.password_file) as file:
            return file.read().rstrip("\n")

    def session_path(self):
        return os.path.join(self.args.store, SESSION_FILE)

    def saved_session(self):
        try:
            with open(self.session_path()) as file:
                return json.load(file)
        except FileNotFoundError:
            return None

    def save_session(self):
        session = self.client.session()
        saved = {"user_id": session.user_id, "device_id": session.device_id,
                 "access_token": session.access_token, "refresh_token": session.refresh_token,
                 "homeserver_url": session.homeserver_url}
        path = self.session_path()
        descriptor = os.open(path + ".new", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w") as file:
            json.dump(saved, file)
        os.replace(path + ".new", path)

    async def start_sync(self):
        peer = self

        class State(sdk.SyncServiceStateObserver):
            def on_update(self, state):
                peer.from_rust(peer.sync_state_changed, state)

        self.sync_service = await self.within("building the sync service", self.client.sync_service().finish())
        self.handles.append(self.sync_service.state(State()))
        await self.within("starting sync", self.sync_service.start())

    def sync_state_changed(self, state):
        self.sync_state = state
        log(f"sync: {named(state)}")

    async def close(self):
        if self.sync_service is not None:
            await self.tidy("stopping sync", self.sync_service.stop())

    # Rooms

    async def room(self, room_id):
        """The room once sync has brought it."""
        return await self.until(f"room {room_id} to come by sync", lambda: self.client.get_room(room_id))

    async def joined_room(self, room_id):
        room = await self.room(room_id)
        if room.membership() == sdk.Membership.INVITED:
            inviter = await self.inviter(room)
            log(f"joining {room_id}, invited by {inviter}")
            await self.within(f"joining {room_id}", room.join())
            await self.until(f"the join of {room_id} to come back by sync",
                             lambda: room.membership() == sdk.Membership.JOINED)
        elif room.membership() != sdk.Membership.JOINED:
            raise PeerError(f"{self.client.user_id()} is not in {room_id} ({named(room.membership())})")
        return room

    async def inviter(self, room):
        """The user ID of whoever invited the peer to the room, once the SDK knows them. The SDK
        imports the room key bundle an inviter sent (MSC4268) only when it joins a room it knows
        as invited and knows who invited it (the sender of the invite, whose own member event
        comes in the invite's state): it notes the inviter before joining and accepts a bundle
        from them alone. Joined before then, the bundle is never imported. Gives up waiting after
        INVITER_SECONDS (None: the join then imports nothing)."""
        async def known():
            try:
                member = await room.inviter()
            except Exception as error:
                log(f"the inviter of {room.id()}: {describe(error)}")
                return None
            return member.user_id if member else None

        # Re-checked when sync changes the room's info (the inviter's member event comes so).
        changed = room_info_changed(self, room)
        try:
            return await asyncio.wait_for(self.until(f"the inviter of {room.id()}", known, changed),
                                          min(INVITER_SECONDS, max(self.remaining(), 0.01)))
        except (asyncio.TimeoutError, PeerError):
            log(f"the inviter of {room.id()} is still unknown: joining without importing shared history")
            return None

    async def encryption_known(self, room, encrypted=None):
        """Waits until the room's encryption state is known (and is `encrypted`, if given). The
        SDK may first see a room it has just created without its m.room.encryption, and would
        then send in the clear."""
        def known():
            state = room.encryption_state()
            if state == EncryptionState.UNKNOWN:
                return None
            if encrypted is not None and (state == EncryptionState.ENCRYPTED) != encrypted:
                return None
            return state
        return await self.until(f"the encryption of {room.id()}", known)

    async def timeline(self, room):
        mirror = TimelineMirror(self)
        timeline = await self.within("opening the timeline", room.timeline())
        self.handles.append(await self.within("listening to the timeline", timeline.add_listener(mirror)))
        # What Element X does for the room on screen: its events come by sync at once.
        room_list = self.sync_service.room_list_service()
        await self.within("subscribing to the room", room_list.subscribe_to_rooms([room.id()]))
        return timeline, mirror

    async def send_queue(self, room):
        queue = SendQueueWatch(self)
        self.handles.append(await self.within("listening to the send queue", room.subscribe_to_send_queue_updates(queue)))
        return queue

    async def send(self, timeline, queue, text):
        """Queues one message and returns its SendHandle."""
        handle = await self.within("queueing a message", timeline.send(sdk.message_event_content_from_markdown(text)))
        queue.queued += 1
        return handle

    async def send_all(self, room, texts):
        timeline, _ = await self.timeline(room)
        queue = await self.send_queue(room)
        for text in texts:
            await self.send(timeline, queue, text)

        def all_sent():
            failed = queue.failed()
            if failed:
                raise PeerError(f"sending failed: {failed[0]}")
            return queue.sent() == queue.queued
        await self.until(f"the server to take {len(texts)} messages", all_sent, queue.changed)

    async def send_one(self, room, what, send):
        """Awaits send(timeline), which queues one event in the room's send queue as the
        timeline's calls do, and returns its event ID once the server has taken it."""
        await self.encryption_known(room)
        timeline, _ = await self.timeline(room)
        queue = await self.send_queue(room)
        await self.within(what, send(timeline))
        queue.queued += 1

        def event_id():
            failed = queue.failed()
            if failed:
                raise PeerError(f"{what} failed: {failed[0]}")
            return next(iter(queue.event_ids.values()), None)
        return await self.until(f"the server to take {what}", event_id, queue.changed)

    async def read(self, room_id, expected):
        room = await self.joined_room(room_id)
        timeline, mirror = await self.timeline(room)
        at_start = False
        while len(mirror.messages()) < expected and not at_start:
            at_start = await self.within("paging back", timeline.paginate_backwards(20))
        try:
            # Messages that failed to decrypt turn readable once the backup has given their key.
            await self.until(f"{expected} readable messages in {room_id}",
                             lambda: len(mirror.messages()) >= expected, mirror.changed)
        except PeerError as error:
            raise PeerError(str(error), room_id=room_id, messages=[item["body"] for item in mirror.messages()],
                            undecryptable=mirror.undecryptable(), details=mirror.messages()) from None
        return {"room_id": room_id, "messages": [item["body"] for item in mirror.messages()],
                "undecryptable": mirror.undecryptable(), "details": mirror.messages()}

    # Encryption

    def encryption_states(self):
        encryption = self.client.encryption()
        return {"verification_state": named(encryption.verification_state()),
                "recovery_state": named(encryption.recovery_state()),
                "backup_state": named(encryption.backup_state())}

    async def identity(self, user_id):
        return await self.within(f"the identity of {user_id}", self.client.encryption().user_identity(user_id, True))

    async def master_key(self, user_id):
        identity = await self.identity(user_id)
        return identity.master_key() if identity else None

    async def device_facts(self):
        return {"user_id": self.client.user_id(), "device_id": self.client.device_id(),
                "ed25519": await self.within("the device's key", self.client.encryption().ed25519_key()),
                "master_key": await self.master_key(self.client.user_id())}

    def server_device(self, user_id, device_id):
        """(whether the server lists the device, whether its keys carry a signature by the
        user's current self-signing key), as /keys/query says."""
        keys = self.server_keys(user_id)
        device = keys.get("device_keys", {}).get(user_id, {}).get(device_id)
        if device is None:
            return False, False
        self_signing = keys.get("self_signing_keys", {}).get(user_id, {}).get("keys", {})
        signatures = device.get("signatures", {}).get(user_id, {})
        return True, any(key_id in signatures for key_id in self_signing)

    def server_keys(self, user_id):
        """The server's /keys/query answer for one user, asked directly."""
        return self.server_call("POST", "/_matrix/client/v3/keys/query", {"device_keys": {user_id: []}})

    def server_call(self, method, path, body):
        """One request of the peer's own to the server, as the device (not through the SDK)."""
        session = self.client.session()
        request = urllib.request.Request(
            session.homeserver_url.rstrip("/") + path, data=json.dumps(body).encode(), method=method,
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {session.access_token}"})
        try:
            with urllib.request.urlopen(request, timeout=max(self.remaining(), 1)) as response:
                return json.load(response)
        except (urllib.error.URLError, OSError) as error:
            raise PeerError(f"{method} {path}: {error}") from None


class TimelineMirror(sdk.TimelineListener):
    """The timeline's items, kept in step with the SDK's diffs on the event loop."""

    def __init__(self, peer):
        self.peer = peer
        self.items = []
        self.changed = asyncio.Event()

    def on_update(self, diffs):
        self.peer.from_rust(self.apply, diffs)

    def apply(self, diffs):
        items = self.items
        for diff in diffs:
            if isinstance(diff, sdk.TimelineDiff.APPEND):
                items.extend(diff.values)
            elif isinstance(diff, sdk.TimelineDiff.CLEAR):
                items.clear()
            elif isinstance(diff, sdk.TimelineDiff.PUSH_FRONT):
                items.insert(0, diff.value)
            elif isinstance(diff, sdk.TimelineDiff.PUSH_BACK):
                items.append(diff.value)
            elif isinstance(diff, sdk.TimelineDiff.POP_FRONT):
                items.pop(0)
            elif isinstance(diff, sdk.TimelineDiff.POP_BACK):
                items.pop()
            elif isinstance(diff, sdk.TimelineDiff.INSERT):
                items.insert(diff.index, diff.value)
            elif isinstance(diff, sdk.TimelineDiff.SET):
                items[diff.index] = diff.value
            elif isinstance(diff, sdk.TimelineDiff.REMOVE):
                del items[diff.index]
            elif isinstance(diff, sdk.TimelineDiff.TRUNCATE):
                del items[diff.length:]
            elif isinstance(diff, sdk.TimelineDiff.RESET):
                items[:] = diff.values
        self.changed.set()

    def events(self):
        return [event for event in (item.as_event() for item in self.items) if event is not None]

    @staticmethod
    def kind(event):
        content = event.content
        return content.content.kind if isinstance(content, sdk.TimelineItemContent.MSG_LIKE) else None

    def messages(self):
        """Readable messages that reached the server, oldest first."""
        found = []
        for event in self.events():
            kind = self.kind(event)
            if isinstance(kind, sdk.MsgLikeKind.MESSAGE) and event.is_remote:
                found.append({"sender": event.sender, "body": kind.content.body, "shield": shield(event, False),
                              "strict_shield": shield(event, True)})
        return found

    def undecryptable(self):
        return sum(isinstance(self.kind(event), sdk.MsgLikeKind.UNABLE_TO_DECRYPT) for event in self.events())

    def shows_creation(self):
        """Whether the room's first event, its m.room.create, is in view. The SDK says paging back
        reached the start (and puts its start marker in) before the last page's items come."""
        return any(isinstance(event.content, sdk.TimelineItemContent.STATE)
                   and isinstance(event.content.content, sdk.OtherState.ROOM_CREATE) for event in self.events())

    def polls(self):
        """The polls whose start reached the server, oldest first, as the timeline shows them
        (with the responses and end it has gathered)."""
        found = []
        for event in self.events():
            poll = self.kind(event)
            identifier = event.event_or_transaction_id
            if isinstance(poll, sdk.MsgLikeKind.POLL) and isinstance(identifier, sdk.EventOrTransactionId.EVENT_ID):
                found.append({"event_id": identifier.event_id, "sender": event.sender, "question": poll.question,
                              "kind": "undisclosed" if poll.kind == sdk.PollKind.UNDISCLOSED else "disclosed",
                              "max_selections": poll.max_selections,
                              "answers": [{"id": answer.id, "text": answer.text} for answer in poll.answers],
                              "votes": {answer.id: sorted(poll.votes.get(answer.id, [])) for answer in poll.answers},
                              "ended": poll.end_time is not None})
        return found


class SendQueueWatch(sdk.SendQueueListener):
    """What became of each event this call queued in one room, by transaction ID."""

    def __init__(self, peer):
        self.peer = peer
        self.queued = 0
        self.states = {}  # transaction ID -> "queued", "sent", "cancelled" or the SEND_ERROR
        self.event_ids = {}  # transaction ID -> the event ID the server gave it
        self.changed = asyncio.Event()

    def on_update(self, update):
        self.peer.from_rust(self.apply, update)

    def apply(self, update):
        transaction = getattr(update, "transaction_id", None)
        if transaction is None:
            return
        if isinstance(update, sdk.RoomSendQueueUpdate.SENT_EVENT):
            self.states[transaction] = "sent"
            self.event_ids[transaction] = update.event_id
        elif isinstance(update, sdk.RoomSendQueueUpdate.SEND_ERROR):
            self.states[transaction] = update
        elif isinstance(update, sdk.RoomSendQueueUpdate.CANCELLED_LOCAL_EVENT):
            self.states[transaction] = "cancelled"
        elif isinstance(update, (sdk.RoomSendQueueUpdate.NEW_LOCAL_EVENT, sdk.RoomSendQueueUpdate.RETRY_EVENT)):
            self.states[transaction] = "queued"
        self.changed.set()

    def sent(self):
        return sum(state == "sent" for state in self.states.values())

    def failed(self):
        return [state.error for state in self.states.values() if isinstance(state, sdk.RoomSendQueueUpdate.SEND_ERROR)]


def shield(event, strict):
    """The warning the SDK recommends for a message: null, or e.g. "RED:UNSIGNED_DEVICE" or
    "GREY:AUTHENTICITY_NOT_GUARANTEED". Element X asks for the lax ones (strict=False), which
    leave out users nobody verified; the strict ones call an unsigned device an unverified
    identity."""
    state = event.lazy_provider.get_shields(strict)
    if isinstance(state, sdk.ShieldState.NONE):
        return None
    return f"{named(state)}:{named(state.code)}"


def describe(error):
    return f"{type(error).__name__}: {error}"


# Commands


async def setup_recovery(peer, args):
    encryption = peer.client.encryption()

    class Progress(sdk.EnableRecoveryProgressListener):
        def on_update(self, status):
            peer.from_rust(log, f"enabling recovery: {named(status)}")

    recovery_key = await peer.within("enabling recovery", encryption.enable_recovery(False, None, Progress()))
    room_id = await peer.within("creating the room", peer.client.create_room(sdk.CreateRoomParameters(
        name=args.room_name, is_encrypted=True, visibility=sdk.RoomVisibility.PRIVATE(),
        preset=sdk.RoomPreset.PRIVATE_CHAT)))
    log(f"created {room_id}")
    room = await peer.room(room_id)
    await peer.encryption_known(room, encrypted=True)
    await peer.send_all(room, args.message)
    log(f"sent {len(args.message)} messages; waiting for the backup")
    await peer.within("the backup upload", encryption.wait_for_backup_upload_steady_state(None))
    return {**await peer.device_facts(), "recovery_key": recovery_key, "room_id": room_id}


async def recover(peer, args):
    encryption = peer.client.encryption()
    await peer.within("recovering", encryption.recover(args.key))
    # The device signs itself and fetches the backup key in the background.
    await peer.until("verification after recovering",
                     lambda: encryption.verification_state() == sdk.VerificationState.VERIFIED)
    result = {**await peer.device_facts(), **peer.encryption_states()}
    if args.room:
        result.update(await peer.read(args.room, args.expect))
    return result


async def device_trust(peer, args):
    user_id = args.of or peer.client.user_id()
    own = user_id == peer.client.user_id()
    encryption = peer.client.encryption()
    wanted = {"verified": True, "unverified": False}.get(args.wait_until)
    settle_until = time.monotonic() + SETTLE_SECONDS
    room_id = await peer.within("creating the probe room", peer.client.create_room(sdk.CreateRoomParameters(
        name="rust-sdk-peer trust probe", is_encrypted=True, visibility=sdk.RoomVisibility.PRIVATE(),
        preset=sdk.RoomPreset.PRIVATE_CHAT, invite=[] if own else [user_id])))
    room = await peer.room(room_id)
    try:
        await peer.encryption_known(room, encrypted=True)
        timeline, _ = await peer.timeline(room)
        queue = await peer.send_queue(room)
        while True:
            unsigned = (await probe(peer, room, timeline, queue)).get(user_id, [])
            identity = await peer.identity(user_id)
            identity_verified = bool(identity and identity.is_verified())
            on_server, signed_on_server = peer.server_device(user_id, args.device)
            verified = identity_verified and on_server and args.device not in unsigned
            log(f"probe: identity verified {identity_verified}, unsigned devices {unsigned}, "
                f"on server {on_server}, signed there {signed_on_server}")
            if wanted is not None:
                if verified == wanted:
                    break
            # The SDK may not have fetched the device's keys since they changed: ask again for a
            # while when it disagrees with the server.
            elif verified == (identity_verified and signed_on_server) or time.monotonic() >= settle_until:
                break
            if peer.remaining() <= PROBE_INTERVAL:
                raise PeerError(f"{user_id}'s device {args.device} is not {args.wait_until or 'settled'} "
                                f"within {args.timeout:g} s (unsigned: {unsigned}, identity verified: "
                                f"{identity_verified}, on server: {on_server}, signed on server: {signed_on_server})")
            await asyncio.sleep(PROBE_INTERVAL)
    finally:
        # With time of their own: the call's may be up, and a failure here must not hide the answer.
        if not own:
            await peer.tidy("uninviting after the probe", room.kick_user(user_id, None))
        await peer.tidy("leaving the probe room", room.leave())
        await peer.tidy("forgetting the probe room", room.forget())
    return {"user_id": user_id, "device_id": args.device, "verified": verified,
            "cross_signing_trusted": verified, "identity_verified": identity_verified,
            "on_server": on_server, "signed_on_server": signed_on_server, "unsigned_devices": unsigned,
            "has_devices_to_verify_against": await peer.within(
                "devices to verify against", encryption.has_devices_to_verify_against()),
            "master_key": identity.master_key() if identity else None}


async def probe(peer, room, timeline, queue):
    """Sends one message under the error-on-verified-user-problem strategy and returns the
    devices of verified users that the SDK refused for being unsigned ({user: [devices]})."""
    handle = await peer.send(timeline, queue, PROBE_TEXT)

    def outcome():
        failed = queue.failed()
        if failed:
            return failed[0]
        return queue.sent() == queue.queued and "sent"

    error = await peer.until("the probe to be sent or refused", outcome, queue.changed)
    if error == "sent":
        return {}
    await peer.within("dropping the probe", handle.abort())
    # The SDK stops a room's send queue at any failure.
    room.enable_send_queue(True)
    queue.states.clear()
    queue.queued = 0
    if isinstance(error, sdk.QueueWedgeError.INSECURE_DEVICES):
        return {user: list(devices) for user, devices in error.user_device_map.items()}
    raise PeerError(f"the probe failed: {error}")


async def identity(peer, args):
    user_id = args.of or peer.client.user_id()
    found = await peer.identity(user_id)
    master_keys = peer.server_keys(user_id).get("master_keys", {}).get(user_id, {}).get("keys", {})
    seen = {"user_id": user_id, "server_master_key": next(iter(master_keys.values()), None)}
    if found is None:
        return {**seen, "master_key": None, "is_verified": False, "has_verification_violation": False,
                "was_previously_verified": False}
    return {**seen, "master_key": found.master_key(), "is_verified": found.is_verified(),
            "has_verification_violation": found.has_verification_violation(),
            "was_previously_verified": found.was_previously_verified()}


async def reset_identity(peer, args):
    user_id = peer.client.user_id()
    encryption = peer.client.encryption()
    previous = await peer.master_key(user_id)
    handle = await peer.within("starting the identity reset", encryption.reset_identity())
    if handle is None:
        raise PeerError("the SDK offered no identity reset")
    auth_type = handle.auth_type()
    if not isinstance(auth_type, sdk.CrossSigningResetAuthType.UIAA):
        raise PeerError(f"identity reset wants {named(auth_type)}, not a password")
    password = sdk.AuthData.PASSWORD(sdk.AuthDataPasswordDetails(identifier=user_id, password=peer.password()))
    await peer.within("resetting the identity", handle.reset(password))

    async def new_key():
        return await peer.master_key(user_id)

    master_key = None
    while master_key in (None, previous):
        if peer.remaining() <= 0:
            raise PeerError(f"the new master key did not show within {args.timeout:g} s")
        master_key = await new_key()
        if master_key in (None, previous):
            await asyncio.sleep(0.1)
    return {"user_id": user_id, "previous_master_key": previous, "master_key": master_key,
            **peer.encryption_states()}


async def key_backup(peer, args):
    encryption = peer.client.encryption()
    if args.enable:
        await peer.within("enabling backups", encryption.enable_backups())
        args.expect = args.expect or "on"
    if args.disable:
        await peer.within("disabling recovery", encryption.disable_recovery())
        args.expect = args.expect or "off"

    async def content(event_type):
        text = await peer.client.account_data(event_type)
        return json.loads(text) if text else None

    async def current():
        stable = await content("m.key_backup")
        if stable is None:
            return "none"
        return "on" if stable.get("enabled") is True else "off" if stable.get("enabled") is False else "malformed"
    # Account data another device changed shows when the SDK's sync has brought it.
    await settled(peer, "the key backup preference", current, wanting(args.expect), "key_backup", None)
    return {"key_backup": await content("m.key_backup"), "backup_disabled": await content("m.org.matrix.custom.backup_disabled"),
            "exists_on_server": await peer.within("asking for the backup", encryption.backup_exists_on_server()),
            "backup_state": named(encryption.backup_state())}


async def read(peer, args):
    return await peer.read(args.room, args.expect)


async def send(peer, args):
    room = await peer.joined_room(args.room)
    await peer.encryption_known(room)
    await peer.send_all(room, args.message)
    return {"room_id": args.room, "sent": len(args.message)}


async def join(peer, args):
    room = await peer.within(f"joining {args.room}", peer.client.join_room_by_id_or_alias(args.room, []))
    return {"room_id": room.id()}


# Encrypted history sharing (MSC4268)


async def create_room(peer, args):
    wanted = HISTORY_VISIBILITIES[args.history_visibility]
    room_id = await peer.within("creating the room", peer.client.create_room(sdk.CreateRoomParameters(
        name=args.name, is_encrypted=True, visibility=sdk.RoomVisibility.PRIVATE(),
        preset=sdk.RoomPreset.PRIVATE_CHAT, history_visibility_override=wanted)))
    log(f"created {room_id}")
    room = await peer.room(room_id)
    await peer.encryption_known(room, encrypted=True)
    # The SDK marks each room key it makes as shareable or not by the visibility it knows when it
    # makes it, and shares none on invite while it knows joined or invited: it must know the
    # room's own before the first message and the invite (it takes a visibility it has not seen
    # for shared).
    await peer.until(f"the history visibility of {room_id} to be {args.history_visibility}",
                     lambda: history_visibility(room, wanted))
    messages = args.message or []
    if messages:
        await peer.send_all(room, messages)
        log(f"sent {len(messages)} messages")
    if args.invite:
        await invite_sharing_history(peer, room, args.invite)
    return {"room_id": room_id, "sent": len(messages), "invited": args.invite}


async def history_visibility(room, wanted):
    """Whether the SDK's view of the room's history visibility is `wanted`."""
    return named((await room.room_info()).history_visibility) == named(wanted)


async def invite_sharing_history(peer, room, user_id):
    """Invites as Element X does. With history sharing on, the SDK first sends user_id's devices
    that their owner cross-signed a room key bundle (the room's shareable keys, uploaded
    encrypted; a to-device message with its keys, Olm-encrypted to each device), then the
    invite; if sharing fails (this device not verified by its own identity, say), it raises and
    sends no invite. It shares nothing (and still invites) when the user has no cross-signing
    identity, the room's visibility is joined or invited, no key is shareable, or user_id has no
    cross-signed device."""
    log(f"inviting {user_id} to {room.id()}, sharing its history")
    await peer.within(f"inviting {user_id}", room.invite_user_by_id(user_id))


async def invite(peer, args):
    room = await peer.joined_room(args.room)
    # The SDK decides whether to share by the room's state it has (encryption, visibility).
    await peer.encryption_known(room)
    await invite_sharing_history(peer, room, args.invitee)
    return {"room_id": args.room, "invited": args.invitee}


# Notification settings, as Element X's settings screens set them


MODES = {"all": sdk.RoomNotificationMode.ALL_MESSAGES, "mentions": sdk.RoomNotificationMode.MENTIONS_AND_KEYWORDS_ONLY,
         "mute": sdk.RoomNotificationMode.MUTE}


def mode_name(mode):
    """The shell's word for a mode: all, mentions, mute; default for none of the room's own."""
    return next((name for name, value in MODES.items() if value == mode), "default")


async def settled(peer, what, current, wanted, key, changed):
    """current()'s value, once wanted(value) holds (or at once without `wanted`): what another
    device changed shows when the SDK's sync has brought it, which its listener tells through
    `changed`."""
    seen = {}

    async def holds():
        seen["value"] = await current()
        return wanted is None or wanted(seen["value"])
    try:
        await peer.until(what, holds, changed)
    except PeerError as error:
        raise PeerError(str(error), **{key: seen.get("value")}) from None
    return seen["value"]


def listened(peer, subscribe):
    """An event set whenever the listener that subscribe(callback) registers with the SDK is
    called; the subscription lasts as long as the call."""
    changed = asyncio.Event()
    handle = subscribe(lambda *_: peer.from_rust(changed.set))
    if handle is not None:
        peer.handles.append(handle)
    return changed


def wanting(expected, as_value=lambda text: text):
    return None if expected is None else (lambda value: value == as_value(expected))


def settings_changed(peer, settings):
    """An event set whenever the SDK's notification settings change (sync brought new rules)."""
    class Delegate(sdk.NotificationSettingsDelegate):
        def __init__(self, callback):
            self.callback = callback

        def settings_did_change(self):
            self.callback()

    return listened(peer, lambda callback: settings.set_delegate(Delegate(callback)))


async def notification_settings(peer):
    """The SDK's notification settings. Each reads the rules its store has when it is made and
    follows the changes sync brings from the moment after: a change stored in between is missed
    for good (seen once: a default mode another device had set stayed old for 90 s). A check of
    what another device set therefore reads a new one each time."""
    return await peer.within("the notification settings", peer.client.get_notification_settings())


async def notification_mode(peer, args):
    settings = await notification_settings(peer)
    if args.set == "default":
        await peer.within("restoring the default", settings.restore_default_room_notification_mode(args.room))
    elif args.set:
        await peer.within(f"setting {args.set}", settings.set_room_notification_mode(args.room, MODES[args.set]))

    async def current():
        # What this device set is in its settings at once; another's, once sync has stored it.
        reader = settings if args.set else await notification_settings(peer)
        return mode_name(await reader.get_user_defined_room_notification_mode(args.room))
    mode = await settled(peer, "the room's mode", current, wanting(args.expect), "mode", settings_changed(peer, settings))
    return {"room_id": args.room, "mode": mode}


async def default_mode(peer, args):
    settings = await notification_settings(peer)
    encrypted, one_to_one = args.kind == "encrypted", args.kind == "direct"

    async def current():
        fresh = await notification_settings(peer)
        return mode_name(await fresh.get_default_room_notification_mode(encrypted, one_to_one))
    mode = await settled(peer, "the default mode", current, wanting(args.expect), "mode", settings_changed(peer, settings))
    return {"kind": args.kind, "mode": mode}


async def unread_flag(peer, args):
    room = await peer.joined_room(args.room)
    if args.set is not None:
        await peer.within("setting the unread flag", room.set_unread_flag(args.set == "true"))
        # The SDK's own view follows when sync brings the change back.
        args.expect = args.expect or args.set

    async def current():
        return (await room.room_info()).is_marked_unread
    changed = room_info_changed(peer, room)
    flag = await settled(peer, "the unread flag", current, wanting(args.expect, lambda text: text == "true"), "marked_unread", changed)
    return {"room_id": args.room, "marked_unread": flag}


async def ignored_users(peer, args):
    class Listener(sdk.IgnoredUsersListener):
        def __init__(self, callback):
            self.callback = callback

        def call(self, ignored_user_ids):
            self.callback()

    async def current():
        return sorted(await peer.client.ignored_users())
    changed = listened(peer, lambda callback: peer.client.subscribe_to_ignored_users(Listener(callback)))
    # The SDK changes the list it has, which only a sync brings (a resumed device may not get it
    # again): each user that must be known is waited for before anything is changed.
    for known in filter(None, [args.known, args.unignore]):
        await settled(peer, f"{known} not yet ignored", current, lambda listed: known in listed, "ignored", changed)
    if args.ignore:
        await peer.within(f"ignoring {args.ignore}", peer.client.ignore_user(args.ignore))
    if args.unignore:
        await peer.within(f"no longer ignoring {args.unignore}", peer.client.unignore_user(args.unignore))
    expected = None if args.expect is None else sorted(filter(None, args.expect.split(",")))
    listed = await settled(peer, "ignored", current, wanting(expected), "ignored", changed)
    return {"ignored": listed}


def room_info_changed(peer, room):
    """An event set whenever the SDK's info of the room changes (sync brought something new)."""
    class Listener(sdk.RoomInfoListener):
        def __init__(self, callback):
            self.callback = callback

        def call(self, room_info):
            self.callback()

    return listened(peer, lambda callback: room.subscribe_to_room_info_updates(Listener(callback)))


async def pins(peer, args):
    room = await peer.joined_room(args.room)
    changed = room_info_changed(peer, room)
    # The room list's sync leaves m.room.pinned_events out; a room's subscription (the room on
    # screen, in Element X) brings it.
    await subscribe(peer, args.room)
    wanted = None if args.expect is None else (lambda pinned: len(pinned) == args.expect)
    if args.pin or args.unpin:
        timeline, _ = await peer.timeline(room)
        if args.pin:
            await peer.within(f"pinning {args.pin}", timeline.pin_event(args.pin))
        if args.unpin:
            await peer.within(f"unpinning {args.unpin}", timeline.unpin_event(args.unpin))
        # The SDK's own view follows when sync brings the state event back.
        counted = wanted

        def wanted(pinned):
            return ((not args.pin or args.pin in pinned) and args.unpin not in pinned
                    and (counted is None or counted(pinned)))

    async def current():
        return list((await room.room_info()).pinned_event_ids)
    pinned = await settled(peer, "the pinned events", current, wanted, "pinned", changed)
    return {"room_id": args.room, "pinned": pinned}


# Polls, as Element X's timeline makes and shows them


async def poll_create(peer, args):
    room = await peer.joined_room(args.room)
    kind = sdk.PollKind.UNDISCLOSED if args.undisclosed else sdk.PollKind.DISCLOSED
    event_id = await peer.send_one(room, "the poll", lambda timeline: timeline.create_poll(
        args.question, args.answer, args.max_selections, kind))
    return {"room_id": args.room, "event_id": event_id}


async def poll_vote(peer, args):
    room = await peer.joined_room(args.room)
    event_id = await peer.send_one(room, "the vote", lambda timeline: timeline.send_poll_response(args.poll, args.answer))
    return {"room_id": args.room, "poll": args.poll, "answers": args.answer, "event_id": event_id}


async def poll_end(peer, args):
    room = await peer.joined_room(args.room)
    # Element X's words for the end's fallback text.
    event_id = await peer.send_one(room, "the poll's end", lambda timeline: timeline.end_poll(
        args.poll, f"The poll with event id: {args.poll} has ended"))
    return {"room_id": args.room, "poll": args.poll, "event_id": event_id}


async def polls(peer, args):
    room = await peer.joined_room(args.room)
    timeline, mirror = await peer.timeline(room)

    def listed():
        found = mirror.polls()
        return [poll for poll in found if poll["event_id"] == args.poll] if args.poll else found

    at_start = False
    while not at_start and not (args.poll and listed()):
        at_start = await peer.within("paging back", timeline.paginate_backwards(20))
    if not args.poll:
        await peer.until(f"the start of {args.room} (its m.room.create) in view", mirror.shows_creation, mirror.changed)

    async def shown():
        found = listed()
        if args.poll and not found:
            # A sync that skipped events resets the timeline to its newest ones, the start
            # paged in before gone with them: page back again.
            await peer.within("paging back", timeline.paginate_backwards(20))
            return False
        if args.expect_votes is not None and sum(len(users) for poll in found for users in poll["votes"].values()) < args.expect_votes:
            return False
        if args.expect_ended and not (found and all(poll["ended"] for poll in found)):
            return False
        return True
    try:
        # Responses and ends come by sync, after the start the timeline may show already.
        await peer.until(f"the polls of {args.room} as expected", shown, mirror.changed)
    except PeerError as error:
        raise PeerError(str(error), room_id=args.room, polls=listed()) from None
    return {"room_id": args.room, "polls": listed()}


async def logout(peer, args):
    await peer.close()
    peer.sync_service = None
    await peer.within("logging out", peer.client.logout())
    # The stores belong to the device that is gone; the next call starts afresh.
    os.remove(peer.session_path())
    for folder in ("data", "cache"):
        shutil.rmtree(os.path.join(args.store, folder), ignore_errors=True)
    return {}


# Verification


class VerificationEvents(sdk.SessionVerificationControllerDelegate):
    """The verification controller's callbacks, in order, on the event loop: (kind, detail)."""

    def __init__(self, peer):
        self.peer = peer
        self.seen = []
        self.changed = asyncio.Event()

    def add(self, kind, detail=None):
        self.peer.from_rust(self.record, kind, detail)

    def record(self, kind, detail):
        log(f"verification: {kind}")
        self.seen.append((kind, detail))
        self.changed.set()

    def did_receive_verification_request(self, details):
        self.add("request", details)

    def did_accept_verification_request(self):
        self.add("accepted")

    def did_start_sas_verification(self):
        self.add("sas_started")

    def did_receive_verification_data(self, data):
        self.add("data", data)

    def did_fail(self):
        self.add("failed")

    def did_cancel(self):
        self.add("cancelled")

    def did_finish(self):
        self.add("finished")


class IdentityWatch(sdk.IdentityStatusChangeListener):
    """The identity state the SDK last reported for each member of a room, on the event loop."""

    def __init__(self, peer):
        self.peer = peer
        self.states = {}
        self.changed = asyncio.Event()

    def call(self, identity_status_change):
        self.peer.from_rust(self.apply, identity_status_change)

    def apply(self, changes):
        for change in changes:
            self.states[change.user_id] = change.changed_to
            log(f"identity of {change.user_id}: {named(change.changed_to)}")
        self.changed.set()


class Ended(Exception):
    """The flow ended (cancelled or failed) before what the call waited for."""

    def __init__(self, outcome):
        super().__init__(outcome)
        self.outcome = outcome


async def listen_for_verification(peer):
    """Makes the SDK's verification controller before sync starts: the SDK hands an incoming
    request only to a controller that exists when the request comes."""
    peer.verification_events = VerificationEvents(peer)
    peer.verification_controller = None
    try:
        await verification_controller(peer)
    except Exception as error:
        # A new device of a user who has cross-signing knows its identity only after sync's
        # first key query: the command makes the controller then.
        log(f"no verification controller before sync: {describe(error)}")


async def verification_controller(peer):
    if peer.verification_controller is None:
        # The SDK makes the controller from the user's own identity, which it may have to ask for.
        await peer.identity(peer.client.user_id())
        controller = await peer.within("the verification controller", peer.client.get_session_verification_controller())
        controller.set_delegate(peer.verification_events)
        peer.verification_controller = controller
    return peer.verification_controller


def emit(line):
    """One line of the call's running account on stdout, as it happens."""
    print(json.dumps({**line, "t": round(time.monotonic() - STARTED, 2)}), flush=True)


class Flow:
    """One verification through the SDK's controller, as this call drives it."""

    ENDS = ("finished", "cancelled", "failed")

    def __init__(self, peer, controller):
        self.peer = peer
        self.controller = controller
        self.events = peer.verification_events
        self.cursor = len(self.events.seen)
        self.own_user = peer.client.user_id()
        self.other_user = None
        self.other_device = None
        self.flow_id = None
        self.room_id = None
        self.emoji = None
        self.nudging = None
        self.identities = IdentityWatch(peer)
        self.began = peer.tap.now()
        # For a self-verification: whether each device was cross-signed when the flow began.
        self.own_was_signed = self.other_was_signed = None

    @property
    def in_room(self):
        return self.other_user not in (None, self.own_user)

    async def next(self, what, *kinds):
        """The next callback of one of `kinds` as (kind, detail); another that ends the flow
        raises Ended."""
        def found():
            while self.cursor < len(self.events.seen):
                kind, detail = self.events.seen[self.cursor]
                self.cursor += 1
                if kind in kinds:
                    return kind, detail
                if kind in Flow.ENDS:
                    raise Ended(kind)
            return None

        return await self.peer.until(what, found, self.events.changed)

    def pending(self, kind):
        """Whether a callback of that kind came and the flow has not read it yet."""
        return any(seen == kind for seen, _ in self.events.seen[self.cursor:])

    # Steps

    async def request(self, user_id):
        """Asks user_id (another user, in their DM) or the user's own other devices."""
        self.other_user = user_id or self.own_user
        if self.in_room:
            sends = len(self.peer.tap.room_sends)
            await self.peer.within("requesting verification",
                                   self.controller.request_user_verification(self.other_user))
            self.room_id = dm_id(self.peer, self.other_user)
            # The request is the event the call just sent to the DM; its ID names the flow.
            sent = [note for note in self.peer.tap.room_sends[sends:] if note["room_id"] == self.room_id]
            self.flow_id = sent[-1]["event_id"] if sent else None
            await self.follow_dm()
        else:
            sends = len(self.peer.tap.sent_to_device)
            await self.peer.within("requesting verification", self.controller.request_device_verification())
            sent = [note for note in self.peer.tap.sent_to_device[sends:] if note["type"] == "m.key.verification.request"]
            self.flow_id = sent[0]["content"].get("transaction_id") if sent else None
        emit({"step": "request", "flow_id": self.flow_id, **({"room_id": self.room_id} if self.room_id else {})})

    async def await_acceptance(self):
        await self.next("the other side to accept", "accepted")
        if not self.in_room:
            self.other_device = self.wire_device("m.key.verification.ready")
            self.note_signatures()
        emit({"step": "accepted"})

    async def receive(self, expected_sender):
        """Waits for a request (from expected_sender, if given) and accepts it."""
        while True:
            _, details = await self.next("a verification request", "request")
            sender = details.sender_profile.user_id
            if expected_sender in (None, sender):
                break
            log(f"ignoring a request from {sender}")
        self.other_user, self.other_device, self.flow_id = sender, details.device_id, details.flow_id
        if self.in_room:
            # The room the request came in (the wire brought it before the SDK told of it), not the
            # SDK's DM with the sender: a request that comes with the invite's join is seen before
            # m.direct names the room a DM, and without the room the flow would neither watch the
            # sender's identity nor nudge its sync. A request to one device comes to-device: no room.
            self.room_id = self.request_room() or dm_id(self.peer, sender)
        else:
            self.note_signatures()
        emit({"step": "request", "flow_id": self.flow_id, "from": sender, "device_id": self.other_device,
              **({"room_id": self.room_id} if self.room_id else {})})
        await self.peer.within("acknowledging the request",
                               self.controller.acknowledge_verification_request(sender, self.flow_id))
        await self.peer.within("accepting the request", self.controller.accept_verification_request())
        emit({"step": "accepted"})

    async def start_sas(self):
        # The other side may have started already: the SDK then accepted its start by itself.
        if not self.pending("sas_started"):
            await self.peer.within("starting SAS", self.controller.start_sas_verification())

    async def compare(self, answer):
        """Waits for the emoji, shows them, and answers as told: match, mismatch or none."""
        _, data = await self.next("the emoji", "data")
        if isinstance(data, sdk.SessionVerificationData.EMOJIS):
            self.emoji = [{"symbol": emoji.symbol(), "description": emoji.description()} for emoji in data.emojis]
            emit({"step": "emoji", "emoji": self.emoji, "indices": list(data.indices)})
        else:
            emit({"step": "emoji", "emoji": None, "decimals": list(data.values)})
        if answer == "match":
            await self.peer.within("approving", self.controller.approve_verification())
        elif answer == "mismatch":
            await self.peer.within("declining", self.controller.decline_verification())

    async def end(self):
        kind, _ = await self.next("the end of the verification", *Flow.ENDS)
        return kind

    # After the end

    async def answer(self, outcome):
        if outcome == "finished":
            await self.settle()
        encryption = self.peer.client.encryption()
        result = {"flow_id": self.flow_id, "emoji": self.emoji, "outcome": outcome,
                  "verification_state": named(encryption.verification_state()),
                  "other_user": self.other_user, "other_device": self.other_device,
                  "other_verified": await self.other_verified()}
        if self.room_id:
            result["room_id"] = self.room_id
        if outcome == "cancelled":
            result.update(self.cancellation())
        if outcome == "finished" and not self.in_room:
            result.update(self.peer.encryption_states())
        return result

    async def settle(self):
        """Keeps syncing until the SDK has sent what follows the end of a verification. In a
        DM: its signature of the other user's identity, and the key query that brings the
        signature back, after which it counts them as verified. Between devices of the user:
        its done, and the secrets one device gives the other. A device that was not cross-signed
        when the flow began asks for the cross-signing keys (and the backup key) right after the
        done: then the asking side waits until the SDK has the three cross-signing keys (it
        withdraws each request once answered), and the other side until the SDK has signed the
        device and answered each request it can (one Olm-encrypted to-device message per
        secret) or the asker withdrew it."""
        tap = self.peer.tap
        if self.in_room:
            await self.peer.until(f"the SDK to count {self.other_user} as verified", lambda: (
                self.identities.states.get(self.other_user) == IdentityState.VERIFIED), self.identities.changed)
            return
        await self.peer.until("the SDK to send its m.key.verification.done", lambda: any(
            note["type"] == "m.key.verification.done" and note["device"] == self.other_device
            and note["content"].get("transaction_id") == self.flow_id for note in tap.sent_to_device), tap.changed)
        if self.own_was_signed == self.other_was_signed:
            return  # neither lacks what the other has
        if self.own_was_signed:
            await self.peer.until(f"the SDK to sign {self.other_device}", self.signed, tap.changed)
            await self.peer.until(f"{self.other_device}'s secret requests to be answered",
                                  self.their_secret_requests_answered, tap.changed)
        else:
            await self.peer.until(f"the cross-signing keys from {self.other_device}",
                                  self.own_secret_requests_answered, tap.changed)

    def signed(self):
        """The tap time of the SDK's first signature upload since the flow began, if any."""
        return next((call["t"] for call in self.peer.tap.calls if call["path"].endswith("/keys/signatures/upload")
                     and call["status"] == 200 and call["t"] >= self.began), None)

    def own_secret_requests_answered(self):
        """Whether the SDK has withdrawn each cross-signing key request it sent (it does when
        the key came)."""
        sent = [note["content"] for note in self.peer.tap.sent_to_device if note["type"] == "m.secret.request"]
        asked = {content.get("request_id") for content in sent
                 if content.get("action") == "request" and content.get("name") in CROSS_SIGNING_SECRETS}
        withdrawn = {content.get("request_id") for content in sent if content.get("action") == "request_cancellation"}
        return bool(asked) and asked <= withdrawn

    def their_secret_requests_answered(self):
        """Whether the other device asked and the SDK has sent it an Olm message for each of its
        open requests for a secret the peer holds."""
        tap = self.peer.tap
        requests = [note for note in tap.received_to_device if note["type"] == "m.secret.request"
                    and note["content"].get("requesting_device_id") == self.other_device]
        if not requests:
            return False
        withdrawn = {note["content"].get("request_id") for note in requests
                     if note["content"].get("action") == "request_cancellation"}
        held = set(CROSS_SIGNING_SECRETS)
        if self.peer.client.encryption().backup_state() == sdk.BackupState.ENABLED:
            held.add(BACKUP_SECRET)
        open_requests = [note for note in requests if note["content"].get("action") == "request"
                         and note["content"].get("name") in held and note["content"].get("request_id") not in withdrawn]
        first = requests[0]["t"]
        answers = [note for note in tap.sent_to_device if note["type"] == "m.room.encrypted"
                   and note["device"] == self.other_device and note["t"] >= first]
        return len(answers) >= len(open_requests)

    async def other_verified(self):
        if self.in_room:
            identity = await self.peer.identity(self.other_user)
            return bool(identity and identity.is_verified())
        if self.other_device is None:
            return False
        return self.peer.server_device(self.own_user, self.other_device)[1]

    def cancellation(self):
        """{"cancel_code", "cancelled_by"} of the cancellation that ended the flow, when the
        wire showed it in the clear (to-device, or an unencrypted room)."""
        tap = self.peer.tap
        # The SDK also cancels the request it sent to the user's other devices (m.accepted).
        seen = [(note["t"], note["content"], "us") for note in tap.sent_to_device
                if note["type"] == "m.key.verification.cancel" and note["device"] == self.other_device]
        seen += [(note["t"], note["content"], "them") for note in tap.received_to_device
                 if note["type"] == "m.key.verification.cancel"]
        seen += [(note["t"], note["content"], "us" if note["sender"] == self.own_user else "them")
                 for note in tap.room_events if note["type"] == "m.key.verification.cancel"]
        for _, content, by in sorted(seen, key=lambda item: item[0]):
            if self.flow_id in (content.get("transaction_id"), content.get("m.relates_to", {}).get("event_id")):
                return {"cancel_code": content.get("code"), "cancelled_by": by}
        return {}

    def note_signatures(self):
        """Notes which of the two devices the self-signing key had signed before the flow."""
        self.own_was_signed = self.peer.server_device(self.own_user, self.peer.client.device_id())[1]
        self.other_was_signed = self.peer.server_device(self.own_user, self.other_device)[1]
        log(f"cross-signed before the flow: this device {self.own_was_signed}, "
            f"{self.other_device} {self.other_was_signed}")

    def request_room(self):
        """The room the wire brought this flow's in-room request to (its event ID names the flow),
        in the clear or encrypted: the shell's DMs are encrypted, and a request there comes with
        the invite's join, before m.direct names the room."""
        tap = self.peer.tap
        return next((note["room_id"] for note in tap.room_events + tap.encrypted_room_events if note["event_id"] == self.flow_id), None)

    def wire_device(self, event_type):
        """The device that sent this flow's event of that type to the peer, to-device."""
        for note in self.peer.tap.received_to_device:
            if note["type"] == event_type and note["content"].get("transaction_id") == self.flow_id:
                return note["content"].get("from_device")
        return None

    async def follow_dm(self):
        """Subscribes to the DM, listens to its members' identities, and keeps nudging."""
        if self.room_id:
            await subscribe(self.peer, self.room_id)
            room = await self.peer.room(self.room_id)
            self.peer.handles.append(await self.peer.within(
                "listening to identity changes", room.subscribe_to_identity_status_changes(self.identities)))
            self.nudging = asyncio.ensure_future(nudge_encryption_sync(self.peer, self.room_id))

    def stop(self):
        if self.nudging is not None:
            self.nudging.cancel()


async def nudge_encryption_sync(peer, room_id):
    """Keeps an in-room verification moving, until cancelled. The SDK handles the other side's
    events in the DM as the room-list connection brings them, but sends its own answers to them
    (key, MAC, done) only when its encryption connection asks the server again: when to-device
    messages come, or when its long-poll ends after 30 s. Each step would wait for that. So once
    the room-list connection has handled an answer that brought events of the DM, the peer sends
    its own device an empty to-device message of a type nobody handles, which ends the
    encryption connection's long-poll at once."""
    handled = len(peer.tap.syncs)
    try:
        while True:
            handled = await peer.until("DM events for the SDK to answer",
                                       lambda: handled_room_answer(peer.tap, room_id, handled), peer.tap.changed)
            await nudge(peer)
    except PeerError as error:
        log(f"nudging: {error}")


def handled_room_answer(tap, room_id, start):
    """Whether, from tap.syncs[start] on, the room-list connection brought events of room_id and
    has asked again since (it does only once it has handled an answer): the index after that
    request, else None."""
    syncs = tap.syncs
    for answer in range(start, len(syncs)):
        if syncs[answer]["conn"] == ROOM_LIST_CONNECTION and syncs[answer]["kind"] == "answer" \
                and room_id in syncs[answer]["rooms"]:
            for request in range(answer + 1, len(syncs)):
                if syncs[request]["conn"] == ROOM_LIST_CONNECTION and syncs[request]["kind"] == "request":
                    return request + 1
            return None
    return None


async def subscribe(peer, room_id):
    """Subscribes to the room, as Element X does to the room on screen: the room list brings
    only a room's last event, a subscription its recent timeline, where a request sent before
    the peer joined is."""
    room_list = peer.sync_service.room_list_service()
    await peer.within(f"subscribing to {room_id}", room_list.subscribe_to_rooms([room_id]))


async def nudge(peer):
    """Ends the encryption connection's long-poll: the SDK sends what it has queued (key
    queries, in-room verification events, signatures) only as that connection asks again."""
    user_id, device_id = peer.client.user_id(), peer.client.device_id()
    path = f"/_matrix/client/v3/sendToDevice/{NUDGE_TYPE}/{uuid.uuid4().hex}"
    await asyncio.to_thread(peer.server_call, "PUT", path, {"messages": {user_id: {device_id: {}}}})
    log("nudged the encryption connection")


async def join_invites_from(peer, user_id):
    """Joins the rooms user_id has invited the peer to, and subscribes to them: an in-room
    request comes in their DM, which the peer may only be invited to, and may have come before
    the join. Returns whether some invite's
    inviter is not known yet (sync has still to bring the invite's member events)."""
    unknown = False
    for room in peer.client.rooms():
        if room.membership() != sdk.Membership.INVITED:
            continue
        try:
            inviter = await peer.within("the inviter", room.inviter())
        except PeerError:
            raise
        except Exception as error:
            log(f"the inviter of {room.id()}: {describe(error)}")
            inviter = None
        if inviter is None:
            unknown = True
        elif inviter.user_id == user_id:
            await peer.joined_room(room.id())
            log(f"joined {room.id()}, {user_id}'s invite")
            await subscribe(peer, room.id())
    return unknown


async def keep_joining_invites_from(peer, user_id):
    """join_invites_from, again whenever sync changes the peer's rooms (or brings anything, while
    an inviter is unknown), until cancelled or the call's time is up (then the wait for the
    request says so)."""
    def memberships():
        return {room.id(): room.membership() for room in peer.client.rooms()}

    def answers():
        return sum(sync["kind"] == "answer" for sync in peer.tap.syncs)

    try:
        while True:
            unknown = await join_invites_from(peer, user_id)
            known, seen = memberships(), answers()
            await peer.until("a change to the peer's rooms",
                             lambda: memberships() != known or (unknown and answers() > seen), peer.tap.changed)
    except PeerError as error:
        log(f"joining invites: {error}")


async def verify(peer, args, drive):
    """Runs drive(flow) and answers with the flow's end: cancellations end a flow normally."""
    await verification_controller(peer)
    flow = Flow(peer, peer.verification_controller)
    try:
        try:
            await drive(flow)
            await flow.compare(args.answer)
            outcome = await flow.end()
        except Ended as ended:
            outcome = ended.outcome
        result = await flow.answer(outcome)
    finally:
        flow.stop()
    if outcome == "failed":
        raise PeerError("the SDK reported the verification failed", **result)
    return result


async def request_verification(peer, args):
    async def drive(flow):
        if args.of:
            await prepare_dm(peer, args.of)
        emit({"ready": True})
        await flow.request(args.of)
        await flow.await_acceptance()
        await flow.start_sas()

    return await verify(peer, args, drive)


async def prepare_dm(peer, user_id):
    """What the SDK needs before it asks another user: their identity, and a DM it knows to be
    encrypted. The SDK would create a missing DM itself and send the request at once, in the
    clear when sync had not yet brought the new room's encryption."""
    identity = await peer.identity(user_id)
    if identity is None:
        raise PeerError(f"{user_id} has no cross-signing identity to verify")
    if identity.is_verified():
        raise PeerError(f"{user_id} is verified already")
    await join_invites_from(peer, user_id)
    if dm_id(peer, user_id) is not None:
        await subscribe(peer, dm_id(peer, user_id))
    else:
        room_id = await peer.within("creating the DM", peer.client.create_room(sdk.CreateRoomParameters(
            name=None, is_encrypted=True, is_direct=True, visibility=sdk.RoomVisibility.PRIVATE(),
            preset=sdk.RoomPreset.TRUSTED_PRIVATE_CHAT, invite=[user_id])))
        log(f"created the DM {room_id}")
        await peer.encryption_known(await peer.room(room_id), encrypted=True)
        # The SDK finds a DM by the m.direct account data, which comes back by sync.
        await peer.until(f"{room_id} to count as the DM with {user_id}", lambda: dm_id(peer, user_id) == room_id)
    # Sending the request, the SDK waits up to 5 s for a key query it has queued for a user it
    # knows no devices of (the peer's own user, when it has no other device).
    await nudge(peer)


def dm_id(peer, user_id):
    """The ID of the DM with user_id that the SDK would use, if any."""
    room = peer.client.get_dm_room(user_id)
    return room.id() if room else None


async def respond_verification(peer, args):
    async def drive(flow):
        emit({"ready": True})
        await flow.receive(getattr(args, "from"))
        if flow.in_room:
            await flow.follow_dm()
        if args.start_sas:
            await flow.start_sas()

    joining = None
    sender = getattr(args, "from")
    if sender not in (None, peer.client.user_id()):
        # The SDK ignores an in-room request from a device it has not fetched the keys of.
        await peer.identity(sender)
        if dm_id(peer, sender) is not None:
            await subscribe(peer, dm_id(peer, sender))
        joining = asyncio.ensure_future(keep_joining_invites_from(peer, sender))
    try:
        return await verify(peer, args, drive)
    finally:
        if joining is not None:
            joining.cancel()


def parser():
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--homeserver", required=True, help="e.g. http://127.0.0.1:8008")
    common.add_argument("--user", required=True, help="localpart, e.g. nina")
    common.add_argument("--password-file", required=True, help="the user's password, for logging in and for UIA")
    common.add_argument("--store", required=True, help="directory keeping the device")
    common.add_argument("--timeout", type=float, default=60, help="seconds the call may wait, in all (60)")
    root = Usage(description="a matrix-rust-sdk peer for integration tests, one step a call",
                 epilog="See the file's docstring for what each command prints.")
    commands = root.add_subparsers(dest="command", required=True, parser_class=Usage)

    def command(name, run, strategy=None, verifying=False):
        sub = commands.add_parser(name, parents=[common])
        sub.set_defaults(run=run, strategy=strategy, verifying=verifying)
        return sub

    sub = command("setup-recovery", setup_recovery)
    sub.add_argument("--room-name", required=True)
    sub.add_argument("--message", action="append", required=True, help="repeat for more messages")
    sub = command("recover", recover)
    sub.add_argument("--key", required=True, help="the recovery key, as setup-recovery printed it")
    sub.add_argument("--room", help="also read this room, as `read` does")
    sub.add_argument("--expect", type=int, default=0, help="with --room: readable messages to wait for")
    sub = command("device-trust", device_trust, strategy=CollectStrategy.ERROR_ON_VERIFIED_USER_PROBLEM)
    sub.add_argument("--device", required=True)
    sub.add_argument("--of", help="the device's user (default: the peer's own)")
    sub.add_argument("--wait-until", choices=["verified", "unverified"])
    sub = command("identity", identity)
    sub.add_argument("--of", help="the user (default: the peer's own)")
    command("reset-identity", reset_identity)
    sub = command("key-backup", key_backup)
    switch = sub.add_mutually_exclusive_group()
    switch.add_argument("--enable", action="store_true", help="turn backups on first, as Element X's key storage switch does")
    switch.add_argument("--disable", action="store_true", help="turn recovery off first (deletes the backup), as Element X does")
    sub.add_argument("--expect", choices=["on", "off", "none"], help="wait until m.key_backup says this")
    sub = command("read", read)
    sub.add_argument("--room", required=True)
    sub.add_argument("--expect", type=int, required=True)
    sub = command("send", send)
    sub.add_argument("--room", required=True)
    sub.add_argument("--message", action="append", required=True, help="repeat for more messages")
    sub = command("join", join)
    sub.add_argument("--room", required=True, help="room ID or alias")
    sub = command("create-room", create_room)
    sub.add_argument("--name", required=True)
    sub.add_argument("--message", action="append", help="a message to send before the invite; repeat for more")
    sub.add_argument("--invite", help="a user to invite last, sharing the room's history with them")
    sub.add_argument("--history-visibility", choices=list(HISTORY_VISIBILITIES), default="shared")
    sub = command("invite", invite)
    sub.add_argument("--room", required=True)
    # Not --user: every command's --user is the peer's own.
    sub.add_argument("--invitee", required=True, help="the user ID to invite, sharing the room's history with them")
    command("logout", logout)
    sub = command("notification-mode", notification_mode)
    sub.add_argument("--room", required=True)
    sub.add_argument("--set", choices=["all", "mentions", "mute", "default"], help="set the room's mode first, as Element X does")
    sub.add_argument("--expect", choices=["all", "mentions", "mute", "default"], help="wait until the room's mode is this")
    sub = command("unread-flag", unread_flag)
    sub.add_argument("--room", required=True)
    sub.add_argument("--set", choices=["true", "false"], help="mark the room unread, or take the mark away, as Element X does")
    sub.add_argument("--expect", choices=["true", "false"], help="wait until the flag is this")
    sub = command("ignored-users", ignored_users)
    sub.add_argument("--known", help="a user to wait for among those ignored before changing the list")
    sub.add_argument("--ignore", help="a user to ignore first, as Element X does")
    sub.add_argument("--unignore", help="a user to stop ignoring first")
    sub.add_argument("--expect", help="wait until exactly these are ignored (comma-separated user IDs; empty for none)")
    sub = command("default-mode", default_mode)
    sub.add_argument("--kind", required=True, choices=["direct", "group", "encrypted"])
    sub.add_argument("--expect", choices=["all", "mentions"], help="wait until the default is this")
    sub = command("poll-create", poll_create)
    sub.add_argument("--room", required=True)
    sub.add_argument("--question", required=True)
    sub.add_argument("--answer", action="append", required=True, help="repeat for each answer")
    sub.add_argument("--undisclosed", action="store_true", help="an undisclosed poll (Element X shows results once it ends)")
    sub.add_argument("--max-selections", type=int, default=1)
    sub = command("poll-vote", poll_vote)
    sub.add_argument("--room", required=True)
    sub.add_argument("--poll", required=True, help="the poll start's event ID")
    sub.add_argument("--answer", action="append", required=True, help="an answer's ID; repeat for more")
    sub = command("poll-end", poll_end)
    sub.add_argument("--room", required=True)
    sub.add_argument("--poll", required=True, help="the poll start's event ID")
    sub = command("polls", polls)
    sub.add_argument("--room", required=True)
    sub.add_argument("--poll", help="only this poll (its start's event ID)")
    sub.add_argument("--expect-votes", type=int, help="wait until the polls listed have at least this many votes in all")
    sub.add_argument("--expect-ended", action="store_true", help="wait until the polls listed have ended")
    sub = command("pins", pins)
    sub.add_argument("--room", required=True)
    sub.add_argument("--pin", help="an event ID to pin first, as Element X does")
    sub.add_argument("--unpin", help="an event ID to unpin first")
    sub.add_argument("--expect", type=int, help="wait until exactly this many events are pinned")
    sub = command("request-verification", request_verification, verifying=True)
    sub.add_argument("--of", help="another user to verify, in a DM (default: the user's own other devices)")
    sub.add_argument("--answer", choices=["match", "mismatch", "none"], default="match")
    sub = command("respond-verification", respond_verification, verifying=True)
    sub.add_argument("--from", help="take only a request from this user (and join the DM they invite to)")
    sub.add_argument("--answer", choices=["match", "mismatch", "none"], default="match")
    sub.add_argument("--start-sas", action="store_true", help="start SAS once accepted (else the other side does)")
    return root


def sdk_logging():
    level = os.environ.get("RUST_SDK_PEER_LOG")
    if not level:
        return
    levels = {"error": sdk.LogLevel.ERROR, "warn": sdk.LogLevel.WARN, "info": sdk.LogLevel.INFO,
              "debug": sdk.LogLevel.DEBUG, "trace": sdk.LogLevel.TRACE}
    if level not in levels:
        Usage().error(f"RUST_SDK_PEER_LOG must be one of {', '.join(levels)}")
    # The SDK writes its log to stderr.
    sdk.init_platform(sdk.TracingConfiguration(
        log_level=levels[level], trace_log_packs=[], extra_targets=[], write_to_stdout_or_system=True,
        write_to_files=None, sentry_config=None), False)


async def run(args):
    sdk.uniffi_set_event_loop(asyncio.get_running_loop())
    # Verification runs with the SDK's traffic through a tap: the bindings tell too little.
    tap = WireTap(log) if args.verifying else None
    if tap is not None:
        await tap.start()
    peer = Peer(args, tap)
    try:
        await peer.open(args.strategy, listen_for_verification if args.verifying else None)
        return await args.run(peer, args)
    finally:
        await peer.close()
        if tap is not None:
            tap.close()


def main():
    args = parser().parse_args()
    if args.timeout <= 0:
        Usage().error("--timeout must be positive")

    def hang():
        print(json.dumps({"error": f"{args.command} hung past its {args.timeout:g} s"}), flush=True)
        os._exit(1)

    # The last resort, should the SDK not return even to a cancelled wait.
    watchdog = threading.Timer(args.timeout + STOP_SECONDS + 20, hang)
    watchdog.daemon = True
    watchdog.start()
    sdk_logging()
    try:
        answer, status = asyncio.run(run(args)), 0
    except PeerError as error:
        answer, status = {"error": str(error), **error.details}, 1
    except Exception as error:
        traceback.print_exc()
        answer, status = {"error": describe(error)}, 1
    log(f"{args.command} done, status {status}")
    print(json.dumps(answer), flush=True)
    sys.stderr.flush()
    # Python's own shutdown aborts (FATAL: exception not rethrown) while the SDK's threads live.
    os._exit(status)


if __name__ == "__main__":
    main()

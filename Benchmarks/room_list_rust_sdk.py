"""Times how Element X's engine, matrix-rust-sdk (its Python bindings, matrix-sdk-python), builds
the room list of a new device on an account joined to many rooms, for first-sync.sh: the figures
first_sync.py gives for element-shell, from the SDK's own room list.

  room_list_rust_sdk.py --homeserver URL --user NAME --password-file FILE --rooms N --store DIR
                        [--access-log LOG] [--timeout S] [--out FILE]

Run with the Python of Scripts/lib/rust-sdk-venv.sh. It builds the client as Element X does
(SQLite stores in DIR, which must be new or empty; native sliding sync), logs a new device in with
the password, starts the SyncService (the room-list and encryption sliding sync connections) and
watches the RoomListService's all_rooms list as Element X's room list screen does: entries with
dynamic adapters, filtered to rooms not left with one version of each upgraded room, in one page
of at least N, so that the whole list is in view. Each batch of diffs the SDK sends is applied to
a copy of the list (the SDK's order: latest event, then recency, then name), and every room it
touched is read again as Element X reads a room summary: display_name() and latest_event().
Each room's changes of (in the list, display name, latest event) are noted with their time, from
just before the client is built (build_ms and login_ms say what of it those took, import_ms what
loading the bindings took before). observer_lag_max_ms bounds how late this copy ran.

The full list is in once the copy holds N rooms, each with a display name, and nothing about any
room has changed for SETTLE seconds: a room's latest event comes after the room (the SDK computes
it from its event cache once the response is stored), and some rooms never get one (a space, an
encrypted room whose last event is m.room.encryption). Then, from the final state, as
first_sync.py does from its last commit:
  - first_screen_ms: the 20 rooms that head the final list are each there with their final
    display name and, those that have one, their final latest event; first_screen_live_ms: the
    first 20 entries of the list as it was at the time are so (rooms may come in above later);
  - full_list_ms: every room of the list is so;
  - with --access-log (Synapse's log at INFO, read from its size at start), the requests Synapse
    answered until the full list and their response bytes (as Synapse counts them: it compresses
    nothing); --out keeps them by endpoint, each one, each room's changes and RSS samples;
  - peak_rss_kb: ru_maxrss of this process then, the Python interpreter included
    (baseline_rss_kb: VmRSS once the bindings were loaded). Most of it is glibc's malloc arenas,
    one per thread of the SDK's: with MALLOC_ARENA_MAX=2 it was 40 % of that at 1,000 rooms.
Then the sync service is stopped, the device logged out and DIR emptied. One JSON line goes to
stdout ({"error": ...} and exit status 1 on failure, the device still logged out); what happens
along the way goes to stderr. --timeout (600 s) bounds the wait for the full list.
"""

import argparse
import asyncio
import json
import os
import resource
import shutil
import sys
import threading
import time

from synapse_requests import requests

IMPORT_START = time.monotonic()
import matrix_sdk_python as sdk  # noqa: E402  (its load, ~100 MB of library, is timed)
from matrix_sdk_python._generated.matrix_sdk_base import EncryptionState  # noqa: E402  (not at the top level)

IMPORT_SECONDS = time.monotonic() - IMPORT_START
FIRST_SCREEN = 20
# Element X's room list page; ours is at least N, so the whole list is in view at once.
PAGE_SIZE = 200
# Quiet time after N named rooms before their state is taken as final (a room's latest event is
# computed after the response that brought it; the next changes would be new messages).
SETTLE_SECONDS = 3
STOP_SECONDS = 10
RSS_EVERY = 0.1
DEVICE_NAME = "room-list-bench"


class Failure(Exception):
    """A failure to report, with details for the JSON line."""

    def __init__(self, message, **details):
        super().__init__(message)
        self.details = details


class Clock:
    def __init__(self):
        self.start = time.monotonic()
        self.wall_start = time.time()

    def now(self):
        return time.monotonic() - self.start

    def log(self, message):
        print(f"[{self.now():7.3f}] room_list_rust_sdk: {message}", file=sys.stderr, flush=True)


def name_of(value):
    """An SDK enum or variant as a plain name."""
    if hasattr(value, "name") and isinstance(value.name, str):
        return value.name
    return type(value).__name__.split(".")[-1]


def latest_key(value):
    """What the room list shows of a LatestEventValue, comparable: None when there is none,
    else its kind and timestamp (the bindings give no event ID)."""
    if value is None or isinstance(value, sdk.LatestEventValue.NONE):
        return None
    return (name_of(value), int(getattr(value, "timestamp", 0) or 0))


class RoomListMirror(sdk.RoomListEntriesListener):
    """The list as the SDK streams it, and each room's history of (in list, name, latest event).

    The SDK calls on_update on its own threads; the diffs are applied on the event loop in order,
    and the rooms they touched are read again by one task, as Element X's summary provider does."""

    def __init__(self, clock, loop):
        self.clock = clock
        self.loop = loop
        self.ids = []            # room IDs, in the list's order
        self.rooms = {}          # room ID -> sdk Room
        self.state = {}          # room ID -> (in list, display name, latest key)
        self.history = {}        # room ID -> [(seconds, state)], one entry per change
        self.screens = []        # [(seconds, the list's first 20 room IDs)], one per change
        self.pending = set()     # room IDs to read again
        self.changed_at = 0.0    # when any room's state last changed
        self.batches = 0
        # How far behind the SDK the copy runs: from the SDK's call with the oldest diffs not yet
        # read to the end of their reading (the observer's own delay, included in the times).
        self.oldest_call = None
        self.lag_max = 0.0
        self.wake = asyncio.Event()
        self.updated = asyncio.Event()  # set after each batch of reads

    def on_update(self, room_entries_update):
        called = time.monotonic()
        try:
            self.loop.call_soon_threadsafe(self.apply, room_entries_update, called)
        except RuntimeError:
            pass  # the loop has closed: the run is over

    def apply(self, diffs, called):
        self.batches += 1
        if self.oldest_call is None:
            self.oldest_call = called
        ids = self.ids
        for diff in diffs:
            if isinstance(diff, sdk.RoomListEntriesUpdate.APPEND):
                ids.extend(self.take(room) for room in diff.values)
            elif isinstance(diff, sdk.RoomListEntriesUpdate.CLEAR):
                ids.clear()
            elif isinstance(diff, sdk.RoomListEntriesUpdate.PUSH_FRONT):
                ids.insert(0, self.take(diff.value))
            elif isinstance(diff, sdk.RoomListEntriesUpdate.PUSH_BACK):
                ids.append(self.take(diff.value))
            elif isinstance(diff, sdk.RoomListEntriesUpdate.POP_FRONT):
                self.pending.add(ids.pop(0))
            elif isinstance(diff, sdk.RoomListEntriesUpdate.POP_BACK):
                self.pending.add(ids.pop())
            elif isinstance(diff, sdk.RoomListEntriesUpdate.INSERT):
                ids.insert(diff.index, self.take(diff.value))
            elif isinstance(diff, sdk.RoomListEntriesUpdate.SET):
                ids[diff.index] = self.take(diff.value)
            elif isinstance(diff, sdk.RoomListEntriesUpdate.REMOVE):
                self.pending.add(ids.pop(diff.index))
            elif isinstance(diff, sdk.RoomListEntriesUpdate.TRUNCATE):
                self.pending.update(ids[diff.length:])
                del ids[diff.length:]
            elif isinstance(diff, sdk.RoomListEntriesUpdate.RESET):
                self.pending.update(ids)
                ids[:] = [self.take(room) for room in diff.values]
        self.wake.set()

    def take(self, room):
        room_id = room.id()
        self.rooms[room_id] = room
        self.pending.add(room_id)
        return room_id

    async def read_rooms(self):
        """Forever: reads again the rooms the last diffs touched, and notes what changed."""
        while True:
            await self.wake.wait()
            self.wake.clear()
            touched, self.pending = self.pending, set()
            oldest, self.oldest_call = self.oldest_call, None
            listed = set(self.ids)
            screen = tuple(self.ids[:FIRST_SCREEN])
            if not self.screens or self.screens[-1][1] != screen:
                self.screens.append((self.clock.now(), screen))
            for room_id in touched:
                room = self.rooms[room_id]
                if room_id in listed:
                    latest = latest_key(await room.latest_event())
                    state = (True, room.display_name() or None, latest)
                else:
                    state = (False, None, None)
                if self.state.get(room_id) != state:
                    seen = self.clock.now()
                    self.state[room_id] = state
                    self.history.setdefault(room_id, []).append((seen, state))
                    self.changed_at = seen
            if oldest is not None:
                self.lag_max = max(self.lag_max, time.monotonic() - oldest)
            self.updated.set()

    def named_rooms(self):
        return sum(1 for room_id in self.ids if self.state.get(room_id, (False, None))[1])

    def complete_since(self, room_id):
        """The time since which the room has been in its final state (in the list with its final
        name and latest event), or None if it is not in the list now."""
        history = self.history.get(room_id, [])
        if not history or not history[-1][1][0]:
            return None
        return history[-1][0]

    def first_screen_live(self):
        """When the list's first 20 entries, as they were then, were first each named and with a
        latest event (unless the room has none at the end), or None."""
        def ready_from(room_id):
            final_latest = self.state[room_id][2]
            for seen, (listed, name, latest) in self.history.get(room_id, []):
                if listed and name and (latest is not None or final_latest is None):
                    return seen
            return float("inf")

        for index, (start, screen) in enumerate(self.screens):
            end = self.screens[index + 1][0] if index + 1 < len(self.screens) else float("inf")
            if len(screen) == FIRST_SCREEN:
                at = max([start] + [ready_from(room_id) for room_id in screen])
                if at < end:
                    return at
        return None


class Bench:
    def __init__(self, args, clock):
        self.args = args
        self.clock = clock
        self.loop = asyncio.get_running_loop()
        self.deadline = clock.start + args.timeout
        self.client = None
        self.sync_service = None
        self.handles = []  # TaskHandles and listener results: dropping one stops it
        self.mirror = RoomListMirror(clock, self.loop)
        self.marks = {}
        self.logged_in = False
        self.max_rooms = None
        self.rss = []  # [ms, VmRSS kB], every RSS_EVERY seconds while the list builds

    def remaining(self):
        return self.deadline - time.monotonic()

    async def within(self, what, awaitable):
        try:
            return await asyncio.wait_for(awaitable, max(self.remaining(), 0.01))
        except asyncio.TimeoutError:
            raise Failure(f"{what}: nothing after {self.args.timeout:g} s") from None

    def from_rust(self, function, *arguments):
        try:
            self.loop.call_soon_threadsafe(function, *arguments)
        except RuntimeError:
            pass

    def mark(self, key, what):
        self.marks[key] = round(self.clock.now() * 1000, 1)
        self.clock.log(what)

    async def run(self):
        args = self.args
        with open(args.password_file) as file:
            password = file.read().rstrip("\n")
        # As Element X's ClientBuilder, less what would change the kept account the other
        # benchmarks share: no cross-signing set-up nor key backup (neither feeds the room list).
        builder = (sdk.ClientBuilder()
                   .homeserver_url(args.homeserver)
                   .sqlite_store(sdk.SqliteStoreBuilder(os.path.join(args.store, "data"),
                                                        os.path.join(args.store, "cache")))
                   .sliding_sync_version_builder(sdk.SlidingSyncVersionBuilder.NATIVE)
                   .auto_enable_cross_signing(False)
                   .auto_enable_backups(False))
        self.client = await self.within("building the client", builder.build())
        self.mark("build_ms", "client built")
        await self.within("logging in", self.client.login(args.user, password, DEVICE_NAME, None))
        self.logged_in = True
        self.mark("login_ms", f"logged in as {self.client.user_id()}, device {self.client.device_id()}")

        # Element X: offline mode (it retries when the server is unreachable) and the room list's
        # position kept on disk (shared with its notification process).
        builder = self.client.sync_service().with_offline_mode().with_share_pos(True)
        self.sync_service = await self.within("building the sync service", builder.finish())
        bench = self

        class SyncState(sdk.SyncServiceStateObserver):
            def on_update(self, state):
                bench.from_rust(bench.clock.log, f"sync service: {name_of(state)}")

        class ListState(sdk.RoomListServiceStateListener):
            last = None

            def on_update(self, state):
                # It says RUNNING again after each sync of the growing list.
                if state != self.last:
                    self.last = state
                    bench.from_rust(bench.clock.log, f"room list service: {name_of(state)}")

        class Loading(sdk.RoomListLoadingStateListener):
            def on_update(self, state):
                bench.from_rust(bench.loading, state)

        room_list_service = self.sync_service.room_list_service()
        self.handles.append(self.sync_service.state(SyncState()))
        self.handles.append(room_list_service.state(ListState()))
        # The list and its listener before sync starts, as Element X's room list screen: no
        # diff is missed.
        all_rooms = await self.within("the all_rooms list", room_list_service.all_rooms())
        loading = all_rooms.loading_state(Loading())
        self.handles.append(loading.state_stream)
        entries = all_rooms.entries_with_dynamic_adapters(max(args.rooms, PAGE_SIZE), self.mirror)
        self.handles += [all_rooms, entries, entries.entries_stream()]
        controller = entries.controller()
        # Element X's filter for the whole list: rooms not left, one version of an upgraded room.
        kinds = sdk.RoomListEntriesDynamicFilterKind
        if not controller.set_filter(kinds.ALL([kinds.NON_LEFT(), kinds.DEDUPLICATE_VERSIONS()])):
            raise Failure("the room list dropped its entries stream")
        tasks = [asyncio.ensure_future(self.mirror.read_rooms()), asyncio.ensure_future(self.sample_rss())]
        try:
            await self.within("starting sync", self.sync_service.start())
            self.mark("sync_started_ms", "sync service started")
            await self.wait_for_full_list()
        finally:
            for task in tasks:
                task.cancel()
        return self.result()

    async def sample_rss(self):
        while True:
            self.rss.append([round(self.clock.now() * 1000), vm_rss_kb()])
            await asyncio.sleep(RSS_EVERY)

    def loading(self, state):
        if isinstance(state, sdk.RoomListLoadingState.LOADED):
            self.max_rooms = state.maximum_number_of_rooms
        self.clock.log(f"all_rooms: {name_of(state)}, maximum {self.max_rooms}")

    async def wait_for_full_list(self):
        """Until N named rooms, then SETTLE_SECONDS without a change to any room."""
        mirror = self.mirror
        logged = 0
        while True:
            mirror.updated.clear()
            named = mirror.named_rooms()
            # A line each time the list has grown and all its rooms are named.
            if named == len(mirror.ids) > logged:
                logged = named
                self.clock.log(f"{named} rooms in the list, all named")
            quiet = self.clock.now() - mirror.changed_at
            if named >= self.args.rooms and quiet >= SETTLE_SECONDS:
                self.mark("settled_ms", "the list settled")
                return
            if self.remaining() <= 0:
                raise Failure(f"the full list: not within {self.args.timeout:g} s", rooms_in_list=len(mirror.ids),
                              named=named, maximum_number_of_rooms=self.max_rooms)
            wait = SETTLE_SECONDS - quiet if named >= self.args.rooms else 1.0
            try:
                await asyncio.wait_for(mirror.updated.wait(), max(min(wait, self.remaining()), 0.01))
            except asyncio.TimeoutError:
                pass

    def result(self):
        mirror = self.mirror
        order = list(mirror.ids)
        since = {room_id: mirror.complete_since(room_id) for room_id in order}
        screen = order[:FIRST_SCREEN]
        without_latest = [room_id for room_id in order if mirror.state[room_id][2] is None]
        live = mirror.first_screen_live()
        return {
            "client": f"matrix-sdk-python {sdk.__version__}",
            "rooms": self.args.rooms,
            "first_screen_ms": round(max(since[room_id] for room_id in screen) * 1000, 1),
            "full_list_ms": round(max(since.values()) * 1000, 1),
            "peak_rss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
            # The list's first 20 entries as they were at the time, rather than the final list's.
            "first_screen_live_ms": None if live is None else round(live * 1000, 1),
            "rooms_in_list": len(order),
            "maximum_number_of_rooms": self.max_rooms,
            "without_latest_event": len(without_latest),
            # The rooms the SDK gives no latest event: spaces, and encrypted rooms whose last event
            # (the list's timeline_limit is 1) is not one it shows, e.g. m.room.encryption.
            "spaces_without_latest_event": sum(mirror.rooms[room_id].is_space() for room_id in without_latest),
            "encrypted_without_latest_event": sum(mirror.rooms[room_id].encryption_state() == EncryptionState.ENCRYPTED
                                                  for room_id in without_latest),
            "first_screen_without_latest_event": sum(mirror.state[room_id][2] is None for room_id in screen),
            "latest_event_kinds": sorted({state[2][0] for state in mirror.state.values() if state[2]}),
            "diff_batches": mirror.batches,
            "observer_lag_max_ms": round(mirror.lag_max * 1000, 1),
            **self.marks,
        }

    async def close(self, logged_in):
        """Stops sync, logs the device out and empties DIR; a failure is only logged."""
        async def tidy(what, awaitable):
            try:
                await asyncio.wait_for(awaitable, STOP_SECONDS)
                return True
            except Exception as error:
                self.clock.log(f"{what}: {type(error).__name__}: {error}")
                return False

        if self.sync_service is not None:
            await tidy("stopping sync", self.sync_service.stop())
        self.handles.clear()
        logged_out = None
        if logged_in and self.client is not None:
            logged_out = await tidy("logging out", self.client.logout())
        for folder in ("data", "cache"):
            shutil.rmtree(os.path.join(self.args.store, folder), ignore_errors=True)
        return logged_out


def access_figures(log, offset, wall_start, full_ms):
    answered = requests(log, offset, wall_start)
    # The log's stamps are to the millisecond, and its line is written as the answer goes out.
    until = [request for request in answered if request["end_ms"] <= full_ms + 5]
    by_endpoint = {}
    for request in until:
        counts = by_endpoint.setdefault(request["request"], [0, 0])
        counts[0] += 1
        counts[1] += request["bytes"]
    return {"requests_until_full": len(until), "bytes_until_full": sum(request["bytes"] for request in until),
            "sync_requests_until_full": sum(request["request"].endswith("/sync") for request in until),
            "endpoints_until_full": by_endpoint}


async def main_async(args, clock):
    sdk.uniffi_set_event_loop(asyncio.get_running_loop())
    bench = Bench(args, clock)
    result, failure = None, None
    try:
        result = await bench.run()
    except Failure as error:
        failure = {"error": str(error), **error.details}
    except Exception as error:
        failure = {"error": f"{type(error).__name__}: {error}"}
    logged_out = await bench.close(bench.logged_in)
    mirror = bench.mirror
    details = {"order": mirror.ids, "rss_samples": bench.rss, "status_at_end": proc_status(),
               "history": {room_id: [[round(seen * 1000, 1), *state] for seen, state in changes]
                           for room_id, changes in mirror.history.items()}}
    if failure is not None:
        return failure | {"logged_out": logged_out}, 1, details
    return result | {"logged_out": logged_out}, 0, details


def proc_status():
    """The kB fields of /proc/self/status (VmRSS, RssAnon...), and Threads."""
    fields = {}
    with open("/proc/self/status") as status:
        for line in status:
            name, _, value = line.partition(":")
            if value.strip().endswith(" kB") or name == "Threads":
                fields[name] = int(value.split()[0])
    return fields


def vm_rss_kb():
    return proc_status().get("VmRSS")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--homeserver", required=True)
    parser.add_argument("--user", required=True, help="localpart")
    parser.add_argument("--password-file", required=True)
    parser.add_argument("--rooms", type=int, required=True, help="joined rooms the account has")
    parser.add_argument("--store", required=True, help="a new or empty directory for the device's stores")
    parser.add_argument("--access-log", help="Synapse's homeserver.log (level INFO)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds to wait for the full list (600)")
    parser.add_argument("--out", help="a JSON file for the details: each room's changes, the final order, RSS "
                                      "samples, every request")
    args = parser.parse_args()
    if args.rooms < FIRST_SCREEN or args.timeout <= 0:
        parser.error(f"--rooms must be at least {FIRST_SCREEN}, --timeout positive")
    if os.path.isdir(args.store) and os.listdir(args.store):
        parser.error(f"{args.store} is not empty: the device must be new")
    os.makedirs(args.store, mode=0o700, exist_ok=True)

    baseline = vm_rss_kb()
    log_offset = os.path.getsize(args.access_log) if args.access_log else 0
    clock = Clock()

    def hang():
        print(json.dumps({"error": f"hung past {args.timeout:g} s and the clean-up's time"}), flush=True)
        os._exit(1)

    # The last resort, should the SDK not return even to a cancelled wait.
    watchdog = threading.Timer(args.timeout + 3 * STOP_SECONDS + 20, hang)
    watchdog.daemon = True
    watchdog.start()
    answer, status, details = asyncio.run(main_async(args, clock))
    if status == 0:
        answer |= {"import_ms": round(IMPORT_SECONDS * 1000, 1), "baseline_rss_kb": baseline}
        if args.access_log:
            answer |= access_figures(args.access_log, log_offset, clock.wall_start, answer["full_list_ms"])
    # The figures first-sync.sh's table has, first.
    head = ["client", "rooms", "first_screen_ms", "full_list_ms", "requests_until_full", "bytes_until_full",
            "peak_rss_kb"]
    answer = {key: answer[key] for key in head if key in answer} | answer
    if args.out:
        if args.access_log:
            details["requests"] = requests(args.access_log, log_offset, clock.wall_start)
        with open(args.out, "w") as out:
            json.dump(answer | details, out, indent=1)
    print(json.dumps({key: value for key, value in answer.items() if key != "endpoints_until_full"}), flush=True)
    sys.stderr.flush()
    # Python's own shutdown aborts while the SDK's threads live.
    os._exit(status)


if __name__ == "__main__":
    main()

"""An HTTP proxy inside a peer's own process, between its Matrix SDK and the homeserver, that
passes every request on unchanged and keeps notes of the verification traffic: what the SDK's
bindings do not tell (the flow ID of a to-device request, the code of a cancellation, the secret
requests and answers that follow a self-verification) can then be waited for as it happens.

    tap = WireTap(log)
    url = await tap.start()          # http://127.0.0.1:PORT, for the SDK's proxy setting
    ... tap.sent_to_device, tap.received_to_device, tap.room_sends, tap.room_events,
        tap.encrypted_room_events, tap.syncs,
        tap.calls; tap.changed is set at every note
    tap.close()

The SDK speaks plain HTTP to a local homeserver through it (a forward proxy: absolute URLs in the
request line; no CONNECT, so no TLS). Each connection carries one request, and a request the SDK
drops (a sliding sync long-poll it restarts with new parameters) is dropped upstream at once:
Synapse would otherwise still answer the orphan, move the connection's position on, and refuse
the restarted request with M_UNKNOWN_POS.
"""

import asyncio
import gzip
import json
import time
import urllib.parse

# Headers about one hop, which the proxy does not pass on.
HOP_BY_HOP = {"connection", "proxy-connection", "keep-alive", "proxy-authorization", "te", "trailer",
              "transfer-encoding", "upgrade"}
SLIDING_SYNC = "/org.matrix.simplified_msc3575/sync"


class WireTap:
    def __init__(self, log):
        self.log = log
        self.server = None
        self.url = None
        self.started = time.monotonic()
        # Each note: {"t": seconds since start, ...}.
        self.sent_to_device = []      # {"type", "user", "device", "content"}, as PUT /sendToDevice
        self.received_to_device = []  # {"type", "sender", "content"}, from sliding sync's to_device
        self.room_sends = []          # {"room_id", "type", "event_id", "content"}, as PUT .../send
        self.room_events = []         # {"room_id", "type", "sender", "event_id", "content"},
        #                               verification events that came by sync in the clear
        self.encrypted_room_events = []  # {"room_id", "sender", "event_id"}: the others, which
        #                               the tap cannot read (a request in an encrypted DM)
        self.syncs = []               # {"conn", "kind": "request"|"answer", "rooms"}: each
        #                               sliding sync request as it leaves, each answer (200) as it
        #                               comes, with the rooms it brought timeline events of
        self.calls = []               # {"method", "path", "status", "users"} of every answered
        #                               request ("users": those a key query asked about)
        self.changed = asyncio.Event()

    async def start(self):
        self.server = await asyncio.start_server(self.serve, "127.0.0.1", 0)
        self.url = f"http://127.0.0.1:{self.server.sockets[0].getsockname()[1]}"
        return self.url

    def close(self):
        if self.server is not None:
            self.server.close()

    def now(self):
        return round(time.monotonic() - self.started, 3)

    # Relaying

    async def serve(self, client_reader, client_writer):
        try:
            request = await read_request(client_reader)
            if request is None:
                return
            method, url, headers, body = request
            target = urllib.parse.urlsplit(url)
            if target.path.endswith(SLIDING_SYNC):
                self.note_sync_request(body)
            response = await self.relay(method, target, headers, body, client_reader)
            if response is None:
                return
            # Noted before the SDK can read it: a wait that starts once an SDK call returns finds
            # what the call's requests brought.
            self.note(method, target, body, response)
            client_writer.write(response)
            await client_writer.drain()
        except (OSError, ValueError, asyncio.IncompleteReadError, asyncio.LimitOverrunError) as error:
            self.log(f"wire tap: {type(error).__name__}: {error}")
        except asyncio.CancelledError:
            # The call is ending with this request in flight (a long-poll). Nothing awaits this
            # task, and Python 3.11's stream server would print the cancellation as an error.
            pass
        finally:
            client_writer.close()

    async def relay(self, method, target, headers, body, client_reader):
        """The server's whole answer (it closes after it), or None when the SDK hung up first."""
        upstream_reader, upstream_writer = await asyncio.open_connection(target.hostname, target.port or 80)
        try:
            path = target.path + (f"?{target.query}" if target.query else "")
            lines = [f"{method} {path} HTTP/1.1"]
            lines += [f"{name}: {value}" for name, value in headers if name.lower() not in HOP_BY_HOP]
            lines += ["Connection: close", "", ""]
            upstream_writer.write("\r\n".join(lines).encode("latin-1") + body)
            answer = asyncio.ensure_future(upstream_reader.read())
            # The SDK sends nothing more on this connection: anything it does now is hanging up.
            hangup = asyncio.ensure_future(client_reader.read(1))
            await asyncio.wait({answer, hangup}, return_when=asyncio.FIRST_COMPLETED)
            hangup.cancel()
            if not answer.done():
                answer.cancel()
                return None
            return answer.result()
        finally:
            upstream_writer.close()

    # Notes

    def note(self, method, target, body, response):
        status, payload = parse_response(response)
        path = urllib.parse.unquote(target.path)
        try:
            sent = json.loads(body) if body else {}
        except ValueError:
            sent = {}
        self.calls.append({"t": self.now(), "method": method, "path": path, "status": status,
                           "users": sorted(sent.get("device_keys", {})) if isinstance(sent, dict) else []})
        if method == "PUT" and "/sendToDevice/" in path:
            self.note_to_device(path, sent)
        elif method == "PUT" and "/rooms/" in path and "/send/" in path and status == 200:
            self.note_room_send(path, sent, payload)
        elif path.endswith(SLIDING_SYNC) and status == 200:
            self.note_sync(sent.get("conn_id"), payload)
        elif path.endswith("/keys/signatures/upload"):
            self.log(f"wire: uploaded signatures of {sorted(sent)} ({status})")
        self.changed.set()

    def note_to_device(self, path, sent):
        event_type = path.split("/sendToDevice/", 1)[1].split("/", 1)[0]
        for user, devices in sent.get("messages", {}).items():
            for device, content in devices.items():
                self.sent_to_device.append({"t": self.now(), "type": event_type, "user": user, "device": device,
                                            "content": content})
                self.log(f"wire: sent {event_type} to {user} {device}{summary(content)}")

    def note_room_send(self, path, sent, payload):
        room_id, _, rest = path.split("/rooms/", 1)[1].partition("/send/")
        event_type = rest.split("/", 1)[0]
        self.room_sends.append({"t": self.now(), "room_id": room_id, "type": event_type,
                                "event_id": payload.get("event_id"), "content": sent})
        self.log(f"wire: sent {event_type} {payload.get('event_id')} to {room_id}")

    def note_sync_request(self, body):
        try:
            connection = json.loads(body).get("conn_id")
        except ValueError:
            connection = None
        self.syncs.append({"t": self.now(), "conn": connection, "kind": "request", "rooms": []})
        self.changed.set()

    def note_sync(self, connection, payload):
        rooms = [room_id for room_id, room in (payload.get("rooms") or {}).items() if room.get("timeline")]
        self.syncs.append({"t": self.now(), "conn": connection, "kind": "answer", "rooms": rooms})
        for event in payload.get("extensions", {}).get("to_device", {}).get("events", []):
            self.received_to_device.append({"t": self.now(), "type": event.get("type"),
                                            "sender": event.get("sender"), "content": event.get("content", {})})
            self.log(f"wire: received {event.get('type')} from {event.get('sender')}{summary(event.get('content', {}))}")
        for room_id, room in (payload.get("rooms") or {}).items():
            for event in room.get("timeline", []):
                if is_verification(event):
                    self.room_events.append({"t": self.now(), "room_id": room_id, "type": event["type"],
                                             "sender": event.get("sender"), "event_id": event.get("event_id"),
                                             "content": event.get("content", {})})
                    self.log(f"wire: {room_id} brought {event['type']} from {event.get('sender')}"
                             f"{summary(event.get('content', {}))}")
                elif event.get("type") == "m.room.encrypted":
                    self.encrypted_room_events.append({"room_id": room_id, "sender": event.get("sender"),
                                                       "event_id": event.get("event_id")})
                    self.log(f"wire: {room_id} brought an encrypted event from {event.get('sender')}")


def is_verification(event):
    kind = event.get("type", "")
    content = event.get("content", {})
    return kind.startswith("m.key.verification.") or (
        kind == "m.room.message" and content.get("msgtype") == "m.key.verification.request")


def summary(content):
    """The parts of a to-device content worth a log line."""
    shown = {key: content[key] for key in ("code", "action", "name", "transaction_id", "from_device")
             if key in content}
    return f" {shown}" if shown else ""


async def read_request(reader):
    """(method, absolute URL, [(name, value)], body), or None when the client closed first."""
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError:
        return None
    lines = head.decode("latin-1").split("\r\n")
    method, url, _ = lines[0].split(" ", 2)
    headers = [tuple(part.strip() for part in line.split(":", 1)) for line in lines[1:] if ":" in line]
    fields = {name.lower(): value for name, value in headers}
    if "chunked" in fields.get("transfer-encoding", "").lower():
        # The SDK sends bodies of known length; a chunked one would need unchunking here.
        raise ValueError(f"a chunked request body ({method} {url})")
    body = await reader.readexactly(int(fields.get("content-length", 0)))
    return method, url, headers, body


def parse_response(response):
    """(status, JSON body or {}) of a whole HTTP/1.1 answer."""
    head, _, body = response.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    try:
        status = int(lines[0].split(" ", 2)[1])
    except (IndexError, ValueError):
        return 0, {}
    fields = {name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
    if "chunked" in fields.get("transfer-encoding", "").lower():
        body = unchunk(body)
    if fields.get("content-encoding") == "gzip":
        body = gzip.decompress(body)
    try:
        payload = json.loads(body) if body else {}
    except ValueError:
        payload = {}
    return status, payload if isinstance(payload, dict) else {}


def unchunk(body):
    whole = b""
    while body:
        size_line, _, body = body.partition(b"\r\n")
        size = int(size_line.split(b";", 1)[0], 16)
        if size == 0:
            break
        whole += body[:size]
        body = body[size + 2:]
    return whole

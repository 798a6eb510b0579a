"""An HTTP proxy on 127.0.0.1 that injects faults between element-shell and a homeserver.

    fault_proxy.py UPSTREAM_URL OWNER_PID
        -> listens on a free port of 127.0.0.1, prints "PORT PID" and returns; the proxy
           (process PID) forwards every request to the server at UPSTREAM_URL, except where a
           fault rule says otherwise, until SIGTERM or until the process OWNER_PID is gone

It detaches and watches its owner (see detached_server.py). Tests drive it over HTTP on its port:

    POST   /_fault/rules    a JSON list of rules, added after those already waiting
    DELETE /_fault/rules    drops every waiting rule and releases held requests
    POST   /_fault/release  lets held requests through
    GET    /_fault/log      what happened to each request so far (method, path, fault, time, and
                            the number of the client's connection it came on, counted from 1)
    GET    /_fault/settled  answers once no request is in the proxy's hands (each answered,
                            aborted, or forwarded late after a stall)
    GET    /_fault/held     answers once a request is held by a `hold` rule added since the last
                            hold rules were (at once if one is)

A rule applies to the next `times` requests (default 1) whose path matches `path` (a regular
expression searched in the path without its query) and, if given, whose method is `method`.
Its `fault` is one of:

    status        answer `status` with `body` (JSON) without asking the server
    reset         let the server answer, send half of its body, then reset the connection
    truncate      let the server answer, send half of its body, then close (a short read)
    stall         answer nothing for `milliseconds`, then close; with `forward_after`, the server
                  gets the request then (it arrives late, after the client gave up)
    hold          forward only once released (`/_fault/release`)
    replace_body  let the server answer, then send `text` instead of its body
    inject        let the server answer a /sync (/v3 or sliding), then append `events_text` (events
                  as JSON text, spliced in unparsed so they may nest deeper than Python reads) to
                  the timeline of `room_id` in it (creating the room's entry when the answer has none)
"""

import argparse
import asyncio
import concurrent.futures
import http.client
import json
import re
import socket
import struct
import time
import urllib.parse

from detached_server import listen_detached, until_gone

HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "proxy-connection", "te", "upgrade"}


class Proxy:
    def __init__(self, upstream):
        parsed = urllib.parse.urlsplit(upstream)
        self.upstream = (parsed.hostname, parsed.port or 80)
        self.rules = []
        self.log = []
        self.connections = 0
        self.released = asyncio.Event()
        self.in_hand = 0
        self.settled = asyncio.Event()
        self.settled.set()
        self.holding = asyncio.Event()

    # --- the client's side

    async def serve(self, reader, writer):
        self.connections += 1
        connection = self.connections
        try:
            while True:
                request = await read_request(reader)
                if request is None:
                    break
                keep_open = await self.handle(request, writer, connection)
                if not keep_open:
                    break
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            if not writer.is_closing():
                writer.close()

    async def handle(self, request, writer, connection):
        method, target, headers, body = request
        path = urllib.parse.urlsplit(target).path
        if path.startswith("/_fault/"):
            await self.control(method, path, body, writer)
            return True
        # The server names its own address in its well-known and in a login's `well_known`; the
        # client would follow it around the proxy.
        if path == "/.well-known/matrix/client":
            await respond(writer, 404, b'{"errcode":"M_NOT_FOUND","error":"No well-known here"}')
            return True
        rule = self.take_rule(method, path)
        fault = rule["fault"] if rule else None
        self.log.append({"method": method, "path": path, "fault": fault, "time": time.time(), "connection": connection})
        self.in_hand += 1
        self.settled.clear()
        try:
            return await self.apply(rule, method, path, target, headers, body, writer)
        finally:
            self.in_hand -= 1
            if self.in_hand == 0:
                self.settled.set()

    async def apply(self, rule, method, path, target, headers, body, writer):
        fault = rule["fault"] if rule else None
        if fault == "status":
            await respond(writer, rule["status"], json.dumps(rule.get("body", {})).encode())
            return True
        if fault == "stall":
            await asyncio.sleep(rule.get("milliseconds", 60000) / 1000)
            if rule.get("forward_after"):
                await asyncio.to_thread(self.forward, method, target, headers, body)
            abort(writer)
            return False
        if fault == "hold":
            self.holding.set()
            await self.released.wait()
        answer = await asyncio.to_thread(self.forward, method, target, headers, body)
        if answer is None:
            abort(writer)
            return False
        status, reason, response_headers, response_body = answer
        if fault in ("reset", "truncate"):
            head = status_head(status, reason, response_headers, len(response_body))
            writer.write(head + response_body[: len(response_body) // 2])
            await writer.drain()
            if fault == "reset":
                abort(writer)
            else:
                writer.close()
            return False
        if method == "POST" and path.endswith("/login") and status == 200:
            response_body = without_well_known(response_body)
        if fault == "replace_body":
            response_body = rule["text"].encode()
        elif fault == "inject" and status == 200:
            response_body = inject(response_body, rule["room_id"], rule["events_text"])
        await respond(writer, status, response_body, reason, response_headers)
        return True

    def take_rule(self, method, path):
        for rule in self.rules:
            if rule.get("method", method) == method and re.search(rule["path"], path):
                rule["times"] = rule.get("times", 1) - 1
                if rule["times"] <= 0:
                    self.rules.remove(rule)
                return rule
        return None

    async def control(self, method, path, body, writer):
        if path == "/_fault/rules" and method == "POST":
            rules = json.loads(body)
            if any(rule["fault"] == "hold" for rule in rules):
                self.released.clear()
                self.holding.clear()
            self.rules.extend(rules)
        elif path == "/_fault/rules" and method == "DELETE":
            self.rules.clear()
            self.released.set()
        elif path == "/_fault/release" and method == "POST":
            self.released.set()
        elif path == "/_fault/log" and method == "GET":
            await respond(writer, 200, json.dumps(self.log).encode())
            return
        elif path == "/_fault/settled" and method == "GET":
            await self.settled.wait()
        elif path == "/_fault/held" and method == "GET":
            await self.holding.wait()
        else:
            await respond(writer, 404, b"{}")
            return
        await respond(writer, 200, b"{}")

    # --- the server's side

    def forward(self, method, target, headers, body):
        """One request to the upstream server on a connection of its own; `None` when the server
        is down, and the client's connection is then reset, as if it had reached the server."""
        connection = http.client.HTTPConnection(*self.upstream, timeout=120)
        try:
            kept = {name: value for name, value in headers if name.lower() not in HOP_BY_HOP}
            connection.request(method, target, body=body, headers=kept)
            response = connection.getresponse()
            data = response.read()
            return response.status, response.reason, response.getheaders(), data
        except OSError:
            return None
        finally:
            connection.close()


async def read_request(reader):
    line = await reader.readline()
    if not line:
        return None
    method, target, _ = line.decode("latin-1").split(" ", 2)
    headers = []
    while True:
        line = await reader.readline()
        if line in (b"\r\n", b"\n", b""):
            break
        name, _, value = line.decode("latin-1").partition(":")
        headers.append((name.strip(), value.strip()))
    fields = {name.lower(): value for name, value in headers}
    if fields.get("transfer-encoding", "").lower() == "chunked":
        body = b""
        while True:
            size = int((await reader.readline()).split(b";")[0], 16)
            chunk = await reader.readexactly(size + 2)
            if size == 0:
                break
            body += chunk[:-2]
    else:
        body = await reader.readexactly(int(fields.get("content-length", "0")))
    return method, target, headers, body


def status_head(status, reason, headers, length):
    lines = [f"HTTP/1.1 {status} {reason}"]
    lines += [f"{name}: {value}" for name, value in headers if name.lower() not in HOP_BY_HOP]
    lines += [f"Content-Length: {length}", "Connection: keep-alive", "", ""]
    return "\r\n".join(lines).encode("latin-1")


async def respond(writer, status, body, reason=None, headers=None):
    headers = headers if headers is not None else [("Content-Type", "application/json")]
    writer.write(status_head(status, reason or http.client.responses.get(status, ""), headers, len(body)) + body)
    await writer.drain()


def abort(writer):
    """Closes with a reset (RST) rather than an orderly end (FIN)."""
    sock = writer.get_extra_info("socket")
    if sock is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    writer.transport.abort()


def without_well_known(body):
    response = json.loads(body)
    response.pop("well_known", None)
    return json.dumps(response).encode()


PLACEHOLDER = "\0injected events\0"


def inject(body, room_id, events_text):
    response = json.loads(body)
    if "pos" in response:
        # Sliding sync: each room's timeline is a plain list.
        room = response.setdefault("rooms", {}).setdefault(room_id, {})
        room.setdefault("timeline", []).append(PLACEHOLDER)
    else:
        rooms = response.setdefault("rooms", {}).setdefault("join", {})
        timeline = rooms.setdefault(room_id, {}).setdefault("timeline", {})
        timeline.setdefault("events", []).append(PLACEHOLDER)
    return json.dumps(response).encode().replace(json.dumps(PLACEHOLDER).encode(), events_text.encode())


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("upstream")
    parser.add_argument("owner_pid", type=int)
    arguments = parser.parse_args()
    listener = listen_detached()
    asyncio.run(serve(listener, Proxy(arguments.upstream), arguments.owner_pid))


async def serve(listener, proxy, owner_pid):
    # Each forwarded request waits in a thread of its own, long polls for half a minute.
    asyncio.get_running_loop().set_default_executor(concurrent.futures.ThreadPoolExecutor(max_workers=64))
    await asyncio.start_server(proxy.serve, sock=listener, limit=1 << 20)
    await until_gone(owner_pid)


if __name__ == "__main__":
    main()

"""The Matrix client-server API over one kept-alive HTTP/1.1 connection, for the scripts that
build the benchmarks' fixtures on a local Synapse (bench_room.py, make_rooms.py, picture_room.py). Standard library
only: a fixture must be fast to make, and must not go through either client the benchmarks compare.
"""

import argparse
import http.client
import json
import time
import urllib.parse
from pathlib import Path


class RequestError(Exception):
    """A request the homeserver refused, or a homeserver this client does not speak to."""


class Client:
    """One HTTP/1.1 connection to the homeserver, kept alive for every request. Not for sharing
    between threads: give each thread a Client of its own."""

    def __init__(self, homeserver: str, token: str | None = None, timeout: float = 60):
        url = urllib.parse.urlsplit(homeserver)
        if url.scheme != "http":
            raise RequestError(f"only http:// homeservers on this machine, not {homeserver}")
        self.connection = http.client.HTTPConnection(url.hostname, url.port or 80, timeout=timeout)
        self.token = token

    def request(self, method: str, path: str, body: dict | None = None, token: str | None = None) -> dict:
        """Makes the request as TOKEN's owner (else this client's token) and returns the answer.
        A 429 is waited out as the server asks (a server whose rate limits are not lifted)."""
        headers = {"Content-Type": "application/json"}
        if token or self.token:
            headers["Authorization"] = f"Bearer {token or self.token}"
        data = None if body is None else json.dumps(body)
        while True:
            self.connection.request(method, path, data, headers)
            response = self.connection.getresponse()
            answer = json.loads(response.read() or b"{}")
            if response.status == 200:
                return answer
            if response.status != 429:
                raise RequestError(f"{method} {path.split('?')[0]}: HTTP {response.status} {answer}")
            time.sleep(answer.get("retry_after_ms", 1000) / 1000)

    def upload(self, data: bytes, content_type: str, file_name: str) -> str:
        """Stores DATA in the media repository; its mxc:// URI."""
        headers = {"Content-Type": content_type, "Authorization": f"Bearer {self.token}"}
        self.connection.request("POST", f"/_matrix/media/v3/upload?filename={quote(file_name)}", data, headers)
        response = self.connection.getresponse()
        answer = json.loads(response.read() or b"{}")
        if response.status != 200:
            raise RequestError(f"upload: HTTP {response.status} {answer}")
        return answer["content_uri"]

    def login(self, user: str, password: str, device_name: str) -> dict:
        """Logs USER (a local part) in with a device of its own; the answer has the user ID and
        access token."""
        return self.request("POST", "/_matrix/client/v3/login", {
            "type": "m.login.password",
            "identifier": {"type": "m.id.user", "user": user},
            "password": password,
            "initial_device_display_name": device_name,
        })


def quote(identifier: str) -> str:
    """A room or user ID as one segment of a path."""
    return urllib.parse.quote(identifier, safe="")


def room_arguments(description: str) -> argparse.ArgumentParser:
    """The arguments of a script that makes a room: where, as whom, under which alias."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--homeserver", required=True)
    parser.add_argument("--user", required=True, help="local part of a registered user")
    parser.add_argument("--password-file", type=Path, required=True)
    parser.add_argument("--alias", required=True, help="local part of the room's alias")
    return parser


def create_room(args: argparse.Namespace, device_name: str) -> tuple[Client, str]:
    """Logs the user of ARGS in (a device of its own) and creates a private room #ALIAS:SERVER in
    room version 11; the client, to fill the room and log out, and the room's ID."""
    client = Client(args.homeserver)
    client.token = client.login(args.user, args.password_file.read_text().rstrip("\n"), device_name)["access_token"]
    room = client.request("POST", "/_matrix/client/v3/createRoom", {
        "preset": "private_chat", "name": args.alias, "room_alias_name": args.alias, "room_version": "11",
    })["room_id"]
    return client, room

"""Register Matrix accounts on a local Synapse through its shared-secret admin API.

Standard library only, so it runs with any python3. The secret and the
password are read from files, never from the command line (which `ps` shows).
An account that already exists counts as registered, so reruns are harmless.
"""

import argparse
import hashlib
import hmac
import json
import sys
import urllib.error
import urllib.request
from pathlib import Path

REGISTER_PATH = "/_synapse/admin/v1/register"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--homeserver", required=True, help="e.g. http://127.0.0.1:8008")
    parser.add_argument("--secret-file", type=Path, required=True, help="registration shared secret")
    parser.add_argument("--password-file", type=Path, required=True, help="password for every user")
    parser.add_argument("users", nargs="+", help="localparts, e.g. alice bob")
    args = parser.parse_args()

    secret = args.secret_file.read_text().strip()
    password = args.password_file.read_text().rstrip("\n")
    for user in args.users:
        try:
            register(args.homeserver.rstrip("/") + REGISTER_PATH, secret, user, password)
        except RegistrationError as error:
            sys.exit(f"register_users: {user}: {error}")


class RegistrationError(Exception):
    def __init__(self, message: str, errcode: str | None = None):
        super().__init__(message)
        self.errcode = errcode


def register(url: str, secret: str, user: str, password: str) -> None:
    # Each registration needs a fresh single-use nonce.
    nonce = request("GET", url)["nonce"]
    signed = "\x00".join((nonce, user, password, "notadmin")).encode()
    mac = hmac.new(secret.encode(), signed, hashlib.sha1).hexdigest()
    body = {
        "nonce": nonce, "username": user, "password": password, "admin": False, "mac": mac,
        # Otherwise every account starts with a device nobody uses. Not part of the MAC.
        "inhibit_login": True,
    }
    try:
        request("POST", url, body)
    except RegistrationError as error:
        if error.errcode != "M_USER_IN_USE":
            raise


def request(method: str, url: str, body: dict | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    call = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(call, timeout=30) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        try:
            answer = json.load(error)
        except ValueError:
            answer = {}
        raise RegistrationError(f"HTTP {error.code} {answer.get('error', error.reason)}", answer.get("errcode"))
    except urllib.error.URLError as error:
        raise RegistrationError(f"cannot reach {url}: {error.reason}")


if __name__ == "__main__":
    main()

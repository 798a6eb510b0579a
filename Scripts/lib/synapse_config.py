"""Write a local Synapse configuration for tests and the demo.

Run with the dev venv's Python (it needs PyYAML, a Synapse dependency).
Writing the few keys Synapse needs directly is about 1.5 s faster than
`--generate-config`, which matters because Scripts/test does it on every run.
Secrets (signing key, registration shared secret) are created only when
missing, so a persistent server keeps them.
"""

import argparse
import base64
import os
import secrets
from pathlib import Path

import yaml

# Limiters Synapse reads as {per_second, burst_count}; the defaults answer
# 429 to tests (room creation allows a burst of 10, then 0.016/s).
RATE_LIMITED_ACTIONS = [
    "rc_message",
    "rc_registration",
    "rc_registration_token_validity",
    "rc_login.address",
    "rc_login.account",
    "rc_login.failed_attempts",
    "rc_admin_redaction",
    "rc_joins.local",
    "rc_joins.remote",
    "rc_joins_per_room",
    "rc_key_requests",
    "rc_3pid_validation",
    "rc_invites.per_room",
    "rc_invites.per_user",
    "rc_invites.per_issuer",
    "rc_third_party_invite",
    "rc_media_create",
    "rc_presence.per_user",
    "rc_delayed_event_mgmt",
    "rc_room_creation",
    "rc_reports",
    "rc_user_directory",
    "rc_profile",
]
UNLIMITED = {"per_second": 100_000, "burst_count": 1_000_000}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dir", type=Path, required=True, help="server directory")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--server-name", required=True)
    parser.add_argument("--log-level", default="WARNING")
    args = parser.parse_args()

    directory = args.dir.resolve()
    directory.mkdir(parents=True, exist_ok=True)
    signing_key = directory / "signing.key"
    shared_secret = directory / "registration_shared_secret"
    log_config = directory / "log.config"

    write_secret_once(signing_key, signing_key_line)
    write_secret_once(shared_secret, lambda: secrets.token_urlsafe(32))
    write_yaml(log_config, logging_config(directory / "homeserver.log", args.log_level))
    write_yaml(
        directory / "homeserver.yaml",
        homeserver_config(directory, args.port, args.server_name, signing_key, shared_secret, log_config),
    )


def homeserver_config(directory, port, server_name, signing_key, shared_secret, log_config) -> dict:
    config = {
        "server_name": server_name,
        "public_baseurl": f"http://127.0.0.1:{port}/",
        "pid_file": str(directory / "homeserver.pid"),
        "listeners": [
            {
                "port": port,
                "bind_addresses": ["127.0.0.1"],
                "type": "http",
                "tls": False,
                "x_forwarded": False,
                # "client" also serves /_synapse/admin, media and .well-known.
                "resources": [{"names": ["client"], "compress": False}],
            }
        ],
        "database": {"name": "sqlite3", "args": {"database": str(directory / "homeserver.db")}},
        "media_store_path": str(directory / "media"),
        "log_config": str(log_config),
        "signing_key_path": str(signing_key),
        "report_stats": False,
        "enable_registration": False,
        "registration_shared_secret_path": str(shared_secret),
        "bcrypt_rounds": 4,
        "trusted_key_servers": [],
        "suppress_key_server_warning": True,
        "federation_domain_whitelist": [],
        "enable_authenticated_media": True,
        # Link previews, of the tests' own pages on this machine only: every other private range
        # stays refused, as it must be on any server that fetches what users name.
        "url_preview_enabled": True,
        "url_preview_ip_range_blacklist": ["10.0.0.0/8", "100.64.0.0/10", "169.254.0.0/16", "172.16.0.0/12", "192.168.0.0/16",
                                           "::1/128", "fc00::/7", "fe80::/10"],
        "url_preview_ip_range_whitelist": ["127.0.0.1"],
        "serve_client_wellknown": True,
        # Any user may list a room in the directory, as on most public servers (Synapse's
        # default lets only admins), so /directory has rooms of others to find.
        "room_list_publication_rules": [{"action": "allow"}],
    }
    for dotted in RATE_LIMITED_ACTIONS:
        *parents, leaf = dotted.split(".")
        section = config
        for name in parents:
            section = section.setdefault(name, {})
        section[leaf] = dict(UNLIMITED)
    return config


def logging_config(log_file: Path, level: str) -> dict:
    return {
        "version": 1,
        "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
        "handlers": {
            "file": {"class": "logging.FileHandler", "formatter": "plain", "filename": str(log_file)}
        },
        "root": {"level": level, "handlers": ["file"]},
        "disable_existing_loggers": False,
    }


def signing_key_line() -> str:
    # Synapse's format: algorithm, key version, unpadded base64 of the 32-byte Ed25519 seed.
    seed = base64.b64encode(os.urandom(32)).decode().rstrip("=")
    return f"ed25519 a_{secrets.token_hex(2)} {seed}"


def write_secret_once(path: Path, make) -> None:
    if path.exists():
        return
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w") as file:
        file.write(make() + "\n")


def write_yaml(path: Path, document: dict) -> None:
    path.write_text(yaml.safe_dump(document, sort_keys=False))


if __name__ == "__main__":
    main()

"""Create the demo room on the local demo Synapse, once.

Run with the dev venv's Python (matrix-nio). The creator makes a room named
"Demo" with the alias #demo, invites the member, the member joins, and the
creator posts a welcome message. When #demo already resolves, nothing is done.
The room is unencrypted so the demo works whatever the shell's encryption
support is. Both setup devices log out at the end, so nobody encrypts for them.
"""

import argparse
import asyncio
import logging
import sys
from pathlib import Path

from nio import AsyncClient, AsyncClientConfig, ErrorResponse, RoomPreset, RoomResolveAliasResponse

ALIAS_LOCALPART = "demo"
ROOM_NAME = "Demo"
TOPIC = "A room to try element-shell in"
WELCOME = "Welcome to the demo room! Type /help to see what element-shell can do."
DEVICE_NAME = "demo setup"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--homeserver", required=True)
    parser.add_argument("--creator", required=True, help="localpart of the user who creates the room")
    parser.add_argument("--creator-password-file", type=Path, required=True)
    parser.add_argument("--member", required=True, help="localpart of the user who joins it")
    parser.add_argument("--member-password-file", type=Path, required=True)
    args = parser.parse_args()
    # nio warns that the 404 for an unknown alias does not match its schema: expected here.
    logging.getLogger("nio.responses").setLevel(logging.ERROR)
    try:
        asyncio.run(create_demo_room(args))
    except SetupError as error:
        sys.exit(f"demo_room: {error}")


class SetupError(Exception):
    pass


async def create_demo_room(args: argparse.Namespace) -> None:
    creator = await logged_in(args.homeserver, args.creator, args.creator_password_file)
    try:
        server_name = creator.user_id.split(":", 1)[1]
        alias = f"#{ALIAS_LOCALPART}:{server_name}"
        if isinstance(await creator.room_resolve_alias(alias), RoomResolveAliasResponse):
            return
        member_id = f"@{args.member}:{server_name}"
        room_id = checked(
            await creator.room_create(
                alias=ALIAS_LOCALPART, name=ROOM_NAME, topic=TOPIC,
                preset=RoomPreset.private_chat, invite=[member_id],
            ),
            "create the room",
        ).room_id
        member = await logged_in(args.homeserver, args.member, args.member_password_file)
        try:
            checked(await member.join(room_id), f"join {room_id} as {args.member}")
        finally:
            await logged_out(member)
        checked(
            await creator.room_send(room_id, "m.room.message", {"msgtype": "m.text", "body": WELCOME}),
            "send the welcome message",
        )
        print(f"Created {alias} ({room_id}) with {args.creator} and {args.member}.")
    finally:
        await logged_out(creator)


async def logged_in(homeserver: str, user: str, password_file: Path) -> AsyncClient:
    client = AsyncClient(homeserver, user, config=AsyncClientConfig(encryption_enabled=False))
    response = await client.login(password_file.read_text().rstrip("\n"), device_name=DEVICE_NAME)
    if isinstance(response, ErrorResponse):
        await client.close()
        raise SetupError(f"cannot log in as {user}: {response.message}")
    return client


async def logged_out(client: AsyncClient) -> None:
    await client.logout()
    await client.close()


def checked(response, action: str):
    if isinstance(response, ErrorResponse):
        raise SetupError(f"cannot {action}: {response.message}")
    return response


if __name__ == "__main__":
    main()

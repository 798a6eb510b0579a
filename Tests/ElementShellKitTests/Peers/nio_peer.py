"""A second Matrix client for integration tests, on matrix-nio (a real third-party client).

    nio_peer.py HOMESERVER USER PASSWORD create NAME INVITEE    -> prints the new room's ID
    nio_peer.py HOMESERVER USER PASSWORD send ROOM_ID TEXT
    nio_peer.py HOMESERVER USER PASSWORD expect ROOM_ID TEXT SECONDS
                                    -> exit 0 once a message from someone else containing TEXT
                                       is in the room, 1 when SECONDS pass first

Each call logs in as a new device and logs it out again.
"""
import asyncio
import sys
import time

from nio import AsyncClient, LoginResponse, RoomCreateResponse, RoomMessageText, RoomSendResponse, SyncResponse


async def main(homeserver, user, password, command, *args):
    client = AsyncClient(homeserver, user)
    login = await client.login(password, device_name="nio peer")
    if not isinstance(login, LoginResponse):
        print(f"login failed: {login}", file=sys.stderr)
        return 2
    try:
        if command == "create":
            name, invitee = args
            response = await client.room_create(name=name, invite=[invitee])
            if not isinstance(response, RoomCreateResponse):
                print(f"create failed: {response}", file=sys.stderr)
                return 2
            print(response.room_id)
            return 0
        if command == "send":
            room_id, text = args
            response = await client.room_send(room_id, "m.room.message", {"msgtype": "m.text", "body": text})
            return 0 if isinstance(response, RoomSendResponse) else 2
        if command == "expect":
            room_id, text, seconds = args
            deadline = time.monotonic() + float(seconds)
            since = None
            while time.monotonic() < deadline:
                response = await client.sync(timeout=1000, since=since, full_state=since is None)
                if not isinstance(response, SyncResponse):
                    continue
                since = response.next_batch
                room = response.rooms.join.get(room_id)
                for event in room.timeline.events if room else []:
                    if isinstance(event, RoomMessageText) and event.sender != client.user_id and text in event.body:
                        return 0
            return 1
        print(f"unknown command {command}", file=sys.stderr)
        return 2
    finally:
        await client.logout()
        await client.close()


if __name__ == "__main__":
    sys.exit(asyncio.run(main(*sys.argv[1:])))

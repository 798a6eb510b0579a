"""Serves a WSGI (Flask) app on a detached test server's socket, as oidc_provider.py and
oauth_server.py do: uvicorn on the socket of detached_server.listen_detached, until SIGTERM
(uvicorn stops serving, then lets the signal end the process) or until the owner is gone."""
import asyncio
import sys

import uvicorn

from detached_server import until_gone


def serve_wsgi(listener, application, owner_pid: int) -> None:
    asyncio.run(_serve(listener, application, owner_pid))


async def _serve(listener, application, owner_pid: int) -> None:
    config = uvicorn.Config(application, interface="wsgi", lifespan="off", log_config=None, access_log=False)
    server = uvicorn.Server(config)
    serving = asyncio.create_task(server.serve(sockets=[listener]))
    owner_gone = asyncio.create_task(until_gone(owner_pid))
    await asyncio.wait({serving, owner_gone}, return_when=asyncio.FIRST_COMPLETED)
    server.should_exit = True
    await serving
    sys.exit(0)

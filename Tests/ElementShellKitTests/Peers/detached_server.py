"""How the test servers among the peers (tls_forwarder.py, fault_proxy.py) start and end.

They detach, so that whoever starts them need not wait for them (the tests start them through a
clean start and must not hold a child that lives on), and they watch the process that owns them,
so that a test run that crashed leaves nothing behind. Only the standard library is used.
"""
import asyncio
import os
import socket


def listen_detached() -> socket.socket:
    """Listens on a free port of 127.0.0.1, prints "PORT PID" and lets the caller return; what
    goes on runs in the child PID, a session of its own with its standard streams on /dev/null
    (nobody reads them)."""
    listener = socket.create_server(("127.0.0.1", 0))
    pid = os.fork()
    if pid:
        print(listener.getsockname()[1], pid, flush=True)
        os._exit(0)
    os.setsid()
    null = os.open(os.devnull, os.O_RDWR)
    for descriptor in (0, 1, 2):
        os.dup2(null, descriptor)
    return listener


async def until_gone(owner_pid: int) -> None:
    """Returns once the process `owner_pid` has ended."""
    while owner_alive(owner_pid):
        await asyncio.sleep(1)


def owner_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return True

"""TLS in front of a plain HTTP server on 127.0.0.1, for the TLS tests:

    tls_forwarder.py CERT KEY TARGET_PORT OWNER_PID
        -> listens on a free port of 127.0.0.1, prints "PORT PID" and returns; the forwarder
           (process PID, a session of its own) ends the TLS of each connection with CERT and KEY
           and passes the bytes both ways to 127.0.0.1:TARGET_PORT, until SIGTERM or until the
           process OWNER_PID (the tests) is gone

It detaches and watches its owner (see detached_server.py). Only the standard library is used.
"""
import argparse
import asyncio
import socket
import ssl
import sys

from detached_server import listen_detached, until_gone


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("cert")
    parser.add_argument("key")
    parser.add_argument("target_port", type=int)
    parser.add_argument("owner_pid", type=int)
    args = parser.parse_args()

    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(args.cert, args.key)
    # Handshakes the tests make fail on purpose are reported on stderr, which goes nowhere.
    listener = listen_detached()
    asyncio.run(serve(listener, context, args.target_port, args.owner_pid))


async def serve(listener: socket.socket, context: ssl.SSLContext, target_port: int, owner_pid: int) -> None:
    async def forward(client_reader, client_writer):
        try:
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", target_port)
        except OSError:
            client_writer.close()
            return
        await asyncio.gather(pipe(client_reader, server_writer), pipe(server_reader, client_writer))

    await asyncio.start_server(forward, sock=listener, ssl=context)
    await until_gone(owner_pid)
    sys.exit(0)


async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, ssl.SSLError):
        pass
    finally:
        writer.close()


if __name__ == "__main__":
    main()

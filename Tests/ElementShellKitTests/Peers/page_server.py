"""A web site for the link preview tests, on a free port of 127.0.0.1, which the test Synapse's
previewer fetches (Scripts/lib/synapse_config.py lets it reach this machine's address):

  page_server.py IMAGE LOG OWNER_PID  -> prints "PORT PID" and serves, detached, until SIGTERM or
                                         until OWNER_PID is gone

GET /page/NAME is an HTML page whose OpenGraph title is "Page NAME", with a description and
og:image /image.png (IMAGE's bytes, a PNG). Each path asked is added to LOG as a line, before it
is answered, so a test learns which addresses reached a previewer.
"""
import html
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from detached_server import listen_detached, owner_alive


def main() -> None:
    image_path, log_path, owner = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(image_path, "rb") as file:
        image = file.read()
    listener = listen_detached()
    port = listener.getsockname()[1]
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (the name http.server calls)
            with lock, open(log_path, "a") as log:
                log.write(self.path + "\n")
            if self.path == "/image.png":
                return self.answer(200, "image/png", image)
            if self.path.startswith("/page/"):
                name = html.escape(self.path.removeprefix("/page/"))
                page = (f"<!DOCTYPE html><html><head><title>{name}</title>"
                        f'<meta property="og:title" content="Page {name}">'
                        f'<meta property="og:description" content="What the page {name} says.">'
                        f'<meta property="og:image" content="http://127.0.0.1:{port}/image.png">'
                        "</head><body>page</body></html>")
                return self.answer(200, "text/html; charset=utf-8", page.encode())
            self.answer(404, "text/plain", b"no such page")

        def answer(self, status, content_type, body):
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler, bind_and_activate=False)
    server.socket.close()
    server.socket = listener
    threading.Thread(target=watch_owner, args=(server, owner), daemon=True).start()
    server.serve_forever()


def watch_owner(server, owner: int) -> None:
    import time
    while owner_alive(owner):
        time.sleep(1)
    server.shutdown()


if __name__ == "__main__":
    main()

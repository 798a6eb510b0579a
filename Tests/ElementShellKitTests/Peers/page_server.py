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

from detached_server import listen_detached
from wsgi_server import serve_wsgi


def site(image: bytes, log_path: str, port: int):
    lock = threading.Lock()

    def application(environ, start_response):
        path = environ.get("PATH_INFO", "")
        with lock, open(log_path, "a") as log:
            log.write(path + "\n")
        if path == "/image.png":
            start_response("200 OK", [("Content-Type", "image/png")])
            return [image]
        if path.startswith("/page/"):
            name = html.escape(path.removeprefix("/page/"))
            page = (f"<!DOCTYPE html><html><head><title>{name}</title>"
                    f'<meta property="og:title" content="Page {name}">'
                    f'<meta property="og:description" content="What the page {name} says.">'
                    f'<meta property="og:image" content="http://127.0.0.1:{port}/image.png">'
                    "</head><body>page</body></html>")
            start_response("200 OK", [("Content-Type", "text/html; charset=utf-8")])
            return [page.encode()]
        start_response("404 Not Found", [("Content-Type", "text/plain")])
        return [b"no such page"]

    return application


def main() -> None:
    image_path, log_path, owner = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(image_path, "rb") as file:
        image = file.read()
    listener = listen_detached()
    serve_wsgi(listener, site(image, log_path, listener.getsockname()[1]), owner)


if __name__ == "__main__":
    main()

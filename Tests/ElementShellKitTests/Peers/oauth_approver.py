"""Plays the person who opens a device login's verification page in a browser, for the OAuth login
tests (the page of oauth_server.py):

    oauth_approver.py VERIFICATION_URI_COMPLETE --user NAME [--deny]
    oauth_approver.py VERIFICATION_URI --code USER_CODE --user NAME [--deny]
        -> opens the page (GET), submits its form as NAME with "approve" (or "deny") as a browser
           would (POST: the form's fields as the page filled them, USER_CODE typed in if given),
           prints one JSON line {"outcome": "approved"} or {"outcome": "denied"} and exits 0; when
           the server refuses or cannot be reached, prints {"outcome": "error", "status": N (0 when
           unreachable), "message": "..."} and exits 1

Approving logs NAME in (the server creates the Matrix user @NAME:localhost if need be). Standard
library only.
"""
import argparse
import json
import sys
import urllib.error
import urllib.request
from html.parser import HTMLParser
from urllib.parse import urlencode, urljoin


class Page(HTMLParser):
    """What a person sees and a browser would submit: the form's action and fields, and the marked
    outcome and message of the page after a decision."""

    def __init__(self):
        super().__init__()
        self.action = None
        self.fields = {}
        self.marked = {}
        self._marking = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.action = attrs.get("action", "")
        elif tag == "input" and attrs.get("name"):
            self.fields[attrs["name"]] = attrs.get("value") or ""
        elif attrs.get("id") in ("outcome", "message"):
            self._marking = attrs["id"]
            self.marked[self._marking] = ""

    def handle_data(self, data):
        if self._marking:
            self.marked[self._marking] += data

    def handle_endtag(self, tag):
        self._marking = None


def fetch(opener, url, form=None):
    """Returns (status, page) of a GET, or of a POST of `form`; error statuses too."""
    data = urlencode(form).encode() if form is not None else None
    try:
        with opener.open(urllib.request.Request(url, data=data), timeout=30) as response:
            status, body = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, body = error.code, error.read()
    except OSError as error:
        finish({"outcome": "error", "status": 0, "message": str(error)})
    page = Page()
    page.feed(body.decode("utf-8", errors="replace"))
    return status, page


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("uri", help="verification_uri_complete, or verification_uri with --code")
    parser.add_argument("--user", required=True, help="the Matrix localpart to log in as")
    parser.add_argument("--code", help="type this user_code into the form (for a bare verification_uri)")
    parser.add_argument("--deny", action="store_true", help="refuse instead of approving")
    args = parser.parse_args()

    # The server is on 127.0.0.1: no proxy from the environment.
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    status, page = fetch(opener, args.uri)
    if status != 200 or page.action is None:
        finish({"outcome": "error", "status": status, "message": "no form on the verification page"})
    form = dict(page.fields, username=args.user, action="deny" if args.deny else "approve")
    if args.code is not None:
        form["user_code"] = args.code
    status, page = fetch(opener, urljoin(args.uri, page.action), form)
    result = page.marked.get("outcome", "error")
    if status != 200 or result not in ("approved", "denied"):
        finish({"outcome": "error", "status": status, "message": page.marked.get("message", "").strip()})
    finish({"outcome": result})


def finish(result):
    print(json.dumps(result), flush=True)
    sys.exit(0 if result["outcome"] != "error" else 1)


if __name__ == "__main__":
    main()

"""Plays the web browser of an SSO login (m.login.sso), for the SSO login tests:

    sso_browser.py LINK --subject NAME
        -> opens LINK (Synapse's /login/sso/redirect/...?redirectUrl=URL), follows it to the
           provider (oidc_provider.py), authorizes as NAME, follows back to Synapse and on to
           URL?loginToken=..., which it opens (the client's loopback listener); prints
           {"outcome": "called_back", "status": <the client's answer>,
            "continue_page": <whether Synapse asked "Continue to your account" first>,
            "user_id": <the user that page named, or null>}
    sso_browser.py LINK --deny
        -> the same, but refuses on the provider's page; Synapse must then show an error page and
           never send the browser to URL; prints
           {"outcome": "refused", "page_status": <its status>, "error_code": <as it shows, or null>}

One JSON line on stdout and exit 0 when it went that way; otherwise a message on stderr and exit 1.
The login token is never printed. Only the standard library is used.
"""
import argparse
import html.parser
import http.client
import json
import sys
import urllib.parse

REDIRECTS = (301, 302, 303, 307, 308)


class Failure(Exception):
    pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("link")
    choice = parser.add_mutually_exclusive_group(required=True)
    choice.add_argument("--subject", help="the subject (user name) to authorize as")
    choice.add_argument("--deny", action="store_true", help="refuse on the provider's page")
    parser.add_argument("--timeout", type=float, default=20, help="seconds for each request")
    args = parser.parse_args()
    try:
        result = browse(args.link, args.subject, args.timeout)
    except (Failure, OSError, http.client.HTTPException) as error:
        print(f"sso_browser: {error}", file=sys.stderr)
        sys.exit(1)
    print(json.dumps(result), flush=True)


def browse(link: str, subject: str | None, timeout: float) -> dict:
    redirect_url = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query).get("redirectUrl", [None])[0]
    if not redirect_url:
        raise Failure("LINK has no redirectUrl parameter")

    # 1. Synapse sends us to the provider and sets its session cookies. It marks them Secure even
    # over http, so a cookie jar would keep them from the http callback: we carry them by hand.
    status, headers, _ = request("GET", link, timeout)
    provider_url = expect_redirect("Synapse's SSO redirect", status, headers)
    cookies = "; ".join(value.split(";", 1)[0] for value in headers.get_all("Set-Cookie") or [])

    # 2. The provider's authorize page; its forms post back to the same URL, query included.
    status, _, page = request("GET", provider_url, timeout)
    if status != 200 or 'name="sub"' not in page:
        raise Failure(f"the provider's authorize page answered {status} without its form")
    form = {"action": "deny"} if subject is None else {"sub": subject}
    status, headers, _ = request("POST", provider_url, timeout, form=form)
    callback_url = expect_redirect("the provider's authorize form", status, headers)

    # 3. Back to Synapse's callback, with its cookies.
    status, headers, page = request("GET", callback_url, timeout, cookies=cookies)
    location = headers.get("Location") or ""
    if subject is None:
        # A refusal ends on Synapse's own error page; the client must never be sent for.
        if location.startswith(redirect_url):
            raise Failure("after a refusal, Synapse sent the browser to the client")
        if status < 400:
            raise Failure(f"after a refusal, Synapse answered {status}, not an error page")
        return {"outcome": "refused", "page_status": status, "error_code": Page.parse(page).error_code}

    if status in REDIRECTS and location.startswith(redirect_url):
        # Synapse skips its confirmation page for clients listed in sso.client_whitelist.
        client_url, continue_page, user_id = location, False, None
    elif status == 200:
        # Synapse's "Continue to your account" page links to redirectUrl?loginToken=...
        parsed = Page.parse(page)
        client_url = next((href for href in parsed.links if href.startswith(redirect_url) and "loginToken=" in href), None)
        if client_url is None:
            raise Failure(f"Synapse's callback page ({parsed.title!r}) has no link to the client")
        continue_page, user_id = True, parsed.user_id
    else:
        parsed = Page.parse(page)
        raise Failure(f"Synapse's callback answered {status} ({parsed.title!r}, error code {parsed.error_code!r})")

    # 4. The client's loopback listener.
    status, _, _ = request("GET", client_url, timeout)
    return {"outcome": "called_back", "status": status, "continue_page": continue_page, "user_id": user_id}


def request(method: str, url: str, timeout: float, cookies: str = "", form: dict | None = None):
    """One request, redirects not followed (each step checks where it is sent)."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "http":
        raise Failure(f"only http is expected here, not {parts.scheme!r}")
    connection = http.client.HTTPConnection(parts.hostname, parts.port or 80, timeout=timeout)
    headers = {"Cookie": cookies} if cookies else {}
    body = None
    if form is not None:
        body = urllib.parse.urlencode(form)
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    try:
        connection.request(method, parts.path + ("?" + parts.query if parts.query else ""), body, headers)
        response = connection.getresponse()
        text = response.read().decode("utf-8", "replace")
    except OSError as error:
        # The URL may hold the login token: name only where it went.
        raise Failure(f"{method} {parts.scheme}://{parts.netloc}{parts.path} failed: {error}") from error
    finally:
        connection.close()
    return response.status, response.headers, text


def expect_redirect(step: str, status: int, headers) -> str:
    location = headers.get("Location")
    if status not in REDIRECTS or not location:
        raise Failure(f"{step} answered {status}, not a redirect")
    return location


class Page(html.parser.HTMLParser):
    """What the steps read in Synapse's pages: the title, the links, the user ID that its
    confirmation page shows (<div class="user-id">) and the error code that its error page shows
    (<div id="error_code"><p><strong>Error code</strong></p><p>CODE</p></div>)."""

    @classmethod
    def parse(cls, text: str) -> "Page":
        page = cls()
        page.feed(text)
        page.close()
        return page

    def __init__(self):
        super().__init__()
        self.title = None
        self.links = []
        self.user_id = None
        self.error_code = None
        self._field = None  # the attribute that the text being read goes to

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "a" and attributes.get("href"):
            self.links.append(attributes["href"])  # html.parser has already unescaped &amp;
        elif tag == "title":
            self._field = "title"
        elif tag == "div" and "user-id" in (attributes.get("class") or "").split():
            self._field = "user_id"
        elif tag == "div" and attributes.get("id") == "error_code":
            self._field = "error_code"

    def handle_endtag(self, tag):
        if tag in ("title", "div"):
            self._field = None

    def handle_data(self, data):
        if self._field and data.strip() and data.strip() != "Error code":
            setattr(self, self._field, data.strip())


if __name__ == "__main__":
    main()

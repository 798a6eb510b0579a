"""A small OAuth 2.0 authorization server on 127.0.0.1 that Synapse delegates authentication to,
for the OAuth 2.0 ("next-generation auth") login tests:

    oauth_server.py --secret-file FILE [--homeserver URL] [--interval S] [--device-code-lifetime S]
                    [--access-token-lifetime S] [--log-file FILE] OWNER_PID
        -> listens on a free port of 127.0.0.1, prints "PORT PID" and returns; the server (process
           PID, a session of its own) serves until SIGTERM or until the process OWNER_PID is gone

Its issuer is http://127.0.0.1:PORT/. It serves what a Matrix client uses (spec v1.18): RFC 8414
metadata (/.well-known/openid-configuration and /.well-known/oauth-authorization-server), RFC 7591
registration of public clients, the RFC 8628 device authorization grant, the refresh token grant
(rotating), RFC 7009 revocation, and the page where a person approves or denies a device code
(/device, which oauth_approver.py plays). Built on authlib's server parts; storage in memory.

Synapse 1.163 delegates authentication in one way only, Matrix Authentication Service's
(`experimental_features.msc3861` is gone). Its homeserver.yaml then needs (enable_registration
false, as it is, and no password login, which delegation turns off by default):

    matrix_authentication_service:
      enabled: true
      endpoint: http://127.0.0.1:PORT/
      secret_path: FILE              # the file of --secret-file

Synapse reads ENDPOINT/.well-known/openid-configuration (it needs `issuer` and
`account_management_uri`, and serves the whole document as /_matrix/client/v1/auth_metadata), and
introspects access tokens at ENDPOINT/oauth2/introspect (a fixed path) with `Authorization: Bearer
SECRET`. It creates neither users nor devices itself: as MAS does, this server creates the user and
the device through Synapse's /_synapse/mas/ API (same secret, at --homeserver) when a person
approves, and deletes the device when the client revokes its tokens (which also makes Synapse drop
the introspection it caches for up to 2 minutes).
"""
import argparse
import html
import json
import logging
import os
import re
import threading
import time
import urllib.error
import urllib.request
from urllib.parse import urlsplit

from detached_server import listen_detached
from wsgi_server import serve_wsgi

import flask
from authlib.common.security import generate_token
from authlib.integrations.flask_oauth2 import AuthorizationServer
from authlib.oauth2.rfc6749 import ClientMixin, TokenMixin, grants, scope_to_list
from authlib.oauth2.rfc6749.errors import (
    InvalidGrantError,
    InvalidScopeError,
    UnauthorizedClientError,
)
from authlib.oauth2.rfc7009 import RevocationEndpoint
from authlib.oauth2.rfc7591 import ClientMetadataClaims, ClientRegistrationEndpoint
from authlib.oauth2.rfc7591.errors import InvalidClientMetadataError
from authlib.oauth2.rfc7662 import IntrospectionEndpoint
from authlib.oauth2.rfc8628 import (
    DEVICE_CODE_GRANT_TYPE,
    DeviceAuthorizationEndpoint,
    DeviceCodeGrant,
    DeviceCredentialDict,
)
from authlib.oidc.registration import ClientMetadataClaims as OpenIDClientMetadataClaims

# The scope tokens of the spec, and their MSC2967 forms, which Synapse 1.163 still accepts.
API_SCOPES = {"urn:matrix:client:api:*", "urn:matrix:org.matrix.msc2967.client:api:*"}
DEVICE_SCOPE_PREFIXES = ("urn:matrix:client:device:", "urn:matrix:org.matrix.msc2967.client:device:")
# The spec: a client SHOULD take device IDs from RFC 3986's unreserved characters, a server MAY refuse
# others; refusing them shows a client that strays. Synapse takes at most 255 characters.
DEVICE_ID = re.compile(r"[A-Za-z0-9._~-]{1,255}")
# What the registration endpoint keeps; the spec has a server ignore grant and response types it
# does not know. authorization_code is listed because the spec requires it of the metadata, but
# /authorize is a stub: the tests use the device grant.
GRANT_TYPES = ["authorization_code", "refresh_token", DEVICE_CODE_GRANT_TYPE]
# Polls this much early still count as on time (timers and scheduling are not exact).
POLL_SLACK = 0.25


class Client(ClientMixin):
    """A registered client: all are public (token_endpoint_auth_method "none"), except Synapse's
    stand-in, which authenticates with the shared secret and may only introspect."""

    def __init__(self, client_id, metadata):
        self.client_id = client_id
        self.metadata = metadata

    def get_client_id(self):
        return self.client_id

    def get_default_redirect_uri(self):
        return None

    def get_allowed_scope(self, scope):
        return scope  # already checked by Server.validate_requested_scope

    def check_redirect_uri(self, redirect_uri):
        return False

    def check_client_secret(self, client_secret):
        return False

    def check_endpoint_auth_method(self, method, endpoint):
        return method == self.metadata.get("token_endpoint_auth_method")

    def check_response_type(self, response_type):
        return response_type in self.metadata.get("response_types", ["code"])

    def check_grant_type(self, grant_type):
        # RFC 7591: without grant_types a client uses only authorization_code.
        return grant_type in self.metadata.get("grant_types", ["authorization_code"])


SYNAPSE = Client("synapse", {"token_endpoint_auth_method": "synapse_secret"})


class Session:
    """One login: a user, a device, a client, and the token pairs issued since.

    Rotation: each refresh answers a new pair. The pair before stays valid (its refresh token may be
    used again, its access token too) until the new pair is used, so that a client that lost the
    answer to a refresh can retry it, as the spec requires (MAS does the same); a retry replaces the
    unused new pair. Once the new pair is used (its access token introspected by Synapse, or its
    refresh token presented), the pair before is revoked and its refresh token gets invalid_grant."""

    def __init__(self, client, username, device_id):
        self.client = client
        self.username = username
        self.device_id = device_id
        self.ended = False
        self.current = None
        self.previous = None

    def accepts_refresh(self, pair):
        return not self.ended and (pair is self.current or (pair is self.previous and not self.current.used))

    def issue(self, pair, replacing):
        if replacing is not None and replacing is self.current:
            self.use(replacing)
            self.previous = replacing
        elif replacing is not None:  # a retry with the pair before: the unused one goes
            self.current.revoked = True
        self.current = pair

    def use(self, pair):
        if pair is self.current and not pair.used:
            pair.used = True
            if self.previous is not None:
                self.previous.revoked = True


class Pair:
    """An access token and the refresh token issued with it."""

    def __init__(self, session, token):
        self.session = session
        self.access_token = token["access_token"]
        self.refresh_token = token.get("refresh_token")
        self.scope = token.get("scope", "")
        self.issued_at = int(time.time())
        self.expires_at = time.time() + token["expires_in"]
        self.used = False
        self.revoked = False


class Token(TokenMixin):
    """A token string as introspection, revocation and the refresh grant look it up."""

    def __init__(self, kind, pair):
        self.kind = kind  # "access_token" or "refresh_token"
        self.pair = pair

    def check_client(self, client):
        return client is not None and client.get_client_id() == self.pair.session.client.get_client_id()

    def get_scope(self):
        return self.pair.scope

    def get_expires_in(self):
        return max(0, int(self.pair.expires_at - time.time()))

    def is_expired(self):
        return self.kind == "access_token" and time.time() >= self.pair.expires_at

    def is_revoked(self):
        session = self.pair.session
        if self.kind == "refresh_token":
            return self.pair.revoked or not session.accepts_refresh(self.pair)
        return self.pair.revoked or session.ended

    def get_user(self):
        return self.pair.session.username

    def get_client(self):
        return self.pair.session.client


class State:
    def __init__(self):
        self.clients = {}  # client_id -> Client
        self.device_codes = {}  # device_code -> DeviceCredentialDict
        self.user_codes = {}  # user_code -> device_code
        self.decisions = {}  # user_code -> (username or None, approved), what DeviceCodeGrant reads
        self.tokens = {}  # access or refresh token -> Token


def device_id_of(scope):
    """The device ID a login scope allocates; raises invalid_scope unless the scope has exactly one
    device token (the spec's MUST) and nothing this server does not know."""
    device_ids = []
    for token in scope_to_list(scope) or []:
        if token in API_SCOPES:
            continue
        prefix = next((p for p in DEVICE_SCOPE_PREFIXES if token.startswith(p)), None)
        if prefix is None:
            raise InvalidScopeError(f"Unknown scope token '{token}'.")
        device_ids.append(token[len(prefix):])
    if len(device_ids) != 1:
        raise InvalidScopeError("The scope must have exactly one urn:matrix:client:device:<device_id> token.")
    if not DEVICE_ID.fullmatch(device_ids[0]):
        raise InvalidScopeError("A device ID takes 1 to 255 of A-Z a-z 0-9 - . _ ~")
    return device_ids[0]


def create_app(issuer, options, secret):
    state = State()
    homeserver = options.homeserver.rstrip("/") if options.homeserver else None
    # No proxy from the environment: everything here is on 127.0.0.1.
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))

    def synapse(path, body):
        """Calls Synapse's API for MAS (POST /_synapse/mas/PATH); raises RuntimeError with its answer."""
        if homeserver is None:
            return
        request = urllib.request.Request(
            f"{homeserver}/_synapse/mas/{path}",
            data=json.dumps(body).encode(),
            headers={"Authorization": f"Bearer {secret}", "Content-Type": "application/json"},
            method="POST",
        )
        try:
            with opener.open(request, timeout=10):
                pass
        except urllib.error.HTTPError as error:
            raise RuntimeError(f"Synapse answered {path} with {error.code}: {error.read().decode(errors='replace')}")
        except OSError as error:
            raise RuntimeError(f"Synapse did not answer {path}: {error}")

    def end_session(session):
        if session.ended:
            return
        session.ended = True
        synapse("delete_device", {"localpart": session.username, "device_id": session.device_id})

    class Server(AuthorizationServer):
        def validate_requested_scope(self, scope):
            device_id_of(scope)

    def save_token(token, request):
        # Both grants end here: the device grant opens a session, a refresh continues one.
        if request.payload.grant_type == DEVICE_CODE_GRANT_TYPE:
            device_id = device_id_of(request.credential.get_scope())
            session, replacing = Session(request.client, request.user, device_id), None
        else:
            replacing = request.refresh_token.pair
            session = replacing.session
        pair = Pair(session, token)
        session.issue(pair, replacing)
        state.tokens[pair.access_token] = Token("access_token", pair)
        if pair.refresh_token:
            state.tokens[pair.refresh_token] = Token("refresh_token", pair)

    class DeviceAuthorization(DeviceAuthorizationEndpoint):
        CLIENT_AUTH_METHODS = ["none"]
        EXPIRES_IN = options.device_code_lifetime
        INTERVAL = options.interval

        def authenticate_client(self, request):
            # Refused here rather than at the first poll, where the device grant would refuse it.
            client = super().authenticate_client(request)
            if not client.check_grant_type(DEVICE_CODE_GRANT_TYPE):
                raise UnauthorizedClientError(f"The client did not register the grant type {DEVICE_CODE_GRANT_TYPE}.")
            return client

        def get_verification_uri(self):
            return issuer + "device"

        def save_device_credential(self, client_id, scope, data):
            state.device_codes[data["device_code"]] = DeviceCredentialDict(
                client_id=client_id,
                scope=scope,
                user_code=data["user_code"],
                expires_at=time.time() + data["expires_in"],
                interval=data["interval"],
                last_poll=None,
            )
            state.user_codes[data["user_code"]] = data["device_code"]

    class DeviceCode(DeviceCodeGrant):
        TOKEN_ENDPOINT_AUTH_METHODS = ["none"]

        def query_device_credential(self, device_code):
            # RFC 6749 names an unknown or spent grant invalid_grant (authlib's default is invalid_request).
            credential = state.device_codes.get(device_code)
            if credential is None or credential.get("spent"):
                raise InvalidGrantError("The device_code is unknown or was already exchanged.")
            return credential

        def query_user_grant(self, user_code):
            return state.decisions.get(user_code)

        def should_slow_down(self, credential):
            # RFC 8628 3.5: a poll sooner than the interval gets slow_down, and the interval grows by 5 s.
            now = time.monotonic()
            last, credential["last_poll"] = credential["last_poll"], now
            if last is not None and now - last < credential["interval"] - POLL_SLACK:
                credential["interval"] += 5
                return True
            return False

        def create_token_response(self):
            response = super().create_token_response()
            self.request.credential["spent"] = True  # a device code gives one token response
            return response

    class RefreshToken(grants.RefreshTokenGrant):
        TOKEN_ENDPOINT_AUTH_METHODS = ["none"]
        INCLUDE_NEW_REFRESH_TOKEN = True

        def authenticate_refresh_token(self, refresh_token):
            token = state.tokens.get(refresh_token)
            if token is not None and token.kind == "refresh_token" and not token.is_revoked():
                return token
            return None

        def authenticate_user(self, token):
            return token.get_user()

        def revoke_old_credential(self, token):
            pass  # Session.issue (from save_token) did

    class Introspection(IntrospectionEndpoint):
        CLIENT_AUTH_METHODS = ["synapse_secret"]

        def query_token(self, token_string, token_type_hint):
            return state.tokens.get(token_string)  # RFC 7662: the hint is only a hint

        def check_permission(self, token, client, request):
            return client is SYNAPSE

        def introspect_token(self, token):
            pair, session = token.pair, token.pair.session
            if token.kind == "access_token":
                session.use(pair)
            answer = {
                "active": True,
                "scope": pair.scope,
                "client_id": session.client.get_client_id(),
                "username": session.username,  # Synapse's localpart
                "sub": session.username,
                "iss": issuer,
                "iat": pair.issued_at,
            }
            if token.kind == "access_token":
                # Synapse caches the answer and reads expiry from expires_in (MAS's field), not exp.
                answer["exp"] = int(pair.expires_at)
                answer["expires_in"] = token.get_expires_in()
            return answer

    class Revocation(RevocationEndpoint):
        def authenticate_endpoint_client(self, request):
            # The spec: client_id is optional, and a missing or different one still revokes.
            request.client = None
            return None

        def authenticate_token(self, request, client):
            self.check_params(request, client)
            return state.tokens.get(request.form["token"])

        def revoke_token(self, token, request):
            # The spec: revoke the access and the refresh token; this ends the session (and its device).
            end_session(token.pair.session)

    class Registration(ClientRegistrationEndpoint):
        def __init__(self, server):
            # OpenID Connect's registration claims too, for application_type (native or web).
            super().__init__(server, [ClientMetadataClaims, OpenIDClientMetadataClaims])

        def authenticate_token(self, request):
            return True  # open registration, as on a homeserver

        def get_server_metadata(self):
            return metadata

        def extract_client_metadata(self, request):
            data = request.payload.data  # a JSON object: register() checked
            for key, known in (("grant_types", GRANT_TYPES), ("response_types", ["code"])):
                if isinstance(data.get(key), list):
                    data[key] = [value for value in data[key] if value in known]
            if data.get("token_endpoint_auth_method") != "none":  # RFC 7591's default is client_secret_basic
                raise InvalidClientMetadataError("token_endpoint_auth_method must be none: public clients only.")
            client_uri = urlsplit(str(data.get("client_uri", "")))
            if client_uri.scheme != "https" or not client_uri.hostname or client_uri.username is not None:
                raise InvalidClientMetadataError("client_uri must be an https URL without user or password.")
            registered = super().extract_client_metadata(request)
            # Not the ID token defaults authlib's OpenID claims add: this server issues no ID tokens.
            return {key: value for key, value in registered.items() if key in data or key == "application_type"}

        def generate_client_info(self, request):
            # Public clients only (the metadata offers "none" alone): no client_secret.
            return {"client_id": generate_token(24), "client_id_issued_at": int(time.time())}

        def save_client(self, client_info, client_metadata, request):
            client = Client(client_info["client_id"], client_metadata)
            state.clients[client.client_id] = client
            return client

    metadata = {
        "issuer": issuer,
        "authorization_endpoint": issuer + "authorize",
        "token_endpoint": issuer + "oauth2/token",
        "registration_endpoint": issuer + "oauth2/registration",
        "revocation_endpoint": issuer + "oauth2/revoke",
        "introspection_endpoint": issuer + "oauth2/introspect",
        "device_authorization_endpoint": issuer + "oauth2/device",
        "account_management_uri": issuer + "account",
        "account_management_actions_supported": [
            "org.matrix.profile",
            "org.matrix.devices_list",
            "org.matrix.device_view",
            "org.matrix.device_delete",
            "org.matrix.account_deactivate",
            "org.matrix.cross_signing_reset",
        ],
        "response_types_supported": ["code"],
        "response_modes_supported": ["query", "fragment"],
        "grant_types_supported": GRANT_TYPES,
        "code_challenge_methods_supported": ["S256"],
        "token_endpoint_auth_methods_supported": ["none"],
        "revocation_endpoint_auth_methods_supported": ["none"],
    }

    app = flask.Flask(__name__)
    app.config["OAUTH2_REFRESH_TOKEN_GENERATOR"] = True
    app.config["OAUTH2_TOKEN_EXPIRES_IN"] = {
        DEVICE_CODE_GRANT_TYPE: options.access_token_lifetime,
        "refresh_token": options.access_token_lifetime,
    }
    server = Server(app, query_client=state.clients.get, save_token=save_token)
    server.register_client_auth_method(
        "synapse_secret",
        lambda query_client, request: SYNAPSE if request.headers.get("Authorization") == f"Bearer {secret}" else None,
    )
    server.register_grant(DeviceCode)
    server.register_grant(RefreshToken)
    for endpoint in (DeviceAuthorization, Introspection, Revocation, Registration):
        server.register_endpoint(endpoint)

    @app.get("/.well-known/openid-configuration")
    @app.get("/.well-known/oauth-authorization-server")
    def server_metadata():
        return flask.jsonify(metadata)

    @app.post("/oauth2/registration")
    def register():
        if not isinstance(flask.request.get_json(silent=True), dict):  # Flask would answer in HTML
            return flask.jsonify(error="invalid_request", error_description="The body must be a JSON object."), 400
        return server.create_endpoint_response("client_registration")

    @app.post("/oauth2/device")
    def device_authorization():
        return server.create_endpoint_response("device_authorization")

    @app.post("/oauth2/token")
    def token():
        return server.create_token_response()

    @app.post("/oauth2/introspect")
    def introspect():
        return server.create_endpoint_response("introspection")

    @app.post("/oauth2/revoke")
    def revoke():
        try:
            return server.create_endpoint_response("revocation")
        except RuntimeError as error:  # Synapse kept the device: say so rather than pretend
            return flask.jsonify(error="server_error", error_description=str(error)), 500

    @app.get("/device")
    def device_page():
        user_code = normalized_user_code(flask.request.args.get("user_code", ""))
        credential = state.device_codes.get(state.user_codes.get(user_code, ""))
        about = ""
        if credential is not None:
            client = state.clients.get(credential["client_id"])
            name = client.metadata.get("client_name", client.client_id) if client else "?"
            about = f"<p>{html.escape(name)} asks for: <code>{html.escape(credential['scope'] or '')}</code></p>"
        return page(
            "Device login",
            f"""{about}<form method="post" action="/device">
<label>Code <input name="user_code" value="{html.escape(user_code)}"></label>
<label>Matrix user name <input name="username"></label>
<button name="action" value="approve">Approve</button> <button name="action" value="deny">Deny</button>
</form>""",
        )

    @app.post("/device")
    def device_decision():
        form = flask.request.form
        user_code = normalized_user_code(form.get("user_code", ""))
        credential = state.device_codes.get(state.user_codes.get(user_code, ""))
        if credential is None:
            return outcome("error", "Unknown code.", 404)
        if credential.is_expired():
            return outcome("error", "The code has expired.", 410)
        if user_code in state.decisions:
            return outcome("error", "The code was already used.", 409)
        if form.get("action") == "deny":
            state.decisions[user_code] = (None, False)
            return outcome("denied", "The device was not let in.")
        if form.get("action") != "approve":
            return outcome("error", "No action (approve or deny).", 400)
        username = form.get("username", "").strip()
        if not username:
            return outcome("error", "No user name.", 400)
        client = state.clients.get(credential["client_id"])
        try:
            # As MAS does: the user and the device must exist in Synapse before it sees the token.
            synapse("provision_user", {"localpart": username})
            synapse(
                "upsert_device",
                {
                    "localpart": username,
                    "device_id": device_id_of(credential["scope"]),
                    "display_name": client.metadata.get("client_name", client.client_id),
                },
            )
        except RuntimeError as error:
            return outcome("error", str(error), 502)
        state.decisions[user_code] = (username, True)
        return outcome("approved", f"The device is logged in as {username}.")

    @app.get("/authorize")
    def authorize():
        return page("Not supported", "<p>This test server supports the device authorization grant only.</p>"), 400

    @app.get("/account")
    def account():
        # The account management URL: a stub that echoes what a client deep-linked to.
        arguments = html.escape(json.dumps(flask.request.args.to_dict()))
        return page("Account", f"<p>Account management (stub). Parameters: <code>{arguments}</code></p>")

    if options.log_file:
        @app.after_request
        def log(response):
            request = flask.request
            detail = response.get_data(as_text=True)[:300] if response.status_code >= 400 else ""
            logging.info("%s %s -> %d %s", request.method, request.path, response.status_code, detail)
            return response

    return serialized(app)


def normalized_user_code(text):
    """As a person may type it: any case, with or without the dash (authlib's codes are 4+4 letters)."""
    letters = re.sub(r"[^A-Za-z0-9]", "", text).upper()
    return f"{letters[:4]}-{letters[4:]}" if len(letters) == 8 else letters


def page(title, body):
    return f"<!doctype html><html><head><title>{html.escape(title)}</title></head><body>{body}</body></html>"


def outcome(result, message, status=200):
    """The page after a decision; oauth_approver.py reads the two marked paragraphs."""
    return page(result, f'<p id="outcome">{result}</p><p id="message">{html.escape(message)}</p>'), status


def serialized(app):
    """One request at a time: the state above is plain dicts, and uvicorn runs WSGI apps on a thread
    pool. (Calls to Synapse block meanwhile; Synapse never calls back into them, so that is safe.)"""
    lock = threading.Lock()

    def application(environ, start_response):
        with lock:
            response = app(environ, start_response)
            try:
                return list(response)
            finally:
                getattr(response, "close", lambda: None)()

    return application


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--secret-file", required=True, help="the secret shared with Synapse (its secret_path)")
    parser.add_argument("--homeserver", help="Synapse's URL, for /_synapse/mas/ (without it, nothing is provisioned)")
    parser.add_argument("--interval", type=int, default=1, help="device grant polling interval, s (default 1)")
    parser.add_argument("--device-code-lifetime", type=int, default=600, help="expires_in of device codes, s")
    parser.add_argument("--access-token-lifetime", type=int, default=300, help="expires_in of access tokens, s")
    parser.add_argument("--log-file", help="log requests (and error answers) here")
    parser.add_argument("owner_pid", type=int)
    options = parser.parse_args()
    try:  # before detaching, so that a bad file shows
        with open(options.secret_file) as file:
            secret = file.read().strip()
    except OSError as error:
        parser.error(str(error))
    if not secret:
        parser.error(f"{options.secret_file} is empty")

    # authlib refuses plain http without it.
    os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"
    listener = listen_detached()
    if options.log_file:
        logging.basicConfig(filename=options.log_file, level=logging.INFO, format="%(asctime)s %(message)s")
    issuer = f"http://127.0.0.1:{listener.getsockname()[1]}/"
    serve_wsgi(listener, create_app(issuer, options, secret), options.owner_pid)


if __name__ == "__main__":
    main()

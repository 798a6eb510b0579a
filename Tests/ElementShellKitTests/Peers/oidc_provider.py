"""A mock OpenID Connect provider on 127.0.0.1, for the SSO login tests:

    oidc_provider.py OWNER_PID
        -> listens on a free port of 127.0.0.1, prints "PORT PID" and returns; the provider
           (process PID, a session of its own) serves the oidc-provider-mock package until
           SIGTERM or until the process OWNER_PID (the tests) is gone

The package accepts any client ID, secret and redirect URI, and takes its issuer from the Host
of each request, so Synapse's `issuer` must be exactly http://127.0.0.1:PORT. Its authorize page
posts `sub=NAME` (any subject, created on the spot) or `action=deny`. Its own command line cannot
do what the other test servers do (detach, report its port, watch its owner), hence this launcher;
it detaches and watches its owner as they do (see detached_server.py).
"""
import argparse
import os
import warnings

from detached_server import listen_detached
from wsgi_server import serve_wsgi

# authlib warns, on import, of its own deprecated modules that the package uses (and forces those
# warnings on, so a filter would not do); recording them keeps them off stderr, which the caller
# reads together with stdout, wanting "PORT PID" alone.
with warnings.catch_warnings(record=True):
    import oidc_provider_mock


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("owner_pid", type=int)
    args = parser.parse_args()

    # As the package's own command line does: authlib refuses plain http without it.
    os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"
    application = oidc_provider_mock.app()
    listener = listen_detached()
    serve_wsgi(listener, application, args.owner_pid)


if __name__ == "__main__":
    main()

"""matrix-nio's room-key export (nio/crypto/key_export.py for the file, Olm.export_keys_static and
Olm.import_keys_static for the JSON inside, vodozemac for the sessions) as an independent check
of MatrixCrypto's RoomKeyExport. One JSON request on stdin, one JSON answer on stdout; binary
values travel as base64. Requests:

  {"command": "encrypt", "plaintext": B64, "passphrase", "rounds"}   -> {"file"}
  {"command": "decrypt", "file", "passphrase"}                       -> {"plaintext": B64} | {"error"}
  {"command": "export", "passphrase", "rounds", "room_id", "skip": N, "plaintexts": [TEXT…]}
      -> {"file", "messages", "session_id", "sender_key", "ed25519"}: a new vodozemac session
         that encrypted N messages, then the plaintexts; exported from index N
  {"command": "import", "file", "passphrase", "messages": [M…]}
      -> {"sessions": [{"session_id", "room_id", "sender_key", "ed25519", "forwarding_chain",
                        "first_known_index"}], "plaintexts": [TEXT…], "indexes": [N…]} | {"error"}
         (every message is decrypted with the first imported session)

Passphrases reach nio as UTF-8 bytes, as Element encodes them: given a str, nio's PBKDF2
(pycryptodome) would encode it as Latin-1 and disagree on any passphrase beyond ASCII.
"""
import base64
import json
import os
import sys
import tempfile

import vodozemac
from nio.crypto import InboundGroupSession, Olm
from nio.crypto.key_export import decrypt_and_read, encrypt_and_save
from nio.exceptions import EncryptionError


def passphrase(request):
    return request["passphrase"].encode()


def with_file(body):
    """Runs body with a path in a fresh temporary directory, which is then removed."""
    with tempfile.TemporaryDirectory() as directory:
        return body(os.path.join(directory, "keys.txt"))


def write(path, text):
    with open(path, "w", newline="") as f:
        f.write(text)


def read(path):
    with open(path, newline="") as f:
        return f.read()


def encrypt(request):
    def body(path):
        encrypt_and_save(base64.b64decode(request["plaintext"]), path, passphrase(request), request["rounds"])
        return {"file": read(path)}
    return with_file(body)


def decrypt(request):
    def body(path):
        write(path, request["file"])
        try:
            return {"plaintext": base64.b64encode(decrypt_and_read(path, passphrase(request))).decode()}
        except ValueError as error:
            return {"error": str(error)}
    return with_file(body)


def export(request):
    outbound = vodozemac.GroupSession()
    session = InboundGroupSession(
        outbound.session_key.to_base64(), vodozemac.Account().ed25519_key.to_base64(),
        vodozemac.Account().curve25519_key.to_base64(), request["room_id"])
    for _ in range(request["skip"]):
        outbound.encrypt(b"not exported")
    if request["skip"]:
        session = InboundGroupSession.import_session(
            session.export_session(request["skip"]), session.ed25519, session.sender_key, session.room_id)
    messages = [outbound.encrypt(p.encode()).to_base64() for p in request["plaintexts"]]

    def body(path):
        Olm.export_keys_static([session], path, passphrase(request), request["rounds"])
        return {"file": read(path), "messages": messages, "session_id": session.id,
                "sender_key": session.sender_key, "ed25519": session.ed25519}
    return with_file(body)


def import_(request):
    def body(path):
        write(path, request["file"])
        try:
            sessions = Olm.import_keys_static(path, passphrase(request))
        except EncryptionError as error:
            return {"error": str(error)}
        results = [sessions[0].decrypt(m) for m in request["messages"]]
        return {
            "sessions": [{"session_id": s.id, "room_id": s.room_id, "sender_key": s.sender_key,
                          "ed25519": s.ed25519, "forwarding_chain": s.forwarding_chain,
                          "first_known_index": s.first_known_index} for s in sessions],
            "plaintexts": [text for text, _ in results],
            "indexes": [index for _, index in results],
        }
    return with_file(body)


COMMANDS = {"encrypt": encrypt, "decrypt": decrypt, "export": export, "import": import_}

if __name__ == "__main__":
    request = json.load(sys.stdin)
    json.dump(COMMANDS[request["command"]](request), sys.stdout)

"""Server-side key backup (m.megolm_backup.v1.curve25519-aes-sha2) on the other side, as an
independent check of MatrixCrypto's Backup: vodozemac's PkEncryption and PkDecryption (what
matrix-rust-sdk and Element use), and the spec's steps written out here with `cryptography`.
One JSON request on stdin, one JSON answer on stdout; binary values travel as base64, keys and
session_data members as unpadded base64. Requests:

  {"command": "encrypt", "public_key", "plaintext": B64}        -> {"session_data"}  (vodozemac)
  {"command": "decrypt", "private_key", "session_data"}         -> {"plaintext": B64} | {"error"}
  {"command": "encrypt_by_hand", "public_key", "plaintext": B64, "mac_over": "empty"|"ciphertext"}
      -> {"session_data"}  (the spec's steps; its salt of 32 zero bytes; the MAC over the given input)
  {"command": "back_up_session", "public_key", "plaintexts": [TEXT…]}
      -> {"session_id", "sender_key", "ed25519", "session_data", "messages"}: a new vodozemac
         session that encrypted the plaintexts, exported at index 0, backed up as
         BackedUpSessionData JSON
  {"command": "restore_session", "private_key", "session_data", "messages": [M…]}
      -> {"session": JSON, "session_id", "plaintexts": [TEXT…]} | {"error"}: the backup
         decrypted, its session imported into vodozemac, the messages decrypted with it
"""
import base64
import json
import os
import sys

import vodozemac
from cryptography.hazmat.primitives import hashes, hmac, padding
from cryptography.hazmat.primitives.asymmetric import x25519
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat


def b64decode(text):
    return base64.b64decode(text + "=" * (-len(text) % 4))


def b64(data):
    return base64.b64encode(data).decode().rstrip("=")


def session_data(message):
    return {"ephemeral": b64(message.ephemeral_key), "ciphertext": b64(message.ciphertext), "mac": b64(message.mac)}


def pk_encryption(request):
    return vodozemac.PkEncryption.from_key(vodozemac.Curve25519PublicKey.from_base64(request["public_key"]))


def pk_decrypt(request):
    key = vodozemac.PkDecryption.from_key(vodozemac.Curve25519SecretKey.from_bytes(b64decode(request["private_key"])))
    data = request["session_data"]
    return key.decrypt(vodozemac.Message.from_base64(data["ciphertext"], data["mac"], data["ephemeral"]))


def encrypt(request):
    return {"session_data": session_data(pk_encryption(request).encrypt(b64decode(request["plaintext"])))}


def decrypt(request):
    try:
        return {"plaintext": b64(pk_decrypt(request))}
    except Exception as error:
        return {"error": str(error)}


def encrypt_by_hand(request):
    ephemeral = x25519.X25519PrivateKey.from_private_bytes(os.urandom(32))
    secret = ephemeral.exchange(x25519.X25519PublicKey.from_public_bytes(b64decode(request["public_key"])))
    keys = HKDF(algorithm=hashes.SHA256(), length=80, salt=bytes(32), info=b"").derive(secret)
    padder = padding.PKCS7(128).padder()
    padded = padder.update(b64decode(request["plaintext"])) + padder.finalize()
    encryptor = Cipher(algorithms.AES(keys[:32]), modes.CBC(keys[64:])).encryptor()
    ciphertext = encryptor.update(padded) + encryptor.finalize()
    mac = hmac.HMAC(keys[32:64], hashes.SHA256())
    if request["mac_over"] == "ciphertext":
        mac.update(ciphertext)
    public = ephemeral.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
    return {"session_data": {"ephemeral": b64(public), "ciphertext": b64(ciphertext), "mac": b64(mac.finalize()[:8])}}


def back_up_session(request):
    outbound = vodozemac.GroupSession()
    inbound = vodozemac.InboundGroupSession(outbound.session_key)
    messages = [outbound.encrypt(p.encode()).to_base64() for p in request["plaintexts"]]
    sender = vodozemac.Account()
    session = {
        "algorithm": "m.megolm.v1.aes-sha2",
        "sender_key": sender.curve25519_key.to_base64(),
        "session_key": inbound.export_at(0).to_base64(),
        "sender_claimed_keys": {"ed25519": sender.ed25519_key.to_base64()},
        "forwarding_curve25519_key_chain": [],
    }
    message = pk_encryption(request).encrypt(json.dumps(session).encode())
    return {"session_id": outbound.session_id, "sender_key": session["sender_key"],
            "ed25519": session["sender_claimed_keys"]["ed25519"], "session_data": session_data(message),
            "messages": messages}


def restore_session(request):
    try:
        session = json.loads(pk_decrypt(request))
    except Exception as error:
        return {"error": str(error)}
    inbound = vodozemac.InboundGroupSession.import_session(vodozemac.ExportedSessionKey(session["session_key"]))
    plaintexts = [inbound.decrypt(vodozemac.MegolmMessage.from_base64(m)).plaintext.decode() for m in request["messages"]]
    return {"session": session, "session_id": inbound.session_id, "plaintexts": plaintexts}


COMMANDS = {f.__name__: f for f in (encrypt, decrypt, encrypt_by_hand, back_up_session, restore_session)}

if __name__ == "__main__":
    request = json.load(sys.stdin)
    json.dump(COMMANDS[request["command"]](request), sys.stdout)

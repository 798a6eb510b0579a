"""Writes Ed25519 cases for `element-shell-bench ed25519` to stdout: COUNT signatures by KEYS
vodozemac accounts (each key signs COUNT / KEYS messages in a row, as a Megolm session's key
does), about half altered in a bit of the signature, the message or the key, each with
vodozemac's verdict. Run with the dev venv's python.

    ed25519_vodozemac.py COUNT KEYS SEED

A case is the key (32 bytes), the signature (64), the verdict (1: valid, 0: not), the message's
length (2, little-endian) and the message (up to 300 bytes).
"""
import base64
import random
import sys

import vodozemac


def unpadded(data):
    return base64.b64encode(data).decode().rstrip("=")


def verdict(key, message, signature):
    try:
        public = vodozemac.Ed25519PublicKey.from_base64(unpadded(key))
        public.verify_signature(message, vodozemac.Ed25519Signature.from_base64(unpadded(signature)))
        return True
    except (vodozemac.SignatureException, vodozemac.KeyException):
        return False


def cases(count, keys, seed):
    """(key, message, signature, vodozemac's verdict) COUNT times, as the module comment says."""
    rng = random.Random(seed)
    per_key = max(1, count // keys)
    for index in range(count):
        if index % per_key == 0:
            account = vodozemac.Account()
            own_key = base64.b64decode(account.ed25519_key.to_base64() + "=")
        message = rng.randbytes(rng.randrange(0, 301))
        signature = bytearray(base64.b64decode(account.sign(message).to_base64() + "=="))
        key = bytearray(own_key)
        alteration = rng.randrange(6)
        if alteration == 0:
            signature[rng.randrange(64)] ^= 1 << rng.randrange(8)
        elif alteration == 1 and message:
            message = bytearray(message)
            message[rng.randrange(len(message))] ^= 1 << rng.randrange(8)
        elif alteration == 2:
            key[rng.randrange(32)] ^= 1 << rng.randrange(8)
        key, message, signature = bytes(key), bytes(message), bytes(signature)
        yield key, message, signature, verdict(key, message, signature)


def main(count, keys, seed):
    out = sys.stdout.buffer
    for key, message, signature, valid in cases(count, keys, seed):
        out.write(key + signature + bytes([valid]) + len(message).to_bytes(2, "little") + message)


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))

"""Synapse's signing library (signedjson over PyNaCl) as an independent check of MatrixCrypto's
cross-signing: it signs and verifies canonical JSON the way the server and other clients do.
One JSON request on stdin, one JSON answer on stdout; keys and seeds travel as unpadded base64.
Requests:

  {"command": "verify", "object": JSON, "user_id", "key_id": "ed25519:ID", "public_key"}
      -> {"valid": BOOL}  (the signature signatures[user_id][key_id] by public_key)
  {"command": "sign", "object": JSON, "user_id", "seed"} -> {"object"}
      (signed by the cross-signing key of that seed, named ed25519:<its public key>)
  {"command": "identity", "user_id", "device_id"}
      -> {"keys_query": {"master_keys", "self_signing_keys", "user_signing_keys", "device_keys"},
          "seeds": {"master", "self_signing", "user_signing"}, "device_key"}: a new user's keys
         as /keys/query returns them, self-signing and user-signing keys signed by the master
         key, the device signed by itself and the self-signing key, the master key by the device
"""
import json
import os
import sys

import nacl.signing
from signedjson.key import decode_signing_key_base64, decode_verify_key_bytes, encode_base64
from signedjson.sign import SignatureVerifyException, sign_json, verify_signed_json
from unpaddedbase64 import decode_base64


def public(key):
    return encode_base64(key.verify_key.encode())


def cross_signing_key(seed):
    """A signing key named by its own public key, as cross-signing keys are."""
    name = public(nacl.signing.SigningKey(decode_base64(seed)))
    return decode_signing_key_base64("ed25519", name, seed)


def key_object(user_id, usage, key):
    return {"user_id": user_id, "usage": [usage], "keys": {f"ed25519:{public(key)}": public(key)}}


def verify(request):
    key = decode_verify_key_bytes(request["key_id"], decode_base64(request["public_key"]))
    try:
        verify_signed_json(request["object"], request["user_id"], key)
        return {"valid": True}
    except SignatureVerifyException:
        return {"valid": False}


def sign(request):
    return {"object": sign_json(request["object"], request["user_id"], cross_signing_key(request["seed"]))}


def identity(request):
    user_id, device_id = request["user_id"], request["device_id"]
    seeds = {usage: encode_base64(nacl.signing.SigningKey.generate().encode())
             for usage in ("master", "self_signing", "user_signing")}
    keys = {usage: cross_signing_key(seed) for usage, seed in seeds.items()}
    device = decode_signing_key_base64("ed25519", device_id, encode_base64(nacl.signing.SigningKey.generate().encode()))
    device_keys = {
        "user_id": user_id, "device_id": device_id,
        "algorithms": ["m.olm.v1.curve25519-aes-sha2", "m.megolm.v1.aes-sha2"],
        "keys": {f"ed25519:{device_id}": public(device), f"curve25519:{device_id}": encode_base64(os.urandom(32))},
        "unsigned": {"device_display_name": "signedjson"},
    }
    device_keys = sign_json(sign_json(device_keys, user_id, device), user_id, keys["self_signing"])
    master = sign_json(key_object(user_id, "master", keys["master"]), user_id, device)
    return {
        "keys_query": {
            "master_keys": {user_id: master},
            "self_signing_keys": {user_id: sign_json(key_object(user_id, "self_signing", keys["self_signing"]), user_id, keys["master"])},
            "user_signing_keys": {user_id: sign_json(key_object(user_id, "user_signing", keys["user_signing"]), user_id, keys["master"])},
            "device_keys": {user_id: {device_id: device_keys}},
        },
        "seeds": seeds,
        "device_key": public(device),
    }


COMMANDS = {f.__name__: f for f in (verify, sign, identity)}

if __name__ == "__main__":
    request = json.load(sys.stdin)
    json.dump(COMMANDS[request["command"]](request), sys.stdout)

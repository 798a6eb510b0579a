"""vodozemac as an independent check of MatrixCrypto: one JSON request on stdin, one JSON answer
on stdout. Binary values travel as base64; requests:

  {"command": "encrypt", "plaintexts": [B64…]}       -> {"session_key", "session_id", "messages"}
  {"command": "decrypt", "session_key"|"exported_key": K, "messages": [M…]}
                                                     -> {"plaintexts": [B64…], "indexes": [N…]}
  {"command": "export", "session_key": K, "index": N} -> {"exported_key"}
  {"command": "sign", "payload": TEXT}               -> {"public_key", "signature"}
  {"command": "verify", "public_key", "payload", "signature"} -> {"valid": BOOL}
  {"command": "signatures", "count": N, "keys": K, "seed": S}
      -> {"cases": [[KEY, MESSAGE, SIGNATURE (B64), VALID]…]}  (Benchmarks/ed25519_vodozemac.py's)
  {"command": "canonical", "value": JSON}            -> {"canonical": TEXT}  (Synapse's canonicaljson)

Olm commands are stateless: accounts and sessions travel as vodozemac pickles (under a fixed
pickle key) in the request and back in the answer. Olm messages are {"type": 0|1, "body": B64}.

  {"command": "olm_account", "one_time_keys": N, "fallback_key": BOOL}
      -> {"account", "curve25519", "ed25519", "one_time_keys": {ID: KEY}, "fallback_key": {ID: KEY}}
  {"command": "olm_outbound", "identity_key", "one_time_key", "plaintexts": [B64…]}
      -> {"curve25519", "session", "session_id", "messages": [MSG…]}  (a new account's session)
  {"command": "olm_inbound", "account", "sender_key", "message": B64}
      -> {"account", "session", "session_id", "plaintext", "one_time_keys"} or {"error"}
  {"command": "olm_encrypt", "session", "plaintexts": [B64…]} -> {"session", "messages": [MSG…]}
  {"command": "olm_decrypt", "session", "messages": [MSG…]}
      -> {"session", "results": [{"plaintext"} or {"error"}…]}  (a failure leaves the session as is)
  {"command": "olm_matches", "session", "message": B64} -> {"matches": BOOL}

SAS is a dialogue, one JSON line each way per step, because vodozemac's `Sas` can be neither
pickled nor made from a given key: the peer must learn our key before it can answer.

  {"command": "sas"}                              -> {"public_key"}
  {"their_public_key": K}                         -> {}, or {"error"} and the dialogue ends
  {"infos": [INFO…], "macs": [{"input", "info"}…], "verify": [{"input", "info", "mac"}…]}
      -> {"sas": [{"emoji_indices", "decimals"}…], "macs": [MAC…],
          "invalid_base64_macs": [MAC…] (libolm's broken encoding), "valid": [BOOL…]}
"""
import base64
import json
import os
import sys

import canonicaljson
import vodozemac


def encrypt(request):
    session = vodozemac.GroupSession()
    key = session.session_key.to_base64()
    messages = [session.encrypt(base64.b64decode(p)).to_base64() for p in request["plaintexts"]]
    return {"session_key": key, "session_id": session.session_id, "messages": messages}


def inbound(request):
    if "session_key" in request:
        return vodozemac.InboundGroupSession(vodozemac.SessionKey(request["session_key"]))
    return vodozemac.InboundGroupSession.import_session(vodozemac.ExportedSessionKey(request["exported_key"]))


def decrypt(request):
    session = inbound(request)
    results = [session.decrypt(vodozemac.MegolmMessage.from_base64(m)) for m in request["messages"]]
    return {
        "plaintexts": [base64.b64encode(r.plaintext).decode() for r in results],
        "indexes": [r.message_index for r in results],
    }


def export(request):
    return {"exported_key": inbound(request).export_at(request["index"]).to_base64()}


def sign(request):
    account = vodozemac.Account()
    signature = account.sign(request["payload"].encode())
    return {"public_key": account.ed25519_key.to_base64(), "signature": signature.to_base64()}


def verify(request):
    key = vodozemac.Ed25519PublicKey.from_base64(request["public_key"])
    try:
        key.verify_signature(request["payload"].encode(), vodozemac.Ed25519Signature.from_base64(request["signature"]))
        return {"valid": True}
    except vodozemac.SignatureException:
        return {"valid": False}


def signatures(request):
    """The cases of Benchmarks/ed25519_vodozemac.py (a key signing `count / keys` in a row, about
    half altered), with vodozemac's verdicts."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "Benchmarks"))
    from ed25519_vodozemac import cases
    return {"cases": [[b64(key), b64(message), b64(signature), valid]
                      for key, message, signature, valid in cases(request["count"], request["keys"], request["seed"])]}


def canonical(request):
    return {"canonical": canonicaljson.encode_canonical_json(request["value"]).decode()}


PICKLE_KEY = bytes(range(32))


def b64decode(text):
    return base64.b64decode(text + "=" * (-len(text) % 4))


def b64(data):
    return base64.b64encode(data).decode()


def keys_by_id(keys):
    return {key_id: key.to_base64() for key_id, key in keys.items()}


def olm_message(message):
    message_type, body = message.to_parts()
    return {"type": message_type, "body": b64(body)}


def pre_key_message(body):
    return vodozemac.AnyOlmMessage.from_parts(0, b64decode(body)).to_pre_key()


def olm_account(request):
    account = vodozemac.Account()
    account.generate_one_time_keys(request["one_time_keys"])
    if request.get("fallback_key"):
        account.generate_fallback_key()
    return {
        "account": account.pickle(PICKLE_KEY),
        "curve25519": account.curve25519_key.to_base64(),
        "ed25519": account.ed25519_key.to_base64(),
        "one_time_keys": keys_by_id(account.one_time_keys),
        "fallback_key": keys_by_id(account.fallback_key),
    }


def olm_outbound(request):
    account = vodozemac.Account()
    session = account.create_outbound_session(
        vodozemac.Curve25519PublicKey.from_base64(request["identity_key"]),
        vodozemac.Curve25519PublicKey.from_base64(request["one_time_key"]),
    )
    messages = [olm_message(session.encrypt(b64decode(p))) for p in request["plaintexts"]]
    return {
        "curve25519": account.curve25519_key.to_base64(),
        "session": session.pickle(PICKLE_KEY),
        "session_id": session.session_id,
        "messages": messages,
    }


def olm_inbound(request):
    account = vodozemac.Account.from_pickle(request["account"], PICKLE_KEY)
    sender_key = vodozemac.Curve25519PublicKey.from_base64(request["sender_key"])
    try:
        session, plaintext = account.create_inbound_session(sender_key, pre_key_message(request["message"]))
    except ValueError as error:
        return {"error": str(error)}
    return {
        "account": account.pickle(PICKLE_KEY),
        "session": session.pickle(PICKLE_KEY),
        "session_id": session.session_id,
        "plaintext": b64(plaintext),
        "one_time_keys": keys_by_id(account.one_time_keys),
    }


def olm_encrypt(request):
    session = vodozemac.Session.from_pickle(request["session"], PICKLE_KEY)
    messages = [olm_message(session.encrypt(b64decode(p))) for p in request["plaintexts"]]
    return {"session": session.pickle(PICKLE_KEY), "messages": messages}


def olm_decrypt(request):
    session = vodozemac.Session.from_pickle(request["session"], PICKLE_KEY)
    results = []
    for message in request["messages"]:
        try:
            plaintext = session.decrypt(vodozemac.AnyOlmMessage.from_parts(message["type"], b64decode(message["body"])))
            results.append({"plaintext": b64(plaintext)})
        except ValueError as error:
            results.append({"error": str(error)})
    return {"session": session.pickle(PICKLE_KEY), "results": results}


def olm_matches(request):
    session = vodozemac.Session.from_pickle(request["session"], PICKLE_KEY)
    return {"matches": session.session_matches(pre_key_message(request["message"]))}


def reply(answer):
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()


def sas_derive(established, request):
    valid = []
    for check in request.get("verify", []):
        try:
            established.verify_mac(check["input"], check["info"], check["mac"])
            valid.append(True)
        except (vodozemac.SasException, ValueError):
            valid.append(False)
    macs = request.get("macs", [])
    return {
        "sas": [
            {"emoji_indices": list(b.emoji_indices), "decimals": list(b.decimals)}
            for b in (established.bytes(info) for info in request.get("infos", []))
        ],
        "macs": [established.calculate_mac(m["input"], m["info"]) for m in macs],
        "invalid_base64_macs": [established.calculate_mac_invalid_base64(m["input"], m["info"]) for m in macs],
        "valid": valid,
    }


def sas(request):
    ours = vodozemac.Sas()
    reply({"public_key": ours.public_key.to_base64()})
    try:
        theirs = vodozemac.Curve25519PublicKey.from_base64(json.loads(sys.stdin.readline())["their_public_key"])
        established = ours.diffie_hellman(theirs)
    except vodozemac.KeyException as error:
        reply({"error": str(error)})
        return None
    reply({})
    for line in sys.stdin:
        reply(sas_derive(established, json.loads(line)))
    return None


COMMANDS = {
    f.__name__: f
    for f in (encrypt, decrypt, export, sign, verify, signatures, canonical,
              olm_account, olm_outbound, olm_inbound, olm_encrypt, olm_decrypt, olm_matches, sas)
}

if __name__ == "__main__":
    # One line, not all of stdin: a dialogue goes on reading after its first request.
    request = json.loads(sys.stdin.readline())
    answer = COMMANDS[request["command"]](request)
    if answer is not None:
        json.dump(answer, sys.stdout)

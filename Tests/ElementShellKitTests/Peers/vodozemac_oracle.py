"""vodozemac as an independent check of MatrixCrypto: one JSON request on stdin, one JSON answer
on stdout. Binary values travel as base64; requests:

  {"command": "encrypt", "plaintexts": [B64…]}       -> {"session_key", "session_id", "messages"}
  {"command": "decrypt", "session_key"|"exported_key": K, "messages": [M…]}
                                                     -> {"plaintexts": [B64…], "indexes": [N…]}
  {"command": "export", "session_key": K, "index": N} -> {"exported_key"}
  {"command": "sign", "payload": TEXT}               -> {"public_key", "signature"}
  {"command": "verify", "public_key", "payload", "signature"} -> {"valid": BOOL}
  {"command": "canonical", "value": JSON}            -> {"canonical": TEXT}  (Synapse's canonicaljson)
"""
import base64
import json
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


def canonical(request):
    return {"canonical": canonicaljson.encode_canonical_json(request["value"]).decode()}


COMMANDS = {f.__name__: f for f in (encrypt, decrypt, export, sign, verify, canonical)}

if __name__ == "__main__":
    request = json.load(sys.stdin)
    json.dump(COMMANDS[request["command"]](request), sys.stdout)

"""Secret storage (SSSS) written from the spec with `cryptography`, as an independent check of
MatrixCrypto's SecretStorageKey, SecretStorageKeyDescription and EncryptedSecret. One JSON
request on stdin, one JSON answer on stdout; binary values travel as base64, which this side
writes padded, as Element does, and reads padded or not. Requests:

  {"command": "encrypt", "key": B64, "name", "plaintext": B64}   -> {"iv", "ciphertext", "mac"}
  {"command": "decrypt", "key": B64, "name", "iv", "ciphertext", "mac"}
      -> {"plaintext": B64} | {"error": "bad MAC"}
  {"command": "check_key", "key": B64, "iv", "mac"}              -> {"matches": BOOL}
  {"command": "derive", "passphrase", "salt", "iterations", "bits"} -> {"key": B64}
  {"command": "recovery_key", "key": B64}                        -> {"recovery_key"}
  {"command": "decode_recovery_key", "recovery_key"}             -> {"key": B64} | {"error"}

The key check is the encryption of 32 zero bytes under the name "". Base58 here is a plain
big-integer conversion, unlike MatrixCrypto's digit-by-digit one.
"""
import base64
import hmac
import json
import os
import sys

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC

ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
PREFIX = bytes([0x8B, 0x01])


def b64decode(text):
    return base64.b64decode(text + "=" * (-len(text) % 4))


def b64encode(data):
    return base64.b64encode(data).decode()


def keys(key, name):
    derived = HKDF(algorithm=hashes.SHA256(), length=64, salt=bytes(32), info=name.encode()).derive(key)
    return derived[:32], derived[32:]


def ctr(aes_key, iv, data):
    encryptor = Cipher(algorithms.AES(aes_key), modes.CTR(iv)).encryptor()
    return encryptor.update(data) + encryptor.finalize()


def mac(mac_key, data):
    return hmac.new(mac_key, data, "sha256").digest()


def encrypt(request):
    aes_key, mac_key = keys(b64decode(request["key"]), request["name"])
    iv = bytearray(os.urandom(16))
    iv[8] &= 0x7F
    ciphertext = ctr(aes_key, bytes(iv), b64decode(request["plaintext"]))
    return {"iv": b64encode(bytes(iv)), "ciphertext": b64encode(ciphertext), "mac": b64encode(mac(mac_key, ciphertext))}


def decrypt(request):
    aes_key, mac_key = keys(b64decode(request["key"]), request["name"])
    ciphertext = b64decode(request["ciphertext"])
    if not hmac.compare_digest(mac(mac_key, ciphertext), b64decode(request["mac"])):
        return {"error": "bad MAC"}
    return {"plaintext": b64encode(ctr(aes_key, b64decode(request["iv"]), ciphertext))}


def check_key(request):
    aes_key, mac_key = keys(b64decode(request["key"]), "")
    ciphertext = ctr(aes_key, b64decode(request["iv"]), bytes(32))
    return {"matches": hmac.compare_digest(mac(mac_key, ciphertext), b64decode(request["mac"]))}


def derive(request):
    kdf = PBKDF2HMAC(algorithm=hashes.SHA512(), length=request["bits"] // 8,
                     salt=request["salt"].encode(), iterations=request["iterations"])
    return {"key": b64encode(kdf.derive(request["passphrase"].encode()))}


def recovery_key(request):
    data = PREFIX + b64decode(request["key"])
    parity = 0
    for byte in data:
        parity ^= byte
    data += bytes([parity])
    number = int.from_bytes(data, "big")
    text = ""
    while number:
        number, digit = divmod(number, 58)
        text = ALPHABET[digit] + text
    text = "1" * (len(data) - len(data.lstrip(b"\0"))) + text
    return {"recovery_key": " ".join(text[i:i + 4] for i in range(0, len(text), 4))}


def decode_recovery_key(request):
    text = "".join(request["recovery_key"].split())
    if any(c not in ALPHABET for c in text):
        return {"error": "not base58"}
    number = 0
    for c in text:
        number = number * 58 + ALPHABET.index(c)
    body = number.to_bytes((number.bit_length() + 7) // 8, "big")
    data = bytes(len(text) - len(text.lstrip("1"))) + body
    parity = 0
    for byte in data:
        parity ^= byte
    if len(data) != 35 or data[:2] != PREFIX or parity:
        return {"error": "not a recovery key"}
    return {"key": b64encode(data[2:34])}


COMMANDS = {"encrypt": encrypt, "decrypt": decrypt, "check_key": check_key, "derive": derive,
            "recovery_key": recovery_key, "decode_recovery_key": decode_recovery_key}

if __name__ == "__main__":
    request = json.load(sys.stdin)
    json.dump(COMMANDS[request["command"]](request), sys.stdout)

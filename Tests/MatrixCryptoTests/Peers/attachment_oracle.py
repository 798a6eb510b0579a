"""matrix-nio's attachment encryption (nio.crypto.attachments) as an oracle for AttachmentCipher.
One JSON request on stdin, one JSON answer on stdout:

  {"command": "encrypt", "plaintext": B64}  -> {"ciphertext": B64, "file": {EncryptedFile without url}}
  {"command": "decrypt", "ciphertext": B64, "file": {...}}  -> {"plaintext": B64} | {"error": TEXT}
"""
import base64
import json
import sys

from nio.crypto import attachments


def main():
    request = json.load(sys.stdin)
    if request["command"] == "encrypt":
        ciphertext, keys = attachments.encrypt_attachment(base64.b64decode(request["plaintext"]))
        answer = {"ciphertext": base64.b64encode(ciphertext).decode(), "file": keys}
    else:
        keys = request["file"]
        try:
            plaintext = attachments.decrypt_attachment(
                base64.b64decode(request["ciphertext"]), keys["key"]["k"], keys["hashes"]["sha256"], keys["iv"])
            answer = {"plaintext": base64.b64encode(plaintext).decode()}
        except Exception as error:  # nio raises EncryptionError for a wrong hash
            answer = {"error": str(error)}
    json.dump(answer, sys.stdout)


if __name__ == "__main__":
    main()

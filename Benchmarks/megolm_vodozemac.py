"""Times Megolm with vodozemac (Rust, through its Python binding) as `element-shell-bench megolm`
times MatrixCrypto, and prints the same JSON line.

    megolm_vodozemac.py [MESSAGES [RUNS [BYTES [SESSIONS]]]]

SESSIONS GroupSessions (1) encrypt MESSAGES copies of an m.room.message event padded to BYTES,
each its share in a row; the InboundGroupSession made from each one's key decrypts them in order. Creating the sessions is not
timed; the fastest run of each phase is printed. Run with the dev venv's python.
"""
import json
import sys
import time
from importlib.metadata import version

import vodozemac

PREFIX = '{"type":"m.room.message","room_id":"!benchmark:example.org","content":{"msgtype":"m.text","body":"'
SUFFIX = '"}}'


def event(byte_count):
    body = ("lorem ipsum " * (byte_count // 12 + 1))[: byte_count - len(PREFIX) - len(SUFFIX)]
    return (PREFIX + body + SUFFIX).encode()


def measure_run(messages, plaintext, sessions):
    outbounds = [vodozemac.GroupSession() for _ in range(sessions)]
    inbounds = [vodozemac.InboundGroupSession(outbound.session_key) for outbound in outbounds]
    started = time.perf_counter()
    ciphertexts = [[] for _ in range(sessions)]
    for message in range(messages):
        session = message * sessions // messages
        ciphertexts[session].append(outbounds[session].encrypt(plaintext))
    encrypted = time.perf_counter()
    for inbound, session_ciphertexts in zip(inbounds, ciphertexts):
        for ciphertext in session_ciphertexts:
            if inbound.decrypt(ciphertext).plaintext != plaintext:
                sys.exit("a message did not decrypt to its plaintext")
    return encrypted - started, time.perf_counter() - encrypted


def main():
    messages, runs, byte_count, sessions = (int(a) for a in (sys.argv[1:] + ["10000", "5", "256", "1"][len(sys.argv) - 1:]))
    plaintext = event(byte_count)
    results = [measure_run(messages, plaintext, sessions) for _ in range(runs)]
    encrypt = min(r[0] for r in results)
    decrypt = min(r[1] for r in results)
    print(json.dumps({
        "client": f"vodozemac {version('vodozemac')}",
        "messages": messages,
        "sessions": sessions,
        "plaintext_bytes": len(plaintext),
        "runs": runs,
        "encrypt_seconds": round(encrypt, 3),
        "encrypt_per_second": round(messages / encrypt),
        "decrypt_seconds": round(decrypt, 3),
        "decrypt_per_second": round(messages / decrypt),
    }, separators=(",", ":")))


if __name__ == "__main__":
    main()

"""segno, a QR code encoder ElementShellKit's QRCode shares no code with, as its oracle. One JSON
request on stdin, one JSON answer on stdout:

  {"codes": [{"payload": HEX, "error": "L"|"M"|"Q"|"H", "version": N?, "mask": N?}, ...]}
  -> {"codes": [{"version": N, "mask": N, "modules": ["0110...", ...]} | {"overflow": true}, ...]}

Without a version segno takes the smallest that holds the payload, without a mask it chooses
one by its penalty scores. Always one byte-mode segment, no Micro QR, and the error level as asked:
segno would otherwise raise it while the version stays the same (boost_error). The modules are
rows top to bottom, "1" for dark, without the quiet zone; a payload the version cannot hold
answers {"overflow": true}.

One step of segno is put right first: see write_padding_bits.
"""
import json
import sys

import segno
from segno import encoder


def write_padding_bits(buff, version, length):
    """Zero bits up to the next codeword boundary, and none when the bit stream already ends on
    one (ISO/IEC 18004 7.4.10). segno 1.6.6 adds a whole zero byte then (heuer/segno#148, open),
    which a reader skips like the pad codewords after it but which changes every data module; in
    byte mode after a full terminator the stream always ends on a boundary. Micro QR's half
    codewords, which segno's own function minds, never occur here."""
    buff.extend([0] * (-length % 8))


encoder.write_padding_bits = write_padding_bits


def make(request):
    try:
        code = segno.make(
            bytes.fromhex(request["payload"]), error=request["error"], version=request.get("version"),
            mask=request.get("mask"), mode="byte", micro=False, boost_error=False,
        )
    except segno.DataOverflowError:
        return {"overflow": True}
    rows = ["".join(str(module) for module in row) for row in code.matrix]
    return {"version": code.version, "mask": code.mask, "modules": rows}


def main():
    request = json.load(sys.stdin)
    json.dump({"codes": [make(code) for code in request["codes"]]}, sys.stdout)


if __name__ == "__main__":
    main()

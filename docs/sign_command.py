#!/usr/bin/env python3
"""Signs a qrouter control command as the job checks it: docs/protocol.md, "Signing a control command".

Standard library only. Run as it is, it signs the test vectors of signing-vectors.json (beside it, or the file
given as the one argument), prints each vector's HMAC, and exits 1 if any canonical text or HMAC differs from the
expected one. A client imports it instead: signature(key, command), with command a dict of the ControlCommand
fields commandId, issuer, issuedAt (milliseconds since the epoch, an int), action, target (None for a fleet-wide
action) and arguments (a dict of strings).
"""
import hashlib
import hmac
import json
import sys
from pathlib import Path

VERSION = "qrouter-control-v1\n"


def utf16_length(text):
    """The length the job counts: UTF-16 code units (a character beyond U+FFFF counts 2)."""
    return len(text.encode("utf-16-le")) // 2


def field(text):
    return f"{utf16_length(text)}:{text}\n"


def canonical(command):
    """The signed text: the version line, then each field as LENGTH:VALUE and a newline."""
    target = command.get("target")
    arguments = command.get("arguments") or {}
    parts = [
        VERSION,
        field(command["commandId"]),
        field(command["issuer"]),
        field(str(command["issuedAt"])),
        field(command["action"]),
        field("" if target is None else "=" + target),
        field(str(len(arguments))),
    ]
    # the job sorts names as Java compares strings, by UTF-16 code units: big-endian UTF-16 bytes sort alike
    for name in sorted(arguments, key=lambda n: n.encode("utf-16-be")):
        parts += [field(name), field(arguments[name])]
    return "".join(parts)


def signature(key, command):
    """The ControlCommand's signature field: HMAC-SHA256 of the UTF-8 canonical text, lower-case hex."""
    return hmac.new(key.encode("utf-8"), canonical(command).encode("utf-8"), hashlib.sha256).hexdigest()


def check(path):
    vectors = json.loads(Path(path).read_text(encoding="utf-8"))
    all_match = True
    for vector in vectors["vectors"]:
        text = canonical(vector["command"])
        signed = signature(vectors["key"], vector["command"])
        match = text == vector["canonical"] and signed == vector["hmac"]
        if match:
            print(f"{vector['name']}: {signed} ok")
        else:
            texts = "same canonical text" if text == vector["canonical"] else "another canonical text"
            print(f"{vector['name']}: {signed} MISMATCH: expected {vector['hmac']} ({texts})")
        all_match = all_match and match
    return all_match


if __name__ == "__main__":
    vectors_file = sys.argv[1] if len(sys.argv) > 1 else Path(__file__).with_name("signing-vectors.json")
    sys.exit(0 if check(vectors_file) else 1)

#!/usr/bin/env python3
"""Seeds of the wire fuzz targets, encoded by hand in protobuf (proto/pf1e/v1/worker.proto):
the quick start as a RunShard request (wire_request) and each given slice file's tallies as
RunShard answers (wire_answer). Usage: wire_seeds.py CORPUS SLICE.json..."""

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROTOCOL_VERSION = 4


def varint(n):
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def uint(field, n):
    """A varint field (proto3 omits zeros)."""
    return varint(field << 3) + varint(n) if n else b""


def message(field, body):
    return varint(field << 3 | 2) + varint(len(body)) + body


def text(field, s):
    return message(field, s.encode()) if s else b""


def packed(field, numbers):
    return message(field, b"".join(varint(n) for n in numbers)) if numbers else b""


def document(field, path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return message(field, text(1, path) + text(2, f.read()))


def quick_start():
    side = lambda name, members: message(3, text(1, name) + packed(2, members))
    scenario = (
        document(1, "data/maps/sample_arena.yaml")
        + document(2, "data/monsters/goblin.json")
        + document(2, "data/monsters/orc.json")
        + side("players", [0, 0, 0])
        + side("monsters", [1, 1])
        + message(4, uint(1, 100))
    )
    return (uint(1, PROTOCOL_VERSION) + text(2, "seed") + uint(4, 1)
            + message(5, scenario) + uint(6, 1) + uint(8, 2))


def tally(t):
    unit_fields = ["hits", "crits", "damage_dealt", "damage_taken", "healing_done",
                   "downed", "killed", "turns"]
    units = b"".join(
        message(6, b"".join(uint(i + 1, u[k]) for i, k in enumerate(unit_fields)))
        for u in t["units"])
    firsts = t.get("firsts", {})
    # FirstRun.run is `optional`: present (even 0) for a run, absent for none.
    first = lambda field, r: message(field, b"" if r is None else varint(1 << 3) + varint(r))
    longest = firsts.get("longest")
    firsts_body = (b"".join(first(1, r) for r in firsts.get("win", []))
                   + first(2, firsts.get("draw"))
                   + (varint(3 << 3) + varint(longest["run"]) + uint(4, longest["rounds"])
                      if longest else b""))
    return (uint(1, t["fights"]) + packed(2, t["wins"]) + uint(3, t["draws"])
            + uint(4, t["rounds_sum"]) + uint(5, t["rounds_sq_sum"]) + units
            + packed(7, t["rounds_hist"]) + packed(8, t["first_down"])
            + packed(9, t["survivors"]) + packed(10, t["hp_left"])
            + message(11, firsts_body) + uint(12, t["capped"]))


def tallies(slice_file):
    with open(slice_file, encoding="utf-8") as f:
        played = json.load(f)["played"]
    if played["kind"] == "run":
        return [played["tally"]]
    return [cell["tally"] for cell in played["cells"]]


def main():
    corpus = sys.argv[1]
    with open(os.path.join(corpus, "wire_request", "quick_start"), "wb") as f:
        f.write(quick_start())
    n = 0
    for slice_file in sys.argv[2:]:
        for t in tallies(slice_file)[:3]:
            answer = text(1, "seed") + uint(3, 1) + message(4, tally(t))
            with open(os.path.join(corpus, "wire_answer", f"answer-{n}"), "wb") as f:
                f.write(answer)
            n += 1


main()

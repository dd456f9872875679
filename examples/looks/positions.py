#!/usr/bin/env python3
"""Positions for looks.py: ten per searched game, along a game the binary plays against
itself at depth 1 (Qubic: positions with O, the searching side, to move).
Usage: positions.py BINARY > positions.json"""
import json, subprocess, sys

binary = sys.argv[1]
games = {
    "classic7k5": (["--game", "classic", "--size", "7", "--in-a-row", "5"], "-" * 49),
    "classic5": (["--game", "classic", "--size", "5"], "-" * 25),
    "qubic": (["--game", "qubic"], "-" * 64),
    "extreme": (["--game", "extreme"], "-" * 256 + " - x"),
}
out = {}
for name, (flags, position) in games.items():
    seen = []
    for _ in range(40):
        run = subprocess.run([binary, "move", "--depth", "1", *flags, "--", position],
                             capture_output=True, text=True)
        if run.returncode != 0:
            break
        position = run.stdout.strip().split("\n")[-1]
        seen.append(position)
    out[name] = (flags, seen[0::2][2:12] if name == "qubic" else seen[2:12])
json.dump(out, sys.stdout)

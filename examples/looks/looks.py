#!/usr/bin/env python3
"""How often two looks at the same position disagree: `analyze` twice on each position of
positions.json, with the budget given (e.g. --bot-time 1000, or --nodes 300000).
Usage: looks.py BINARY positions.json --bot-time 1000"""
import json, re, subprocess, sys

binary, positions, budget = sys.argv[1], sys.argv[2], sys.argv[3:]
for name, (flags, boards) in json.load(open(positions)).items():
    looked = hints_differ = best_differs = 0
    for board in boards:
        outs = [subprocess.run([binary, "analyze", *budget, *flags, "--", board],
                               capture_output=True, text=True).stdout for _ in range(2)]
        if "The game is over" in outs[0]:
            continue
        looked += 1
        grid = lambda out: [l for l in out.split("\n") if re.match(r"^\s*\d+\s", l)]
        best = lambda out: re.findall(r"\*\S+", out)
        hints_differ += grid(outs[0]) != grid(outs[1])
        best_differs += best(outs[0]) != best(outs[1])
    print(f"{name}: {looked} positions, hints differ on {hints_differ}, "
          f"the marked best on {best_differs}", flush=True)

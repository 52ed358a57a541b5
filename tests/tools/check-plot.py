#!/usr/bin/env python3
"""Runs the plot script on a JSON lines file and checks that it wrote non-empty PNG files:

    check-plot.py PLOT_PYTHON CEED_PLOT JSONL OUTDIR

Expected: one BP picture per (backend, problem, mode) and one BS picture per backend in the file, each a
PNG (signature checked) of a plausible size, and their paths printed by the script.
"""
import json
import os
import shutil
import subprocess
import sys

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def main(python, script, jsonl, outdir):
    shutil.rmtree(outdir, ignore_errors=True)
    with open(jsonl, encoding="utf-8") as f:
        records = [json.loads(line) for line in f if line.strip()]
    expected = {(r["backend"], r["problem"], r["mode"]) for r in records if r["record"] == "bp"}
    expected_bs = {r["backend"] for r in records if r["record"] == "bs"}
    run = subprocess.run([python, script, "--outdir", outdir, "--prefix", "test-", jsonl], stdout=subprocess.PIPE, text=True)
    if run.returncode != 0:
        return [f"ceed-plot exited with {run.returncode}"]
    paths = run.stdout.split()
    errors = []
    if len(paths) != len(expected) + len(expected_bs):
        errors.append(f"{len(paths)} files written, expected {len(expected)} BP and {len(expected_bs)} BS pictures")
    for path in paths:
        if not os.path.basename(path).startswith("test-"):
            errors.append(f"{path}: the --prefix is missing")
        with open(path, "rb") as f:
            data = f.read()
        if not data.startswith(PNG_SIGNATURE) or len(data) < 10000:
            errors.append(f"{path}: not a PNG picture of plausible size ({len(data)} bytes)")
        else:
            print(f"check-plot: {path}: PNG, {len(data)} bytes")
    return errors


if __name__ == "__main__":
    problems = main(*sys.argv[1:5])
    for p in problems:
        print("check-plot:", p)
    sys.exit(1 if problems else 0)

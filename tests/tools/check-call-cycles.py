#!/usr/bin/env python3
"""Tests tools/check/call-cycles.py on small objects compiled here:

    check-call-cycles.py CALL_CYCLES CC WORKDIR

a.c and b.c call each other (a circle), c.c calls a.c only, and every file defines the same inline helper weakly
(no edge). The script must name the circle a/b without c, and pass a, c alone.
"""
import os
import subprocess
import sys

SOURCES = {
    "a.c": "int shared_helper(void) __attribute__((weak));\nint shared_helper(void) { return 1; }\n"
           "int b_function(void);\nint a_function(void) { return b_function() + shared_helper(); }\n",
    "b.c": "int shared_helper(void) __attribute__((weak));\nint shared_helper(void) { return 2; }\n"
           "int a_function(void);\nint b_value = 3;\nint b_function(void) { return b_value + (b_value > 9 ? a_function() : 0); }\n",
    "c.c": "int shared_helper(void) __attribute__((weak));\nint shared_helper(void) { return 3; }\n"
           "int a_function(void);\nint c_function(void) { return a_function() + shared_helper(); }\n",
}


def run(script, workdir, names):
    objects = [os.path.join(workdir, name + ".o") for name in names]
    result = subprocess.run([sys.executable, script, "--strip-prefix", workdir, *objects], capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def main():
    script, cc, workdir = sys.argv[1:4]
    os.makedirs(workdir, exist_ok=True)
    for name, text in SOURCES.items():
        path = os.path.join(workdir, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        subprocess.run([cc, "-c", path, "-o", path + ".o"], check=True)
    failures = []
    rc, out = run(script, workdir, ["a.c", "b.c", "c.c"])
    if rc != 1 or "circle of 2 files: a.c, b.c\n" not in out or "a.c -> b.c: b_function" not in out \
            or "b.c -> a.c: a_function" not in out or "c.c ->" in out or "shared_helper" in out:
        failures.append(f"a, b, c: expected the circle a.c, b.c only (exit 1), got exit {rc}:\n{out}")
    rc, out = run(script, workdir, ["a.c", "c.c"])
    if rc != 0 or "2 files, 1 calling pairs, no circle" not in out:
        failures.append(f"a, c: expected no circle and one calling pair (exit 0), got exit {rc}:\n{out}")
    rc, out = run(script, workdir, ["missing.c"])
    if rc != 2 or "missing.c.o" not in out:
        failures.append(f"a missing object: expected exit 2 naming it, got exit {rc}:\n{out}")
    for failure in failures:
        print(failure)
    print(f"check-call-cycles: {3 - len(failures)} of 3 cases pass")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

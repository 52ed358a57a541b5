#!/usr/bin/env python3
"""Exported-symbol test of the C++ library: libceedrt-parallel.so exports what its public headers declare.

  check-parallel-exports.py LIBRARY HEADER...

The library is built with hidden visibility and its headers switch default visibility on around their
declarations, so every exported ceedrt::parallel symbol must belong to a class or function named in a
header. Other exports may only be the standard library's template instantiations (std::, __gnu_cxx::) and
their type information. Fails on anything else, e.g. an internal helper or an internal class whose symbols
escape.
"""
import re
import subprocess
import sys

STANDARD = re.compile(r"^(typeinfo( name)? for |vtable for |VTT for |guard variable for )?(void )?(std|__gnu_cxx)::")


def main():
    if len(sys.argv) < 3:
        print("usage: check-parallel-exports.py LIBRARY HEADER...", file=sys.stderr)
        return 2
    library, headers = sys.argv[1], sys.argv[2:]
    names = set()
    for header in headers:
        with open(header, encoding="utf-8") as f:
            names.update(re.findall(r"\b[A-Za-z_]\w*\b", f.read()))
    nm = subprocess.run(["nm", "-D", "--defined-only", "-C", library], capture_output=True, text=True)
    if nm.returncode != 0:
        print(f"check-parallel-exports: nm failed on {library}:\n{nm.stderr}", file=sys.stderr)
        return 1
    bad = []
    count = 0
    for line in nm.stdout.splitlines():
        parts = line.split(None, 2)
        if len(parts) < 3 or parts[1] == "A":
            continue
        symbol = parts[2]
        count += 1
        own = re.search(r"ceedrt::parallel::(\w+)", symbol)
        if own and not STANDARD.match(symbol):
            if own.group(1) not in names:
                bad.append(symbol)
        elif not STANDARD.match(symbol) and symbol not in ("_init", "_fini"):
            bad.append(symbol)
    if bad:
        print(f"check-parallel-exports: {len(bad)} of {count} exported symbols are not part of the public headers:")
        for symbol in bad:
            print(f"  {symbol}")
        return 1
    print(f"check-parallel-exports: {count} exported symbols, all declared in the public headers or the standard library's")
    return 0


if __name__ == "__main__":
    sys.exit(main())

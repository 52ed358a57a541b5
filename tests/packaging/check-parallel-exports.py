#!/usr/bin/env python3
"""Exported-symbol test of the C++ library: libceedrt-parallel.so exports what its public headers declare.

  check-parallel-exports.py LIBRARY HEADER...

The library is built with hidden visibility and its headers switch default visibility on around their
declarations, so every exported ceedrt::parallel symbol must belong to a class or function named in a
header, and no part of its name may be a type the headers only declare (`class X;`, `struct Impl;`: the
internal types the interface holds by pointer). Other exports may only be the standard library's template
instantiations (std::, __gnu_cxx::) and their type information. Fails on anything else, e.g. an internal
helper or an internal class whose symbols escape.
"""
import re
import subprocess
import sys

# Itanium mangling: _Z, then for type information or guard variables TI/TS/TV/TT/GV, then Z for an entity local
# to a function (named by that function), then N (nested name) and cv-qualifiers, then the first component of
# the name: St/Sa/Sb/Ss/Si/So/Sd for std, 9__gnu_cxx, 6ceedrt; nw/na/dl/da are the global operators new and
# delete (placement forms instantiated from <new>).
PREFIX = re.compile(r"^_Z(?:T[ISVT]|GV)?Z?N?[KVr]*")
OURS = re.compile(r"^6ceedrt8parallel(\d+)")


# A type declared without a body, with or without a visibility macro: class CEEDRT_PARALLEL_INTERNAL DeviceHalo;
DECLARED_ONLY = re.compile(r"\b(?:class|struct)\s+(?:[A-Z_]+\s+)?([A-Za-z_]\w*)\s*;")


def nested_components(mangled):
    """(kind, the components of a ceedrt::parallel name after the namespace, e.g. ['LorMatrix', 'Impl', 'Build'])."""
    rest = PREFIX.sub("", mangled, count=1)
    if re.match(r"^(St|Sa|Sb|Ss|Si|So|Sd|9__gnu_cxx|nw|na|dl|da)", rest):
        return "standard", []
    if not OURS.match(rest):
        return "other", []
    rest = rest[len("6ceedrt8parallel") :]
    components = []
    while True:
        m = re.match(r"^(\d+)", rest)
        if not m:
            return "ours", components
        length = int(m.group(1))
        components.append(rest[m.end() : m.end() + length])
        rest = rest[m.end() + length :]


def main():
    if len(sys.argv) < 3:
        print("usage: check-parallel-exports.py LIBRARY HEADER...", file=sys.stderr)
        return 2
    library, headers = sys.argv[1], sys.argv[2:]
    names = set()
    declared_only = set()
    for header in headers:
        with open(header, encoding="utf-8") as f:
            text = f.read()
        names.update(re.findall(r"\b[A-Za-z_]\w*\b", text))
        declared_only.update(DECLARED_ONLY.findall(text))
    for header in headers:  # a type forward-declared in one place and defined in another is part of the interface
        with open(header, encoding="utf-8") as f:
            defined = set(re.findall(r"\b(?:class|struct)\s+(?:[A-Z_]+\s+)?([A-Za-z_]\w*)\s*(?:final\s*)?[:{]", f.read()))
        declared_only -= defined
    nm = subprocess.run(["nm", "-D", "--defined-only", library], capture_output=True, text=True)
    if nm.returncode != 0:
        print(f"check-parallel-exports: nm failed on {library}:\n{nm.stderr}", file=sys.stderr)
        return 1
    bad = []
    count = 0
    for line in nm.stdout.splitlines():
        parts = line.split()
        if len(parts) < 2 or parts[-2] == "A":
            continue
        symbol = parts[-1].split("@")[0]
        if symbol in ("_init", "_fini"):
            continue
        count += 1
        kind, components = nested_components(symbol)
        if kind == "other" or (kind == "ours" and (not components or components[0] not in names or
                                                   any(c in declared_only for c in components))):
            bad.append(symbol)
    if bad:
        print(f"check-parallel-exports: {len(bad)} of {count} exported symbols are not part of the public headers:")
        demangled = subprocess.run(["c++filt"], input="\n".join(bad), capture_output=True, text=True).stdout.split("\n")
        for raw, nice in zip(bad, demangled):
            print(f"  {raw}   ({nice})")
        return 1
    print(f"check-parallel-exports: {count} exported symbols, all declared in the public headers or the standard library's")
    return 0


if __name__ == "__main__":
    sys.exit(main())

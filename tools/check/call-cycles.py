#!/usr/bin/env python3
"""Report circles in the file-level call graph of a library's sources.

Reads the object files of a library with nm: a file A calls a file B when A uses (undefined symbol) a function or
datum that B defines strongly. Symbols defined weakly (inline functions, templates, vtables of classes without a key
function) or by several objects come from headers and make no edge. Every strongly connected group of more than one
file is a circle; the script names its files and, for each edge inside it, a few of the symbols that make it.

Usage: call-cycles.py [--nm NM] [--strip-prefix DIR] OBJECT...
An object's name is shown relative to --strip-prefix (CMake's <target>.dir folder), without its ".o".
Exit status: 0 no circle, 1 circle found, 2 usage or nm error.
"""

import argparse
import os
import shutil
import subprocess
import sys

STRONG_DEFINITIONS = set("TDBRGS")  # nm -P types of global, non-weak definitions
SHOWN_SYMBOLS_PER_EDGE = 3


def read_symbols(nm, obj):
    """(strongly defined global names, undefined names) of one object file."""
    result = subprocess.run([nm, "-P", obj], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{nm} -P {obj} failed: {result.stderr.strip()}")
    defined, undefined = set(), set()
    for line in result.stdout.splitlines():
        fields = line.split()
        if len(fields) < 2:
            continue
        name, kind = fields[0], fields[1]
        if kind == "U":
            undefined.add(name)
        elif kind in STRONG_DEFINITIONS:
            defined.add(name)
    return defined, undefined


def call_graph(symbols):
    """{file: {called file: [symbols]}} from {file: (defined, undefined)}."""
    owners = {}
    for name, (defined, _) in symbols.items():
        for sym in defined:
            owners.setdefault(sym, []).append(name)
    edges = {name: {} for name in symbols}
    for name, (_, undefined) in symbols.items():
        for sym in sorted(undefined):
            where = owners.get(sym, [])
            if len(where) == 1 and where[0] != name:
                edges[name].setdefault(where[0], []).append(sym)
    return edges


def strongly_connected(edges):
    """Tarjan's algorithm, iterative: the groups of files that reach each other."""
    index, low, on_stack, stack, groups = {}, {}, set(), [], []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return sorted(groups)


def demangler():
    tool = shutil.which("c++filt")
    if not tool:
        return lambda names: names
    def demangle(names):
        result = subprocess.run([tool], input="\n".join(names), capture_output=True, text=True)
        return result.stdout.splitlines() if result.returncode == 0 else names
    return demangle


def display_name(obj, prefix):
    name = os.path.relpath(obj, prefix) if prefix else obj
    return name[:-2] if name.endswith(".o") else name


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nm", default="nm", help="the nm program (default: nm)")
    parser.add_argument("--strip-prefix", default="", help="folder the shown object names are relative to")
    parser.add_argument("objects", nargs="+", help="object files of the library")
    args = parser.parse_args()
    symbols = {}
    try:
        for obj in args.objects:
            symbols[display_name(obj, args.strip_prefix)] = read_symbols(args.nm, obj)
    except (OSError, RuntimeError) as error:
        print(f"call-cycles: {error}", file=sys.stderr)
        return 2
    edges = call_graph(symbols)
    groups = strongly_connected(edges)
    edge_count = sum(len(called) for called in edges.values())
    if not groups:
        print(f"call-cycles: {len(symbols)} files, {edge_count} calling pairs, no circle")
        return 0
    demangle = demangler()
    for group in groups:
        print(f"circle of {len(group)} files: {', '.join(group)}")
        members = set(group)
        for caller in group:
            for callee, syms in sorted(edges[caller].items()):
                if callee in members:
                    shown = demangle(syms[:SHOWN_SYMBOLS_PER_EDGE])
                    more = f" and {len(syms) - len(shown)} more" if len(syms) > len(shown) else ""
                    print(f"  {caller} -> {callee}: {'; '.join(shown)}{more}")
    print(f"call-cycles: {len(groups)} circle(s) among {len(symbols)} files", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())

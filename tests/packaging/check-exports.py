#!/usr/bin/env python3
"""Exported-symbol test: libceedrt.so must export exactly the API declared CEED_EXTERN in the public headers.

  check-exports.py LIBRARY --soname libceedrt.so.N

Compares `nm -D --defined-only LIBRARY` with every function and data symbol declared CEED_EXTERN in
the public C headers (parsed by tools/check/api-list.py) and the Fortran entry points defined with
CEED_FORTRAN(name) in src/fortran/interface-fortran*.cpp (exported as name_). Fails on
  - any exported symbol that is not declared (C++ symbols, template instantiations, helpers),
  - any declared symbol that is not exported,
  - a function not exported as code (T) or a data symbol not exported as data (D, R, B),
  - a SONAME different from the expected one.
"""
import argparse
import importlib.util
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load_api_list():
    spec = importlib.util.spec_from_file_location("api_list", os.path.join(ROOT, "tools", "check", "api-list.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def demangle(names):
    try:
        out = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True, check=True).stdout.split("\n")
        return out[: len(names)]
    except (OSError, subprocess.CalledProcessError):
        return names


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("library")
    ap.add_argument("--soname", required=True)
    args = ap.parse_args()

    api = load_api_list()
    declared = {}
    for header in api.HEADERS:
        for _, kind, name in api.parse_header(os.path.join(ROOT, header)):
            declared[name] = kind
    fortran_dir = os.path.join(ROOT, "src", "fortran")
    for fname in sorted(os.listdir(fortran_dir)):
        if not (fname.startswith("interface-fortran") and fname.endswith(".cpp")):
            continue
        with open(os.path.join(fortran_dir, fname), encoding="utf-8") as f:
            for name in re.findall(r"^CEED_FORTRAN\((\w+)\)", f.read(), re.M):
                declared[name + "_"] = "function"

    nm = subprocess.run(["nm", "-D", "--defined-only", args.library], capture_output=True, text=True)
    if nm.returncode != 0:
        print(f"check-exports: nm failed on {args.library}:\n{nm.stderr}", file=sys.stderr)
        return 1
    exported = {}
    for line in nm.stdout.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        sym_type, name = parts[-2], parts[-1]
        if sym_type == "A":  # version definitions, not symbols
            continue
        exported[name.split("@")[0]] = sym_type

    failures = 0
    extra = sorted(set(exported) - set(declared))
    if extra:
        failures += len(extra)
        print(f"check-exports: {len(extra)} exported symbols are not declared CEED_EXTERN in the public headers:")
        for raw, nice in zip(extra, demangle(extra)):
            print(f"  {exported[raw]} {raw}" + (f"   ({nice})" if nice != raw else ""))
    missing = sorted(set(declared) - set(exported))
    if missing:
        failures += len(missing)
        print(f"check-exports: {len(missing)} symbols declared in the public headers are not exported by {os.path.basename(args.library)}:")
        for name in missing:
            print(f"  {declared[name]:8} {name}")
    for name in sorted(set(declared) & set(exported)):
        want = "T" if declared[name] == "function" else "DRB"
        if exported[name] not in want:
            failures += 1
            print(f"check-exports: {name} is declared as {declared[name]} but exported with nm type {exported[name]}")

    od = subprocess.run(["objdump", "-p", args.library], capture_output=True, text=True)
    m = re.search(r"^\s*SONAME\s+(\S+)", od.stdout, re.M)
    soname = m.group(1) if m else None
    if soname != args.soname:
        failures += 1
        print(f"check-exports: SONAME is {soname!r}, expected {args.soname!r}")

    n_func = sum(k == "function" for k in declared.values())
    n_data = len(declared) - n_func
    if failures:
        print(f"check-exports: FAILED ({failures} problems)")
        return 1
    print(f"check-exports: {os.path.basename(args.library)} (SONAME {soname}) exports exactly the {n_func} functions and "
          f"{n_data} data symbols declared in {' and '.join(api.HEADERS)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

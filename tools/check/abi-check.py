#!/usr/bin/env python3
"""Guards the two ABIs of ceedrt against the baseline committed in abi/ (docs/building.md, "ABI stability"):

  the library ABI  what applications link: every exported function and the types they reach; an incompatible
                   change needs a new SONAME (the project's major version);
  the plugin ABI   what backend plugins compile against: the types defined in include/ceed/backend.h (ops
                   tables, plugin description); an incompatible change needs a new CEED_BACKEND_ABI_VERSION.

    tools/check/abi-check.py LIBRARY            compare LIBRARY (built with debug info) with abi/; exit 1 on an
                                                incompatible change whose version was not bumped
    tools/check/abi-check.py LIBRARY --update   write abi/ anew from LIBRARY (after a deliberate change)
    --baseline DIR                              another baseline folder (the tests use altered copies)

Added functions and members appended to the size-versioned ops tables are compatible; anything else that
abidiff (libabigail, Debian package abigail-tools) reports is not. Exit 77 when abidw/abidiff are missing.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tools/check/ -> the checkout
HEADERS = os.path.join(ROOT, "include", "ceed")
BACKEND_H = os.path.join(HEADERS, "backend.h")
SKIP = 77

def backend_abi_version():
    with open(BACKEND_H, encoding="utf-8") as f:
        m = re.search(r"^#define CEED_BACKEND_ABI_VERSION ([0-9]+)u?", f.read(), re.M)
    if not m:
        sys.exit("abi-check: CEED_BACKEND_ABI_VERSION not found in " + BACKEND_H)
    return int(m.group(1))


def soname(abi_xml):
    with open(abi_xml, encoding="utf-8") as f:
        m = re.search(r"soname='([^']*)'", f.read(4096))
    return m.group(1) if m else ""


def abidw(library, out):
    # Locations stay in the XML (suppressions by header file need them) but without build paths.
    run = subprocess.run(["abidw", "--exported-interfaces-only", "--drop-private-types", "--headers-dir", HEADERS,
                          "--no-corpus-path", "--no-comp-dir-path", "--short-locs", "--type-id-style", "hash",
                          "--out-file", out, library], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if run.returncode != 0:
        sys.exit(f"abi-check: abidw failed on {library}:\n{run.stdout}")
    with open(out, encoding="utf-8") as f:
        if "<function-decl" not in f.read():
            sys.exit(f"abi-check: {library} has no debug information (build it with -g: the debug or asan-ubsan preset)")


def only_appended_to_ops_table(block):
    """True for a leaf-change block that only appends members to a size-versioned ops table (Ceed*BackendOps):
    compatible, since the core reads the plugin's `size` before any new member. (libabigail's own
    has_data_member_inserted_at suppression also hides reorderings, so the rule is applied here.)"""
    if not re.match(r"^'struct Ceed[A-Za-z]*BackendOps at ", block[0]):
        return False
    old_size = None
    for line in (l.strip() for l in block[1:]):
        size = re.match(r"^type size changed from ([0-9]+) to ([0-9]+) \(in bits\)$", line)
        inserted = re.match(r"^'.*', at offset ([0-9]+) \(in bits\)", line)
        if size:
            old_size = int(size.group(1))
        elif inserted:
            if old_size is None or int(inserted.group(1)) < old_size:
                return False
        elif line and not re.match(r"^([0-9]+|one) data member insertions?:$", line):
            return False
    return True


def abidiff(old, new):
    """The incompatible changes from old to new, as (library ABI report, plugin ABI report), each empty when none.

    In abidiff's leaf-change report every changed type is a block headed "'struct X at file.h:L:C' changed:"; a
    type defined in backend.h belongs to the plugin ABI; any other change (a removed function or variable, a
    changed type of ceed.h, or one without a location) to the library's."""
    run = subprocess.run(["abidiff", "--no-added-syms", "--leaf-changes-only", old, new], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True)
    if run.returncode & 3:  # 1: error, 2: usage
        sys.exit(f"abi-check: abidiff failed ({run.returncode}):\n{run.stdout}")
    blocks = []
    for line in run.stdout.splitlines():
        if re.match(r"^'.*' changed:$", line) or re.match(r"^[0-9]+ (Removed|Changed) (function|variable)", line):
            blocks.append([line])
        elif blocks:
            blocks[-1].append(line)
    library, plugin = [], []
    for block in blocks:
        if only_appended_to_ops_table(block):
            continue
        header = re.match(r"^'.* at ([^':]+):[0-9]+:[0-9]+' changed:$", block[0])
        (plugin if header and os.path.basename(header.group(1)) == "backend.h" else library).extend(block)
    return "\n".join(library).strip(), "\n".join(plugin).strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("library")
    parser.add_argument("--baseline", default=os.path.join(ROOT, "abi"))
    parser.add_argument("--update", action="store_true")
    args = parser.parse_args()
    if not shutil.which("abidw") or not shutil.which("abidiff"):
        print("abi-check: abidw/abidiff not found (Debian package abigail-tools): CEEDRT-SKIPPED")
        return SKIP
    baseline_xml = os.path.join(args.baseline, "libceedrt.abi")
    baseline_json = os.path.join(args.baseline, "versions.json")
    with tempfile.TemporaryDirectory() as workdir:
        current_xml = os.path.join(workdir, "current.abi")
        abidw(args.library, current_xml)
        current = {"soname": soname(current_xml), "backend_abi_version": backend_abi_version()}
        if args.update:
            os.makedirs(args.baseline, exist_ok=True)
            shutil.copyfile(current_xml, baseline_xml)
            with open(baseline_json, "w", encoding="utf-8") as f:
                json.dump(current, f, indent=2)
                f.write("\n")
            print(f"abi-check: baseline written to {args.baseline} ({current['soname']}, backend ABI {current['backend_abi_version']})")
            return 0
        with open(baseline_json, encoding="utf-8") as f:
            recorded = json.load(f)
        library_changes, plugin_changes = abidiff(baseline_xml, current_xml)

    problems = []
    if library_changes and current["soname"] == recorded["soname"]:
        problems.append(f"the library ABI changed incompatibly but the SONAME is still {current['soname']}: bump the "
                        f"project's major version (CMakeLists.txt), or undo the change\n{library_changes}")
    if plugin_changes and current["backend_abi_version"] == recorded["backend_abi_version"]:
        problems.append("the plugin ABI (types of include/ceed/backend.h) changed incompatibly but CEED_BACKEND_ABI_VERSION "
                        f"is still {current['backend_abi_version']}: bump it, or undo the change\n{plugin_changes}")
    for p in problems:
        print("abi-check: FAILED:", p)
    if problems:
        print("abi-check: after a deliberate, versioned change: tools/check/abi-check.py LIBRARY --update")
        return 1
    bumped = [k for k in current if current[k] != recorded[k]]
    note = f" (versions bumped: {', '.join(bumped)}; refresh the baseline with --update)" if bumped else ""
    print(f"abi-check: ok: {current['soname']}, backend ABI {current['backend_abi_version']}, no incompatible change{note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

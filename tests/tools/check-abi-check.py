#!/usr/bin/env python3
"""Tests tools/check/abi-check.py against altered copies of the committed baseline (abi/):

    check-abi-check.py ABI_CHECK LIBRARY WORKDIR

Each case edits the baseline so that LIBRARY differs from it the way a real change would, and checks the
verdict: a removed function or a changed ceed.h enum needs a new SONAME, reordered ops-table members need a new
CEED_BACKEND_ABI_VERSION, a member appended to an ops table needs neither; a bumped version accepts the change.
"""
import json
import os
import re
import shutil
import subprocess
import sys


def case(abi_check, library, root, name, edit, versions_edit=None):
    folder = os.path.join(root, name)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    baseline = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(abi_check)))), "abi")  # tools/check/abi-check.py
    with open(os.path.join(baseline, "libceedrt.abi"), encoding="utf-8") as f:
        xml = f.read()
    with open(os.path.join(folder, "libceedrt.abi"), "w", encoding="utf-8") as f:
        f.write(edit(xml))
    with open(os.path.join(baseline, "versions.json"), encoding="utf-8") as f:
        versions = json.load(f)
    if versions_edit:
        versions_edit(versions)
    with open(os.path.join(folder, "versions.json"), "w", encoding="utf-8") as f:
        json.dump(versions, f)
    run = subprocess.run([sys.executable, abi_check, library, "--baseline", folder], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True)
    return run.returncode, run.stdout


def with_removed_function(xml):
    """The baseline has one more function than the library: it was removed."""
    symbol = re.search(r"\n(\s*<elf-symbol name='CeedVectorNorm'[^\n]*)", xml).group(1)
    decl = re.search(r"\n(\s*<function-decl name='CeedVectorNorm'.*?</function-decl>)", xml, re.S).group(1)
    xml = xml.replace(symbol, symbol + "\n" + symbol.replace("CeedVectorNorm", "CeedVectorNormRemovedForTest"), 1)
    return xml.replace(decl, decl + "\n" + decl.replace("CeedVectorNorm", "CeedVectorNormRemovedForTest"), 1)


def ops_table(xml):
    return re.search(r"<class-decl name='CeedBackendOps'.*?</class-decl>", xml, re.S).group(0)


def with_reordered_members(xml):
    """The baseline's CeedBackendOps has its second and third members swapped."""
    table = ops_table(xml)
    swapped = (table.replace("layout-offset-in-bits='64'>", "@").replace("layout-offset-in-bits='128'>", "layout-offset-in-bits='64'>")
               .replace("@", "layout-offset-in-bits='128'>"))
    return xml.replace(table, swapped)


def without_last_member(xml):
    """The baseline's CeedBackendOps lacks its last member: the library appended one."""
    table = ops_table(xml)
    last = re.findall(r"\s*<data-member.*?</data-member>", table, re.S)[-1]
    size = int(re.search(r"size-in-bits='([0-9]+)'", table).group(1))
    offset = int(re.search(r"layout-offset-in-bits='([0-9]+)'", last).group(1))
    return xml.replace(table, table.replace(last, "").replace(f"size-in-bits='{size}'", f"size-in-bits='{offset}'", 1))


def with_other_enum_value(xml):
    """The baseline's CEED_EVAL_INTERP has another value than the library's."""
    return re.sub(r"(<enumerator name='CEED_EVAL_INTERP' value=')([0-9]+)'", lambda m: m.group(1) + str(int(m.group(2)) + 100) + "'", xml,
                  count=1)


def main(abi_check, library, root):
    failures = []

    def expect(name, edit, rc, words, versions_edit=None):
        got_rc, out = case(abi_check, library, root, name, edit, versions_edit)
        if got_rc == 77:
            print(out)
            sys.exit(0)  # abigail-tools missing: the message says CEEDRT-SKIPPED
        if got_rc != rc or not all(w in out for w in words):
            failures.append(f"{name}: exit {got_rc}, expected {rc} with {words}:\n{out}")

    def new_soname(v):
        v["soname"] = v["soname"] + "-old"

    def new_backend_abi(v):
        v["backend_abi_version"] = v["backend_abi_version"] - 1

    expect("unchanged", lambda x: x, 0, ["abi-check: ok"])
    expect("removed-function", with_removed_function, 1, ["library ABI changed", "CeedVectorNormRemovedForTest"])
    expect("removed-function-new-soname", with_removed_function, 0, ["abi-check: ok", "versions bumped: soname"], new_soname)
    expect("enum-value", with_other_enum_value, 1, ["library ABI changed", "CeedEvalMode"])
    expect("reordered-ops", with_reordered_members, 1, ["plugin ABI", "CeedBackendOps", "offset changed"])
    expect("reordered-ops-new-backend-abi", with_reordered_members, 0, ["abi-check: ok"], new_backend_abi)
    expect("appended-ops-member", without_last_member, 0, ["abi-check: ok"])
    # A reordering is not a library ABI change: the SONAME alone does not accept it.
    expect("reordered-ops-new-soname", with_reordered_members, 1, ["plugin ABI"], new_soname)
    for f in failures:
        print("check-abi-check: FAILED:", f)
    print("check-abi-check:", "FAILED" if failures else "ok (8 cases)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))

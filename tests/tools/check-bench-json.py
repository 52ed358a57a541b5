#!/usr/bin/env python3
"""Checks ceed-bench JSON lines against their schema (required keys, types, internal consistency).

    check-bench-json.py [options] FILE             check a file of JSON lines
    check-bench-json.py [options] -- COMMAND ...   run COMMAND (ceed-bench ... --json), check its stdout

Options: --expect KIND=N (exactly N records of KIND: bp, bs, bs-fit, error), --exit-code N (expected exit
status of COMMAND, default 0), --cg-converged (every CG run with a tolerance reached it).
Exit status 0 when everything holds; the first violations are printed otherwise. Python standard library only.
"""
import json
import math
import subprocess
import sys

NUMBER, INTEGER, STRING, BOOLEAN, OBJECT, ARRAY = "number", "integer", "string", "boolean", "object", "array"

CONTEXT = {"tool": STRING, "ceedrt": STRING, "backend": STRING, "resource": STRING, "machine": OBJECT, "compiler": STRING,
           "tool_compiler": STRING, "build_type": STRING, "timestamp": STRING, "command": STRING, "record": STRING}
MACHINE = {"cpu": STRING, "logical_cpus": INTEGER, "memory_gb": NUMBER, "host": STRING}
BP = {"problem": STRING, "mode": STRING, "operator": STRING, "components": INTEGER, "p": INTEGER, "q": INTEGER, "quadrature": STRING,
      "mesh": STRING, "elements": INTEGER, "elements_per_direction": ARRAY, "dofs": INTEGER, "iterations": INTEGER, "seconds": NUMBER,
      "dofs_per_second": NUMBER, "setup_seconds": NUMBER, "check": STRING, "check_error": NUMBER, "check_tolerance": NUMBER,
      "check_exact": BOOLEAN, "check_passed": BOOLEAN, "roofline": OBJECT}
BP_CG = {"cg_tolerance": NUMBER, "cg_relative_residual": NUMBER, "cg_solution_error": NUMBER, "dot_method": STRING}
ROOFLINE = {"bytes_per_dof": NUMBER, "flops_per_dof": NUMBER, "bandwidth_gbs": NUMBER, "bandwidth_source": STRING, "peak_gflops": NUMBER,
            "peak_source": STRING,
            "memory_bound_dofs_per_second": NUMBER, "compute_bound_dofs_per_second": NUMBER, "bound_dofs_per_second": NUMBER,
            "limiter": STRING, "ratio": NUMBER}
BS = {"problem": STRING, "entries": INTEGER, "bytes": NUMBER, "iterations": INTEGER, "seconds": NUMBER, "bandwidth_gbs": NUMBER,
      "check": STRING, "check_error": NUMBER, "check_passed": BOOLEAN}
BS_RESTRICTION = {"p": INTEGER, "evector_entries": INTEGER}
BS_FIT = {"problem": STRING, "points": INTEGER, "valid": BOOLEAN, "alpha_seconds": NUMBER, "alpha_clamped": BOOLEAN,
          "beta_seconds_per_byte": NUMBER,
          "bandwidth_gbs": NUMBER, "bytes_at_80_percent": NUMBER}
ERROR = {"run": STRING, "message": STRING}


def has_type(value, kind):
    if kind == BOOLEAN:
        return isinstance(value, bool)
    if kind == INTEGER:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == NUMBER:
        return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    return isinstance(value, {STRING: str, OBJECT: dict, ARRAY: list}[kind])


def check_keys(record, schema, where, errors):
    for key, kind in schema.items():
        if key not in record:
            errors.append(f"{where}: missing key '{key}'")
        elif not has_type(record[key], kind):
            errors.append(f"{where}: key '{key}' should be {kind}, got {record[key]!r}")


def close(a, b, rel=1e-9):
    return abs(a - b) <= rel * max(abs(a), abs(b))


def check_record(record, where, errors):
    if not isinstance(record, dict):
        errors.append(f"{where}: not a JSON object")
        return
    check_keys(record, CONTEXT, where, errors)
    if isinstance(record.get("machine"), dict):
        check_keys(record["machine"], MACHINE, where + " machine", errors)
    kind = record.get("record")
    if kind == "bp":
        check_keys(record, BP, where, errors)
        if record.get("mode") == "cg":
            check_keys(record, BP_CG, where, errors)
        elif record.get("mode") != "apply":
            errors.append(f"{where}: mode {record.get('mode')!r} is neither apply nor cg")
        if record.get("problem") not in [f"bp{k}" for k in range(1, 7)]:
            errors.append(f"{where}: problem {record.get('problem')!r} is not bp1..bp6")
        roof = record.get("roofline")
        if isinstance(roof, dict):
            check_keys(roof, ROOFLINE, where + " roofline", errors)
        if errors:
            return
        if not (record["seconds"] > 0 and record["dofs"] > 0 and record["iterations"] > 0):
            errors.append(f"{where}: seconds, dofs and iterations must be positive")
        elif not close(record["dofs_per_second"], record["dofs"] * record["iterations"] / record["seconds"]):
            errors.append(f"{where}: dofs_per_second != dofs * iterations / seconds")
        bound = min(roof["memory_bound_dofs_per_second"], roof["compute_bound_dofs_per_second"])
        if not close(roof["bound_dofs_per_second"], bound):
            errors.append(f"{where}: roofline bound is not the smaller of the memory and compute bounds")
        elif not close(roof["ratio"], record["dofs_per_second"] / bound):
            errors.append(f"{where}: roofline ratio != dofs_per_second / bound")
        # Runs rounding to fp32 also pass only when their difference from fp64 is within the mode's bound.
        within = record.get("precision_error", 0.0) <= record.get("precision_bound", 0.0)
        if record["check_passed"] != (record["check_error"] <= record["check_tolerance"] and within):
            errors.append(f"{where}: check_passed disagrees with check_error <= check_tolerance and precision_error <= precision_bound")
        if len(record["elements_per_direction"]) != 3:
            errors.append(f"{where}: elements_per_direction needs 3 entries")
    elif kind == "bs":
        check_keys(record, BS, where, errors)
        if record.get("problem") in ("bs6", "bs7"):
            check_keys(record, BS_RESTRICTION, where, errors)
        if not errors and not close(record["bandwidth_gbs"], record["bytes"] * record["iterations"] / record["seconds"] * 1e-9):
            errors.append(f"{where}: bandwidth_gbs != bytes * iterations / seconds")
    elif kind == "bs-fit":
        check_keys(record, BS_FIT, where, errors)
        if not errors and record["valid"] and not close(record["bandwidth_gbs"], 1e-9 / record["beta_seconds_per_byte"]):
            errors.append(f"{where}: bandwidth_gbs != 1 / beta")
    elif kind == "error":
        check_keys(record, ERROR, where, errors)
    else:
        errors.append(f"{where}: unknown record kind {kind!r}")


def main(argv):
    expect, exit_code, cg_converged, command, path = {}, 0, False, None, None
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--expect":
            kind, count = argv[i + 1].split("=")
            expect[kind] = int(count)
            i += 2
        elif arg == "--exit-code":
            exit_code = int(argv[i + 1])
            i += 2
        elif arg == "--cg-converged":
            cg_converged = True
            i += 1
        elif arg == "--":
            command = argv[i + 1:]
            break
        else:
            path = arg
            i += 1
    if command:
        run = subprocess.run(command, stdout=subprocess.PIPE, text=True)
        if run.returncode != exit_code:
            print(f"check-bench-json: {' '.join(command)} exited with {run.returncode}, expected {exit_code}")
            return 1
        lines = run.stdout.splitlines()
    elif path:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    else:
        print(__doc__)
        return 2

    errors, counts = [], {}
    for n, line in enumerate(lines, 1):
        try:
            record = json.loads(line)
        except json.JSONDecodeError as e:
            errors.append(f"line {n}: not JSON ({e}): {line[:80]}")
            continue
        check_record(record, f"line {n}", errors)
        kind = record.get("record") if isinstance(record, dict) else None
        counts[kind] = counts.get(kind, 0) + 1
        if cg_converged and kind == "bp" and record.get("mode") == "cg" and record.get("cg_tolerance", 0) > 0:
            if not record["cg_relative_residual"] <= record["cg_tolerance"]:
                errors.append(f"line {n}: CG did not reach its tolerance ({record['cg_relative_residual']} > {record['cg_tolerance']})")
    for kind, count in expect.items():
        if counts.get(kind, 0) != count:
            errors.append(f"expected {count} '{kind}' records, found {counts.get(kind, 0)}")
    if not lines:
        errors.append("no JSON lines")
    for e in errors[:20]:
        print("check-bench-json:", e)
    if errors:
        return 1
    print(f"check-bench-json: {len(lines)} records valid ({', '.join(f'{k}: {v}' for k, v in sorted(counts.items()))})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""Shared-memory wavefronts per element of the fused apply kernels of BP1-BP6, without a GPU.

For each problem and degree: the block /gpu/cuda/gen would launch on the target (ceed-info --kernels --json), then
the apply kernel run on /gpu/emu/gen with that block (CEED_GEN_BLOCK_ELEMENTS) and the shared-memory trace on
(CEEDRT_EMU_SHARED_TRACE, jit/gpu-emu/ceed-gpu-emulation-shared-trace.h): warp-level load and store requests, the
wavefronts the banks serve them in, and the wavefronts they would take without bank conflicts, per element; and the
32-byte sectors of global memory its loads and stores touch, with the share of their bytes the requests ask for.

  tools/check/shared-wavefronts.py --build build [--problems bp1,bp3] [--degrees 2:8] [--precision fp64|fp32] [--jit-define NAME=VALUE]...
                                   [--target sm_90|gfx90a] [--json] [--max-load-excess PERCENT] [--max-store-excess PERCENT]

--max-load-excess and --max-store-excess fail the run (exit 1) when a kernel's load or store wavefronts exceed their
conflict-free count by more than PERCENT."""
import argparse
import json
import os
import subprocess
import sys
import tempfile


def degrees(text):
    if ":" in text:
        lo, hi = text.split(":")
        return list(range(int(lo), int(hi) + 1))
    return [int(p) for p in text.split(",")]


def sm_blocks(args, problems, ps):
    """(problem, p) -> (threads per block, threads per element) of the target's apply kernel."""
    cmd = [os.path.join(args.build, "bin", "ceed-info"), "--kernels", "--kernel", "apply", "--target", args.target, "--json", "--precision", args.precision,
           "--problems", *problems, "--degrees", *[str(p) for p in ps]]
    for d in args.jit_define:
        cmd += ["--jit-define", d]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("shared-wavefronts: " + " ".join(cmd) + " failed:\n" + out.stderr)
    blocks = {}
    for line in out.stdout.splitlines():
        if line.startswith("{"):
            k = json.loads(line)
            blocks[(k["problem"], k["p"])] = (k["threads"], k["threads_per_element"])
    return blocks


def trace_apply(args, problem, p, threads, block_elements, folder):
    """The apply kernel's launch record and its element slots (blocks x elements per block: the threads of a last,
    partly filled block do the same work), from one traced ceed-bench run."""
    trace = os.path.join(folder, f"{problem}-p{p}.jsonl")
    components = 3 if problem in ("bp2", "bp4", "bp6") else 1
    dofs = max(3 * block_elements, 8) * p ** 3 * components  # a few blocks
    # AMD targets: HIP's launch policy and kernels (:wavefront=64), whose blocks are fixed when the kernel is generated,
    # the same on /gpu/emu as on the device; elsewhere the target's block, chosen by its occupancy, is imposed.
    amd = args.target.startswith("gfx")
    cmd = [os.path.join(args.build, "bin", "ceed-bench"), "--ceed", "/gpu/emu/gen:wavefront=64" if amd else "/gpu/emu/gen", "--problem", problem,
           "--degree", str(p), "--dofs", str(dofs), "--min-time", "0", "--min-reps", "1", "--json", "--precision", args.precision,
           "--bandwidth", "1"]  # a roofline bandwidth given, not measured (the trace would follow every streaming kernel)
    if not amd:
        cmd += ["--jit-define", f"CEED_GEN_BLOCK_ELEMENTS={block_elements}"]
    for d in args.jit_define:
        cmd += ["--jit-define", d]
    env = dict(os.environ, CEEDRT_EMU_SHARED_TRACE=trace)
    out = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if out.returncode != 0:
        sys.exit("shared-wavefronts: " + " ".join(cmd) + " failed:\n" + out.stdout + out.stderr)
    launches = [json.loads(l) for l in open(trace) if '"CeedGenOperatorKernel"' in l]
    # The apply kernel runs once per repetition, the setup kernel once: the most frequent launch.
    def signature(r):
        return (r["grid"], r["block"], r["dynamic_shared_bytes"], r["load_accesses"], r["store_accesses"])
    counts = {}
    for r in launches:
        counts[signature(r)] = counts.get(signature(r), 0) + 1
    if not launches:
        sys.exit(f"shared-wavefronts: no fused kernel in the run of {problem} p={p}")
    apply_sig = max(counts, key=counts.get)
    r = next(r for r in launches if signature(r) == apply_sig)
    if r["block"] != threads:
        sys.exit(f"shared-wavefronts: {problem} p={p}: the emulated launch has blocks of {r['block']} threads, {args.target}'s {threads}")
    return r, r["grid"] * block_elements


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default="build")
    parser.add_argument("--target", default="sm_90")
    parser.add_argument("--problems", default="bp1,bp2,bp3,bp4,bp5,bp6")
    parser.add_argument("--degrees", default="1:8")
    parser.add_argument("--precision", default="fp64", choices=["fp64", "fp32"], help="the operators' precision (ceed-bench --precision)")
    parser.add_argument("--jit-define", action="append", default=[])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--max-load-excess", type=float, default=None)
    parser.add_argument("--max-store-excess", type=float, default=None)
    args = parser.parse_args()
    problems, ps = args.problems.split(","), degrees(args.degrees)
    blocks = sm_blocks(args, problems, ps)
    if not args.json:
        print(f"{'BP':4} {'p':>2} {'block':>6} {'elems':>5}  {'load requests':>13} {'wavefronts':>10} {'no-conflict':>11} {'excess':>7}"
              f"  {'store requests':>14} {'wavefronts':>10} {'no-conflict':>11} {'excess':>7}"
              f"  {'global ld sectors':>17} {'used':>5}  {'global st sectors':>17} {'used':>5}   (per element)")
    failures = 0
    with tempfile.TemporaryDirectory(prefix="ceedrt-shared-wavefronts-") as folder:
        for problem in problems:
            for p in ps:
                threads, tpe = blocks[(problem, p)]
                r, elements = trace_apply(args, problem, p, threads, threads // tpe, folder)
                row = {"problem": problem, "p": p, "target": args.target, "precision": args.precision, "threads": r["block"],
                       "elements_per_block": threads // tpe}
                for kind in ("load", "store"):
                    wf, free = r[f"{kind}_wavefronts"], r[f"{kind}_wavefronts_conflict_free"]
                    row[f"{kind}_requests_per_element"] = r[f"{kind}_requests"] / elements
                    row[f"{kind}_wavefronts_per_element"] = wf / elements
                    row[f"{kind}_conflict_free_per_element"] = free / elements
                    row[f"{kind}_excess"] = wf / free - 1 if free else 0.0
                    # Global memory: 32-byte sectors per element, and the fraction of their bytes the requests ask for.
                    sectors = r[f"global_{kind}_sectors"]
                    row[f"global_{kind}_sectors_per_element"] = sectors / elements
                    row[f"global_{kind}_sector_use"] = r[f"global_{kind}_bytes"] / (32 * sectors) if sectors else 0.0
                if args.json:
                    print(json.dumps(row))
                else:
                    print(f"{problem:4} {p:2d} {r['block']:6d} {threads // tpe:5d}"
                          + "".join(f"  {row[k + '_requests_per_element']:13.1f} {row[k + '_wavefronts_per_element']:10.1f}"
                                    f" {row[k + '_conflict_free_per_element']:11.1f} {100 * row[k + '_excess']:6.1f}%" for k in ("load", "store"))
                          + "".join(f"  {row['global_' + k + '_sectors_per_element']:17.1f} {100 * row['global_' + k + '_sector_use']:4.0f}%"
                                    for k in ("load", "store")))
                sys.stdout.flush()
                for kind, limit in (("load", args.max_load_excess), ("store", args.max_store_excess)):
                    if limit is not None and 100 * row[f"{kind}_excess"] > limit:
                        print(f"shared-wavefronts: {problem} p={p}: {100 * row[kind + '_excess']:.1f}% more {kind} wavefronts than without bank "
                              f"conflicts (at most {limit}%)", file=sys.stderr)
                        failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

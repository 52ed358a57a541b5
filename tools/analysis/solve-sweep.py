#!/usr/bin/env python3
"""Runs ceed-solve sweeps and prints markdown tables (the tables of docs/parallel.md).

  tools/analysis/solve-sweep.py convergence    --ceed /cpu/self/gen --np 2 [--problem bp3] [--mesh smooth]
  tools/analysis/solve-sweep.py preconditioners --ceed /cpu/self/gen --np 2 [--dofs 2e5] [--mesh kershaw]
  tools/analysis/solve-sweep.py scaling        --ceed /cpu/self/gen [--dofs 1e6] [--degree 6]

Every row is one ceed-solve run (--json); the command line of each is printed above its table.
"""
import argparse
import json
import math
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def run(args, np, solve_args):
    cmd = ["mpirun", "-n", str(np), "--oversubscribe", "--bind-to", "none", args.ceed_solve, "--json"] + solve_args
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    out = subprocess.run(cmd, env=env, capture_output=True, text=True)
    for line in out.stdout.splitlines():
        if line.startswith("{"):
            return json.loads(line), " ".join(cmd[6:])
    if "--max-iterations" in solve_args and solve_args[solve_args.index("--max-iterations") + 1] == "1":
        return None, None  # a warm-up run stops unconverged
    sys.exit("ceed-solve failed: %s\n%s%s" % (" ".join(cmd), out.stdout, out.stderr))


def convergence(args):
    sizes = {1: [4, 8, 16, 32], 2: [2, 4, 8, 16], 3: [2, 4, 8, 12], 4: [2, 4, 6, 8]}
    print("L2 error of %s against the manufactured solution, %s mesh, %d ranks, `%s`, CG+Jacobi to rtol %g:\n"
          % (args.problem, args.mesh, args.np, args.ceed, args.rtol))
    print("| p | elements per direction | DOFs | L2 error | observed order |")
    print("|---|---|---|---|---|")
    for p in range(1, 9):
        prev = None
        for n in sizes.get(p, [2, 3, 4, 6]):
            r, cmd = run(args, args.np, ["--ceed", args.ceed, "--problem", args.problem, "--degree", str(p), "--elems", "%d,%d,%d" % (n, n, n),
                                          "--mesh", args.mesh, "--pc", "jacobi", "--rtol", str(args.rtol)])
            order = "" if prev is None else "%.2f" % (math.log(prev[1] / r["l2_error"]) / math.log(n / prev[0]))
            print("| %d | %d | %d | %.3e | %s |" % (p, n, r["dofs"], r["l2_error"], order))
            sys.stdout.flush()
            prev = (n, r["l2_error"])


def preconditioners(args):
    pcs = args.pcs.split(",")
    print("%s on a %s mesh, about %g DOFs, %d ranks, `%s`, rtol %g: iterations and time to solution in seconds "
          "(LOR assembly + AMG setup as a fraction of it):\n" % (args.problem, args.mesh, args.dofs, args.np, args.ceed, args.rtol))
    print("| p | DOFs | " + " | ".join(pcs) + " |")
    print("|---|---|" + "---|" * len(pcs))
    for p in range(1, 9):
        cells, dofs = [], 0
        # Untimed warm-up: the first run of a configuration compiles its kernels (then cached on disk).
        run(args, args.np, ["--ceed", args.ceed, "--problem", args.problem, "--degree", str(p), "--dofs", str(args.dofs), "--mesh", args.mesh,
                            "--pc", "pmg" if p > 1 else "jacobi", "--max-iterations", "1"])
        for pc in pcs:
            if pc == "pmg" and p == 1:
                cells.append("-")
                continue
            r, cmd = run(args, args.np, ["--ceed", args.ceed, "--problem", args.problem, "--degree", str(p), "--dofs", str(args.dofs),
                                          "--mesh", args.mesh, "--pc", pc, "--rtol", str(args.rtol), "--max-iterations", "20000"])
            dofs = r["dofs"]
            s = r["seconds"]
            cell = "%d its, %.3g s" % (r["iterations"], r["time_to_solution"])
            if pc in ("lor-amg", "pmg") and r["time_to_solution"] > 0:
                cell += " (%.0f%%)" % (100.0 * (s["lor_assembly"] + s["amg_setup"]) / r["time_to_solution"])
            cells.append(cell)
        print("| %d | %d | %s |" % (p, dofs, " | ".join(cells)))
        sys.stdout.flush()


def scaling(args):
    print("Strong scaling of %s p=%d, %s mesh, about %g DOFs, `%s`, pc %s:\n" % (args.problem, args.degree, args.mesh, args.dofs, args.ceed, args.pc))
    print("| ranks | iterations | operator apply, s per application | MDOF/s per application | solve, s | speed-up (apply) | speed-up (solve) |")
    print("|---|---|---|---|---|---|---|")
    base = None
    run(args, 1, ["--ceed", args.ceed, "--problem", args.problem, "--degree", str(args.degree), "--dofs", str(args.dofs), "--mesh", args.mesh,
                  "--max-iterations", "1"])  # warm-up: compiles the kernels
    for np in (1, 2):
        r, cmd = run(args, np, ["--ceed", args.ceed, "--problem", args.problem, "--degree", str(args.degree), "--dofs", str(args.dofs), "--mesh",
                                 args.mesh, "--pc", args.pc, "--rtol", str(args.rtol), "--max-iterations", str(args.max_iterations)])
        s = r["seconds"]
        per_apply = s["operator_apply"] / r["operator_applications"]
        if base is None:
            base = (per_apply, s["solve"])
        print("| %d | %d | %.4g | %.1f | %.3f | %.2f | %.2f |" % (np, r["iterations"], per_apply, r["dofs"] / per_apply / 1e6, s["solve"],
                                                                 base[0] / per_apply, base[1] / s["solve"]))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sweep", choices=["convergence", "preconditioners", "scaling"])
    parser.add_argument("--ceed-solve", default=os.path.join(HERE, "..", "..", "build", "bin", "ceed-solve"))
    parser.add_argument("--ceed", default="/cpu/self/gen")
    parser.add_argument("--np", type=int, default=2)
    parser.add_argument("--problem", default="bp3")
    parser.add_argument("--mesh", default=None)
    parser.add_argument("--dofs", type=float, default=2e5)
    parser.add_argument("--degree", type=int, default=6)
    parser.add_argument("--pc", default="none")
    parser.add_argument("--pcs", default="none,jacobi,pmg,lor-amg")
    parser.add_argument("--rtol", type=float, default=None)
    parser.add_argument("--max-iterations", type=int, default=100)
    args = parser.parse_args()
    if args.mesh is None:
        args.mesh = "smooth" if args.sweep == "convergence" else "kershaw"
    if args.rtol is None:
        args.rtol = 1e-12 if args.sweep == "convergence" else 1e-8
    {"convergence": convergence, "preconditioners": preconditioners, "scaling": scaling}[args.sweep](args)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Weak- and strong-scaling model of ceed-solve (CG + LOR-AMG, BP3) built from per-rank costs measured on one
node and an assumed interconnect. Prints two markdown tables (docs/parallel.md, "Scaling model").

Per CG iteration on P ranks with n DOFs each (a cube of DOFs per rank, halo 3 n^(2/3) DOFs each way):
  t = n / R_op + n / R_amg                           local work: operator apply, AMG V-cycle
    + 2 (7 alpha + 8 * 3 n^(2/3) / beta)             P and P^T halo exchange (up to 7 neighbours each way)
    + L * 5 * (26 alpha + 8 * 3 n_l^(2/3) / beta)    AMG: per level, 5 exchanges with ~26 neighbours, n_l = n / 8^l
    + 3 * 2 log2(P) alpha_reduce                     three all-reductions (r.z, p.Ap, r.r)
Iterations are held at the measured count (LOR-AMG is p- and, to first order, h-robust); setup is excluded.
"""
import argparse
import math


def iteration_time(n, P, a):
    levels = max(1, int(math.log(max(n * P, 8), 8)))  # AMG levels of the global problem (coarsening ~8x)
    local = n / a.r_op + n / a.r_amg
    halo = 2 * (7 * a.alpha + 8 * 3 * n ** (2 / 3) / a.beta) if P > 1 else 0.0
    amg = 0.0
    if P > 1:
        for level in range(levels):
            n_level = max(n / 8 ** level, 1.0)
            amg += 5 * (26 * a.alpha + 8 * 3 * n_level ** (2 / 3) / a.beta)
    reduce = 3 * 2 * math.log2(P) * a.alpha_reduce if P > 1 else 0.0
    return local + halo + amg + reduce, local


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--r-op", type=float, default=1.07e8, help="operator apply rate per rank, DOF/s (measured: BP3 p=6, 1 core)")
    p.add_argument("--r-amg", type=float, default=5.6e6, help="BoomerAMG V-cycle rate per rank, DOF/s (measured: LOR of BP3 p=6)")
    p.add_argument("--alpha", type=float, default=2e-6, help="point-to-point message latency, s")
    p.add_argument("--alpha-reduce", type=float, default=2e-6, help="latency per all-reduce stage, s")
    p.add_argument("--beta", type=float, default=12.5e9, help="interconnect bandwidth per rank, B/s")
    p.add_argument("--iterations", type=int, default=50)
    a = p.parse_args()
    print("Weak scaling, 1e6 DOFs per rank (time per CG iteration and parallel efficiency):\n")
    print("| ranks | DOFs | s per iteration | time to solution, s | efficiency |")
    print("|---|---|---|---|---|")
    t1, _ = iteration_time(1e6, 1, a)
    for P in (1, 8, 64, 512, 4096, 32768):
        t, _ = iteration_time(1e6, P, a)
        print("| %d | %.1e | %.4f | %.2f | %.0f%% |" % (P, 1e6 * P, t, t * a.iterations, 100 * t1 / t))
    print("\nStrong scaling, 1e8 DOFs in all (efficiency against 64 ranks):\n")
    print("| ranks | DOFs per rank | s per iteration | speed-up over 64 ranks | efficiency |")
    print("|---|---|---|---|---|")
    base, _ = iteration_time(1e8 / 64, 64, a)
    for P in (64, 256, 1024, 4096, 16384):
        t, _ = iteration_time(1e8 / P, P, a)
        print("| %d | %.2e | %.5f | %.1f | %.0f%% |" % (P, 1e8 / P, t, base / t, 100 * base / t * 64 / P))


if __name__ == "__main__":
    main()

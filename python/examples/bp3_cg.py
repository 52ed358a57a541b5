#!/usr/bin/env python3
"""Solve BP3 (the Poisson problem) with conjugate gradients from Python and plot the convergence.

    python3 bp3_cg.py [--resource /cpu/self/gen] [--nelem 4] [--degree 3] [--output bp3_cg.png]

-laplace(u) = f on the box [0,1]^3 with u = 0 on its boundary, f chosen so that the exact solution is
u = g(x) g(y) g(z), g(t) = t (1 - t) exp(t) (not an eigenfunction, so CG has work to do). The right-hand side is M f (BP1's mass operator applied to f at the nodes);
the boundary condition is imposed by masking: CG works on the interior nodes only. Every vector operation of
the iteration is a ceedrt (libCEED) vector call; NumPy is used only to set up data and check the result.
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bakeoff import BakeoffProblem, libceed  # noqa: E402


def conjugate_gradients(apply_a, b, x, work, tol, max_iter):
    """Solve A x = b from x = 0; returns the residual norms, one per iteration (the first is ||b||)."""
    r, p, ap = work
    x.set_value(0.0)
    r.copy_from(b)
    p.copy_from(r)
    rr = r.norm() ** 2
    history = [np.sqrt(rr)]
    for _ in range(max_iter):
        if history[-1] <= tol * history[0]:
            break
        apply_a(p, ap)
        with p.array_read() as pv, ap.array_read() as apv:
            alpha = rr / float(np.dot(pv, apv))
        x.axpy(alpha, p)
        r.axpy(-alpha, ap)
        rr_new = r.norm() ** 2
        p.axpby(1.0, rr_new / rr, r)  # p = r + beta p
        rr = rr_new
        history.append(np.sqrt(rr))
    return history


def solve(resource="/cpu/self", nelem=4, degree=3, tol=1e-10, max_iter=500):
    ceed = libceed.Ceed(resource)
    shape = (nelem, nelem, nelem)
    laplace = BakeoffProblem(ceed, 3, nelem=shape, degree=degree, lengths=(1.0, 1.0, 1.0))
    mass = BakeoffProblem(ceed, 1, nelem=shape, degree=degree, lengths=(1.0, 1.0, 1.0))
    x, y, z = laplace.node_coords.T
    g = [t * (1 - t) * np.exp(t) for t in (x, y, z)]
    g2 = [-t * (t + 3) * np.exp(t) for t in (x, y, z)]  # g''
    exact = g[0] * g[1] * g[2]
    forcing = -(g2[0] * g[1] * g[2] + g[0] * g2[1] * g[2] + g[0] * g[1] * g2[2])
    on_boundary = np.zeros(laplace.size, dtype=bool)
    for coordinate in (x, y, z):
        on_boundary |= np.isclose(coordinate, 0.0) | np.isclose(coordinate, 1.0)
    mask = laplace.vector(np.where(on_boundary, 0.0, 1.0))

    b = laplace.vector()
    mass.op.apply(mass.vector(forcing), b)  # M f
    b.pointwise_mult(b, mask)

    def apply_a(p, ap):
        laplace.op.apply(p, ap)
        ap.pointwise_mult(ap, mask)

    u = laplace.vector()
    history = conjugate_gradients(apply_a, b, u, [laplace.vector() for _ in range(3)], tol, max_iter)
    with u.array_read() as values:
        error = float(np.abs(values - exact).max())
    return {"resource": ceed.get_resource(), "unknowns": int((~on_boundary).sum()), "history": history,
            "max_error": error}


def plot(history, path, title):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.semilogy(np.arange(len(history)), np.array(history) / history[0], marker=".")
    ax.set_xlabel("CG iteration")
    ax.set_ylabel("relative residual ||r|| / ||b||")
    ax.set_title(title)
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--resource", default="/cpu/self")
    parser.add_argument("--nelem", type=int, default=4, help="elements per direction")
    parser.add_argument("--degree", type=int, default=3, help="polynomial degree")
    parser.add_argument("--tol", type=float, default=1e-10, help="relative residual to reach")
    parser.add_argument("--max-iter", type=int, default=500)
    parser.add_argument("--output", default="bp3_cg.png", help="convergence plot (PNG)")
    args = parser.parse_args(argv)
    result = solve(args.resource, args.nelem, args.degree, args.tol, args.max_iter)
    iterations = len(result["history"]) - 1
    print("BP3 on %s: %d unknowns, %d CG iterations, relative residual %.3e, max nodal error %.3e"
          % (result["resource"], result["unknowns"], iterations, result["history"][-1] / result["history"][0],
             result["max_error"]))
    plot(result["history"], args.output, "BP3, %d^3 elements of degree %d, %s" % (args.nelem, args.degree,
                                                                                 result["resource"]))
    print("convergence plot written to %s" % args.output)
    converged = result["history"][-1] <= args.tol * result["history"][0]
    return 0 if converged else 1


if __name__ == "__main__":
    sys.exit(main())

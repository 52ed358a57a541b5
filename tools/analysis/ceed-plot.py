#!/usr/bin/env python3
"""ceed-plot: the standard pictures from ceed-bench JSON lines, as PNG files.

    ceed-plot.py [--outdir DIR] [--prefix TEXT] FILE.jsonl [FILE.jsonl ...]

For every (backend, BP problem, mode) found: throughput in MDOF/s against problem size in DOFs, one
solid curve per polynomial degree p, the roofline of each p dashed in the same colour (min of the memory
and compute bounds recorded by ceed-bench), and in the legend each curve's peak and the smallest size
reaching 80% of it. Sizes whose working set fits the last-level cache (marked by ceed-bench) are hollow
points, left out of the peak and the 80% size: they run from the cache, faster than the memory roofline. For every backend with BS records: bandwidth in GB/s against bytes moved per
operation, one curve per streaming benchmark (BS6/BS7 per p), with the fitted model
bytes / (alpha + beta * bytes) dashed. Prints the path of every file written.
Needs matplotlib (Debian: python3-matplotlib); the "Agg" backend is used, no display required.
"""
import argparse
import json
import os
import re
import sys
from collections import defaultdict


def load(paths):
    records = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                line = line.strip()
                if not line:
                    continue
                try:
                    records.append(json.loads(line))
                except json.JSONDecodeError as e:
                    sys.exit(f"ceed-plot: {path}:{n}: not a JSON line ({e})")
    return records


def slug(text):
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-")


def subtitle(record):
    machine = record.get("machine", {})
    return f"{machine.get('cpu', '?')}, {record.get('compiler', '?')}, ceedrt {record.get('ceedrt', '?')}"


def plot_bp(plt, records, outdir, prefix):
    groups = defaultdict(list)
    for r in records:
        if r.get("record") == "bp":
            groups[(r["backend"], r["problem"], r["mode"])].append(r)
    written = []
    for (backend, problem, mode), rs in sorted(groups.items()):
        fig, ax = plt.subplots(figsize=(11, 5.5))
        by_degree = defaultdict(list)
        for r in rs:
            by_degree[r["p"]].append(r)
        any_in_cache = False
        colors = plt.cm.viridis([i / max(1, len(by_degree) - 1) * 0.9 for i in range(len(by_degree))])
        for color, (p, points) in zip(colors, sorted(by_degree.items())):
            points.sort(key=lambda r: r["dofs"])
            dofs = [r["dofs"] for r in points]
            rate = [r["dofs_per_second"] * 1e-6 for r in points]
            roof = [r["roofline"]["bound_dofs_per_second"] * 1e-6 for r in points]
            # Cache-resident sizes (ceed-bench marks them) run from the cache, not from memory: drawn hollow,
            # left out of the peak and of the 80% size, which speak of the memory-bound regime.
            in_cache = [r["roofline"].get("cache_resident", False) for r in points]
            from_memory = [(d, v) for d, v, c in zip(dofs, rate, in_cache) if not c]
            if from_memory:
                peak = max(v for _, v in from_memory)
                at_80 = next(d for d, v in from_memory if v >= 0.8 * peak)
                label = f"p={p}: peak {peak:.3g} MDOF/s, 80% from {at_80:.2g} DOFs"
            else:
                label = f"p={p}: every size cache-resident"
            ax.plot(dofs, rate, "-", color=color, label=label)
            ax.plot([d for d, c in zip(dofs, in_cache) if not c], [v for v, c in zip(rate, in_cache) if not c], "o", color=color)
            ax.plot([d for d, c in zip(dofs, in_cache) if c], [v for v, c in zip(rate, in_cache) if c], "o", color=color,
                    markerfacecolor="none")
            ax.plot(dofs, roof, "--", color=color, alpha=0.7)
            any_in_cache = any_in_cache or any(in_cache)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("DOFs")
        what = "operator applications" if mode == "apply" else "CG iterations"
        ax.set_ylabel(f"MDOF/s (DOFs x {what} / s)")
        ax.set_title(f"{problem.upper()} {mode} on {backend}\n{subtitle(rs[0])}", fontsize=10)
        ax.grid(True, which="both", alpha=0.3)
        ax.plot([], [], "k--", alpha=0.7, label="roofline (min of memory and compute bounds)")
        if any_in_cache:
            ax.plot([], [], "ko", markerfacecolor="none", label="hollow: working set in the last-level cache\n(faster than memory allows; not in peak / 80%)")
        ax.legend(fontsize=8, loc="center left", bbox_to_anchor=(1.01, 0.5))
        path = os.path.join(outdir, f"{prefix}{problem}-{mode}-{slug(backend)}.png")
        fig.tight_layout()
        fig.savefig(path, dpi=120)
        plt.close(fig)
        written.append(path)
    return written


def plot_bs(plt, records, outdir, prefix):
    samples, fits = defaultdict(lambda: defaultdict(list)), {}
    for r in records:
        key = (r.get("problem"), r.get("p"))
        if r.get("record") == "bs":
            samples[r["backend"]][key].append(r)
        elif r.get("record") == "bs-fit" and r.get("valid"):
            fits[(r["backend"],) + key] = r
    written = []
    for backend, series in sorted(samples.items()):
        fig, ax = plt.subplots(figsize=(11, 5.5))
        for i, (key, points) in enumerate(sorted(series.items(), key=lambda kv: (kv[0][0], kv[0][1] or 0))):
            color = plt.cm.tab10(i % 10)
            points.sort(key=lambda r: r["bytes"])
            label = key[0] + (f" p={key[1]}" if key[1] else "")
            fit = fits.get((backend,) + key)
            if fit and fit.get("alpha_clamped"):
                label += f" (1/beta {fit['bandwidth_gbs']:.3g} GB/s, alpha not resolved)"
            elif fit:
                label += f" (alpha {fit['alpha_seconds'] * 1e6:.3g} us, 1/beta {fit['bandwidth_gbs']:.3g} GB/s)"
            x = [r["bytes"] for r in points]
            ax.plot(x, [r["bandwidth_gbs"] for r in points], "o-", color=color, label=label, markersize=4)
            if fit:
                model = [b / (fit["alpha_seconds"] + fit["beta_seconds_per_byte"] * b) * 1e-9 for b in x]
                ax.plot(x, model, "--", color=color, alpha=0.7)
        ax.set_xscale("log")
        ax.set_xlabel("bytes moved per operation")
        ax.set_ylabel("GB/s")
        first = next(iter(next(iter(series.values()))))
        ax.set_title(f"BS streaming benchmarks on {backend} (dashed: fit t = alpha + beta*bytes)\n{subtitle(first)}", fontsize=10)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7, loc="center left", bbox_to_anchor=(1.01, 0.5))
        path = os.path.join(outdir, f"{prefix}bs-{slug(backend)}.png")
        fig.tight_layout()
        fig.savefig(path, dpi=120)
        plt.close(fig)
        written.append(path)
    return written


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog="See the module documentation (head of this file) for what is drawn.")
    parser.add_argument("files", nargs="+", help="JSON lines written by ceed-bench (--json or --json-file)")
    parser.add_argument("--outdir", default=".", help="folder for the PNG files (created if missing)")
    parser.add_argument("--prefix", default="", help="text put in front of every file name")
    args = parser.parse_args()
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        sys.exit(f"ceed-plot: matplotlib is not available to {sys.executable}; install python3-matplotlib "
                 "(Debian) or run the script with a Python that has it, e.g. /usr/bin/python3")
    records = load(args.files)
    os.makedirs(args.outdir, exist_ok=True)
    written = plot_bp(plt, records, args.outdir, args.prefix) + plot_bs(plt, records, args.outdir, args.prefix)
    if not written:
        sys.exit("ceed-plot: no bp or bs records in " + ", ".join(args.files))
    for path in written:
        print(path)


if __name__ == "__main__":
    main()

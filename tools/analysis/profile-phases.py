#!/usr/bin/env python3
"""Where a fused /cpu/self/gen kernel spends its time, per phase: gather (E), basis (interp, grad and their
transposes), QFunction (with the quadrature-data loads it waits on), scatter (E^T), loop and addressing.

Record a run with debug information in the JIT kernels, then read the samples of the hottest kernel:

    CEEDRT_JIT_CXXFLAGS=-g CEEDRT_CACHE_DIR=/tmp/prof-cache \\
        perf record -e cpu-clock -F 4000 -o /tmp/bp3.data build/bin/ceed-bench --ceed /cpu/self/gen --problem bp3 --degree 4 --dofs 1e6 --min-time 5
    tools/analysis/profile-phases.py /tmp/bp3.data [--json]

Each sample's address is symbolized with its inline chain (llvm-symbolizer); the phase is named by the
outermost template the generated kernel called (the frame just below the kernel entry), so a contraction
inlined into a gradient counts as gradient. Kernels are the cached shared objects named by their 64-hex hash;
the one with the most samples is the apply kernel unless --dso names another. Needs perf (Debian package
linux-perf), llvm-symbolizer (llvm-15, an optional package of tools/setup.sh; -15 and -14 names are tried)
and readelf (binutils).
"""
import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys

KERNEL_ENTRY = "CeedGenOperatorKernel"
# Basis templates: position of the TRANSPOSE argument in their template argument list.
BASIS_TRANSPOSE_ARG = {
    "CeedGenInterpTensor": (4, "interp"),
    "CeedGenGradTensor": (4, "grad"),
    "CeedGenGradTensorCollocated": (5, "grad"),
    "CeedGenInterpNonTensor": (3, "interp"),
    "CeedGenGradNonTensor": (5, "grad"),
}
PHASES = ["gather", "interp", "grad", "qfunction", "interp^T", "grad^T", "basis", "scatter", "weights", "qdata pointer", "prefetch", "loop"]
KERNEL_SO = re.compile(r"/[0-9a-f]{64}\.so$")


def tool(name, *candidates):
    for c in (name,) + candidates:
        path = shutil.which(c)
        if path:
            return path
    sys.exit(f"profile-phases: {name} not found on PATH")


def samples(data):
    """(dso -> Counter(ip)) and the mmaps (dso -> [(start, end, pgoff)]) of a perf.data file."""
    out = subprocess.run([tool("perf"), "script", "-i", data, "--show-mmap-events", "-F", "ip,dso"], capture_output=True, text=True, check=True).stdout
    ips = collections.defaultdict(collections.Counter)
    maps = collections.defaultdict(list)
    mmap = re.compile(r"PERF_RECORD_MMAP2? .*\[(0x[0-9a-f]+)\((0x[0-9a-f]+)\) @ (0x[0-9a-f]+|0) .*\]: [r-][w-]x\S* (\S+)")
    sample = re.compile(r"^\s*([0-9a-f]+) \((.*)\)\s*$")
    for line in out.splitlines():
        m = mmap.search(line)
        if m:
            start, size, pgoff = (int(x, 16) for x in m.groups()[:3])
            maps[m.group(4)].append((start, start + size, pgoff))
            continue
        m = sample.match(line)
        if m:
            ips[m.group(2)][int(m.group(1), 16)] += 1
    return ips, maps


def load_segments(dso):
    """PT_LOAD segments (offset, vaddr, filesz) of an ELF file."""
    out = subprocess.run([tool("readelf"), "-lW", dso], capture_output=True, text=True, check=True).stdout
    segs = []
    for line in out.splitlines():
        f = line.split()
        if f and f[0] == "LOAD":
            segs.append((int(f[1], 16), int(f[2], 16), int(f[4], 16)))
    return segs


def file_vaddr(ip, maps, segs):
    for start, end, pgoff in maps:
        if start <= ip < end:
            off = ip - start + pgoff
            for s_off, s_vaddr, s_size in segs:
                if s_off <= off < s_off + s_size:
                    return off - s_off + s_vaddr
    return None


def inline_chains(dso, addrs):
    """addr -> [function, ...] innermost first (llvm-symbolizer --inlining)."""
    sym = tool("llvm-symbolizer", "llvm-symbolizer-15", "llvm-symbolizer-14")
    text = "".join(f"0x{a:x}\n" for a in addrs)
    out = subprocess.run([sym, f"--obj={dso}", "--inlining", "--demangle", "--functions=linkage"], input=text, capture_output=True, text=True,
                         check=True).stdout
    chains, blocks = {}, out.split("\n\n")
    for addr, block in zip(addrs, blocks):
        lines = block.strip().splitlines()
        chains[addr] = [lines[i] for i in range(0, len(lines), 2)]
    return chains


def template_args(name):
    """Top-level template arguments of 'Name<a, b<c>, d>'."""
    start = name.find("<")
    if start < 0:
        return []
    args, depth, cur = [], 0, ""
    for ch in name[start + 1:]:
        if ch == "<":
            depth += 1
        elif ch == ">":
            if depth == 0:
                break
            depth -= 1
        if ch == "," and depth == 0:
            args.append(cur.strip())
            cur = ""
        else:
            cur += ch
    args.append(cur.strip())
    return args


def phase(chain):
    """The phase of one sample from its inline chain (innermost first)."""
    frames = [f for f in chain if f and f != "??"]
    if frames and frames[-1].split("(")[0] == KERNEL_ENTRY:
        frames = frames[:-1]
    if not frames:
        return "loop"
    outer = frames[-1]
    base = re.sub(r"^(void|static|inline|\S+\*?) (?=CeedGen)", "", outer).split("<")[0].split("(")[0].strip()
    if base in BASIS_TRANSPOSE_ARG:
        pos, kind = BASIS_TRANSPOSE_ARG[base]
        args = template_args(outer)
        return kind + "^T" if len(args) > pos and args[pos] == "true" else kind
    if base.startswith("CeedGenContract") or base.startswith("CeedGenTensorContract"):
        return "basis"  # a contraction the compiler kept out of line: its caller is not in the chain
    if base.startswith("CeedGenRead"):
        return "gather"
    if base.startswith("CeedGenWrite") or base.startswith("CeedGenAdd"):
        return "scatter"
    if base.startswith("CeedGenPrefetch") or base == "CeedGenNextIndices":
        return "prefetch"
    if base.startswith("CeedGenInterleavedInput") or base.startswith("CeedGenConvertInterleaved"):
        return "qdata pointer"
    if base.startswith("CeedGenWeights"):
        return "weights"
    if base.startswith("CeedGen"):
        return "loop"
    return "qfunction"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("data", help="perf.data recorded with cpu-clock or cycles")
    ap.add_argument("--dso", help="kernel shared object (default: the JIT kernel with the most samples)")
    ap.add_argument("--json", action="store_true", help="one JSON object on stdout")
    a = ap.parse_args()
    ips, maps = samples(a.data)
    total = sum(sum(c.values()) for c in ips.values())
    kernels = {d: sum(c.values()) for d, c in ips.items() if KERNEL_SO.search(d)}
    dso = a.dso or (max(kernels, key=kernels.get) if kernels else None)
    if not dso or dso not in ips:
        sys.exit("profile-phases: no JIT kernel samples in " + a.data)
    if not os.path.exists(dso):
        sys.exit(f"profile-phases: {dso} is gone (keep CEEDRT_CACHE_DIR)")
    segs = load_segments(dso)
    counts = collections.Counter()
    by_vaddr = collections.Counter()
    for ip, n in ips[dso].items():
        v = file_vaddr(ip, maps.get(dso, []), segs)
        if v is None:
            counts["unmapped"] += n
        else:
            by_vaddr[v] += n
    chains = inline_chains(dso, sorted(by_vaddr))
    for v, n in by_vaddr.items():
        counts[phase(chains.get(v, []))] += n
    kernel_total = sum(counts.values())
    result = {"data": a.data, "kernel": os.path.basename(dso), "samples": total, "kernel_samples": kernel_total,
              "kernel_fraction": kernel_total / total if total else 0.0,
              "phases": {p: counts[p] / kernel_total for p in PHASES + ["unmapped"] if counts[p]}}
    if a.json:
        print(json.dumps(result))
        return
    print(f"{a.data}: kernel {result['kernel']}, {kernel_total} of {total} samples ({100 * result['kernel_fraction']:.1f}%)")
    for p, f in result["phases"].items():
        print(f"  {p:14s} {100 * f:5.1f}%")


if __name__ == "__main__":
    main()

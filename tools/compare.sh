#!/usr/bin/env bash
# Side-by-side: ceed-bench built against ceedrt and the same sources built against libCEED (the CMake option
# CEEDRT_BENCH_PEER_DIR gives build/bin/ceed-bench-libceed), run interleaved over a problem x degree grid at
# one size, best of --reps; writes compare.jsonl and compare-libceed.jsonl (every run of each), compare.md (the ratio table, with the machine's
# roofline from a bs2 fit measured in the same run) and compare.png into --out.
#
#   tools/compare.sh [--ours BIN] [--peer BIN] [--ceed R] [--peer-ceed R1,R2] [--problems bp1,bp3,bp5]
#                    [--degrees 1,2,3,4,6,8] [--dofs 1e6] [--reps 2] [--min-time 0.5] [--peak GFLOPS] [--out DIR]
#                    [--jit-define NAME=VALUE ...]
#
# --jit-define: given to ceedrt's runs only (ceed-bench --jit-define, repeatable), e.g. a switch of the gen
# backends' kernels (docs/gpu.md).
#
# --peak: the FP64 peak of the compute roofline (ceed-bench --peak-gflops; for /cpu resources ceed-bench measures
# one core's FMA rate at the start of each run, otherwise it assumes one Zen 5 core, so give the device's for a
# GPU, e.g. 34000 for an H100 or H200 SXM without tensor cores, or the roofline column compares with a CPU).
#
# Build libCEED in a scratch folder outside this tree, e.g.
#   git clone https://github.com/CEED/libCEED /tmp/libceed && make -C /tmp/libceed -j lib
#   cmake --preset default -DCEEDRT_BENCH_PEER_DIR=/tmp/libceed && cmake --build build --target ceed-bench ceed-bench-libceed
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
ours=$root/build/bin/ceed-bench
peer=$root/build/bin/ceed-bench-libceed
ceed=/cpu/self/gen
peer_ceed=/cpu/self/avx/blocked,/cpu/self/opt/blocked
problems=bp1,bp3,bp5
degrees=1,2,3,4,6,8
dofs=1e6
reps=2
min_time=0.5
peak=()
ours_defines=()
out=$root/build/compare
while [[ $# -gt 0 ]]; do
  case $1 in
    --ours) ours=$2; shift 2 ;;
    --peer) peer=$2; shift 2 ;;
    --ceed) ceed=$2; shift 2 ;;
    --peer-ceed) peer_ceed=$2; shift 2 ;;
    --problems) problems=$2; shift 2 ;;
    --degrees) degrees=$2; shift 2 ;;
    --dofs) dofs=$2; shift 2 ;;
    --reps) reps=$2; shift 2 ;;
    --min-time) min_time=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --peak) peak=(--peak-gflops "$2"); shift 2 ;;
    --jit-define) ours_defines+=(--jit-define "$2"); shift 2 ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "compare.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
for bin in "$ours" "$peer"; do
  [[ -x $bin ]] || { echo "compare.sh: $bin not found (build it; see --help)" >&2; exit 1; }
done
mkdir -p "$out"
# Runs of each library go to their own file: both may name the same resource (/gpu/cuda/gen).
runs=$out/compare.jsonl
peer_runs=$out/compare-libceed.jsonl
: > "$runs"
: > "$peer_runs"
# The machine's bandwidth, measured once (bs2 fit) and given to every run, so all share one roofline.
echo "compare.sh: measuring the bandwidth (bs2)" >&2
rm -f "$out/bandwidth.jsonl"
"$ours" --ceed "$ceed" --problem bs2 --dofs 2e6:1.6e7 --points-per-decade 3 --json-file "$out/bandwidth.jsonl" > /dev/null 2>&1
common=(--dofs "$dofs" --min-time "$min_time" --bandwidth-from "$out/bandwidth.jsonl" "${peak[@]}")
IFS=, read -r -a problem_list <<< "$problems"
IFS=, read -r -a degree_list <<< "$degrees"
IFS=, read -r -a peer_list <<< "$peer_ceed"
# Writes compare.md and compare.png from the runs so far.
report() {
  # matplotlib may belong to a Python other than the first python3 on PATH (Debian's: /usr/bin/python3).
  local python=python3
  python3 -c "import matplotlib" 2> /dev/null || { [[ -x /usr/bin/python3 ]] && python=/usr/bin/python3; }
  "$python" - "$runs" "$peer_runs" "$out" "$ceed" "$peer_ceed" <<'PY'
import json, sys, collections
runs, peer_runs, out, ceed, peer_ceed = sys.argv[1:]
# best[(library, backend, problem, p)]: the fastest checked run
best = collections.defaultdict(lambda: None)
machine = commit = None
for library, path in (("ceedrt", runs), ("libCEED", peer_runs)):
    for line in open(path):
        r = json.loads(line)
        if r.get("record") != "bp" or not r.get("check_passed"):
            continue
        key = (library, r["backend"], r["problem"], r["p"])
        if best[key] is None or r["dofs_per_second"] > best[key]["dofs_per_second"]:
            best[key] = r
        if library == "ceedrt" and r["backend"] == ceed:
            machine, commit, bandwidth = r["machine"], r.get("ceedrt"), r["roofline"]["bandwidth_gbs"]
peers = peer_ceed.split(",")
rows = sorted({(k[2], k[3]) for k in best if k[0] == "ceedrt" and k[1] == ceed})
if machine is None:
    sys.exit("compare.sh: no successful ceedrt run in " + runs)
lines = ["Side-by-side, best of the repetitions, MDOF/s (ceed-bench from the same sources against ceedrt %s and against libCEED)," % commit,
         "machine %s; roofline from one bs2 fit measured in this run (bandwidth %.1f GB/s) and the peak given to ceed-bench." %
         (json.dumps(machine), bandwidth), "",
         "| problem | p | DOFs | ceedrt %s | %s | best libCEED | ratio | ceedrt / roofline |" % (ceed, " | ".join("libCEED " + r for r in peers)),
         "|---|---|---|---|%s---|---|---|" % ("---|" * len(peers))]
plot = collections.defaultdict(list)
for problem, p in rows:
    o = best[("ceedrt", ceed, problem, p)]
    peer_rates = [best[("libCEED", r, problem, p)]["dofs_per_second"] if best[("libCEED", r, problem, p)] else None for r in peers]
    top = max([x for x in peer_rates if x] or [0])
    ratio = o["dofs_per_second"] / top if top else float("nan")
    lines.append("| %s | %d | %d | %.1f | %s | %.1f | %.2f | %.2f |" % (problem, p, o["dofs"], o["dofs_per_second"] / 1e6,
                 " | ".join("%.1f" % (x / 1e6) if x else "-" for x in peer_rates), top / 1e6, ratio, o["roofline"]["ratio"]))
    plot[problem].append((p, ratio, o["roofline"]["ratio"]))
open(out + "/compare.md", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    for problem, pts in plot.items():
        axes[0].plot([x[0] for x in pts], [x[1] for x in pts], "o-", label=problem)
        axes[1].plot([x[0] for x in pts], [x[2] for x in pts], "o-", label=problem)
    axes[0].set_title("ceedrt / best libCEED backend"); axes[0].set_xlabel("p"); axes[0].axhline(1.0, color="gray", lw=0.5)
    axes[1].set_title("ceedrt / roofline"); axes[1].set_xlabel("p"); axes[1].set_ylim(0, 1)
    for ax in axes: ax.legend(); ax.grid(alpha=0.3)
    fig.tight_layout(); fig.savefig(out + "/compare.png", dpi=120)
except ImportError:
    print("compare.sh: matplotlib missing, no picture", file=sys.stderr)
PY
}
# A run in the background and waited for, so that a TERM (a caller's deadline, e.g. timeout) is handled at once:
# the run is stopped and the table is written from the cells measured so far.
bench_pid=0
run() {
  "$@" > /dev/null 2>&1 &
  bench_pid=$!
  local rc=0
  wait "$bench_pid" || rc=$?
  bench_pid=0
  return "$rc"
}
stop() {
  ((bench_pid)) && kill "$bench_pid" 2> /dev/null
  echo "compare.sh: stopped; the table holds the cells measured so far" >&2
  report || true
  exit 143
}
trap stop TERM INT
for ((rep = 1; rep <= reps; rep++)); do
  for problem in "${problem_list[@]}"; do
    for p in "${degree_list[@]}"; do
      echo "compare.sh: repetition $rep/$reps $problem p=$p" >&2
      run "$ours" --ceed "$ceed" --problem "$problem" --degree "$p" "${common[@]}" "${ours_defines[@]}" --json-file "$runs" ||
        echo "compare.sh: ceedrt $problem p=$p failed" >&2
      for r in "${peer_list[@]}"; do
        run "$peer" --ceed "$r" --problem "$problem" --degree "$p" "${common[@]}" --json-file "$peer_runs" || echo "compare.sh: peer $r $problem p=$p failed" >&2
      done
    done
  done
done
trap - TERM INT
report
echo "compare.sh: wrote $out/compare.md, $out/compare.png, $out/compare.jsonl, $out/compare-libceed.jsonl" >&2

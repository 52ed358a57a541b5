#!/usr/bin/env bash
# The checks of a session with an NVIDIA GPU, as one script: run it on the GPU machine from the repository root
# with a build tree made elsewhere (no compiler or network needed there); logs and JSON lines go to --out.
#
#   tools/gpu-check.sh [--build DIR] [--peer-lib DIR] [--out DIR] [--dofs N] [STAGE ...]
#
# Stages (default: tests conformance bps compare precision min-blocks):
#   tests        the GPU GoogleTests (tests/backends/gpu, the multiprecision tests on /gpu/cuda, /gpu/emu)
#   conformance  the conformance suite on /gpu/cuda/{ref,ref/det,gen}; the build must be configured with
#                -DCEEDRT_TEST_RESOURCES="...;/gpu/cuda/ref;/gpu/cuda/ref/det;/gpu/cuda/gen"
#   bps          BP1-BP6, p = 1..8, 1e4 DOFs, /gpu/cuda/gen against /cpu/self/ref/serial (gen-bench)
#   compare      tools/compare.sh against libCEED's /gpu/cuda/gen (needs ceed-bench-libceed, see --peer-lib)
#   precision    the four operator precision modes and fp32 quadrature data, BP1/BP3/BP5 p = 2, 4, 8
#   min-blocks   /gpu/cuda/gen with :min_blocks=1,2,3 (the fused kernels' register budget), BP1-BP6 p = 4, 6
#   profile      Nsight Compute on the BP3/BP5 p = 4 apply kernels, ceedrt and libCEED
#   bakeoff      the register-budget check against libCEED (issue 30): the kernels' static resources
#                (ceed-info --kernels --json), compare.sh BP1-BP6 p = 2..8 at 1e7 and 1e6 DOFs, and Nsight Compute
#                on every BP's apply kernel at p = 4 and 6, ceedrt and libCEED (bakeoff-profile.csv)
#
# --build: the build tree (default build); it holds absolute paths of the machine that configured it, so when
#   the checkout sits elsewhere here, link that path first (ln -s "$PWD" /the/original/checkout).
# --peer-lib: a libCEED built with CUDA (lib/ and include/; its JIT sources are found at the absolute path it
#   was built in, so put or link it there). --dofs: the size of the timed stages (default 1e7).
# --out collects more files than the device tool brings back (8): write elsewhere and pack it, e.g.
#   tools/gpu-check.sh --build .devbuild --peer-lib /tmp/lc --out /tmp/gc tests conformance compare; tar czf "$OUT/gc.tgz" -C /tmp gc
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build
peer_lib=""
out=$root/build/gpu-check
dofs=1e7
stages=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --build) build=$(cd "$2" && pwd); shift 2 ;;
    --peer-lib) peer_lib=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --dofs) dofs=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -u$/{/^set -u$/!p}' "$0"; exit 0 ;;
    -*) echo "gpu-check.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) stages+=("$1"); shift ;;
  esac
done
((${#stages[@]})) || stages=(tests conformance bps compare precision min-blocks)
mkdir -p "$out"
summary=$out/summary.log
start=$SECONDS
say() { echo "[$((SECONDS - start))s] $*" | tee -a "$summary"; }
export CEEDRT_PLUGIN_PATH=
[[ -n $peer_lib ]] && export LD_LIBRARY_PATH=$peer_lib/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
# CTest files name the cmake of the configuring machine (e.g. /usr/bin/cmake); use this machine's.
ctest_cmake=$(grep -rho '"/[^"]*/cmake"' "$build" --include=CTestTestfile.cmake 2>/dev/null | head -1 | tr -d '"')
if [[ -n $ctest_cmake && ! -x $ctest_cmake ]] && command -v cmake > /dev/null; then
  mkdir -p "$(dirname "$ctest_cmake")" && ln -sfn "$(command -v cmake)" "$ctest_cmake" || say "CTest files need $ctest_cmake, which is missing"
fi
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,compute_cap --format=csv >> "$summary" 2>&1 || say "nvidia-smi failed"
bench=$build/bin/ceed-bench
peer=$build/bin/ceed-bench-libceed
bandwidth=$out/bandwidth.jsonl

for stage in "${stages[@]}"; do
  say "stage $stage"
  case $stage in
    tests)
      ctest --test-dir "$build" -R '^cuda/cuda-(ref|operator|qfunction-error|user-kernel)-test/|multiprecision-test/.*(cuda|Cuda)|^emu/' \
        -j 8 --output-on-failure --timeout 300 > "$out/tests.log" 2>&1
      say "tests: rc=$? $(grep -h 'tests passed' "$out/tests.log")" ;;
    conformance)
      ctest --test-dir "$build" -R '^conformance/.*/gpu/cuda/' -j 8 --output-on-failure --timeout 300 > "$out/conformance.log" 2>&1
      say "conformance: rc=$? $(grep -h 'tests passed\|No tests were found' "$out/conformance.log")" ;;
    bps)
      "$build/tools/gen-bench/gen-bench" -ceed /gpu/cuda/gen -ref /cpu/self/ref/serial -bp 1,2,3,4,5,6 -p 1,2,3,4,5,6,7,8 -dofs 1e4 -t 0.01 \
        > "$out/bps.log" 2>&1
      say "bps: rc=$? largest relative difference $(awk -F'|' '/^\| BP[1-6] / {print $8}' "$out/bps.log" | sort -g | tail -1)" ;;
    compare)
      [[ -x $peer ]] || { say "compare: $peer not built (configure with -DCEEDRT_BENCH_PEER_DIR)"; continue; }
      "$root/tools/compare.sh" --ours "$bench" --peer "$peer" --ceed /gpu/cuda/gen --peer-ceed /gpu/cuda/gen --problems bp1,bp2,bp3,bp4,bp5,bp6 \
        --degrees 2,3,4,5,6,7,8 --dofs "$dofs" --reps 1 --min-time 0.1 --peak 34000 --out "$out/compare" > "$out/compare.log" 2>&1
      say "compare: rc=$?"
      cp "$out/compare/bandwidth.jsonl" "$bandwidth" 2>/dev/null ;;
    precision|min-blocks)
      [[ -s $bandwidth ]] || "$bench" --ceed /gpu/cuda/gen --problem bs2 --dofs 2e6:1.6e7 --points-per-decade 3 --json-file "$bandwidth" > /dev/null 2>&1
      if [[ $stage == precision ]]; then
        for mode in fp64 fp32 low-high high-low qdata32; do
          args=(--precision "$mode"); [[ $mode == qdata32 ]] && args=(--precision fp64 --qdata fp32)
          "$bench" --ceed /gpu/cuda/gen --problem bp1,bp3,bp5 --degree 2,4,8 --dofs "$dofs" --min-time 0.1 "${args[@]}" --peak-gflops 34000 \
            --bandwidth-from "$bandwidth" --json-file "$out/precision.jsonl" >> "$out/precision.log" 2>&1
          say "precision $mode: rc=$?"
        done
      else
        for n in 1 2 3; do
          "$bench" --ceed "/gpu/cuda/gen:min_blocks=$n" --problem bp --degree 4,6 --dofs "$dofs" --min-time 0.1 --peak-gflops 34000 \
            --bandwidth-from "$bandwidth" --json-file "$out/min-blocks.jsonl" >> "$out/min-blocks.log" 2>&1
          say "min_blocks=$n: rc=$?"
        done
      fi ;;
    profile)
      ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
      [[ -n $ncu ]] || { say "profile: no ncu"; continue; }
      for bp in bp3 bp5; do
        for bin in "$bench" "$peer"; do
          [[ -x $bin ]] || continue
          "$ncu" -k regex:Operator --launch-skip 3 --launch-count 1 --csv --page details --section SpeedOfLight --section Occupancy \
            --section LaunchStats --section MemoryWorkloadAnalysis "$bin" --ceed /gpu/cuda/gen --problem $bp --degree 4 --dofs 1e6 \
            --min-time 0 --min-reps 1 >> "$out/profile.csv" 2>&1
          say "profile $bp $(basename "$bin"): rc=$?"
        done
      done ;;
    bakeoff)
      "$build/bin/ceed-info" --kernels --target sm_90 --json > "$out/bakeoff-kernels.jsonl" 2> "$out/bakeoff-kernels.log"
      say "bakeoff kernels: rc=$?"
      [[ -x $peer ]] || { say "bakeoff: $peer not built (configure with -DCEEDRT_BENCH_PEER_DIR)"; continue; }
      for n in 1e7 1e6; do
        "$root/tools/compare.sh" --ours "$bench" --peer "$peer" --ceed /gpu/cuda/gen --peer-ceed /gpu/cuda/gen --problems bp1,bp2,bp3,bp4,bp5,bp6 \
          --degrees 2,3,4,5,6,7,8 --dofs "$n" --reps 1 --min-time 0.1 --peak 34000 --out "$out/bakeoff-$n" > "$out/bakeoff-$n.log" 2>&1
        say "bakeoff compare $n DOFs: rc=$?"
      done
      ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
      [[ -n $ncu ]] || { say "bakeoff profile: no ncu"; continue; }
      for bp in bp1 bp2 bp3 bp4 bp5 bp6; do
        for degree in 4 6; do
          for bin in "$bench" "$peer"; do
            "$ncu" -k regex:Operator --launch-skip 3 --launch-count 1 --csv --page details --section SpeedOfLight --section Occupancy \
              --section LaunchStats --section MemoryWorkloadAnalysis "$bin" --ceed /gpu/cuda/gen --problem $bp --degree $degree --dofs 4e6 \
              --min-time 0 --min-reps 1 >> "$out/bakeoff-profile.csv" 2>&1
            say "bakeoff profile $bp p=$degree $(basename "$bin"): rc=$?"
          done
        done
      done ;;
    *) say "unknown stage $stage" ;;
  esac
done
say "done"

#!/usr/bin/env bash
# The checks of a session with an NVIDIA GPU, as one script: run it on the GPU machine from the repository root
# with a build tree made elsewhere (no compiler or network needed there); logs and JSON lines go to --out.
#
#   tools/gpu-check.sh [--pack FILE] [--build DIR] [--peer-lib DIR] [--out DIR] [--dofs N] [--degrees LIST]
#                      [--problems LIST] [--profile-degrees LIST] [--variants LIST] [--variant-degrees LIST]
#                      [--variant-precision MODE] [--hypre-gpu-build DIR]
#                      [--solve-cpu-ranks N] [--deadline SECONDS] [STAGE ...]
#
# Stages (default: tests conformance bps compare precision min-blocks):
#   env          the GPU, and one small BP run of ceed-bench (and ceed-bench-libceed): stops the script if it fails
#   tests        the GPU GoogleTests (tests/backends/gpu, the multiprecision tests on /gpu/cuda, /gpu/emu)
#   conformance  the conformance suite on /gpu/cuda/{ref,ref/det,gen}; the build must be configured with
#                -DCEEDRT_TEST_RESOURCES="...;/gpu/cuda/ref;/gpu/cuda/ref/det;/gpu/cuda/gen"
#   bps          BP1-BP6, p = 1..8, 1e4 DOFs, /gpu/cuda/gen against /cpu/self/ref/serial (gen-bench)
#   compare      tools/compare.sh against libCEED's /gpu/cuda/gen at --dofs over --problems x --degrees
#                (needs ceed-bench-libceed, see --peer-lib)
#   precision    the four operator precision modes and fp32 quadrature data, BP1/BP3/BP5 p = 2, 4, 8
#   min-blocks   /gpu/cuda/gen with :min_blocks=1,2,3 (the fused kernels' register budget), BP1-BP6 p = 4, 6
#   profile      Nsight Compute on the apply kernels of --problems at --profile-degrees (4e6 DOFs), ceedrt and
#                libCEED (profile.csv)
#   solve        issue 35's end-to-end solve: ceed-solve BP3 on a Kershaw mesh with LOR-AMG at --solve-dofs over
#                --solve-degrees, on /gpu/cuda/gen and on /cpu/self/gen (solve.jsonl: phases, iterations); needs
#                MPI and hypre on this machine or in the pack (tools/gpu-pack.sh --mpi)
#   variants     the generator's switches (JIT defines, docs/gpu.md): --problems (BP1-BP6) at --variant-degrees, --dofs,
#                /gpu/cuda/gen with the default and each single-switch variant of --variants (default: all 18;
#                ceed-bench --jit-define), interleaved per problem and degree; variants.md: GDOF/s of each variant over
#                the default's (a variant equal to the default for some problems, e.g. CEED_GEN_EXCHANGE_BUFFERS=2 on
#                BP1/BP3/BP5, shows the noise). Each variant compiles its own kernels (with launch-bound tuning): give
#                a --deadline, or fewer --variants, to stay within a lease
#   bakeoff      the register-budget check against libCEED (issue 30): the kernels' static resources
#                (ceed-info --kernels --json), compare.sh BP1-BP6 p = 2..8 at 1e7 and 1e6 DOFs, and Nsight Compute
#                on every BP's apply kernel at p = 4 and 6, ceedrt and libCEED (bakeoff-profile.csv)
#   gpu-amg      issue 35's BoomerAMG on the GPU, from a second build tree configured against a CUDA hypre
#                (--hypre-gpu-build, or the one a pack of gpu-pack.sh --hypre-gpu-build holds): parallel-lor-test device
#                /gpu/cuda/gen (the LOR matrix in GPU memory equal to the host one, CG + BoomerAMG there), then ceed-solve
#                BP3 on a Kershaw mesh at --solve-dofs over --solve-degrees on /gpu/cuda/gen: the LOR matrix from the
#                device (--lor-assembly direct) or the host (vertices) with BoomerAMG on the GPU, and direct with it on
#                the host (gpu-amg.jsonl: phases, iterations, lor_route, amg_on_device); CEEDRT_GPU_AMG_CASES picks the
#                cases (ROUTE:MEMORY[:RELAX] words, RELAX a BoomerAMG relaxation type, e.g. vertices:device:16 for
#                Chebyshev; default "direct:device vertices:device direct:host"; the host BoomerAMG takes minutes at 1e7 DOFs)
#   jit-time     the fused kernels' JIT setup cost: t530, t540 and t555 on /gpu/cuda/gen and /gpu/cuda/ref, one at a
#                time with CEEDRT_CACHE=off and CEED_DEBUG=1: wall seconds and "compiled" lines of each (jit-time.log)
#
# --pack: a tarball of tools/gpu-pack.sh: unpacked where it was made, this checkout linked at the source path the
#   build was configured from, and --build set to its build tree.
# --build: the build tree (default build); it holds absolute paths of the machine that configured it, so when
#   the checkout sits elsewhere here, link that path first (ln -s "$PWD" /the/original/checkout).
# --solve-dofs N, --solve-degrees LIST: the solve stage's size (default 1e6) and degrees (default 2,3,4,5,6,7,8).
# --hypre-gpu-build DIR: the gpu-amg stage's build tree (default: the pack's second build tree, if any).
# --solve-cpu-ranks N: MPI ranks of the solve stage's CPU run (default 1; the host's core count compares a whole
#   CPU with one GPU).
# --variants LIST: the variants stage's NAME=VALUE switches, comma-separated; --variant-degrees LIST: its degrees
#   (default 4,6); --variant-precision MODE: the operators' precision there (default fp64; fp32 for the fp32 kernels).
# --deadline: seconds after which no stage starts and the running one is stopped (default: none), so the logs
#   come back before the caller's time limit.
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
degrees=2,3,4,5,6,7,8
problems=bp1,bp2,bp3,bp4,bp5,bp6
profile_degrees=4,6
solve_dofs=1e6
solve_degrees=2,3,4,5,6,7,8
solve_cpu_ranks=1
variant_degrees=4,6
variant_precision=fp64
variants=CEED_GEN_HELD_ROW_MAX=0,CEED_GEN_VOLATILE_MATRICES=0,CEED_GEN_Z_COLUMNS=0,CEED_GEN_HELD_DERIVATIVE_ROWS=0,CEED_GEN_HELD_DERIVATIVE_ROWS=2
variants+=,CEED_GEN_GRAD_COMPONENTS_INNER=0,CEED_GEN_EXCHANGE_BUFFERS=1,CEED_GEN_EXCHANGE_BUFFERS=2,CEED_GEN_WIDE_EXCHANGE=0,CEED_GEN_WIDE_EXCHANGE=1
variants+=,CEED_GEN_ROLLED_SLICES=1,CEED_GEN_REGISTER_COLUMNS=0,CEED_GEN_REGISTER_COLUMNS=1,CEED_GEN_CONSTANT_MATRICES=0,CEED_GEN_CONSTANT_MATRICES=1,CEED_GEN_CONSTANT_DERIVATIVES=0,CEED_GEN_CONSTANT_DERIVATIVES=1
variants+=,CEED_GEN_ELEMENT_PADDING=0
pack=""
hypre_gpu_build=""
deadline=0
stages=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --build) build=$(cd "$2" && pwd); shift 2 ;;
    --peer-lib) peer_lib=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --dofs) dofs=$2; shift 2 ;;
    --degrees) degrees=$2; shift 2 ;;
    --problems) problems=$2; shift 2 ;;
    --profile-degrees) profile_degrees=$2; shift 2 ;;
    --pack) pack=$2; shift 2 ;;
    --solve-dofs) solve_dofs=$2; shift 2 ;;
    --solve-degrees) solve_degrees=$2; shift 2 ;;
    --solve-cpu-ranks) solve_cpu_ranks=$2; shift 2 ;;
    --hypre-gpu-build) hypre_gpu_build=$(cd "$2" && pwd); shift 2 ;;
    --variants) variants=$2; shift 2 ;;
    --variant-degrees) variant_degrees=$2; shift 2 ;;
    --variant-precision) variant_precision=$2; shift 2 ;;
    --deadline) deadline=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -u$/{/^set -u$/!p}' "$0"; exit 0 ;;
    -*) echo "gpu-check.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) stages+=("$1"); shift ;;
  esac
done
((${#stages[@]})) || stages=(tests conformance bps compare precision min-blocks)
start=$SECONDS
if [[ -n $pack ]]; then
  tar -xzPf "$pack" || { echo "gpu-check.sh: could not unpack $pack" >&2; exit 1; }
  caches=$(tar -tzPf "$pack" | grep '/CMakeCache.txt$')
  build=$(dirname "$(sed -n 1p <<< "$caches")")
  cache=$build/CMakeCache.txt
  second=$(sed -n 2p <<< "$caches")
  [[ -z $hypre_gpu_build && -n $second ]] && hypre_gpu_build=$(dirname "$second")
  source_dir=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$cache")
  # The build names files of its source tree by absolute path: give it this checkout there, entry by entry (the
  # build tree itself was just unpacked inside it).
  if [[ $source_dir != "$root" ]]; then
    mkdir -p "$source_dir"
    for entry in "$root"/* "$root"/.[!.]*; do
      [[ -e $entry && ! -e $source_dir/$(basename "$entry") ]] && ln -s "$entry" "$source_dir/$(basename "$entry")"
    done
  fi
fi
# An MPI runtime packed by gpu-pack.sh --mpi (Debian's Open MPI, relocated): its prefix, PMIx's, the libraries.
mpi_prefix=/opt/ceedrt-mpi/usr
if [[ -d $mpi_prefix ]]; then
  export OPAL_PREFIX=$mpi_prefix PMIX_INSTALL_PREFIX=$mpi_prefix/lib/x86_64-linux-gnu/pmix2 PATH=$mpi_prefix/bin:$PATH
  export LD_LIBRARY_PATH=$mpi_prefix/lib/x86_64-linux-gnu/openmpi/lib:$mpi_prefix/lib/x86_64-linux-gnu/pmix2/lib:$mpi_prefix/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
mkdir -p "$out"
summary=$out/summary.log
say() { echo "[$((SECONDS - start))s] $*" | tee -a "$summary"; }
# Runs a stage's command under the time left before --deadline (timeout's status 124 when it ran out).
limited() {
  if ((deadline > 0)); then
    local left=$((deadline - (SECONDS - start)))
    ((left > 5)) || return 124
    timeout -k 5 "$left" "$@"
  else
    "$@"
  fi
}
# One line of a ceed-solve JSON record: iterations, time to solution, the LOR assembly + AMG setup share.
solve_summary() {
  python3 -c 'import json,sys; r=json.loads(sys.argv[1]); s=r["seconds"]; print("iterations %d, time to solution %.2f s, LOR assembly + AMG setup %.0f%%, AMG on the %s" % (r["iterations"], r["time_to_solution"], 100*(s["lor_assembly"]+s["amg_setup"])/r["time_to_solution"], "GPU" if r.get("amg_on_device") else "host"))' "$1" 2>/dev/null
}
export CEEDRT_PLUGIN_PATH=
# The CUDA libraries (NVRTC, and the runtime libCEED links) where toolkits put them.
for d in /usr/local/cuda/lib64 /usr/local/cuda/lib; do
  [[ -d $d ]] && export LD_LIBRARY_PATH=$d${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
done
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

ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
# Nsight Compute on one apply kernel per run (the fourth launch of the operator: after setup and warm-up);
# --clock-control none keeps the clocks as the timed runs see them.
profile() {  # profile CSV PROBLEM DEGREE BIN...
  local csv=$1 problem=$2 degree=$3 bin
  shift 3
  for bin in "$@"; do
    [[ -x $bin ]] || continue
    limited "$ncu" --clock-control none -k regex:Operator --launch-skip 3 --launch-count 1 --csv --page details --section SpeedOfLight \
      --section Occupancy --section LaunchStats --section MemoryWorkloadAnalysis "$bin" --ceed /gpu/cuda/gen --problem "$problem" \
      --degree "$degree" --dofs 4e6 --min-time 0 --min-reps 1 >> "$csv" 2>&1
    local rc=$?
    say "profile $problem p=$degree ${bin##*/}: rc=$rc"
  done
}
compare() {  # compare DOFS OUTDIR
  limited "$root/tools/compare.sh" --ours "$bench" --peer "$peer" --ceed /gpu/cuda/gen --peer-ceed /gpu/cuda/gen --problems "$problems" \
    --degrees "$degrees" --dofs "$1" --reps 1 --min-time 0.1 --peak 34000 --out "$2" > "$2.log" 2>&1
}

for stage in "${stages[@]}"; do
  if ((deadline > 0 && SECONDS - start >= deadline)); then
    say "stage $stage skipped: the deadline of ${deadline}s has passed"
    continue
  fi
  say "stage $stage"
  case $stage in
    env)
      nvidia-smi > "$out/env.log" 2>&1
      for bin in "$bench" "$peer"; do
        [[ -x $bin ]] || continue
        { echo "== $bin"; ldd "$bin" | grep 'not found'; } >> "$out/env.log" 2>&1
        if ! limited "$bin" --ceed /gpu/cuda/gen --problem bp3 --degree 3 --dofs 1e4 --min-time 0 >> "$out/env.log" 2>&1; then
          say "env: $(basename "$bin") failed on /gpu/cuda/gen; stopping (see env.log)"
          tail -30 "$out/env.log"
          exit 1
        fi
      done
      say "env: ok" ;;
    tests)
      limited ctest --test-dir "$build" -R '^cuda/cuda-(ref|operator|qfunction-error|user-kernel)-test/|multiprecision-test/.*(cuda|Cuda)|^emu/' \
        -j 8 --output-on-failure --timeout 300 > "$out/tests.log" 2>&1
      say "tests: rc=$? $(grep -h 'tests passed' "$out/tests.log")" ;;
    conformance)
      limited ctest --test-dir "$build" -R '^conformance/.*/gpu/cuda/' -j 8 --output-on-failure --timeout 300 > "$out/conformance.log" 2>&1
      say "conformance: rc=$? $(grep -h 'tests passed\|No tests were found' "$out/conformance.log")" ;;
    bps)
      limited "$build/tools/gen-bench/gen-bench" -ceed /gpu/cuda/gen -ref /cpu/self/ref/serial -bp 1,2,3,4,5,6 -p 1,2,3,4,5,6,7,8 -dofs 1e4 \
        -t 0.01 > "$out/bps.log" 2>&1
      say "bps: rc=$? largest relative difference $(awk -F'|' '/^\| BP[1-6] / {print $8}' "$out/bps.log" | sort -g | tail -1)" ;;
    compare)
      [[ -x $peer ]] || { say "compare: $peer not built (configure with -DCEEDRT_BENCH_PEER_DIR)"; continue; }
      compare "$dofs" "$out/compare"
      say "compare $dofs DOFs: rc=$?"
      cp "$out/compare/bandwidth.jsonl" "$bandwidth" 2>/dev/null ;;
    compare-1e6)
      [[ -x $peer ]] || { say "compare-1e6: $peer not built"; continue; }
      compare 1e6 "$out/compare-1e6"
      say "compare 1e6 DOFs: rc=$?" ;;
    precision|min-blocks)
      [[ -s $bandwidth ]] || limited "$bench" --ceed /gpu/cuda/gen --problem bs2 --dofs 2e6:1.6e7 --points-per-decade 3 --json-file "$bandwidth" > /dev/null 2>&1
      if [[ $stage == precision ]]; then
        for mode in fp64 fp32 qdata32 low-high high-low; do
          args=(--precision "$mode"); [[ $mode == qdata32 ]] && args=(--precision fp64 --qdata fp32)
          limited "$bench" --ceed /gpu/cuda/gen --problem bp1,bp3,bp5 --degree 2,4,6,8 --dofs "$dofs" --min-time 0.1 "${args[@]}" --peak-gflops 34000 \
            --bandwidth-from "$bandwidth" --json-file "$out/precision.jsonl" >> "$out/precision.log" 2>&1
          say "precision $mode: rc=$?"
        done
      else
        for n in 1 2 3; do
          limited "$bench" --ceed "/gpu/cuda/gen:min_blocks=$n" --problem bp --degree 4,6 --dofs "$dofs" --min-time 0.1 --peak-gflops 34000 \
            --bandwidth-from "$bandwidth" --json-file "$out/min-blocks.jsonl" >> "$out/min-blocks.log" 2>&1
          say "min_blocks=$n: rc=$?"
        done
      fi ;;
    profile)
      [[ -n $ncu ]] || { say "profile: no ncu"; continue; }
      IFS=, read -r -a problem_list <<< "$problems"
      IFS=, read -r -a degree_list <<< "$profile_degrees"
      for problem in "${problem_list[@]}"; do
        for degree in "${degree_list[@]}"; do profile "$out/profile.csv" "$problem" "$degree" "$bench" "$peer"; done
      done ;;
    solve)
      solver=$build/bin/ceed-solve
      [[ -x $solver ]] || { say "solve: $solver not built (MPI and hypre found at configure?)"; continue; }
      IFS=, read -r -a degree_list <<< "$solve_degrees"
      for degree in "${degree_list[@]}"; do
        for resource in /gpu/cuda/gen /cpu/self/gen; do
          launcher=()
          [[ $resource == /cpu/* ]] && ((solve_cpu_ranks > 1)) && launcher=(mpirun -n "$solve_cpu_ranks" --bind-to core)
          record=$(limited "${launcher[@]}" "$solver" --ceed "$resource" --problem bp3 --degree "$degree" --dofs "$solve_dofs" --mesh kershaw --pc lor-amg --exact-timings --json \
            2>> "$out/solve.log")
          rc=$?
          [[ -n $record ]] && echo "$record" >> "$out/solve.jsonl"
          say "solve bp3 p=$degree $resource: rc=$rc $( ((rc == 0)) && solve_summary "$record")"
        done
      done ;;
    gpu-amg)
      [[ -n $hypre_gpu_build && -x $hypre_gpu_build/bin/ceed-solve ]] || { say "gpu-amg: no build against a CUDA hypre (--hypre-gpu-build)"; continue; }
      limited "$hypre_gpu_build/tests/parallel/parallel-lor-test" device /gpu/cuda/gen > "$out/gpu-amg-lor-test.log" 2>&1
      say "gpu-amg parallel-lor-test device /gpu/cuda/gen: rc=$? $(grep -m1 'AmgMemory' "$out/gpu-amg-lor-test.log")"
      IFS=, read -r -a degree_list <<< "$solve_degrees"
      for degree in "${degree_list[@]}"; do
        # The LOR matrix assembled on the device or from the vertices on the host, BoomerAMG on the GPU; then on the host.
        for case in ${CEEDRT_GPU_AMG_CASES:-direct:device vertices:device direct:host}; do
          IFS=: read -r route memory relax <<< "$case"
          relax_args=()
          [[ -n $relax ]] && relax_args=(--amg-relax "$relax")
          record=$(limited "$hypre_gpu_build/bin/ceed-solve" --ceed /gpu/cuda/gen --problem bp3 --degree "$degree" --dofs "$solve_dofs" --mesh kershaw \
            --pc lor-amg --lor-assembly "$route" --amg-memory "$memory" "${relax_args[@]}" --exact-timings --json 2>> "$out/gpu-amg.log")
          rc=$?
          [[ -n $record ]] && echo "$record" >> "$out/gpu-amg.jsonl"
          say "gpu-amg bp3 p=$degree --lor-assembly $route --amg-memory $memory${relax:+ --amg-relax $relax}: rc=$rc $( ((rc == 0)) && solve_summary "$record")"
        done
      done ;;
    variants)
      [[ -s $bandwidth ]] || limited "$bench" --ceed /gpu/cuda/gen --problem bs2 --dofs 2e6:1.6e7 --points-per-decade 3 --json-file "$bandwidth" > /dev/null 2>&1
      IFS=, read -r -a problem_list <<< "$problems"
      IFS=, read -r -a variant_list <<< "default,$variants"
      IFS=, read -r -a variant_degree_list <<< "$variant_degrees"
      for problem in "${problem_list[@]}"; do
        for degree in "${variant_degree_list[@]}"; do
          for v in "${variant_list[@]}"; do
            define=(); [[ $v == default ]] || define=(--jit-define "$v")
            limited "$bench" --ceed /gpu/cuda/gen --problem "$problem" --degree "$degree" --dofs "$dofs" --min-time 0.1 "${define[@]}" \
              --precision "$variant_precision" --peak-gflops 34000 --bandwidth-from "$bandwidth" --json-file "$out/variants.jsonl" >> "$out/variants.log" 2>&1 || say "variants $problem p=$degree $v: rc=$?"
          done
        done
      done
      [[ -s $out/variants.jsonl ]] || { say "variants: no run wrote a record (see variants.log)"; continue; }
      python3 - "$out/variants.jsonl" > "$out/variants.md" <<'PY'
import json, sys
best = {}
for line in open(sys.argv[1]):
    r = json.loads(line)
    if r.get("record") == "bp" and r.get("check_passed"):
        key = (r["problem"], r["p"], ",".join(r.get("jit_defines") or ["default"]))
        best[key] = max(best.get(key, 0), r["dofs_per_second"])
variants = sorted({k[2] for k in best} - {"default"})
print("| BP | p | default GDOF/s | " + " | ".join(variants) + " |\n|---|---|---|" + "---|" * len(variants))
for problem, p in sorted({k[:2] for k in best}):
    base = best.get((problem, p, "default"))
    cells = ["%.2f" % (best[(problem, p, v)] / base) if base and (problem, p, v) in best else "-" for v in variants]
    print("| %s | %d | %s | %s |" % (problem, p, "%.2f" % (base / 1e9) if base else "-", " | ".join(cells)))
PY
      say "variants: ratios variant/default in variants.md"; cat "$out/variants.md" ;;
    bakeoff)
      # Issue 30's GPU check in one stage: the kernels' static resources, then the side-by-side at --dofs and 1e6
      # DOFs, then the profiles.
      limited "$build/bin/ceed-info" --kernels --target sm_90 --json > "$out/bakeoff-kernels.jsonl" 2> "$out/bakeoff-kernels.log"
      say "bakeoff kernels: rc=$?"
      [[ -x $peer ]] || { say "bakeoff: $peer not built (configure with -DCEEDRT_BENCH_PEER_DIR)"; continue; }
      compare "$dofs" "$out/bakeoff-$dofs"; say "bakeoff compare $dofs DOFs: rc=$?"
      compare 1e6 "$out/bakeoff-1e6"; say "bakeoff compare 1e6 DOFs: rc=$?"
      [[ -n $ncu ]] || { say "bakeoff profile: no ncu"; continue; }
      IFS=, read -r -a problem_list <<< "$problems"
      IFS=, read -r -a degree_list <<< "$profile_degrees"
      for problem in "${problem_list[@]}"; do
        for degree in "${degree_list[@]}"; do profile "$out/bakeoff-profile.csv" "$problem" "$degree" "$bench" "$peer"; done
      done ;;
    jit-time)
      for program in t530-operator-qfunction-assembly t540-operator-fdm t555-operator-multigrid-bp3; do
        for resource in /gpu/cuda/gen /gpu/cuda/ref; do
          t0=$EPOCHREALTIME
          CEEDRT_CACHE=off CEED_DEBUG=1 limited "$build/tests/$program" "$resource" > "$out/jit-time-run.log" 2>&1
          rc=$?
          seconds=$(awk -v t0="$t0" -v t1="$EPOCHREALTIME" 'BEGIN { printf "%.2f", t1 - t0 }')
          { echo "== $program $resource rc=$rc ${seconds}s"; cat "$out/jit-time-run.log"; } >> "$out/jit-time.log"
          say "jit-time $program $resource: rc=$rc $seconds s, $(grep -c compiled "$out/jit-time-run.log") compiled lines"
        done
      done
      rm -f "$out/jit-time-run.log" ;;
    *) say "unknown stage $stage" ;;
  esac
done
say "done"

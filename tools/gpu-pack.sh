#!/usr/bin/env bash
# Packs what tools/gpu-check.sh runs from a build tree into one compressed tarball, for a GPU machine that has no
# compiler or no network: the programs and libraries of the build (bin/, lib/, share/, gen-bench, the conformance
# programs, the GPU and multiprecision test programs, every CTestTestfile.cmake), and optionally a libCEED built
# with CUDA (its lib/ and include/, whose JIT sources libCEED finds at the absolute path it was built in).
# Members keep their absolute paths, so on the GPU machine
#
#   tools/gpu-check.sh --pack FILE [other options] [STAGE ...]
#
# unpacks them where they were made and links this checkout at the source path the build was configured from.
# With --mpi the pack also holds the MPI runtime and the shared libraries ceed-solve needs (Open MPI with its
# plugins and PMIx, hypre and its solvers; everything but the C and C++ runtimes), from the Debian packages of
# this machine, under /opt/ceedrt-mpi: GPU images carry no MPI, and Open MPI runs from there when told its
# prefix (gpu-check.sh does).
# With --hypre-gpu-build DIR (implies --mpi) the pack also holds a second build tree configured against a CUDA
# hypre (tools/setup/build-hypre-gpu.sh): its ceed-solve, parallel LOR test, libraries and plugins, and that
# hypre's libraries; the CUDA libraries hypre loads (cuSPARSE, cuBLAS, ...) come from the GPU machine's toolkit.
#
#   tools/gpu-pack.sh [--build DIR] [--peer DIR] [--mpi] [--hypre-gpu-build DIR] --out FILE
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build
peer=""
out=""
mpi=0
hypre_gpu_build=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --build) build=$(cd "$2" && pwd); shift 2 ;;
    --peer) peer=$(cd "$2" && pwd); shift 2 ;;
    --out) out=$2; shift 2 ;;
    --mpi) mpi=1; shift ;;
    --hypre-gpu-build) hypre_gpu_build=$(cd "$2" && pwd); mpi=1; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "gpu-pack.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
[[ -n $out ]] || { echo "gpu-pack.sh: --out FILE is required" >&2; exit 2; }
[[ -f $build/CMakeCache.txt ]] || { echo "gpu-pack.sh: $build is not a configured build tree" >&2; exit 1; }
source_dir=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$build/CMakeCache.txt")
list=$(mktemp)
mpi_list=$(mktemp)
trap 'rm -f "$list" "$mpi_list"' EXIT
{
  # The source path the build refers to (templates, expected outputs, scripts): gpu-check.sh links it.
  echo "$build/CMakeCache.txt"
  find "$build/bin" "$build/lib" "$build/share" "$build/include" \( -type f -o -type l \)
  find "$build" \( -name CTestTestfile.cmake -o -name '*_include.cmake' -o -name '*_tests.cmake' \) -not -path '*/CMakeFiles/*'
  find "$build/tests" -maxdepth 1 -type f -perm -u+x \( -name 't[0-9]*' -o -name '*multiprecision*' \)
  find "$build/tests/backends/gpu" -maxdepth 2 -type f -perm -u+x \( -name 'unit-cuda-*' -o -name 'unit-emu-*' \) 2> /dev/null || true
  [[ -x $build/tools/gen-bench/gen-bench ]] && echo "$build/tools/gen-bench/gen-bench"
  if [[ -n $peer ]]; then
    find "$peer/lib" \( -type f -o -type l \)
    find "$peer/include" -type f
  fi
} | sort -u > "$list"
# The second build tree after the first one's files, so that the pack's first CMakeCache.txt is the main build's.
hypre_list=$(mktemp)
trap 'rm -f "$list" "$mpi_list" "$hypre_list"' EXIT
if [[ -n $hypre_gpu_build ]]; then
  hypre_library=$(sed -n 's/^CEEDRT_HYPRE_LIBRARY:[A-Z]*=//p' "$hypre_gpu_build/CMakeCache.txt")
  for f in "$hypre_gpu_build/bin/ceed-solve" "$hypre_gpu_build/tests/parallel/parallel-lor-test" "$hypre_library"; do
    [[ -e $f ]] || { echo "gpu-pack.sh: --hypre-gpu-build: $f is not built" >&2; exit 1; }
  done
  {
    printf '%s\n' "$hypre_gpu_build/CMakeCache.txt" "$hypre_gpu_build/bin/ceed-solve" "$hypre_gpu_build/tests/parallel/parallel-lor-test"
    # lib/ and the JIT's headers (include/, found beside lib/ at run time) and templates (share/).
    find "$hypre_gpu_build/lib" "$hypre_gpu_build/include" "$hypre_gpu_build/share" \( -type f -o -type l \)
    find "$(dirname "$hypre_library")" -maxdepth 1 -name 'libHYPRE*' \( -type f -o -type l \)
  } > "$hypre_list"
fi
if ((mpi)); then
  [[ -x $build/bin/ceed-solve ]] || { echo "gpu-pack.sh: --mpi: $build/bin/ceed-solve is not built (MPI found at configure?)" >&2; exit 1; }
  # The runtime's files, then every library that ceed-solve, the runtime's programs or its plugins load,
  # except the C and C++ runtimes the GPU machine has in newer versions.
  packages=(openmpi-bin openmpi-common libopenmpi3 libpmix2)
  {
    for pkg in "${packages[@]}"; do dpkg -L "$pkg"; done | grep -v '^/usr/share/\(doc\|man\)/' | while read -r f; do [[ -f $f || -L $f ]] && echo "$f"; done
    mapfile -t objects < <(echo "$build/bin/ceed-solve"; [[ -n $hypre_gpu_build ]] && echo "$hypre_gpu_build/bin/ceed-solve"; find /usr/lib/x86_64-linux-gnu/openmpi /usr/lib/x86_64-linux-gnu/pmix2 -name '*.so*' -type f; \
      for b in orted orterun ompi_info; do command -v "$b"; done)
    for o in "${objects[@]}"; do ldd "$o" 2> /dev/null; done | awk '$2 == "=>" && $3 ~ /^\// {print $3}' | sed 's|^/lib/|/usr/lib/|' | sort -u |
      grep -v -E '/(libc|libm|libpthread|libdl|librt|libstdc\+\+|libgcc_s|ld-linux-x86-64)\.so' | grep -v "^$build" |
      grep -v -E "^/usr/local/cuda|^${hypre_gpu_build:-/nonexistent}/|libHYPRE\.so\.3" |
      cat
  } | sort -u > "$mpi_list"
fi
tar -cPf "${out%.tgz}.tar" -T "$list"
[[ -s $hypre_list ]] && tar -rPf "${out%.tgz}.tar" -T "$hypre_list"
# Dereferenced: Debian reaches some libraries through /etc/alternatives, which the GPU machine lacks.
((mpi)) && tar -rPhf "${out%.tgz}.tar" --transform 's|^/|/opt/ceedrt-mpi/|' -T "$mpi_list"
gzip -c "${out%.tgz}.tar" > "$out" && rm -f "${out%.tgz}.tar"
((mpi)) && printf 'gpu-pack.sh: MPI runtime and libraries: %d files under /opt/ceedrt-mpi\n' "$(wc -l < "$mpi_list")" >&2
printf 'gpu-pack.sh: %s: %d files, %s (source %s)\n' "$out" "$(wc -l < "$list")" "$(du -h "$out" | cut -f1)" "$source_dir" >&2

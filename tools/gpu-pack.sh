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
#
#   tools/gpu-pack.sh [--build DIR] [--peer DIR] --out FILE
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build
peer=""
out=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --build) build=$(cd "$2" && pwd); shift 2 ;;
    --peer) peer=$(cd "$2" && pwd); shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "gpu-pack.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
[[ -n $out ]] || { echo "gpu-pack.sh: --out FILE is required" >&2; exit 2; }
[[ -f $build/CMakeCache.txt ]] || { echo "gpu-pack.sh: $build is not a configured build tree" >&2; exit 1; }
source_dir=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$build/CMakeCache.txt")
list=$(mktemp)
trap 'rm -f "$list"' EXIT
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
tar -czPf "$out" -T "$list"
printf 'gpu-pack.sh: %s: %d files, %s (source %s)\n' "$out" "$(wc -l < "$list")" "$(du -h "$out" | cut -f1)" "$source_dir" >&2

#!/usr/bin/env bash
# Builds hypre with CUDA (or HIP) from a hypre source, outside this repository, for ceedrt-parallel's
# BoomerAMG on the GPU (docs/parallel.md, "hypre on the GPU"). Debian's hypre is CPU-only.
#
#   tools/setup/build-hypre-gpu.sh [--hip] [--arch ARCHS] [--ref REF] [--jobs N] [--bigint] [--configure-only] SOURCE BUILD_DIR
#
# SOURCE     a hypre checkout (the folder holding src/CMakeLists.txt) or a bare git repository of hypre, whose
#            REF (default HEAD) is exported into BUILD_DIR/source
# BUILD_DIR  a new or empty folder outside the repository; hypre is installed into BUILD_DIR/install
# --arch     CUDA architectures (CMAKE_CUDA_ARCHITECTURES, default 90) or HIP targets (default gfx90a)
# --bigint   64-bit indices (HYPRE_ENABLE_MIXEDINT: 64-bit global, 32-bit local), for LOR matrices above 2^31 rows
# MPI is the one found first on PATH (mpicc); hypre is told whether it may hand device buffers to MPI with
# HYPRE_ENABLE_GPU_AWARE_MPI=ON when ompi_info reports CUDA support. Afterwards configure ceedrt with
#   -DCEEDRT_HYPRE_INCLUDE=BUILD_DIR/install/include -DCEEDRT_HYPRE_LIBRARY=BUILD_DIR/install/lib/libHYPRE.so
set -euo pipefail
vendor=cuda
arch=""
ref=HEAD
jobs=$(nproc 2>/dev/null || echo 2)
bigint=OFF
configure_only=0
usage() { sed -n '5,6p' "$0" >&2; exit 2; }
while [[ $# -gt 0 ]]; do
  case "$1" in
    --hip) vendor=hip; shift ;;
    --arch) arch=${2:?--arch needs a value}; shift 2 ;;
    --ref) ref=${2:?--ref needs a value}; shift 2 ;;
    --jobs) jobs=${2:?--jobs needs a value}; shift 2 ;;
    --bigint) bigint=ON; shift ;;
    --configure-only) configure_only=1; shift ;;
    -h|--help) usage ;;
    -*) echo "build-hypre-gpu: unknown option $1" >&2; usage ;;
    *) break ;;
  esac
done
[[ $# -eq 2 ]] || usage
source_arg=$1
build=$(realpath -m "$2")
root=$(cd "$(dirname "$0")/../.." && pwd)
case "$build/" in "$root"/*) echo "build-hypre-gpu: BUILD_DIR $build is inside the repository $root; choose a folder outside it" >&2; exit 2 ;; esac
mkdir -p "$build"

# The source tree: a checkout as it is, or a bare repository exported at REF.
if [[ -f "$source_arg/src/CMakeLists.txt" ]]; then
  source=$(cd "$source_arg" && pwd)
elif git --git-dir="$source_arg" rev-parse --verify -q "$ref^{commit}" > /dev/null 2>&1; then
  source=$build/source
  rm -rf "$source" && mkdir -p "$source"
  git --git-dir="$source_arg" archive --format=tar "$ref" | tar -x -C "$source"
  echo "build-hypre-gpu: exported $(git --git-dir="$source_arg" rev-parse --short "$ref^{commit}") of $source_arg into $source"
else
  echo "build-hypre-gpu: $source_arg is neither a hypre checkout (no src/CMakeLists.txt) nor a git repository with $ref" >&2
  exit 2
fi

gpu_aware=OFF
if command -v ompi_info > /dev/null && ompi_info --parsable --all 2>/dev/null | grep -q "mpi_built_with_cuda_support:value:true"; then
  gpu_aware=ON
fi
options=(-DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$build/install" -DBUILD_SHARED_LIBS=ON -DHYPRE_ENABLE_MPI=ON
         -DHYPRE_ENABLE_MIXEDINT="$bigint" -DHYPRE_ENABLE_GPU_AWARE_MPI="$gpu_aware"
         -DHYPRE_ENABLE_UMPIRE=OFF)  # hypre then allocates device memory itself (Umpire is no Debian package)
if [[ $vendor == cuda ]]; then
  command -v nvcc > /dev/null || export PATH=/usr/local/cuda/bin:$PATH
  command -v nvcc > /dev/null || { echo "build-hypre-gpu: nvcc not found (PATH or /usr/local/cuda/bin)" >&2; exit 1; }
  options+=(-DHYPRE_ENABLE_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES="${arch:-90}")
else
  options+=(-DHYPRE_ENABLE_HIP=ON -DCMAKE_HIP_ARCHITECTURES="${arch:-gfx90a}")
fi
echo "build-hypre-gpu: cmake -S $source/src -B $build/build ${options[*]}"
cmake -S "$source/src" -B "$build/build" "${options[@]}"
grep -E "^HYPRE_ENABLE_(CUDA|HIP|GPU_AWARE_MPI|MIXEDINT)" "$build/build/CMakeCache.txt" || true
[[ $configure_only == 1 ]] && { echo "build-hypre-gpu: configured in $build/build (--configure-only)"; exit 0; }
cmake --build "$build/build" --parallel "$jobs"
cmake --install "$build/build"
echo "build-hypre-gpu: installed into $build/install; configure ceedrt with"
echo "  -DCEEDRT_HYPRE_INCLUDE=$build/install/include -DCEEDRT_HYPRE_LIBRARY=$(ls "$build"/install/lib*/libHYPRE.so | head -1)"

#!/usr/bin/env bash
# ceedrt demo on a fresh machine: set-up, build the `default` preset, run the demo program
# (mass and diffusion operators on a 3D hex mesh of the unit cube, volume/energy/surface checks, timing).
#
#   tools/demo.sh                          two runs: /cpu/self/ref/serial and /cpu/self/ref/blocked
#   tools/demo.sh -ceed /cpu/self/ref/blocked -p 4 -n 6 -t 1    one run with these arguments
#                                          (see examples/ceed-demo.c or `-h` for all of them)
set -u
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root" || exit 1
lock=/tmp/ceedrt-build.lock  # shared-tree convention: one build at a time (docs/internals.md)
locked() {
  if command -v flock >/dev/null 2>&1; then flock "$lock" "$@"; else "$@"; fi
}

"$root/tools/setup.sh" || { echo "tools/demo.sh: set-up failed; install the packages named above" >&2; exit 1; }
if [[ ! -f build/CMakeCache.txt ]]; then
  cmake --preset default --log-level=WARNING || exit 1
fi
locked cmake --build --preset default --target ceed-demo --parallel "$(nproc 2>/dev/null || echo 2)" || exit 1

demo="$root/build/examples/ceed-demo"
status=0
if (($# > 0)); then
  "$demo" "$@" || status=$?
else
  for resource in /cpu/self/ref/serial /cpu/self/ref/blocked; do
    echo
    "$demo" -ceed "$resource" -p 3 -n 10 || status=1
  done
fi
exit $status

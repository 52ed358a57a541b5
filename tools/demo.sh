#!/usr/bin/env bash
# ceedrt demo on a fresh machine: set-up, build the `default` preset's library, plugins and tools, run a
# short BP3 sweep (CEED bake-off problem 3, diffusion, p = 1..4, 10^3 to 3*10^5 DOFs) on the default backend
# (/cpu/self), print the table, and draw the throughput picture with its roofline. Exits non-zero unless
# every step produced its output.
#
#   tools/demo.sh                               the sweep on /cpu/self (about half a minute of runs)
#   tools/demo.sh --ceed /cpu/self/ref/blocked  extra arguments go to ceed-bench (see ceed-bench --help)
#
# Output: build/demo/bp3-sweep.jsonl (JSON lines) and build/demo/bp3-apply-<backend>.png (the picture;
# docs/benchmarks.md says how to read it). The example program examples/ceed-demo (mass and
# diffusion checks with timing) is built and tested with the rest: build/examples/ceed-demo -h.
set -u
for arg in "$@"; do
  if [[ "$arg" == "-h" || "$arg" == "--help" ]]; then
    sed -n '2,/^set -u/{/^set -u/d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"
    exit 0
  fi
done
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root" || exit 1
source "$root/tools/setup/build-lock.sh"

"$root/tools/setup.sh" || { echo "tools/demo.sh: set-up failed; install the packages named above" >&2; exit 1; }
if [[ ! -f build/CMakeCache.txt ]]; then
  cmake --preset default --log-level=WARNING || exit 1
fi
# Everything a run can load: the library, every plugin of the build's plugin folder, the tools (CMake target
# ceedrt-runtime), not one tool alone: /cpu/self picks the best backend whose plugin is there.
ceedrt_locked_build build cmake --build --preset default --target ceedrt-runtime --parallel "$(nproc 2>/dev/null || echo 2)" || exit 1

# Each manifest of the plugin folder must have its library, or its backend would be silently unusable.
plugins="$root/build/lib/ceedrt/plugins"
for manifest in "$plugins"/*.json; do
  library="$(sed -n 's/^ *"library": *"\([^"]*\)".*/\1/p' "$manifest")"
  [[ "$library" == /* ]] || library="$plugins/$library"
  if [[ ! -f "$library" ]]; then
    echo "tools/demo.sh: the build left plugin $(basename "$manifest") without its library $library" >&2
    exit 1
  fi
done
for program in build/bin/ceed-bench build/bin/ceed-info; do
  [[ -x "$program" ]] || { echo "tools/demo.sh: the build did not produce $program" >&2; exit 1; }
done

out="$root/build/demo"
mkdir -p "$out"
jsonl="$out/bp3-sweep.jsonl"
rm -f "$jsonl" "$out"/*.png
"$root/build/bin/ceed-bench" --problem bp3 --sweep --degree 1:4 --dofs 1e3:3e5 --points-per-decade 2 --min-time 0.1 --min-reps 2 \
  --json-file "$jsonl" "$@"
status=$?
if [[ ! -s "$jsonl" ]]; then
  echo "tools/demo.sh: ceed-bench wrote no results (exit $status); see its messages above" >&2
  exit 1
fi

# matplotlib may belong to a Python other than the first python3 on PATH (Debian's: /usr/bin/python3).
python=""
for candidate in python3 /usr/bin/python3; do
  if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c "import matplotlib" >/dev/null 2>&1; then
    python="$candidate"
    break
  fi
done
if [[ -z "$python" ]]; then
  echo "tools/demo.sh: no Python with matplotlib (Debian: python3-matplotlib); the JSON lines are in $jsonl" >&2
  exit 1
fi
echo
echo "Pictures (see docs/benchmarks.md for how to read them):"
"$python" "$root/tools/analysis/ceed-plot.py" --outdir "$out" "$jsonl" || exit 1
pictures=("$out"/*.png)
if [[ ! -s "${pictures[0]}" ]]; then
  echo "tools/demo.sh: ceed-plot.py drew no picture in $out" >&2
  exit 1
fi
if ((status != 0)); then
  echo "tools/demo.sh: ceed-bench reported failed runs (exit $status): see the table above" >&2
  exit $status
fi
echo "tools/demo.sh: done: the table above, and ${pictures[*]}"
exit 0

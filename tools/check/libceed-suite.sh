#!/usr/bin/env bash
# Runs libCEED's own test suite (tests/t*.c, tests/t*-f.f90) and its examples (examples/ceed/ex*) against
# this ceedrt build, with libCEED's own harness (tests/junit.py in TAP mode, as `make prove` runs it), and
# prints a table per resource plus every failure with its reason.
#
#   tools/check/libceed-suite.sh --libceed DIR [--build DIR | --prefix DIR] [--work-dir DIR]
#                          [--resources "R1 R2 ..."] [--search REGEX] [--jobs N] [--keep] [--sanitize]
#
#   --libceed DIR    libCEED source tree (default: $CEEDRT_LIBCEED_DIR). Read only: nothing is written there.
#                    The tool never downloads one.
#   --build DIR      ceedrt build folder (default: <repo>/build): headers from the source tree, lib/libceedrt.so
#   --prefix DIR     or an install prefix (include/, lib/ or lib64/)
#   --work-dir DIR   where programs are built and run (default: a fresh folder under ${TMPDIR:-/tmp});
#                    it gets links tests/ and examples/ to the libCEED tree, because junit.py uses relative paths
#   --resources      resources to run on, space- or ;-separated (default: the CPU ones, with libCEED's names
#                    /cpu/self/memcheck/serial and /cpu/self/opt/blocked)
#   --search REGEX   only programs whose name matches (e.g. 't5[36]')
#   --jobs N         parallel compiles and test programs (default 2)
#   --keep           keep the default temporary work folder
#   --commit ID      libCEED commit to print when DIR is not a git checkout (default: $CEEDRT_LIBCEED_COMMIT)
#   --sanitize       build the programs with AddressSanitizer and UndefinedBehaviorSanitizer, for a ceedrt build
#                    with them (e.g. --build build-asan, the asan-ubsan preset): any report fails its case. Leak
#                    detection is off (several of libCEED's Fortran tests and examples never destroy some of
#                    their objects; ceedrt's own tests check leaks), and so is the VLA-bound check (libCEED's
#                    length-0 vector tests declare zero-length arrays).
# Exit status: 0 when every case passed or was skipped by libCEED's own skip rules, 1 otherwise, 2 on usage.
set -u
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

libceed="${CEEDRT_LIBCEED_DIR:-}"
build="$repo/build"
prefix=""
work=""
resources="/cpu/self/ref/serial /cpu/self/ref/blocked /cpu/self/gen /cpu/self/memcheck/serial /cpu/self/opt/blocked"
search="."
jobs=2
keep=0
commit="${CEEDRT_LIBCEED_COMMIT:-}"
sanitize=""
usage() { sed -n '6,25p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --libceed) libceed="$2"; shift 2 ;;
    --build) build="$2"; shift 2 ;;
    --prefix) prefix="$2"; shift 2 ;;
    --work-dir) work="$2"; shift 2 ;;
    --resources) resources="$2"; shift 2 ;;
    --search) search="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --keep) keep=1; shift ;;
    --commit) commit="$2"; shift 2 ;;
    --sanitize) sanitize="-fsanitize=address,undefined -fno-sanitize=vla-bound -fno-omit-frame-pointer"; shift ;;
    -h|--help) usage ;;
    *) echo "libceed-suite: unknown argument '$1'" >&2; usage ;;
  esac
done

resources="${resources//;/ }"  # a CMake list works too
if [ -z "$libceed" ] || [ ! -f "$libceed/tests/junit.py" ] || [ ! -f "$libceed/tests/junit_common.py" ]; then
  echo "libceed-suite: no libCEED source tree (need tests/junit.py) at '${libceed}'; pass --libceed DIR or set CEEDRT_LIBCEED_DIR" >&2
  exit 2
fi
libceed="$(cd "$libceed" && pwd)"
if [ -n "$prefix" ]; then
  incdir="$prefix/include"
  libdir="$prefix/lib"; [ -e "$libdir/libceedrt.so" ] || libdir="$prefix/lib64"
else
  incdir="$repo/include"
  libdir="$(cd "$build" 2>/dev/null && pwd)/lib"
fi
if [ ! -f "$incdir/ceed.h" ] || [ ! -e "$libdir/libceedrt.so" ]; then
  echo "libceed-suite: no ceedrt headers at '$incdir' or no libceedrt.so at '$libdir' (build first, or pass --build/--prefix)" >&2
  exit 2
fi
case "$work" in
  "") work="$(mktemp -d "${TMPDIR:-/tmp}/libceed-suite.XXXXXX")"; [ "$keep" = 1 ] || trap 'rm -rf "$work"' EXIT ;;
  "$repo"|"$repo"/*) echo "libceed-suite: work folder '$work' is inside the repository; use a scratch folder" >&2; exit 2 ;;
  *) mkdir -p "$work" ;;
esac
work="$(cd "$work" && pwd)"
python="${PYTHON:-python3}"
[ -n "$commit" ] || commit="$(git -C "$libceed" rev-parse --short HEAD 2>/dev/null || echo "unknown (not a git checkout)")"
cc="${CC:-cc}"
fc="${FC:-gfortran}"
command -v "$fc" > /dev/null 2>&1 || fc=""

# The layout junit.py expects, relative to the folder it runs in: build/<program>, tests/, examples/.
mkdir -p "$work/build" "$work/logs"
ln -sfn "$libceed/tests" "$work/tests"
ln -sfn "$libceed/examples" "$work/examples"
if [ -n "$sanitize" ]; then
  export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
  export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
fi
export work libceed incdir libdir cc fc python resources sanitize

# Programs: name<TAB>kind<TAB>source. Kinds: c, f (test programs), ex-c, ex-f (examples).
{
  for f in "$libceed"/tests/t[0-9][0-9][0-9]-*.c; do echo -e "$(basename "$f" .c)\tc\t$f"; done
  if [ -n "$fc" ]; then
    for f in "$libceed"/tests/t[0-9][0-9][0-9]-*.f90; do echo -e "$(basename "$f" .f90)\tf\t$f"; done
  fi
  for f in "$libceed"/examples/ceed/ex*.c; do echo -e "$(basename "$f" .c)\tex-c\t$f"; done
  if [ -n "$fc" ]; then
    for f in "$libceed"/examples/ceed/ex*.f90; do echo -e "$(basename "$f" .f90)\tex-f\t$f"; done
  fi
} | awk -F'\t' -v re="$search" '$1 ~ re' > "$work/programs.tsv"

# Compile the way libCEED's Makefile does (its flags for gcc/gfortran, absolute source paths so that the
# QFunction sources named by __FILE__ are found by JIT backends), linking libceedrt instead of libceed.
build_one() {
  local name="$1" kind="$2" src="$3" log="$work/logs/$1.build"
  local rpath="-Wl,-rpath,$libdir"
  case "$kind" in
    c|ex-c) "$cc" $sanitize -O2 -g -ffp-contract=fast -std=c11 -fPIC -I"$incdir" -I"$libceed/tests/test-include" \
              -o "$work/build/$name" "$src" -L"$libdir" $rpath -lceedrt -lm > "$log" 2>&1 ;;
    f|ex-f) "$fc" $sanitize -O0 -g -cpp -fPIC -I"$incdir" -DSOURCE_DIR="\"$(dirname "$src")/\"" \
              -o "$work/build/$name" "$src" -L"$libdir" $rpath -lceedrt -lm > "$log" 2>&1 ;;
  esac
  echo $? > "$work/logs/$name.build-rc"
}
export -f build_one
echo "libceed-suite: building $(wc -l < "$work/programs.tsv") programs of libCEED $commit in $work" >&2
tr '\t' '\n' < "$work/programs.tsv" | xargs -d '\n' -n 3 -P "$jobs" bash -c 'build_one "$@"' _

# Run each built program with libCEED's harness on every resource (TAP mode, as `make prove` does).
run_one() {
  local name="$1"
  (cd "$work" && "$python" "$libceed/tests/junit.py" --mode tap --ceed-backends $resources --pool-size 1 "$name") \
    > "$work/logs/$name.tap" 2> "$work/logs/$name.harness-err"
  echo $? > "$work/logs/$name.run-rc"
}
export -f run_one
echo "libceed-suite: running on $resources" >&2
cut -f1 "$work/programs.tsv" | while read -r name; do
  [ "$(cat "$work/logs/$name.build-rc")" = 0 ] && echo "$name"
done | xargs -d '\n' -n 1 -P "$jobs" bash -c 'run_one "$@"' _

# Summary: parse the TAP of every program; count the cases of programs that did not build from their
# TESTARGS lines (libCEED's own parser), as failures on every resource.
"$python" - "$work" "$libceed" "$commit" "$resources" <<'EOF'
import re, sys, time
from pathlib import Path
work, libceed, commit, resources = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], sys.argv[4].split()
sys.path.insert(0, str(libceed / 'tests'))
from junit_common import get_test_args  # libCEED's own enumeration of test cases

rows = {}  # (group, resource) -> dict
failures = []
groups = {'c': 'C test programs', 'f': 'Fortran test programs', 'ex-c': 'examples (C)', 'ex-f': 'examples (Fortran)'}
case_re = re.compile(r'^    (not ok|ok) \d+ - (.*), (\S+) (?:\(([\d.e-]+) s\)|# SKIP (.*))$')
for line in (work / 'programs.tsv').read_text().splitlines():
    name, kind, src = line.split('\t')
    built = (work / 'logs' / f'{name}.build-rc').read_text().strip() == '0'
    for res in resources:
        r = rows.setdefault((kind, res), dict(programs=0, built=0, passed=0, failed=0, skipped=0))
        r['programs'] += 1
        r['built'] += built
    if not built:
        ncases = len(get_test_args(Path(src)))
        for res in resources:
            rows[(kind, res)]['failed'] += ncases
        log = (work / 'logs' / f'{name}.build').read_text().strip().splitlines()
        errs = [l for l in log if 'error' in l or 'undefined reference' in l] or log
        failures.append((name, 'all cases', 'all', 'does not build:\n' + '\n'.join(errs[:12])))
        continue
    tap = (work / 'logs' / f'{name}.tap').read_text().splitlines()
    harness_err = (work / 'logs' / f'{name}.harness-err').read_text().strip()
    seen = 0
    i = 0
    while i < len(tap):
        m = case_re.match(tap[i])
        i += 1
        if not m:
            continue
        seen += 1
        status, case, res = m.group(1), m.group(2), m.group(3)
        r = rows[(kind, res)]
        if m.group(5) is not None:
            r['skipped'] += 1
        elif status == 'ok':
            r['passed'] += 1
        else:
            r['failed'] += 1
            detail = []
            while i < len(tap) and tap[i].startswith('      '):
                detail.append(tap[i][6:])
                i += 1
            failures.append((name, case, res, '\n'.join(detail[:40])))
    if seen == 0:
        for res in resources:
            rows[(kind, res)]['failed'] += 1
        failures.append((name, 'harness', 'all', 'libCEED harness produced no result:\n' + harness_err[-2000:]))

print(f'libCEED test suite against ceedrt: libCEED commit {commit}, {time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}')
print()
print('| programs | resource | built | cases passed | failed | skipped |')
print('|---|---|---|---|---|---|')
total_failed = 0
for kind in groups:
    for res in resources:
        r = rows.get((kind, res))
        if not r:
            continue
        total_failed += r['failed']
        print(f"| {groups[kind]} | {res} | {r['built']}/{r['programs']} | {r['passed']} | {r['failed']} | {r['skipped']} |")
print()
if failures:
    print(f'{len(failures)} failures:')
    for name, case, res, why in failures:
        print(f'--- {name} "{case}" on {res}')
        print('    ' + why.replace('\n', '\n    '))
sys.exit(1 if total_failed else 0)
EOF

#!/usr/bin/env bash
# ceedrt full check, as run by CI (.ci/run) and on a fresh machine:
#   1. set-up (tools/setup.sh: installs missing Debian packages when run as root, otherwise names them)
#   2. configure + build + ctest the `default` preset (Release, warnings are errors)
#   3. configure + build + ctest the `asan-ubsan` preset (AddressSanitizer + UndefinedBehaviorSanitizer)
#   4. configure + build + ctest the `tsan` preset (ThreadSanitizer; only the concurrency tests: tests/unit/threads-test.cpp and the threaded /cpu/self/gen applications)
# Prints a summary and exits non-zero if any step failed.
#
#   tools/test.sh                      all three presets
#   CEEDRT_TEST_PRESETS="default" tools/test.sh   only the listed presets
#   CTEST_ARGS="-R unit/" tools/test.sh           extra arguments for every ctest run
set -u
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root" || exit 1

presets=(${CEEDRT_TEST_PRESETS:-default asan-ubsan tsan})
jobs="${CEEDRT_JOBS:-$(nproc 2>/dev/null || echo 2)}"
ctest_args=(${CTEST_ARGS:-})

summary=()
failed=0
start_all=$SECONDS

# run_step NAME COMMAND...: runs a step, records its result and time.
run_step() {
  local name="$1" t0=$SECONDS rc
  shift
  echo
  echo "==== ${name}: $*"
  "$@"
  rc=$?
  local dt=$((SECONDS - t0))
  if ((rc == 0)); then
    summary+=("$(printf '  %-34s ok      %4ds' "$name" "$dt")")
  else
    summary+=("$(printf '  %-34s FAILED  %4ds  (exit %d)' "$name" "$dt" "$rc")")
    failed=1
  fi
  return $rc
}

skip_step() {
  summary+=("$(printf '  %-34s skipped (%s)' "$1" "$2")")
}

source "$root/tools/setup/build-lock.sh"

if ! run_step "setup" "$root/tools/setup.sh"; then
  echo "tools/test.sh: set-up failed; install the packages named above and rerun" >&2
  printf '%s\n' "" "==== Summary" "${summary[@]}"
  exit 1
fi

for preset in "${presets[@]}"; do
  if run_step "configure ${preset}" cmake --preset "$preset"; then
    if run_step "build ${preset}" ceedrt_locked_build "$(ceedrt_preset_binary_dir "$preset")" cmake --build --preset "$preset" --parallel "$jobs"; then
      run_step "test ${preset}" ctest --preset "$preset" --parallel "$jobs" --timeout 600 "${ctest_args[@]}"
    else
      skip_step "test ${preset}" "build failed"
    fi
  else
    skip_step "build ${preset}" "configure failed"
    skip_step "test ${preset}" "configure failed"
  fi
done

# The API reference: Doxygen over the public headers, any warning (an undocumented declaration) an error.
if [[ " ${presets[*]} " != *" default "* ]]; then
  skip_step "docs" "the default preset is not among the tested ones"
elif command -v doxygen >/dev/null 2>&1; then
  run_step "docs" cmake --build --preset default --target docs
else
  skip_step "docs" "doxygen not installed"
fi

echo
echo "==== Summary ($((SECONDS - start_all))s)"
printf '%s\n' "${summary[@]}"
if ((failed)); then
  echo "RESULT: FAILED"
  exit 1
fi
echo "RESULT: all steps passed"
exit 0

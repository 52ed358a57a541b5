#!/usr/bin/env bash
# ceedrt machine set-up: makes sure the Debian packages the build needs are installed.
#
#   tools/setup.sh            check; as root, install what is missing with apt-get
#   CEEDRT_SETUP_OPTIONAL=0   do not install the optional packages (MPI, hypre, Fortran, ABI check, HIP, libFuzzer,
#                             valgrind for /cpu/self/memcheck) as root
#
# Exit status: 0 when every required package is present (optional ones only produce a note),
# 1 when a required package is missing and cannot be installed (not root, or apt-get failed).
# Fast and silent apart from one status line when everything is in place; safe to run repeatedly.
# May be executed or sourced (sourcing defines nothing but the exit status of the last command).

ceedrt_setup_main() {
  # The python3-* packages serve the Python package in python/ (its tests run in CTest) and the plot scripts.
  # doxygen builds the API reference from the public headers (the docs target, a step of tools/test.sh).
  local required=(cmake ninja-build g++ pkg-config nlohmann-json3-dev googletest libgtest-dev libcli11-dev
                  python3-matplotlib python3-numpy python3-cffi python3-pytest python3-setuptools python3-pip
                  python3-venv doxygen)
  local optional=(libopenmpi-dev openmpi-bin libhypre-dev gfortran abigail-tools libamdhip64-dev llvm-15 clang libclang-rt-14-dev
                  valgrind)
  local min_cmake=3.25

  if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "setup: dpkg-query not found: not a Debian system; make sure these are installed:" >&2
    echo "setup:   required: ${required[*]} (CMake >= ${min_cmake})" >&2
    echo "setup:   optional: ${optional[*]}" >&2
    ceedrt_setup_check_cmake "$min_cmake"
    return $?
  fi

  # Which packages are missing (one dpkg-query call for all of them).
  local -a missing_required=() missing_optional=()
  local pkg
  for pkg in "${required[@]}"; do
    ceedrt_setup_installed "$pkg" || missing_required+=("$pkg")
  done
  for pkg in "${optional[@]}"; do
    ceedrt_setup_installed "$pkg" || missing_optional+=("$pkg")
  done

  local -a to_install=("${missing_required[@]}")
  if [[ "${CEEDRT_SETUP_OPTIONAL:-1}" != 0 ]]; then to_install+=("${missing_optional[@]}"); fi

  if ((${#to_install[@]} > 0)) && [[ "$(id -u)" == 0 ]]; then
    echo "setup: installing missing Debian packages: ${to_install[*]}"
    if ! ceedrt_setup_apt_install "${to_install[@]}"; then
      # An optional package must not block the required ones: retry with the required ones only.
      if ((${#missing_required[@]} > 0)); then
        echo "setup: retrying with the required packages only: ${missing_required[*]}" >&2
        ceedrt_setup_apt_install "${missing_required[@]}" || true
      fi
    fi
    missing_required=() missing_optional=()
    ceedrt_installed_cache=""
    for pkg in "${required[@]}"; do
      ceedrt_setup_installed "$pkg" || missing_required+=("$pkg")
    done
    for pkg in "${optional[@]}"; do
      ceedrt_setup_installed "$pkg" || missing_optional+=("$pkg")
    done
  fi

  if ((${#missing_optional[@]} > 0)); then
    echo "setup: optional packages not installed (MPI tools, hypre preconditioning, Fortran tests, ABI check, the HIP plugin and its ISA tests, the fuzz preset, valgrind client requests in /cpu/self/memcheck are switched off):"
    echo "setup:   sudo apt-get install -y ${missing_optional[*]}"
  fi
  if ((${#missing_required[@]} > 0)); then
    echo "setup: ERROR: required Debian packages are missing: ${missing_required[*]}" >&2
    echo "setup: install them with:" >&2
    echo "setup:   sudo apt-get install -y ${missing_required[*]}" >&2
    echo "setup: (or run this script as root, which installs them)" >&2
    return 1
  fi
  ceedrt_setup_check_cmake "$min_cmake" || return 1
  echo "setup: all required packages present ($(cmake --version | head -n1), $(ninja --version | sed 's/^/ninja /'), $(g++ -dumpfullversion | sed 's/^/g++ /'))"
  return 0
}

# Installed state of all packages, queried once and cached (package names only).
ceedrt_installed_cache=""
ceedrt_setup_installed() {
  if [[ -z "$ceedrt_installed_cache" ]]; then
    ceedrt_installed_cache=" $(dpkg-query -W -f='${db:Status-Status} ${Package}\n' 2>/dev/null |
      awk '$1 == "installed" { printf "%s ", $2 }') "
  fi
  [[ "$ceedrt_installed_cache" == *" $1 "* ]]
}

ceedrt_setup_apt_install() {
  export DEBIAN_FRONTEND=noninteractive
  # Another apt or dpkg (unattended upgrades on a fresh machine) may hold the lock: wait for it up to 10 minutes
  # instead of failing at once (apt says that it waits).
  local apt=(apt-get -q -o DPkg::Lock::Timeout=600 -o Dpkg::Use-Pty=0)
  if "${apt[@]}" install -y --no-install-recommends "$@"; then return 0; fi
  echo "setup: apt-get install failed; refreshing the package lists and retrying" >&2
  "${apt[@]}" update && "${apt[@]}" install -y --no-install-recommends "$@"
}

# CMake on PATH must be new enough (a different cmake may shadow the Debian one).
ceedrt_setup_check_cmake() {
  local min="$1" have
  if ! command -v cmake >/dev/null 2>&1; then
    echo "setup: ERROR: cmake not found on PATH" >&2
    return 1
  fi
  have="$(cmake --version | head -n1 | awk '{print $3}')"
  if [[ "$(printf '%s\n%s\n' "$min" "$have" | sort -V | head -n1)" != "$min" ]]; then
    echo "setup: ERROR: CMake ${have} found at $(command -v cmake), ${min} or newer is required" >&2
    return 1
  fi
  return 0
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -u
  ceedrt_setup_main
  exit $?
else
  ceedrt_setup_main
fi

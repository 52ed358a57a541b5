# Sourced by tools/test.sh and tools/demo.sh: two builds of one build folder must not overlap (a demo started
# while the tests build), so each build holds a lock file inside its own build folder. Nothing outside the
# tree is shared: other checkouts and other users never wait on it.

# ceedrt_preset_binary_dir PRESET: the build folder of a configure preset of CMakePresets.json.
ceedrt_preset_binary_dir() {
  python3 - "$1" <<'EOF'
import json, sys
presets = json.load(open("CMakePresets.json"))["configurePresets"]
by_name = {p["name"]: p for p in presets}
preset = by_name[sys.argv[1]]
while "binaryDir" not in preset:
    preset = by_name[preset["inherits"]]
print(preset["binaryDir"].replace("${sourceDir}", "."))
EOF
}

# ceedrt_locked_build BUILD_DIR COMMAND...: runs COMMAND holding BUILD_DIR/.ceedrt-build.lock; says so when it
# has to wait for another build of the same folder.
ceedrt_locked_build() {
  local dir="$1" fd rc
  shift
  if ! command -v flock >/dev/null 2>&1; then
    "$@"
    return
  fi
  mkdir -p "$dir" || return 1
  exec {fd}>"$dir/.ceedrt-build.lock" || return 1
  if ! flock -n "$fd"; then
    echo "waiting for another build of $dir to finish (it holds $dir/.ceedrt-build.lock)..." >&2
    flock "$fd"
  fi
  "$@"
  rc=$?
  exec {fd}>&-
  return $rc
}

#!/usr/bin/env python3
"""Runs `ceed-info --json` with the tools' test plugins on CEEDRT_PLUGIN_PATH and checks what it reports:

    check-info-json.py CEED_INFO CACHE_FILES CACHE_BYTES

- the reference plugin is usable, and /cpu/self resolves to the best CPU backend built;
- each deliberately broken plugin is listed with its reason: a manifest ABI version the core lacks, a
  missing library, and an init failure (a GPU-like resource without its "driver");
- the working test plugins initialise; the one whose manifest declares "jit" is listed as a JIT backend
  with its kernel cache (CACHE_FILES files, CACHE_BYTES bytes).
"""
import json
import subprocess
import sys


def main(ceed_info, cache_files, cache_bytes):
    run = subprocess.run([ceed_info, "--json"], stdout=subprocess.PIPE, text=True)
    if run.returncode != 0:
        return [f"ceed-info --json exited with {run.returncode}"]
    info = json.loads(run.stdout)
    errors = []
    plugins = {p["name"]: p for p in info["plugins"]["plugins"]}

    def expect(cond, message):
        if not cond:
            errors.append(message)

    def resource_init(plugin, key):
        resources = plugins.get(plugin, {}).get("resources", [])
        return resources[0].get("init", {}).get(key) if resources else None

    expect(plugins.get("ref", {}).get("usable") is True, "the ref plugin is not reported usable")
    # /cpu/self is served by the best CPU backend built here (/cpu/self/gen when it is, else ref).
    served = info["plugins"]["default_resources"]["/cpu/self"].get("served_by", "")
    best = "/cpu/self/gen" if plugins.get("cpu-gen", {}).get("usable") else "/cpu/self/ref"
    expect(served.startswith(best), f"/cpu/self resolves to {served!r}, expected {best}")
    abi = plugins.get("tools-test-abi", {})
    expect(abi.get("usable") is False and "ABI version 99" in abi.get("status", ""),
           f"ABI-mismatch plugin not reported with its reason: {abi.get('status')!r}")
    expect(abi.get("abi_version") == 99, "the manifest's ABI version is not shown")
    missing = plugins.get("tools-test-missing", {})
    expect(missing.get("usable") is False and "cannot load library" in missing.get("status", ""),
           f"missing-library plugin not reported with its reason: {missing.get('status')!r}")
    expect(plugins.get("tools-test-failing", {}).get("usable") is True, "the failing plugin's library should load")
    expect(resource_init("tools-test-failing", "usable") is False and
           "simulated missing GPU driver" in (resource_init("tools-test-failing", "reason") or ""),
           "the init failure of the failing plugin is not reported with its reason")
    unusable_gpu = [r["prefix"] for r in info["devices"]["unusable_gpu_resources"]]
    expect("/gpu/tools-test/failing" in unusable_gpu, f"/gpu/tools-test/failing not among the unusable GPU resources: {unusable_gpu}")
    for name in ("tools-test-wrong", "tools-test-jit"):
        expect(resource_init(name, "usable") is True, f"{name} does not initialise")
    jit = [b for b in info["jit"]["jit_backends"] if b["plugin"] == "tools-test-jit"]
    expect(len(jit) == 1, "the plugin declaring \"jit\" is not listed as a JIT backend")
    if jit:
        cache = jit[0].get("kernel_cache", {})
        expect(cache.get("exists") is True and cache.get("files") == cache_files and cache.get("bytes") == cache_bytes,
               f"kernel cache reported as {cache}, expected {cache_files} files and {cache_bytes} bytes")
    # Every JIT backend is listed with its compiler: the fixture, and this build's own (cpu-gen, cuda, hip, the emu test backend) when built.
    jit_plugins = {b["plugin"] for b in info["jit"]["jit_backends"]}
    built_jit = {name for name in ("cpu-gen", "cuda", "hip", "emu") if name in plugins}
    expect(jit_plugins == {"tools-test-jit"} | built_jit, f"JIT backends listed: {sorted(jit_plugins)}, expected {sorted({'tools-test-jit'} | built_jit)}")
    expect(all(b.get("compiler") for b in info["jit"]["jit_backends"]), "a JIT backend is listed without its compiler")
    # The core's kernel cache: described when the library has one, otherwise the reason is given.
    core = info["jit"]["kernel_cache"]
    if core.get("available"):
        expect(isinstance(core.get("path"), str) and isinstance(core.get("persistent"), bool) and isinstance(core.get("exists"), bool),
               f"core kernel cache incompletely described: {core}")
    else:
        expect("CeedKernelCacheGetDirectory" in core.get("reason", "") or "not available" in core.get("reason", ""),
               f"core kernel cache absent without a reason: {core}")
    return errors


if __name__ == "__main__":
    problems = main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
    for p in problems:
        print("check-info-json:", p)
    print("check-info-json:", "FAILED" if problems else "ok")
    sys.exit(1 if problems else 0)

# Tests of the tools (tests/tools mirrors tools/; included from tools/CMakeLists.txt, where the tools are defined):
#   tools/ceed-bench/cli/*              --help, and bad arguments rejected with a message naming them
#   tools/ceed-bench/bp/<resource>      BP1-BP6, apply and CG, small sizes: JSON schema, every check passes
#                                       (also on /gpu/emu/gen:wavefront=64: HIP's kernels on the host)
#   tools/ceed-bench/mesh/<kind>        smooth and Kershaw meshes, CG to a tolerance (norm-based dots)
#   tools/ceed-bench/precision/<mode><resource>  precision modes on a Kershaw mesh: checks and the bound against fp64
#   tools/ceed-bench/bs/<resource>      BS1-BS7 with fits (JSON schema, every check passes)
#   tools/ceed-bench/bandwidth-*        the roofline bandwidth from a file's bs2 fit, or measured
#   tools/ceed-bench/sweep              sweep with progress and summary
#   tools/ceed-bench/wrong-backend      a backend with a wrong vector fill is caught (exit status 1)
#   tools/ceed-plot                     the plot script writes non-empty PNG files
#   tools/ceed-info/json, /text         plugins with their reasons (broken ones included), JIT backends
#   tools/call-cycles, /cases           no circle in the call graph of the core's files (nm), and the script on known cases
find_package(Python3 REQUIRED COMPONENTS Interpreter)

set(tools_test_dir ${CMAKE_CURRENT_BINARY_DIR}/test-output)
file(MAKE_DIRECTORY ${tools_test_dir})
# The tests' kernel cache (and stored roofline bandwidth) in the build tree, not the user's ~/.cache.
set(tools_env "CEEDRT_PLUGIN_PATH=;CEEDRT_CACHE_DIR=${CEEDRT_TEST_KERNEL_CACHE}")
list(APPEND tools_env ${CEEDRT_TEST_EMU_CHECKS})  # the vendor compilers' checks of /gpu/emu units (tests/CMakeLists.txt)
set(expect_script ${CMAKE_CURRENT_LIST_DIR}/expect.cmake)
set(check_json ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check-bench-json.py)
if(NOT DEFINED CEEDRT_TEST_RESOURCES)
  set(CEEDRT_TEST_RESOURCES "/cpu/self/ref/serial;/cpu/self/ref/blocked")
endif()
# Short timings: the tests check behaviour, not performance.
set(quick --min-time 0 --min-reps 1 --bandwidth 40)

# ---- ceed-bench command line -------------------------------------------------------------------------
function(tools_expect name rc)
  cmake_parse_arguments(ARG "" "" "COMMAND;EXPECT;REJECT;ENV" ${ARGN})
  add_test(NAME ${name} COMMAND ${CMAKE_COMMAND} "-DCOMMAND=${ARG_COMMAND}" -DEXPECT_RC=${rc} "-DEXPECT_REGEX=${ARG_EXPECT}"
                                "-DREJECT_REGEX=${ARG_REJECT}" -P ${expect_script})
  set_tests_properties(${name} PROPERTIES ENVIRONMENT "${tools_env};${ARG_ENV}" TIMEOUT 300)
endfunction()

tools_expect(tools/ceed-bench/cli/help 0 COMMAND $<TARGET_FILE:ceed-bench> --help EXPECT "--problem" "bs1 copy" "Roofline")
tools_expect(tools/ceed-bench/cli/bad-problem 105 COMMAND $<TARGET_FILE:ceed-bench> --problem bp9 EXPECT "unknown problem 'bp9'")
tools_expect(tools/ceed-bench/cli/bad-degree 105 COMMAND $<TARGET_FILE:ceed-bench> --degree 0 EXPECT "--degree" "'0'")
tools_expect(tools/ceed-bench/cli/bad-dofs 105 COMMAND $<TARGET_FILE:ceed-bench> --dofs 1e5:1e3 EXPECT "--dofs" "1e5:1e3")
tools_expect(tools/ceed-bench/cli/bad-mesh 105 COMMAND $<TARGET_FILE:ceed-bench> --mesh twisted EXPECT "--mesh" "twisted")
tools_expect(tools/ceed-bench/cli/bad-resource 1 COMMAND $<TARGET_FILE:ceed-bench> --ceed /cpu/self/nonexistent EXPECT "No suitable backend")
# libCEED's spelling -ceed is taken too; errors name the function, not the tool's C++ call text.
tools_expect(tools/ceed-bench/cli/single-dash-resource 1 COMMAND $<TARGET_FILE:ceed-bench> -ceed /cpu/self/nonexistent
             EXPECT "CeedInit failed" "No suitable backend: /cpu/self/nonexistent" REJECT "c_str|out\\(\\)")
# Sizes a BP mesh cannot index are refused before the bandwidth runs, with readable numbers.
tools_expect(tools/ceed-bench/cli/dofs-too-large 105 COMMAND $<TARGET_FILE:ceed-bench> --dofs 1e11
             EXPECT "--dofs: bp3 at p = 3: a mesh of 3.7e\\+09 elements" "too large for 32-bit" REJECT "bs2 ")
if(TARGET ceed-solve)
  tools_expect(tools/ceed-solve/cli/negative-rtol 105 COMMAND $<TARGET_FILE:ceed-solve> --rtol -1 EXPECT "--rtol: must be a positive number, got -1"
               REJECT "[0-9]{40}" ENV ${CEEDRT_MPI_PROGRAM_ENV})
  tools_expect(tools/ceed-solve/cli/bad-pc 105 COMMAND $<TARGET_FILE:ceed-solve> --pc bogus EXPECT "unknown preconditioner 'bogus'" REJECT "MPI_ABORT"
               ENV ${CEEDRT_MPI_PROGRAM_ENV})
  tools_expect(tools/ceed-solve/jacobi-summary 0 COMMAND $<TARGET_FILE:ceed-solve> -ceed /cpu/self/ref/serial --dofs 1e3 --pc jacobi
               EXPECT "converged" "setup [0-9.]+, solve" REJECT "LOR assembly|AMG setup" ENV ${CEEDRT_MPI_PROGRAM_ENV})
endif()

# ---- ceed-bench runs ----------------------------------------------------------------------------------
foreach(resource ${CEEDRT_TEST_RESOURCES})
  add_test(NAME tools/ceed-bench/bp${resource}
           COMMAND ${check_json} --expect bp=24 --expect error=0 --
                   $<TARGET_FILE:ceed-bench> --ceed ${resource} --problem bp --degree 1,3 --dofs 2e3 --mode apply,cg --cg-iterations 5 --json ${quick})
  add_test(NAME tools/ceed-bench/bs${resource}
           COMMAND ${check_json} --expect bs=21 --expect bs-fit=7 --expect error=0 --
                   $<TARGET_FILE:ceed-bench> --ceed ${resource} --problem bs --degree 2 --dofs 1e3:1e5 --points-per-decade 1 --json ${quick})
  # A resource whose backend cannot start here (a GPU backend without a device) is skipped.
  set_tests_properties(tools/ceed-bench/bp${resource} tools/ceed-bench/bs${resource} PROPERTIES ENVIRONMENT "${tools_env}" TIMEOUT 300
                       SKIP_REGULAR_EXPRESSION "failed to initialise resource")
endforeach()

# HIP's kernels (rolled slice loops and sums, vector gradients component-outer) run on the host: BP1-BP6 on the
# emulated GPU with HIP's launch policy and kernel choices (backends/gpu/emu, KernelCaps).
if(TARGET ceedrt-emu)
  add_test(NAME tools/ceed-bench/bp/gpu/emu/gen:wavefront=64
           COMMAND ${check_json} --expect bp=24 --expect error=0 --
                   $<TARGET_FILE:ceed-bench> --ceed /gpu/emu/gen:wavefront=64 --problem bp --degree 1,3 --dofs 2e3 --mode apply,cg --cg-iterations 5 --json ${quick})
  set_tests_properties(tools/ceed-bench/bp/gpu/emu/gen:wavefront=64 PROPERTIES ENVIRONMENT "${tools_env}" TIMEOUT 300)
endif()

foreach(mesh smooth kershaw)
  add_test(NAME tools/ceed-bench/mesh/${mesh}
           COMMAND ${check_json} --expect bp=3 --expect error=0 --cg-converged --
                   $<TARGET_FILE:ceed-bench> --problem bp1,bp3,bp6 --degree 2 --dofs 2e3 --mesh ${mesh} --mode cg --cg-tol 1e-6 --dot norms
                   --json ${quick})
  set_tests_properties(tools/ceed-bench/mesh/${mesh} PROPERTIES ENVIRONMENT "${tools_env}" TIMEOUT 300)
endforeach()

# Precision modes on a Kershaw mesh (strong cancellation in K u): the checks hold on the fp64 operator and each
# mode stays within its bound of it (on the fused-kernel backends, /gpu/emu/gen running the GPU dialect's kernels).
foreach(resource /cpu/self/gen /gpu/emu/gen)
  if((resource STREQUAL "/cpu/self/gen" AND NOT TARGET ceedrt-cpu-gen) OR (resource STREQUAL "/gpu/emu/gen" AND NOT TARGET ceedrt-emu))
    continue()
  endif()
  foreach(mode fp32 low-high high-low)
    tools_expect(tools/ceed-bench/precision/${mode}${resource} 0
                 COMMAND $<TARGET_FILE:ceed-bench> --ceed ${resource} --problem bp1,bp3 --degree 4 --dofs 1e4 --mesh kershaw --precision ${mode}
                         ${quick}
                 EXPECT "precision ${mode}, quadrature data fp64: .* error [0-9.e-]+ against fp64 \\(bound " "RESULT: ok: 2 records")
    set_tests_properties(tools/ceed-bench/precision/${mode}${resource} PROPERTIES ENVIRONMENT
                         "${tools_env};CEEDRT_CACHE_DIR=${CEEDRT_TEST_KERNEL_CACHE}")
  endforeach()
endforeach()

# --json-file appends: the files the next tests write start from nothing.
set(bs_file ${tools_test_dir}/bs2-fit.jsonl)
set(sweep_file ${tools_test_dir}/sweep.jsonl)
add_test(NAME tools/clean-output COMMAND ${CMAKE_COMMAND} -E rm -f ${bs_file} ${sweep_file})
set_tests_properties(tools/clean-output PROPERTIES FIXTURES_SETUP tools-clean-output)

# A bs2 fit in a file, then BP runs taking their roofline bandwidth from it.
add_test(NAME tools/ceed-bench/bs2-file
         COMMAND $<TARGET_FILE:ceed-bench> --problem bs2 --dofs 1e4:1e6 --points-per-decade 1 --json-file ${bs_file} --min-time 0.01 --min-reps 3)
set_tests_properties(tools/ceed-bench/bs2-file PROPERTIES FIXTURES_REQUIRED tools-clean-output FIXTURES_SETUP tools-bs2-file
                     ENVIRONMENT "${tools_env}" TIMEOUT 300)
tools_expect(tools/ceed-bench/bandwidth-from 0
             COMMAND $<TARGET_FILE:ceed-bench> --problem bp2 --degree 2 --dofs 2e3 --bandwidth-from ${bs_file} --min-time 0 --min-reps 1
             EXPECT "bandwidth [0-9.]+ GB/s \\(bs2 fit in ${bs_file}" "RESULT: ok")
set_tests_properties(tools/ceed-bench/bandwidth-from PROPERTIES FIXTURES_REQUIRED tools-bs2-file)
# The roofline bandwidth is measured once per machine and backend and stored in the kernel cache folder (here a
# fresh one in the build tree); a later run reuses it. A 2e3-DOF BP1 runs from the cache: its ratio reads "cache".
set(bandwidth_cache "CEEDRT_CACHE_DIR=${tools_test_dir}/bandwidth-cache")
tools_expect(tools/ceed-bench/bandwidth-measured 0
             COMMAND $<TARGET_FILE:ceed-bench> --problem bp1 --degree 2 --dofs 2e3 --min-time 0 --min-reps 1 --remeasure-bandwidth
             EXPECT "bandwidth [0-9.]+ GB/s \\(bs2 fit measured before the BP runs, stored in [^)]*ceed-bench-bandwidth-" "RESULT: ok"
             ENV ${bandwidth_cache})
set_tests_properties(tools/ceed-bench/bandwidth-measured PROPERTIES FIXTURES_SETUP tools-stored-bandwidth)
tools_expect(tools/ceed-bench/bandwidth-stored 0
             COMMAND $<TARGET_FILE:ceed-bench> --problem bp1 --degree 2 --dofs 2e3 --min-time 0 --min-reps 1
             EXPECT "bandwidth [0-9.]+ GB/s \\(bs2 fit of [0-9T:-]+Z stored in [^;]*ceed-bench-bandwidth-[0-9a-f]+.jsonl; --remeasure-bandwidth"
                    "bp1 +apply +2 .* cache +[0-9.e+-]+ ok" "RESULT: ok"
             REJECT "measured before the BP runs" ENV ${bandwidth_cache})
set_tests_properties(tools/ceed-bench/bandwidth-stored PROPERTIES FIXTURES_REQUIRED tools-stored-bandwidth)
# The compute roofline's peak: one core's FMA rate measured for a CPU resource (10 to 9999 GFLOP/s), or given.
tools_expect(tools/ceed-bench/peak-measured 0
             COMMAND $<TARGET_FILE:ceed-bench> --problem bp1 --degree 2 --dofs 2e3 --min-time 0 --min-reps 1 --bandwidth 10
             EXPECT "peak [1-9][0-9]?[0-9]?[0-9]\\.[0-9] GFLOP/s \\(measured: 12 AVX(-512|2) FMA chains on one core\\)" "RESULT: ok")
tools_expect(tools/ceed-bench/peak-given 0
             COMMAND $<TARGET_FILE:ceed-bench> --problem bp1 --degree 2 --dofs 2e3 --min-time 0 --min-reps 1 --bandwidth 10 --peak-gflops 50
             EXPECT "peak 50.0 GFLOP/s \\(command line\\)" "RESULT: ok")

# Sweep: progress lines (stderr is not a terminal here) and the summary, JSON lines for the plot test.
add_test(NAME tools/ceed-bench/sweep
         COMMAND ${CMAKE_COMMAND} "-DCOMMAND=$<TARGET_FILE:ceed-bench>;--problem;bp3,bs1;--sweep;--degree;1:2;--dofs;1e3:1e4;--json-file;${sweep_file};${quick}"
                 -DEXPECT_RC=0 "-DEXPECT_REGEX=\\[1/9\\] bs1 1e\\+03 entries: ok;\\[9/9\\] bp3 p=2 1e\\+04 DOFs: ok;Sweep summary;RESULT: ok"
                 -P ${expect_script})
set_tests_properties(tools/ceed-bench/sweep PROPERTIES FIXTURES_REQUIRED tools-clean-output FIXTURES_SETUP tools-sweep-file
                     ENVIRONMENT "${tools_env}" TIMEOUT 300)

# ---- test plugins: a wrong backend, broken plugins, a JIT-declaring plugin -------------------------------
set(test_plugin_dir ${CMAKE_CURRENT_BINARY_DIR}/test-plugins)
add_library(ceedrt-tools-test MODULE ${CMAKE_CURRENT_LIST_DIR}/test-plugin.c)
target_link_libraries(ceedrt-tools-test PRIVATE ceedrt)
set_target_properties(ceedrt-tools-test PROPERTIES PREFIX "lib" LIBRARY_OUTPUT_DIRECTORY ${test_plugin_dir} C_VISIBILITY_PRESET hidden)
add_dependencies(ceed-bench ceedrt-tools-test)
set(test_cache_dir ${CMAKE_CURRENT_BINARY_DIR}/test-kernel-cache)
file(MAKE_DIRECTORY ${test_cache_dir}/sub)
file(WRITE ${test_cache_dir}/kernel-a.so "0123456789")
file(WRITE ${test_cache_dir}/sub/kernel-b.so "01234567890123456789")
function(tools_test_manifest file name abi library entry prefix extra)
  set(TEST_PLUGIN_NAME ${name})
  set(TEST_PLUGIN_DESCRIPTION ${name})
  set(TEST_PLUGIN_ABI ${abi})
  set(TEST_PLUGIN_LIBRARY ${library})
  set(TEST_PLUGIN_ENTRY ${entry})
  set(TEST_PLUGIN_PREFIX ${prefix})
  set(TEST_PLUGIN_EXTRA "${extra}")
  configure_file(${CMAKE_CURRENT_LIST_DIR}/test-plugin.json.in ${test_plugin_dir}/${file}.json @ONLY)
endfunction()
set(test_lib libceedrt-tools-test.so)
file(STRINGS ${CMAKE_SOURCE_DIR}/include/ceed/backend.h abi_line REGEX "^#define CEED_BACKEND_ABI_VERSION ")
string(REGEX REPLACE "^#define CEED_BACKEND_ABI_VERSION ([0-9]+)u?.*$" "\\1" abi "${abi_line}")
tools_test_manifest(wrong tools-test-wrong ${abi} ${test_lib} CeedBackendPluginToolsTestWrong /cpu/self/tools-test/wrong "")
tools_test_manifest(failing tools-test-failing ${abi} ${test_lib} CeedBackendPluginToolsTestFailing /gpu/tools-test/failing "")
tools_test_manifest(jit tools-test-jit ${abi} ${test_lib} CeedBackendPluginToolsTestJit /cpu/self/tools-test/jit
                    ",\n  \"jit\": {\"compiler\": \"none (test fixture)\", \"kernel_cache\": \"${test_cache_dir}\"}")
tools_test_manifest(abi tools-test-abi 99 ${test_lib} CeedBackendPluginToolsTestJit /cpu/self/tools-test/abi "")
tools_test_manifest(missing tools-test-missing ${abi} libceedrt-tools-test-missing.so CeedBackendPluginToolsTestJit
                    /cpu/self/tools-test/missing "")

tools_expect(tools/ceed-bench/wrong-backend 1
             COMMAND $<TARGET_FILE:ceed-bench> --ceed /cpu/self/tools-test/wrong --problem bp1,bp2 --degree 2 --dofs 2e3 ${quick}
             EXPECT "bp1 +apply .* FAILED" "bp2 +apply .* FAILED" "RESULT: FAILED" ENV "CEEDRT_PLUGIN_PATH=${test_plugin_dir}")

add_test(NAME tools/ceed-info/json COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check-info-json.py $<TARGET_FILE:ceed-info> 2 30)
set_tests_properties(tools/ceed-info/json PROPERTIES ENVIRONMENT "CEEDRT_PLUGIN_PATH=${test_plugin_dir}" TIMEOUT 120)
tools_expect(tools/ceed-info/text 0 COMMAND $<TARGET_FILE:ceed-info>
             EXPECT "UNUSABLE \\(plugin tools-test-abi\\): manifest .* declares backend ABI version 99"
                    "UNUSABLE \\(plugin tools-test-missing\\): cannot load library"
                    "/gpu/tools-test/failing +UNUSABLE \\(plugin tools-test-failing\\): tools test plugin: no device for /gpu/tools-test/failing"
                    "Generic resources" "/cpu/self +-> /cpu/self/(gen|ref)" "its kernel cache ${test_cache_dir}: 2 files, 30 B" "kernel cache"
             REJECT "\\.cpp:[0-9]+ in " "failed to initialise resource"
             ENV "CEEDRT_PLUGIN_PATH=${test_plugin_dir}")
tools_expect(tools/ceed-info/no-init 0 COMMAND $<TARGET_FILE:ceed-info> --no-init EXPECT "/cpu/self/ref/serial +loaded \\(plugin ref"
             "JIT backends and kernel caches:" REJECT "ok, host memory")
# --kernels: the fused kernels measured without a GPU (one kernel each: NVRTC takes about a second per kernel), the
# JSON keys of the issue's report, the source written for nvcc, and bad targets refused with their name.
if(TARGET ceedrt-cuda-kernel-report)
  tools_expect(tools/ceed-info/kernels-text 0 COMMAND $<TARGET_FILE:ceed-info> --kernels --problems bp3 --degrees 2 --kernel apply --target sm_80
               EXPECT "BP +p kernel prec +target +threads +regs" "bp3 +2 apply +fp64 +sm_80 +[0-9]+ +[0-9]+ +0 +0 ")
  tools_expect(tools/ceed-info/kernels-json 0 COMMAND $<TARGET_FILE:ceed-info> --kernels --json --problems bp5 --degrees 1 --kernel setup
               --source-dir ${CMAKE_CURRENT_BINARY_DIR}/kernels-source
               EXPECT "\"problem\":\"bp5\",\"p\":1,\"kernel\":\"setup\",\"precision\":\"fp64\",\"target\":\"sm_90\",\"threads\":[0-9]+,\"registers\":[0-9]+,"
                      "\"spill_store_bytes\":0,\"spill_load_bytes\":0,\"shared_bytes\":[0-9]+,\"occupancy\":0\\.[0-9]+"
                      "\"shared_loads\":[1-9][0-9]*,\"shared_stores\":[1-9][0-9]*,\"barriers\":[1-9][0-9]*,\"fp64_fmas\":[1-9][0-9]*,"
                      "\"fp32_fmas\":0,\"fp64_arithmetic\":[1-9][0-9]*,\"fp64_conversions\":0,\"shared_loads_per_fma\":[0-9.]+,"
                      "\"compile_seconds\":[0-9.e-]+,\"compiles\":1}")
  # --precision fp32: the kernels of an operator computing and storing in fp32, without FP64 work (the quadrature data
  # read through its fp32 copy), their sources named for the precision.
  tools_expect(tools/ceed-info/kernels-fp32 0 COMMAND sh -c "$<TARGET_FILE:ceed-info> --kernels --json --precision fp32 --problems bp3 --degrees 2 \
--kernel apply --source-dir ${CMAKE_CURRENT_BINARY_DIR}/kernels-source && head -n 1 ${CMAKE_CURRENT_BINARY_DIR}/kernels-source/bp3-p2-apply-fp32.cu"
               EXPECT "\"kernel\":\"apply\",\"precision\":\"fp32\",\"target\":\"sm_90\","
                      "\"fp64_fmas\":0,\"fp32_fmas\":[1-9][0-9]*,\"fp64_arithmetic\":0,\"fp64_conversions\":0,"
                      "// bp3-p2-apply-fp32: nvcc ")
  tools_expect(tools/ceed-info/kernels-bad-precision 105 COMMAND $<TARGET_FILE:ceed-info> --kernels --precision fp16 EXPECT "--precision" "fp16")
  # --tune as /gpu/cuda/gen's Prepare: BP3 p=6's blocks are bound by shared memory (12 of 64 threads resident), so no
  # tuning compile is spent (before: one recompile that could not gain), and the total counts the compile.
  tools_expect(tools/ceed-info/kernels-tune-compiles 0 COMMAND $<TARGET_FILE:ceed-info> --kernels --tune --problems bp3 --degrees 6 --kernel apply
               EXPECT "bp3 +6 apply +fp64 +sm_90 +128 .* 37\\.5% \\(256, 1\\) .* 1 +[0-9]+\\.[0-9]+\n"
                      "# 1 NVIDIA kernels built as /gpu/cuda/gen's Prepare builds them \\(launch bounds tuned\\): 1 NVRTC compiles, [0-9.]+ s")
  tools_expect(tools/ceed-info/kernels-bad-target 1 COMMAND $<TARGET_FILE:ceed-info> --kernels --target sm_12 EXPECT "target \"sm_12\" has no known")
  if(TARGET ceedrt-hip-kernel-report AND CEEDRT_LLVM_READELF)
    tools_expect(tools/ceed-info/kernels-gfx90a 0 COMMAND $<TARGET_FILE:ceed-info> --kernels --json --problems bp1 --degrees 1 --kernel apply --target gfx90a
                 EXPECT "\"target\":\"gfx90a\",\"threads\":[0-9]+,\"registers\":[0-9]+," "\"scratch_bytes\":[0-9]+,\"waves_per_simd\":[1-8]")
  endif()
  tools_expect(tools/ceed-info/kernels-bad-problem 1 COMMAND $<TARGET_FILE:ceed-info> --kernels --problems bp7 EXPECT "unknown problem \"bp7\"")
  # Bank conflicts of the fused apply kernels on sm_90's blocks, traced on /gpu/emu (GCC's instrumentation): BP1 and
  # BP3 p = 4 (blocks of 7 elements of 36 threads, warps crossing element seams) store conflict-free, and their loads
  # stay within the seams' row reads (unpadded elements: 11% / 31% more load / store wavefronts on BP1).
  if(TARGET ceedrt-emu AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    add_test(NAME tools/check/shared-wavefronts
             COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/tools/check/shared-wavefronts.py --build ${CMAKE_BINARY_DIR} --problems bp1,bp3
                     --degrees 4 --max-load-excess 9 --max-store-excess 1)
    set_tests_properties(tools/check/shared-wavefronts PROPERTIES ENVIRONMENT "${tools_env}" TIMEOUT 300)
    # fp32 (4-byte accesses, a whole warp per phase): BP5 p = 4 conflict-free (unpadded: 17% / 99% more).
    add_test(NAME tools/check/shared-wavefronts-fp32
             COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/tools/check/shared-wavefronts.py --build ${CMAKE_BINARY_DIR} --problems bp5
                     --degrees 4 --precision fp32 --max-load-excess 1 --max-store-excess 1)
    set_tests_properties(tools/check/shared-wavefronts-fp32 PROPERTIES ENVIRONMENT "${tools_env}" TIMEOUT 300)
  endif()
endif()
# A newcomer's machine without a JIT compiler: /cpu/self falls back to the reference backend, and the cause is
# given once, without the library's source locations.
if(TARGET ceedrt-cpu-gen)
  tools_expect(tools/ceed-info/jit-compiler-absent 0 COMMAND $<TARGET_FILE:ceed-info>
               EXPECT "/cpu/self/gen(, /cpu/self/[a-z/]+)* +UNUSABLE \\(plugin cpu-gen, JIT\\): .*'/nonexistent/ceedrt-test/c\\+\\+ --version' does not run"
                      "/cpu/self +-> /cpu/self/ref/serial" "skipped /cpu/self/gen \\(causes above\\)"
                      "cpu-gen \\(/cpu/self/gen(, /cpu/self/[a-z/]+)*\\): compiler /nonexistent/ceedrt-test/c\\+\\+ \\(from CEEDRT_JIT_CXX\\)"
               REJECT "\\.cpp:[0-9]+ in " "ceedrt: /cpu/self runs on"
               ENV "CEEDRT_JIT_CXX=/nonexistent/ceedrt-test/c++")
endif()

# A cache folder that others can write is refused, and ceed-info says so and why (docs/security.md).
set(world_writable_cache ${CMAKE_CURRENT_BINARY_DIR}/world-writable-cache)
file(MAKE_DIRECTORY ${world_writable_cache})
file(CHMOD ${world_writable_cache} DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_WRITE GROUP_EXECUTE
     WORLD_READ WORLD_WRITE WORLD_EXECUTE)
tools_expect(tools/ceed-info/cache-refused 0 COMMAND $<TARGET_FILE:ceed-info>
             EXPECT "kernel cache folder ${world_writable_cache} REFUSED: .* is writable by others \\(mode 0777\\)"
                    "kernel cache of this process only \\(private, removed at exit\\) .*/ceedrt-kernels-"
             ENV "CEEDRT_CACHE_DIR=${world_writable_cache}")

# ---- ABI ----------------------------------------------------------------------------------------------
# The library and plugin ABIs against the baseline in abi/ (docs/building.md, "ABI stability"). abidw reads the types
# from debug information, so the check runs in builds with -g (the debug and asan-ubsan presets).
if(CMAKE_BUILD_TYPE MATCHES "^(Debug|RelWithDebInfo)$")
  add_test(NAME tools/abi-check COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/tools/check/abi-check.py $<TARGET_FILE:ceedrt>)
  add_test(NAME tools/abi-check/cases COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check-abi-check.py
                                              ${CMAKE_SOURCE_DIR}/tools/check/abi-check.py $<TARGET_FILE:ceedrt> ${CMAKE_CURRENT_BINARY_DIR}/abi-cases)
  set_tests_properties(tools/abi-check tools/abi-check/cases PROPERTIES SKIP_REGULAR_EXPRESSION "CEEDRT-SKIPPED" TIMEOUT 120)
endif()

# ---- call graph of the core ----------------------------------------------------------------------------
# No two files of src/ call each other, directly or through others (docs/architecture.md): the defined and used
# symbols of the core's objects, read with nm. The cases check the script on objects compiled for the test.
add_test(NAME tools/call-cycles COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/tools/check/call-cycles.py --nm ${CMAKE_NM}
                                        --strip-prefix $<TARGET_PROPERTY:ceedrt,BINARY_DIR>/CMakeFiles/ceedrt.dir $<TARGET_OBJECTS:ceedrt>
         COMMAND_EXPAND_LISTS)
add_test(NAME tools/call-cycles/cases COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check-call-cycles.py
                                              ${CMAKE_SOURCE_DIR}/tools/check/call-cycles.py ${CMAKE_C_COMPILER} ${CMAKE_CURRENT_BINARY_DIR}/call-cycles-cases)
set_tests_properties(tools/call-cycles tools/call-cycles/cases PROPERTIES TIMEOUT 60)

# ---- plot ---------------------------------------------------------------------------------------------
# matplotlib may live in a Python other than the first python3 on PATH (Debian's is /usr/bin/python3).
set(CEEDRT_PLOT_PYTHON "" CACHE FILEPATH "Python interpreter with matplotlib for tools/analysis/ceed-plot.py (empty: search)")
if(NOT CEEDRT_PLOT_PYTHON)
  foreach(candidate ${Python3_EXECUTABLE} /usr/bin/python3)
    execute_process(COMMAND ${candidate} -c "import matplotlib" RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
    if(rc EQUAL 0)
      set(CEEDRT_PLOT_PYTHON ${candidate} CACHE FILEPATH "Python interpreter with matplotlib for tools/analysis/ceed-plot.py" FORCE)
      break()
    endif()
  endforeach()
endif()
if(CEEDRT_PLOT_PYTHON)
  add_test(NAME tools/ceed-plot
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check-plot.py ${CEEDRT_PLOT_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/analysis/ceed-plot.py
                   ${sweep_file} ${tools_test_dir}/plots)
  set_tests_properties(tools/ceed-plot PROPERTIES FIXTURES_REQUIRED tools-sweep-file TIMEOUT 300)
else()
  message(STATUS "tools: no Python with matplotlib found: the test tools/ceed-plot is not added (install python3-matplotlib)")
endif()

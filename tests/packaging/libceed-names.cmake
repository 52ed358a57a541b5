# libCEED's names of an INSTALLED ceedrt, used as a libCEED application uses them.
#   cmake -DPREFIX=... -DLIBDIR=lib -DSOURCE_DIR=tests/install -DBINARY_DIR=... -DCC=cc [-DFC=gfortran]
#         -DLIBCEED_VERSION=x.y.z -DMODE=names|libceed-binary [-DLIBCEED_DIR=...] ["-DEXTRA_FLAGS=-fsanitize=..."]
#         [-DSANITIZED=ON] -P libceed-names.cmake
# MODE names: pkg-config ceed (version, cflags_extra) and a C application built with its flags; the same application
#   built with plain -lceed; a Fortran program with include 'ceedf.h' and -lceed.
# MODE libceed-binary: the application built against libCEED's own headers and libceed.so (a libCEED build folder:
#   LIBCEED_DIR, or the environment's CEEDRT_LIBCEED_DIR) runs on ceedrt through LD_LIBRARY_PATH; without a libCEED
#   build, or in a sanitizer build (libCEED's program does not start with the sanitizer runtime), it prints
#   "libceed-binary: skipped" (the test's skip expression).
cmake_minimum_required(VERSION 3.25)
foreach(var PREFIX LIBDIR SOURCE_DIR BINARY_DIR CC LIBCEED_VERSION MODE)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "libceed-names.cmake: ${var} is not set")
  endif()
endforeach()
set(libdir "${PREFIX}/${LIBDIR}")
separate_arguments(extra_list UNIX_COMMAND "${EXTRA_FLAGS}")
file(MAKE_DIRECTORY "${BINARY_DIR}")

# Runs a command; stops the test with its output when it fails. Extra environment as NAME=VALUE before COMMAND.
function(run what)
  cmake_parse_arguments(ARG "" "" "ENV;COMMAND" ${ARGN})
  execute_process(COMMAND ${CMAKE_COMMAND} -E env ${ARG_ENV} ${ARG_COMMAND} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (exit status ${rc}):\n${ARG_COMMAND}\n${out}${err}")
  endif()
  message(STATUS "${what}: ok ${out}")
endfunction()

if(MODE STREQUAL "libceed-binary")
  if(NOT LIBCEED_DIR)
    set(LIBCEED_DIR "$ENV{CEEDRT_LIBCEED_DIR}")
  endif()
  if(SANITIZED)
    message(STATUS "libceed-binary: skipped: a sanitizer build's libceedrt cannot be loaded by a program built without the sanitizer")
    return()
  endif()
  if(NOT LIBCEED_DIR OR NOT EXISTS "${LIBCEED_DIR}/lib/libceed.so" OR NOT EXISTS "${LIBCEED_DIR}/include/ceed.h")
    message(STATUS "libceed-binary: skipped: no libCEED build (lib/libceed.so, include/ceed.h) at '${LIBCEED_DIR}'; "
                   "configure with -DCEEDRT_LIBCEED_DIR=<libCEED source folder after `make lib`> or set CEEDRT_LIBCEED_DIR")
    return()
  endif()
  set(exe "${BINARY_DIR}/app-linked-to-libceed")
  # No run path: the loader finds libceed.so through LD_LIBRARY_PATH, as a user switching libraries would.
  run("build against libCEED's libceed.so" COMMAND ${CC} -std=c99 -I${LIBCEED_DIR}/include -I${SOURCE_DIR} ${SOURCE_DIR}/app.c
      -o ${exe} -L${LIBCEED_DIR}/lib -lceed -lm)
  # /cpu/self/gen is a ceedrt resource that libCEED does not have: success shows that ceedrt served the program.
  run("libCEED-linked program on ceedrt" ENV LD_LIBRARY_PATH=${libdir} COMMAND ${exe} /cpu/self/gen)
  return()
endif()

find_program(PKG_CONFIG NAMES pkg-config pkgconf REQUIRED)
set(ENV{PKG_CONFIG_PATH} "${libdir}/pkgconfig")
foreach(query modversion cflags libs print-variables)
  execute_process(COMMAND ${PKG_CONFIG} --${query} ceed OUTPUT_VARIABLE ${query} RESULT_VARIABLE rc ERROR_VARIABLE err
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "pkg-config --${query} ceed failed (PKG_CONFIG_PATH=$ENV{PKG_CONFIG_PATH}): ${err}")
  endif()
endforeach()
if(NOT modversion STREQUAL LIBCEED_VERSION)
  message(FATAL_ERROR "pkg-config ceed reports version ${modversion}, expected libCEED's ${LIBCEED_VERSION}")
endif()
string(REPLACE "\n" ";" variables "${print-variables}")
foreach(var prefix includedir libdir cflags_extra)
  if(NOT var IN_LIST variables)
    message(FATAL_ERROR "ceed.pc lacks libCEED's variable ${var} (it has: ${variables})")
  endif()
endforeach()

separate_arguments(cflags_list UNIX_COMMAND "${cflags}")
separate_arguments(libs_list UNIX_COMMAND "${libs}")
run("build with pkg-config ceed" COMMAND ${CC} -std=c99 -Wall -Wextra -Werror ${extra_list} ${cflags_list} -I${SOURCE_DIR} ${SOURCE_DIR}/app.c
    -o ${BINARY_DIR}/app-pkg-config-ceed ${libs_list} -Wl,-rpath,${libdir} -lm)
run("pkg-config ceed application" COMMAND ${BINARY_DIR}/app-pkg-config-ceed /cpu/self/ref/serial)
run("build with -lceed" COMMAND ${CC} -std=c99 ${extra_list} -I${PREFIX}/include -I${SOURCE_DIR} ${SOURCE_DIR}/app.c -o ${BINARY_DIR}/app-lceed
    -L${libdir} -lceed -lm)
run("-lceed application on /cpu/self/opt/blocked" ENV LD_LIBRARY_PATH=${libdir} COMMAND ${BINARY_DIR}/app-lceed /cpu/self/opt/blocked)
if(FC)
  # (-Wno-unused-parameter: the PARAMETER constants of ceed/fortran.h that a program does not use)
  get_filename_component(here "${CMAKE_CURRENT_LIST_FILE}" DIRECTORY)
  run("build with include 'ceedf.h' and -lceed" COMMAND ${FC} ${extra_list} -Wno-unused-parameter -I${PREFIX}/include ${here}/libceed-app-f.f90
      -o ${BINARY_DIR}/app-ceedf -L${libdir} -lceed)
  run("Fortran application" ENV LD_LIBRARY_PATH=${libdir} COMMAND ${BINARY_DIR}/app-ceedf)
endif()

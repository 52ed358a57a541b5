# Builds tests/install/app.c against the INSTALLED ceedrt with the flags pkg-config gives, then runs it.
#   cmake -DPREFIX=... -DLIBDIR=lib -DSOURCE_DIR=tests/install -DBINARY_DIR=... -DCC=cc
#         "-DEXTRA_FLAGS=-fsanitize=..." -DVERSION=x.y.z -P pkg-config-app.cmake
foreach(var PREFIX LIBDIR SOURCE_DIR BINARY_DIR CC VERSION)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "pkg-config-app.cmake: ${var} is not set")
  endif()
endforeach()
find_program(PKG_CONFIG NAMES pkg-config pkgconf REQUIRED)

set(ENV{PKG_CONFIG_PATH} "${PREFIX}/${LIBDIR}/pkgconfig")
function(pkg_config out)
  execute_process(COMMAND ${PKG_CONFIG} ${ARGN} ceedrt OUTPUT_VARIABLE value ERROR_VARIABLE err RESULT_VARIABLE rc
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "pkg-config ${ARGN} ceedrt failed (PKG_CONFIG_PATH=$ENV{PKG_CONFIG_PATH}): ${err}")
  endif()
  set(${out} "${value}" PARENT_SCOPE)
endfunction()

pkg_config(version --modversion)
pkg_config(cflags --cflags)
pkg_config(libs --libs)
pkg_config(libdir --variable=libdir)
pkg_config(includedir --variable=includedir)
message(STATUS "pkg-config: version ${version}, cflags '${cflags}', libs '${libs}'")
if(NOT version STREQUAL VERSION)
  message(FATAL_ERROR "pkg-config reports version ${version}, expected ${VERSION}")
endif()
# The .pc file must describe the prefix it was installed to, not the configure-time prefix.
file(REAL_PATH "${libdir}" libdir_real)
file(REAL_PATH "${PREFIX}/${LIBDIR}" expected_libdir)
file(REAL_PATH "${includedir}" includedir_real)
file(REAL_PATH "${PREFIX}/include" expected_includedir)
if(NOT libdir_real STREQUAL expected_libdir OR NOT includedir_real STREQUAL expected_includedir)
  message(FATAL_ERROR "ceedrt.pc points at libdir=${libdir} includedir=${includedir}, "
                      "expected the install prefix ${PREFIX} (${expected_libdir}, ${expected_includedir})")
endif()

separate_arguments(cflags_list UNIX_COMMAND "${cflags}")
separate_arguments(libs_list UNIX_COMMAND "${libs}")
separate_arguments(extra_list UNIX_COMMAND "${EXTRA_FLAGS}")
file(MAKE_DIRECTORY "${BINARY_DIR}")
set(exe "${BINARY_DIR}/install-app-pkg-config")
execute_process(COMMAND ${CC} -std=c99 -Wall -Wextra -Werror ${extra_list} ${cflags_list} -I${SOURCE_DIR}
                        ${SOURCE_DIR}/app.c -o ${exe} ${libs_list} -Wl,-rpath,${libdir} -lm
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "compiling tests/install/app.c with the pkg-config flags failed")
endif()
execute_process(COMMAND ${exe} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${exe} failed with exit status ${rc}")
endif()
message(STATUS "pkg-config application built and ran against ${PREFIX}")

# Test fixture: installs the build tree into a fresh prefix and checks the layout of the install.
#   cmake -DBUILD_DIR=... -DPREFIX=... -DLIBDIR=lib -DINCLUDEDIR=include -DSOVERSION=N -DSOURCE_DIR=...
#         "-DCLEAN_DIRS=dir1;dir2" -P install-fixture.cmake
foreach(var BUILD_DIR PREFIX LIBDIR INCLUDEDIR SOVERSION SOURCE_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "install-fixture.cmake: ${var} is not set")
  endif()
endforeach()

# Start from nothing: a stale install or out-of-tree build must not hide a packaging bug.
file(REMOVE_RECURSE "${PREFIX}" ${CLEAN_DIRS})
execute_process(COMMAND ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${PREFIX}" RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed:\n${out}\n${err}")
endif()

set(problems "")
foreach(f ${LIBDIR}/libceedrt.so ${LIBDIR}/libceedrt.so.${SOVERSION}
          ${LIBDIR}/ceedrt/plugins/ref.json ${LIBDIR}/ceedrt/plugins/libceedrt-ref.so
          ${INCLUDEDIR}/ceed.h ${INCLUDEDIR}/ceed/ceed.h ${INCLUDEDIR}/ceed/types.h ${INCLUDEDIR}/ceed/backend.h
          ${LIBDIR}/cmake/ceedrt/ceedrtConfig.cmake ${LIBDIR}/cmake/ceedrt/ceedrtConfigVersion.cmake
          ${LIBDIR}/cmake/ceedrt/ceedrtTargets.cmake ${LIBDIR}/pkgconfig/ceedrt.pc)
  if(NOT EXISTS "${PREFIX}/${f}")
    string(APPEND problems "  missing ${PREFIX}/${f}\n")
  endif()
endforeach()
# The development symlink resolves to the versioned library (SONAME libceedrt.so.N).
if(EXISTS "${PREFIX}/${LIBDIR}/libceedrt.so")
  if(NOT IS_SYMLINK "${PREFIX}/${LIBDIR}/libceedrt.so")
    string(APPEND problems "  ${LIBDIR}/libceedrt.so is not a symbolic link to the versioned library\n")
  endif()
endif()
# Installed CMake files must not point back into the source or build tree.
file(GLOB cmake_files "${PREFIX}/${LIBDIR}/cmake/ceedrt/*.cmake")
foreach(f ${cmake_files} "${PREFIX}/${LIBDIR}/pkgconfig/ceedrt.pc")
  if(EXISTS "${f}")
    file(READ "${f}" text)
    string(REPLACE "${PREFIX}" "<prefix>" text "${text}")  # the test prefix itself lies inside the build tree
    foreach(tree "${SOURCE_DIR}/" "${BUILD_DIR}/")
      string(FIND "${text}" "${tree}" pos)
      if(NOT pos EQUAL -1)
        string(APPEND problems "  ${f} refers to ${tree}\n")
      endif()
    endforeach()
  endif()
endforeach()
if(problems)
  message(FATAL_ERROR "install tree ${PREFIX} is incomplete or wrong:\n${problems}")
endif()
message(STATUS "installed ${BUILD_DIR} into ${PREFIX}")

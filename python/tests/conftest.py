"""Shared fixtures: the backends to test on, and the test QFunctions compiled with the system C compiler.

The library is found as the package finds it (CEEDRT_LIBRARY, CEEDRT_DIR, pkg-config); the CTest entry
sets CEEDRT_DIR to the build folder. Headers for compiling QFunctions come from CEEDRT_INCLUDE_DIR, or the
source tree these tests live in, or pkg-config.
"""

import ctypes
import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

TESTS_DIR = os.path.dirname(os.path.abspath(__file__))
# Run from a source checkout without installing: the package folder is the parent of tests/.
sys.path.insert(0, os.path.dirname(TESTS_DIR))

import ceedrt  # noqa: E402

CPU_RESOURCES = ["/cpu/self/ref/serial", "/cpu/self/gen"]
GPU_RESOURCES = ["/gpu/cuda/gen", "/gpu/hip/gen"]
QFUNCTION_HEADER = os.path.join(TESTS_DIR, "qfunctions", "mass-1d.h")


def _gpu_usable(resource):
    """A GPU backend is tested only where it initializes and runs a vector operation (a device is present)."""
    try:
        ceed = ceedrt.Ceed(resource)
        vec = ceed.Vector(4)
        vec.set_value(1.0)
        return vec.norm(ceedrt.NORM_1) == 4.0
    except ceedrt.CeedError:
        return False


def _resources():
    found = list(CPU_RESOURCES)
    found += [r for r in GPU_RESOURCES if _gpu_usable(r)]
    return found


RESOURCES = _resources()


@pytest.fixture(params=RESOURCES)
def ceed_resource(request):
    return request.param


@pytest.fixture
def ceed(ceed_resource):
    return ceedrt.Ceed(ceed_resource)


def include_dirs():
    """Where ceed.h is: CEEDRT_INCLUDE_DIR, the source tree, or pkg-config."""
    explicit = os.environ.get("CEEDRT_INCLUDE_DIR")
    if explicit:
        return [explicit]
    source_tree = os.path.join(TESTS_DIR, "..", "..", "include")
    if os.path.exists(os.path.join(source_tree, "ceed.h")):
        return [os.path.abspath(source_tree)]
    try:
        flags = subprocess.run(["pkg-config", "--cflags-only-I", "ceedrt"], capture_output=True, text=True,
                               check=True).stdout.split()
        return [flag[2:] for flag in flags]
    except (OSError, subprocess.CalledProcessError):
        return []


def compile_qfunctions(out_dir):
    """Build qfunctions/qfunctions.c into a shared library with the system compiler; its path."""
    compiler = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if not compiler:
        pytest.skip("no C compiler (cc) to build the test QFunctions")
    library = os.path.join(out_dir, "libtest_qfunctions.so")
    command = [compiler, "-O2", "-shared", "-fPIC", "-o", library, os.path.join(TESTS_DIR, "qfunctions",
                                                                              "qfunctions.c")]
    command += ["-I" + d for d in include_dirs()]
    subprocess.run(command, check=True)
    return library


@pytest.fixture(scope="session")
def qfunctions_library(tmp_path_factory):
    return compile_qfunctions(str(tmp_path_factory.mktemp("qfunctions")))


@pytest.fixture(scope="session")
def qfs(qfunctions_library):
    return ctypes.cdll.LoadLibrary(qfunctions_library)


def vector(ceed, values):
    """A Vector holding a copy of values."""
    vec = ceed.Vector(len(values))
    vec.set_array(np.asarray(values, dtype=np.float64))
    return vec


def values(vec):
    """A copy of a Vector's values."""
    with vec.array_read() as view:
        return view.copy()


def qf_source(name):
    return QFUNCTION_HEADER + ":" + name

"""Ceed: resource, memory type, scalar type, quadrature rules, errors and the libceed alias."""

import numpy as np
import pytest

import ceedrt


def test_resource_is_the_backend_asked_for(ceed, ceed_resource):
    assert ceed.get_resource() == ceed_resource


def test_cpu_backends_prefer_host_memory():
    assert ceedrt.Ceed("/cpu/self/ref/serial").get_preferred_memtype() == ceedrt.MEM_HOST


def test_scalar_type_is_float64(ceed):
    assert ceed.scalar_type() == "float64"
    assert ceedrt.scalar_types[ceedrt.SCALAR_FP64] == "float64"


def test_gauss_quadrature_three_points(ceed):
    points, weights = ceed.gauss_quadrature(3)
    np.testing.assert_allclose(points, [-np.sqrt(0.6), 0.0, np.sqrt(0.6)], atol=1e-15)
    np.testing.assert_allclose(weights, [5 / 9, 8 / 9, 5 / 9], rtol=1e-14)


def test_lobatto_quadrature_four_points(ceed):
    points, weights = ceed.lobatto_quadrature(4)
    np.testing.assert_allclose(points, [-1.0, -np.sqrt(0.2), np.sqrt(0.2), 1.0], atol=1e-15)
    np.testing.assert_allclose(weights, [1 / 6, 5 / 6, 5 / 6, 1 / 6], rtol=1e-14)


def test_unknown_resource_raises_with_the_library_message():
    with pytest.raises(ceedrt.CeedError, match="No suitable backend: /nonsense/backend"):
        ceedrt.Ceed("/nonsense/backend")


def test_bad_quadrature_size_raises(ceed):
    with pytest.raises(ceedrt.CeedError) as error:
        ceed.lobatto_quadrature(1)
    assert error.value.code != 0


def test_on_error_must_be_store_or_abort():
    with pytest.raises(ValueError, match="on_error"):
        ceedrt.Ceed("/cpu/self/ref/serial", on_error="ignore")


def test_view_names_the_backend(ceed, ceed_resource):
    assert ceed_resource in str(ceed)


def test_libceed_alias_is_the_same_package():
    import libceed
    assert libceed.Ceed is ceedrt.Ceed
    assert libceed.Vector is ceedrt.Vector
    assert libceed.EVAL_GRAD == 2 and libceed.NOTRANSPOSE == 0 and libceed.MEM_HOST == 0
    assert libceed.USE_POINTER == 1 and libceed.GAUSS_LOBATTO == 1
    assert libceed.HEX == (3 << 16 | 6)
    for name in ("VECTOR_ACTIVE", "VECTOR_NONE", "ELEMRESTRICTION_NONE", "BASIS_NONE", "REQUEST_IMMEDIATE",
                 "REQUEST_ORDERED", "EPSILON", "COPY_VALUES", "OWN_POINTER", "NORM_1", "NORM_MAX", "TRANSPOSE",
                 "EVAL_NONE", "EVAL_INTERP", "EVAL_DIV", "EVAL_CURL", "EVAL_WEIGHT", "GAUSS", "LINE", "TRIANGLE",
                 "QUAD", "TET", "PYRAMID", "PRISM", "MEM_DEVICE", "SCALAR_FP32"):
        assert hasattr(libceed, name), name

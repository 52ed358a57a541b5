"""QFunctions from a compiled library (ctypes), the gallery and identity; contexts seen as NumPy arrays."""

import numpy as np
import pytest

import ceedrt
from conftest import qf_source, values, vector


def scale_shift(ceed, qfs, coefficients):
    qf = ceed.QFunction(1, qfs.scale_shift, qf_source("scale_shift"))
    qf.add_input("u", 1, ceedrt.EVAL_INTERP)
    qf.add_output("v", 1, ceedrt.EVAL_INTERP)
    ctx = ceed.QFunctionContext()
    ctx.set_data(np.array(coefficients, dtype=np.float64))
    qf.set_context(ctx)
    return qf, ctx


def test_user_qfunction_with_context(ceed, qfs):
    qf, _ = scale_shift(ceed, qfs, [2.0, 1.0])
    v = ceed.Vector(3)
    qf.apply(3, [vector(ceed, [1.0, 2.0, 3.0])], [v])
    np.testing.assert_array_equal(values(v), [3.0, 5.0, 7.0])


def test_context_data_is_a_view_and_changes_the_result(ceed, qfs):
    qf, ctx = scale_shift(ceed, qfs, [2.0, 1.0])
    with ctx.data() as data:
        np.testing.assert_array_equal(data, [2.0, 1.0])
        data[1] = -1.0
    v = ceed.Vector(2)
    qf.apply(2, [vector(ceed, [1.0, 2.0])], [v])
    np.testing.assert_array_equal(values(v), [1.0, 3.0])
    with ctx.data_read() as data:
        assert not data.flags.writeable
    assert ctx.get_context_size() == 16


def test_context_use_pointer_shares_memory(ceed):
    coefficients = np.array([4.0, 5.0])
    ctx = ceed.QFunctionContext()
    ctx.set_data(coefficients, cmode=ceedrt.USE_POINTER)
    view = ctx.get_data()
    assert view.__array_interface__["data"][0] == coefficients.__array_interface__["data"][0]
    ctx.restore_data()
    assert ctx.take_data() is coefficients


def test_context_of_odd_size_is_bytes(ceed):
    ctx = ceed.QFunctionContext()
    ctx.set_data(np.arange(3, dtype=np.uint8))
    with ctx.data() as data:
        assert data.dtype == np.uint8
        np.testing.assert_array_equal(data, [0, 1, 2])


def test_gallery_mass_apply(ceed):
    qf = ceed.QFunctionByName("MassApply")
    v = ceed.Vector(4)
    qf.apply(4, [vector(ceed, [1, 2, 3, 4]), vector(ceed, [0.5, 0.5, 2, 2])], [v])
    np.testing.assert_array_equal(values(v), [0.5, 1.0, 6.0, 8.0])


def test_identity_copies(ceed):
    qf = ceed.IdentityQFunction(2, ceedrt.EVAL_INTERP, ceedrt.EVAL_INTERP)
    v = ceed.Vector(6)
    qf.apply(3, [vector(ceed, range(6))], [v])
    np.testing.assert_array_equal(values(v), range(6))


def test_apply_needs_one_vector_per_field(ceed):
    qf = ceed.QFunctionByName("MassApply")
    with pytest.raises(ValueError, match="1 inputs and 1 outputs given, the QFunction has 2 and 1"):
        qf.apply(2, [vector(ceed, [1, 2])], [ceed.Vector(2)])


def test_unknown_gallery_name_raises(ceed):
    with pytest.raises(ceedrt.CeedError, match="gallery"):
        ceed.QFunctionByName("NoSuchQFunction")


def test_source_without_function_name_raises(ceed, qfs):
    with pytest.raises(ceedrt.CeedError, match="function name"):
        ceed.QFunction(1, qfs.apply_mass, "/nowhere/qf.h")


def test_function_must_be_compiled_code(ceed):
    with pytest.raises(TypeError, match="ctypes"):
        ceed.QFunction(1, lambda: 0, qf_source("apply_mass"))


def test_use_pointer_context_needs_a_contiguous_array(ceed):
    with pytest.raises(TypeError, match="contiguous"):
        ceed.QFunctionContext().set_data(np.arange(8.0)[::2], cmode=ceedrt.USE_POINTER)


def test_views_describe_the_objects(ceed, qfs):
    qf, ctx = scale_shift(ceed, qfs, [1.0, 0.0])
    assert "CeedQFunction" in str(qf)
    assert "CeedQFunctionContext" in str(ctx)

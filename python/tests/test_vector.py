"""Vector: NumPy arrays in and out without copies, the vector operations, and their errors."""

import gc

import numpy as np
import pytest

import ceedrt


def address(array):
    return array.__array_interface__["data"][0]


def test_use_pointer_shares_memory_both_ways(ceed):
    values = np.arange(6, dtype=np.float64)
    vec = ceed.Vector(6)
    vec.set_array(values, cmode=ceedrt.USE_POINTER)
    if ceed.get_preferred_memtype() != ceedrt.MEM_HOST:
        pytest.skip("the array is copied to the device")
    with vec.array() as view:
        assert address(view) == address(values)
        view[2] = 20.0
    assert values[2] == 20.0
    taken = vec.take_array()
    assert taken is values


def test_copy_values_copies(ceed):
    values = np.ones(4)
    vec = ceed.Vector(4)
    vec.set_array(values)
    values[:] = 7.0
    with vec.array_read() as view:
        np.testing.assert_array_equal(view, np.ones(4))
        assert address(view) != address(values)


def test_views_are_views_of_the_library_memory(ceed):
    vec = ceed.Vector(5)
    vec.set_value(0.0)
    with vec.array_write() as first:
        first[:] = np.arange(5.0)
        first_address = address(first)
    with vec.array_read() as again:
        assert address(again) == first_address  # no copy between accesses on the host
        np.testing.assert_array_equal(again, np.arange(5.0))
        assert not again.flags.writeable


def test_array_context_managers_reshape(ceed):
    vec = ceed.Vector(6)
    with vec.array_write(2, 3) as view:
        assert view.shape == (2, 3)
        view[...] = [[1, 2, 3], [4, 5, 6]]
    with vec.array_read(3, 2) as view:
        np.testing.assert_array_equal(view, [[1, 2], [3, 4], [5, 6]])


def test_get_and_restore_without_context_manager(ceed):
    vec = ceed.Vector(3)
    vec.set_value(2.5)
    view = vec.get_array()
    view *= 2
    vec.restore_array()
    view = vec.get_array_read()
    np.testing.assert_array_equal(view, [5.0, 5.0, 5.0])
    vec.restore_array_read()
    assert len(vec) == 3 and vec.get_length() == 3


def test_operations_give_known_values(ceed):
    x, y, w = ceed.Vector(4), ceed.Vector(4), ceed.Vector(4)
    x.set_array(np.array([1.0, -2.0, 3.0, -4.0]))
    assert x.norm(ceedrt.NORM_1) == pytest.approx(10.0)
    assert x.norm() == pytest.approx(np.sqrt(30.0))
    assert x.norm(ceedrt.NORM_MAX) == pytest.approx(4.0)
    y.copy_from(x)
    y.scale(2.0)                  # y = 2x
    y.axpy(1.0, x)                # y = 3x
    y.axpby(2.0, 0.5, x)          # y = 2x + 1.5x = 3.5x
    w.pointwise_mult(x, y)        # w = 3.5 x^2
    with w.array_read() as view:
        np.testing.assert_allclose(view, [3.5, 14.0, 31.5, 56.0])
    w.reciprocal()
    with w.array_read() as view:
        np.testing.assert_allclose(view, 1.0 / np.array([3.5, 14.0, 31.5, 56.0]))


def test_dot_gives_known_value_and_checks_lengths(ceed):
    x, y = ceed.Vector(4), ceed.Vector(4)
    x.set_array(np.array([1.0, -2.0, 3.0, -4.0]))
    y.set_array(np.array([0.5, 1.0, -1.0, 2.0]))
    assert x.dot(y) == pytest.approx(0.5 - 2.0 - 3.0 - 8.0)
    assert y.dot(x) == pytest.approx(x.dot(y))
    with pytest.raises(ceedrt.CeedError) as error:
        x.dot(ceed.Vector(3))
    assert "CeedVectorDot" in str(error.value) or "length" in str(error.value)


def test_host_device_bytes_count_copies_to_the_device(ceed):
    before = ceedrt.host_device_bytes()
    x = ceed.Vector(100)
    x.set_array(np.ones(100))
    x.sync_array(ceedrt.MEM_DEVICE if ceed.get_preferred_memtype() == ceedrt.MEM_DEVICE else ceedrt.MEM_HOST)
    after = ceedrt.host_device_bytes()
    if ceed.get_preferred_memtype() == ceedrt.MEM_HOST:
        assert after == before   # a host backend copies nothing between host and device
    else:
        assert after[0] - before[0] >= 100 * 8


def test_vector_keeps_its_use_pointer_array_alive(ceed):
    vec = ceed.Vector(1000)
    vec.set_array(np.full(1000, 3.0), cmode=ceedrt.USE_POINTER)
    gc.collect()
    assert vec.norm(ceedrt.NORM_1) == pytest.approx(3000.0)


def test_vector_outlives_its_ceed_wrapper(ceed_resource):
    ceed = ceedrt.Ceed(ceed_resource)
    vec = ceed.Vector(3)
    del ceed
    gc.collect()
    vec.set_value(1.0)
    assert vec.norm(ceedrt.NORM_1) == pytest.approx(3.0)


def test_own_pointer_from_numpy_is_a_copy(ceed):
    values = np.arange(3.0)
    vec = ceed.Vector(3)
    vec.set_array(values, cmode=ceedrt.OWN_POINTER)
    values[:] = -1.0
    with vec.array_read() as view:
        np.testing.assert_array_equal(view, [0.0, 1.0, 2.0])


def test_use_pointer_rejects_arrays_it_cannot_use_in_place(ceed):
    vec = ceed.Vector(4)
    with pytest.raises(TypeError, match="float64"):
        vec.set_array(np.arange(4, dtype=np.int32), cmode=ceedrt.USE_POINTER)
    with pytest.raises(TypeError, match="contiguous"):
        vec.set_array(np.arange(8.0)[::2], cmode=ceedrt.USE_POINTER)


def test_array_shorter_than_the_vector_is_refused(ceed):
    vec = ceed.Vector(5)
    with pytest.raises(ValueError, match="3 values, the vector 5"):
        vec.set_array(np.zeros(3))
    with pytest.raises(ValueError, match="3 values, the vector 5"):
        vec.set_array(np.zeros(3), cmode=ceedrt.USE_POINTER)


def test_length_mismatch_raises_with_the_library_message(ceed):
    x, y = ceed.Vector(3), ceed.Vector(4)
    x.set_value(1.0)
    y.set_value(1.0)
    with pytest.raises(ceedrt.CeedError, match="length") as error:
        y.axpy(1.0, x)
    assert "CeedVectorAXPY" in str(error.value)


def test_reading_a_vector_without_data_raises(ceed):
    vec = ceed.Vector(3)
    with pytest.raises(ceedrt.CeedError):
        vec.get_array_read()


def test_two_writers_are_refused(ceed):
    vec = ceed.Vector(2)
    vec.set_value(0.0)
    with vec.array():
        with pytest.raises(ceedrt.CeedError, match="access"):
            vec.get_array()


def test_fp32_view_is_converted_by_the_library(ceed):
    vec = ceed.Vector(3)
    vec.set_array(np.array([1.0, 0.5, 1.0 / 3.0]))
    with vec.array_read_fp32() as view:
        assert view.dtype == np.float32
        np.testing.assert_array_equal(view, np.array([1.0, 0.5, 1.0 / 3.0], dtype=np.float32))


def test_str_lists_the_values(ceed):
    vec = ceed.Vector(2)
    vec.set_array(np.array([1.5, -2.0]))
    text = str(vec)
    assert "CeedVector length 2" in text and "1.500000" in text and "-2.000000" in text

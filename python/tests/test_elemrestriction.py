"""Element restrictions: gather, scatter-add, strides, blocks, orientations, multiplicity; their errors."""

import gc

import numpy as np
import pytest

import ceedrt
from conftest import values, vector


CHAIN_OFFSETS = [0, 1, 1, 2, 2, 3]  # three 2-node elements on a chain of 4 nodes


def test_gather_and_scatter_add(ceed):
    rstr = ceed.ElemRestriction(3, 2, 1, 1, 4, np.array(CHAIN_OFFSETS, dtype=np.int32))
    u, e = vector(ceed, [10, 20, 30, 40]), ceed.Vector(6)
    rstr.apply(u, e)
    np.testing.assert_array_equal(values(e), [10, 20, 20, 30, 30, 40])
    back = vector(ceed, [0, 0, 0, 0])
    rstr.T.apply(e, back)
    np.testing.assert_array_equal(values(back), [10, 40, 60, 40])
    np.testing.assert_array_equal(values(rstr.get_multiplicity()), [1, 2, 2, 1])


def test_offsets_of_any_integer_type_and_use_pointer(ceed):
    offsets = [0, 1, 1, 2, 2, 3]  # a Python list: converted to int32 and kept by the restriction
    rstr = ceed.ElemRestriction(3, 2, 1, 1, 4, offsets, cmode=ceedrt.USE_POINTER)
    del offsets
    gc.collect()
    e = ceed.Vector(6)
    rstr.apply(vector(ceed, [1, 2, 3, 4]), e)
    np.testing.assert_array_equal(values(e), [1, 2, 2, 3, 3, 4])


def test_create_vector_and_sizes(ceed):
    rstr = ceed.ElemRestriction(3, 2, 2, 4, 8, np.array(CHAIN_OFFSETS))
    lvec, evec = rstr.create_vector()
    assert (len(lvec), len(evec)) == (8, 12)
    assert rstr.get_l_size() == 8 and rstr.get_e_size() == 12
    assert rstr.get_num_elements() == 3 and rstr.get_elem_size() == 2 and rstr.get_num_components() == 2
    only_l = rstr.create_vector(createEvec=False)
    assert only_l[1] is None and len(only_l[0]) == 8


def test_two_components_with_component_stride(ceed):
    rstr = ceed.ElemRestriction(3, 2, 2, 4, 8, np.array(CHAIN_OFFSETS))
    e = ceed.Vector(12)
    rstr.apply(vector(ceed, [1, 2, 3, 4, 10, 20, 30, 40]), e)
    # E-vector layout: [element][component][node]
    np.testing.assert_array_equal(values(e), [1, 2, 10, 20, 2, 3, 20, 30, 3, 4, 30, 40])


def test_strided_identity(ceed):
    rstr = ceed.StridedElemRestriction(2, 3, 1, 6, np.array([1, 3, 3], dtype=np.int32))
    e = ceed.Vector(6)
    rstr.apply(vector(ceed, range(6)), e)
    np.testing.assert_array_equal(values(e), range(6))
    np.testing.assert_array_equal(rstr.get_l_layout(), [1, 3, 3])
    assert len(rstr.get_e_layout()) == 3  # the backend's choice


def test_blocked_pads_the_last_block_with_its_last_element(ceed):
    rstr = ceed.BlockedElemRestriction(3, 2, 2, 1, 1, 4, np.array(CHAIN_OFFSETS))
    assert rstr.get_num_blocks() == 2 and rstr.get_block_size() == 2
    u = vector(ceed, [10, 20, 30, 40])
    e = ceed.Vector(8)
    rstr.apply(u, e)
    # E-vector layout: [block][node][element in block]
    np.testing.assert_array_equal(values(e), [10, 20, 20, 30, 30, 30, 40, 40])
    block = ceed.Vector(4)
    rstr.apply_block(1, u, block)
    np.testing.assert_array_equal(values(block), [30, 30, 40, 40])
    back = vector(ceed, [0, 0, 0, 0])
    rstr.T.apply_block(1, block, back)
    np.testing.assert_array_equal(values(back), [0, 0, 30, 40])  # padding is not scattered back


def test_blocked_strided(ceed):
    rstr = ceed.BlockedStridedElemRestriction(2, 2, 2, 1, 4, [1, 2, 2])
    e = ceed.Vector(4)
    rstr.apply(vector(ceed, [1, 2, 3, 4]), e)
    np.testing.assert_array_equal(values(e), [1, 3, 2, 4])


def test_oriented_flips_signs(ceed):
    rstr = ceed.OrientedElemRestriction(2, 2, 1, 1, 3, [0, 1, 1, 2], [False, True, False, False])
    e = ceed.Vector(4)
    rstr.apply(vector(ceed, [1, 2, 3]), e)
    np.testing.assert_array_equal(values(e), [1, -2, 2, 3])


def test_curl_oriented_applies_the_tridiagonal_orientation(ceed):
    # Per element node: [entry from the previous node, diagonal, entry from the next node].
    curl_orients = np.array([[0, 1, 1, 0, -1, 0], [0, 1, 0, 0, 1, 0]], dtype=np.int8)
    rstr = ceed.CurlOrientedElemRestriction(2, 2, 1, 1, 3, [0, 1, 1, 2], curl_orients)
    e = ceed.Vector(4)
    rstr.apply(vector(ceed, [1, 2, 3]), e)
    np.testing.assert_array_equal(values(e), [1 + 2, -2, 2, 3])


def test_blocked_oriented_variants(ceed):
    u = vector(ceed, [1, 2, 3])
    oriented = ceed.BlockedOrientedElemRestriction(2, 2, 2, 1, 1, 3, [0, 1, 1, 2], [False, True, False, False])
    e = ceed.Vector(4)
    oriented.apply(u, e)
    # [block][node][element in block]: element 0 = (1, -2), element 1 = (2, 3)
    np.testing.assert_array_equal(values(e), [1, 2, -2, 3])
    curl = ceed.BlockedCurlOrientedElemRestriction(2, 2, 2, 1, 1, 3, [0, 1, 1, 2],
                                                   [[0, 1, 1, 0, -1, 0], [0, 1, 0, 0, 1, 0]])
    curl.apply(u, e)
    np.testing.assert_array_equal(values(e), [1 + 2, 2, -2, 3])


def test_offset_outside_the_l_vector_raises(ceed):
    with pytest.raises(ceedrt.CeedError) as error:
        ceed.ElemRestriction(1, 2, 1, 1, 2, [0, 5])
    assert "5" in str(error.value)


def test_index_arrays_shorter_than_read_are_refused(ceed):
    with pytest.raises(ValueError, match="offsets has 5 entries, the restriction reads 6"):
        ceed.ElemRestriction(3, 2, 1, 1, 4, [0, 1, 1, 2, 2])
    with pytest.raises(ValueError, match="orientation has 4 entries, the restriction reads 12"):
        ceed.CurlOrientedElemRestriction(2, 2, 1, 1, 3, [0, 1, 1, 2], [0, 1, 0, 0])
    with pytest.raises(ValueError, match="orientation"):
        ceed.BlockedOrientedElemRestriction(2, 2, 2, 1, 1, 3, [0, 1, 1, 2], [False])


def test_wrong_e_vector_length_raises(ceed):
    rstr = ceed.ElemRestriction(3, 2, 1, 1, 4, CHAIN_OFFSETS)
    with pytest.raises(ceedrt.CeedError):
        rstr.apply(vector(ceed, [1, 2, 3, 4]), ceed.Vector(5))


def test_strides_need_three_entries(ceed):
    with pytest.raises(ValueError, match="3 entries"):
        ceed.StridedElemRestriction(2, 3, 1, 6, [1, 3])


def test_view_describes_the_restriction(ceed):
    text = str(ceed.ElemRestriction(3, 2, 1, 1, 4, CHAIN_OFFSETS))
    assert "CeedElemRestriction" in text

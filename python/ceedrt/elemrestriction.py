"""Element restrictions: the gather from L-vectors to element-wise E-vectors and its transpose."""

import numpy as np

from ._common import CeedObject
from ._ffi import ffi, lib
from . import constants
from .vector import Vector


def _index_array(values, dtype, cdecl, name, needed):
    """The library reads index arrays in place under USE_POINTER: the array returned is the one to keep.
    It reads `needed` entries, so a shorter array is refused before the library reads past its end."""
    array = np.ascontiguousarray(values, dtype=dtype)
    if array.size < needed:
        raise ValueError("%s has %d entries, the restriction reads %d" % (name, array.size, needed))
    return array, ffi.cast(cdecl, array.__array_interface__["data"][0])


class _ElemRestrictionBase(CeedObject):
    _handle_type = "CeedElemRestriction *"
    _destroy = "CeedElemRestrictionDestroy"
    _view = "CeedElemRestrictionView"

    def apply(self, u, v, tmode=constants.NOTRANSPOSE, request=constants.REQUEST_IMMEDIATE):
        """v = R u (or R^T u, summed into v, with tmode=TRANSPOSE)."""
        self._check(lib.CeedElemRestrictionApply(self._handle[0], tmode, u._handle[0], v._handle[0], request))

    @property
    def T(self):
        return TransposeElemRestriction(self)

    def transpose(self):
        return TransposeElemRestriction(self)

    def create_vector(self, createLvec=True, createEvec=True):
        """[lvec, evec] sized for this restriction (None for the one not asked for)."""
        lvec = ffi.new("CeedVector *") if createLvec else None
        evec = ffi.new("CeedVector *") if createEvec else None
        self._check(lib.CeedElemRestrictionCreateVector(self._handle[0], lvec if lvec else ffi.NULL,
                                                        evec if evec else ffi.NULL))
        return [Vector._wrap(self._ceed, lvec) if lvec else None, Vector._wrap(self._ceed, evec) if evec else None]

    def get_multiplicity(self):
        """An L-vector counting how many element nodes share each L-vector entry."""
        mult = self.create_vector(createEvec=False)[0]
        mult.set_value(0)
        self._check(lib.CeedElemRestrictionGetMultiplicity(self._handle[0], mult._handle[0]))
        return mult

    def _layout(self, c_function):
        layout = ffi.new("CeedInt[3]")
        self._check(c_function(self._handle[0], layout))
        return np.array(list(layout), dtype=np.int32)

    def get_l_layout(self):
        """[node, component, element] strides of the L-vector (strided restrictions only)."""
        return self._layout(lib.CeedElemRestrictionGetLLayout)

    def get_e_layout(self):
        """[node, component, element] strides of the E-vector: entry (i, j, k) is at i*s0 + j*s1 + k*s2."""
        return self._layout(lib.CeedElemRestrictionGetELayout)

    def _get(self, c_function, cdecl):
        value = ffi.new(cdecl)
        self._check(c_function(self._handle[0], value))
        return value[0]

    def get_num_elements(self):
        return self._get(lib.CeedElemRestrictionGetNumElements, "CeedInt *")

    def get_elem_size(self):
        return self._get(lib.CeedElemRestrictionGetElementSize, "CeedInt *")

    def get_l_size(self):
        return self._get(lib.CeedElemRestrictionGetLVectorSize, "CeedSize *")

    def get_e_size(self):
        return self._get(lib.CeedElemRestrictionGetEVectorSize, "CeedSize *")

    def get_num_components(self):
        return self._get(lib.CeedElemRestrictionGetNumComponents, "CeedInt *")


class ElemRestriction(_ElemRestrictionBase):
    """Offsets give, per element and node, the L-vector index of component 0 (shape nelem x elemsize)."""

    def __init__(self, ceed, nelem, elemsize, ncomp, compstride, lsize, offsets, memtype=constants.MEM_HOST,
                 cmode=constants.COPY_VALUES):
        self._begin(ceed)
        offsets, c_offsets = _index_array(offsets, np.int32, "CeedInt *", "offsets", nelem * elemsize)
        self._kept.append(offsets)
        self._check(lib.CeedElemRestrictionCreate(ceed._handle[0], nelem, elemsize, ncomp, compstride, lsize,
                                                  memtype, _safe_mode(cmode), c_offsets, self._handle))


class _OrientedBase(_ElemRestrictionBase):
    """Offsets plus an orientation array of _orient_dtype, passed to the C function _c_create."""

    _c_create = None
    _orient_dtype, _orient_cdecl, _orient_per_node = None, None, 1

    def __init__(self, ceed, nelem, elemsize, ncomp, compstride, lsize, offsets, orientation,
                 memtype=constants.MEM_HOST, cmode=constants.COPY_VALUES):
        _create_oriented(self, ceed, (nelem, elemsize, ncomp, compstride, lsize), nelem * elemsize, offsets, orientation,
                         memtype, cmode)


class OrientedElemRestriction(_OrientedBase):
    """Like ElemRestriction, with a sign flip per element node (orients: bool, True = negate)."""

    _c_create = "CeedElemRestrictionCreateOriented"
    _orient_dtype, _orient_cdecl = np.bool_, "bool *"


class CurlOrientedElemRestriction(_OrientedBase):
    """Like ElemRestriction, with a tridiagonal orientation matrix per element (curl_orients: int8, per node
    the entries for the previous node, the node itself and the next node)."""

    _c_create = "CeedElemRestrictionCreateCurlOriented"
    _orient_dtype, _orient_cdecl, _orient_per_node = np.int8, "CeedInt8 *", 3


class StridedElemRestriction(_ElemRestrictionBase):
    """E-vector entry (node i, component j, element k) is L-vector entry i*s0 + j*s1 + k*s2."""

    def __init__(self, ceed, nelem, elemsize, ncomp, lsize, strides):
        self._begin(ceed)
        c_strides = _strides(strides)
        self._check(lib.CeedElemRestrictionCreateStrided(ceed._handle[0], nelem, elemsize, ncomp, lsize, c_strides,
                                                         self._handle))


class BlockedElemRestriction(_ElemRestrictionBase):
    """Elements interlaced in blocks of blksize (the library pads the last block)."""

    def __init__(self, ceed, nelem, elemsize, blksize, ncomp, compstride, lsize, offsets,
                 memtype=constants.MEM_HOST, cmode=constants.COPY_VALUES):
        self._begin(ceed)
        offsets, c_offsets = _index_array(offsets, np.int32, "CeedInt *", "offsets", nelem * elemsize)
        self._kept.append(offsets)
        self._check(lib.CeedElemRestrictionCreateBlocked(ceed._handle[0], nelem, elemsize, blksize, ncomp,
                                                         compstride, lsize, memtype, _safe_mode(cmode), c_offsets,
                                                         self._handle))

    def apply_block(self, block, u, v, tmode=constants.NOTRANSPOSE, request=constants.REQUEST_IMMEDIATE):
        """Apply to the elements of one block only."""
        self._check(lib.CeedElemRestrictionApplyBlock(self._handle[0], block, tmode, u._handle[0], v._handle[0],
                                                      request))

    @property
    def T(self):
        return TransposeBlockedElemRestriction(self)

    def transpose(self):
        return TransposeBlockedElemRestriction(self)

    def get_num_blocks(self):
        return self._get(lib.CeedElemRestrictionGetNumBlocks, "CeedInt *")

    def get_block_size(self):
        return self._get(lib.CeedElemRestrictionGetBlockSize, "CeedInt *")


class _BlockedOrientedBase(BlockedElemRestriction):
    _c_create = None
    _orient_dtype, _orient_cdecl, _orient_per_node = None, None, 1

    def __init__(self, ceed, nelem, elemsize, blksize, ncomp, compstride, lsize, offsets, orientation,
                 memtype=constants.MEM_HOST, cmode=constants.COPY_VALUES):
        _create_oriented(self, ceed, (nelem, elemsize, blksize, ncomp, compstride, lsize), nelem * elemsize, offsets,
                         orientation, memtype, cmode)


class BlockedOrientedElemRestriction(_BlockedOrientedBase):
    """OrientedElemRestriction with elements in blocks of blksize."""

    _c_create = "CeedElemRestrictionCreateBlockedOriented"
    _orient_dtype, _orient_cdecl = np.bool_, "bool *"


class BlockedCurlOrientedElemRestriction(_BlockedOrientedBase):
    """CurlOrientedElemRestriction with elements in blocks of blksize."""

    _c_create = "CeedElemRestrictionCreateBlockedCurlOriented"
    _orient_dtype, _orient_cdecl, _orient_per_node = np.int8, "CeedInt8 *", 3


class BlockedStridedElemRestriction(BlockedElemRestriction):
    def __init__(self, ceed, nelem, elemsize, blksize, ncomp, lsize, strides):
        self._begin(ceed)
        c_strides = _strides(strides)
        self._check(lib.CeedElemRestrictionCreateBlockedStrided(ceed._handle[0], nelem, elemsize, blksize, ncomp,
                                                                lsize, c_strides, self._handle))


class TransposeElemRestriction:
    """R^T as an object of its own: r.T.apply(u, v) is r.apply(u, v, TRANSPOSE)."""

    def __init__(self, restriction):
        self._restriction = restriction

    def apply(self, u, v, request=constants.REQUEST_IMMEDIATE):
        self._restriction.apply(u, v, constants.TRANSPOSE, request)


class TransposeBlockedElemRestriction(TransposeElemRestriction):
    def apply_block(self, block, u, v, request=constants.REQUEST_IMMEDIATE):
        self._restriction.apply_block(block, u, v, constants.TRANSPOSE, request)


def _create_oriented(rstr, ceed, sizes, num_nodes, offsets, orientation, memtype, cmode):
    """The (blocked) oriented restrictions: rstr's class names the C function and the orientation's type."""
    rstr._begin(ceed)
    offsets, c_offsets = _index_array(offsets, np.int32, "CeedInt *", "offsets", num_nodes)
    orientation, c_orientation = _index_array(orientation, rstr._orient_dtype, rstr._orient_cdecl, "orientation",
                                              rstr._orient_per_node * num_nodes)
    rstr._kept += [offsets, orientation]
    rstr._check(getattr(lib, rstr._c_create)(ceed._handle[0], *sizes, memtype, _safe_mode(cmode), c_offsets,
                                             c_orientation, rstr._handle))


def _strides(strides):
    values = np.asarray(strides, dtype=np.int64).ravel()
    if values.size != 3:
        raise ValueError("strides must have 3 entries (node, component, element), got %d" % values.size)
    return ffi.new("CeedInt[3]", [int(s) for s in values])


def _safe_mode(cmode):
    # An index array is always kept alive by the wrapper, so USE_POINTER is safe; OWN_POINTER would make the
    # library free NumPy's memory, so it becomes a copy.
    return constants.COPY_VALUES if cmode == constants.OWN_POINTER else cmode

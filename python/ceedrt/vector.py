"""Vector: a CeedVector whose host memory is seen from Python as NumPy arrays, without copies."""

import contextlib

import numpy as np

from ._common import CeedObject, DeviceArray, array_address, host_view, scoped_view, view_text
from ._ffi import ffi, lib
from . import constants


class Vector(CeedObject):
    """A CeedVector of `size` scalars."""

    _handle_type = "CeedVector *"
    _destroy = "CeedVectorDestroy"

    def __init__(self, ceed, size):
        self._begin(ceed)
        self._array_reference = None
        self._check(lib.CeedVectorCreate(ceed._handle[0], size, self._handle))

    @classmethod
    def _wrap(cls, ceed, handle):
        """Wrap a vector the library created (the wrapper takes over the reference in handle)."""
        vec = cls.__new__(cls)
        vec._ceed, vec._handle, vec._array_reference, vec._kept = ceed, handle, None, []
        return vec

    def __str__(self):
        return view_text(lib.CeedVectorView, self._handle[0], b"%f")  # libCEED's Python prints with %f

    def get_length(self):
        length = ffi.new("CeedSize *")
        self._check(lib.CeedVectorGetLength(self._handle[0], length))
        return length[0]

    def __len__(self):
        return self.get_length()

    def copy_from(self, vec_source):
        """Copy the values of vec_source into this vector."""
        self._check(lib.CeedVectorCopy(vec_source._handle[0], self._handle[0]))

    def set_array(self, array, memtype=constants.MEM_HOST, cmode=constants.COPY_VALUES):
        """Give the vector an array: copied (COPY_VALUES) or used in place (USE_POINTER, the array is kept alive
        by the vector and must be contiguous float64). OWN_POINTER cannot hand NumPy's memory to the library's
        free(), so for NumPy arrays it copies, which is what the caller sees anyway: the array is given up."""
        if memtype == constants.MEM_HOST:
            if cmode == constants.USE_POINTER:
                if not (isinstance(array, np.ndarray) and array.dtype == np.float64
                        and array.flags.c_contiguous and array.flags.writeable):
                    raise TypeError("Vector.set_array: USE_POINTER needs a writable C-contiguous float64 NumPy "
                                    "array, got %s" % _describe(array))
            else:
                array = np.ascontiguousarray(array, dtype=np.float64)
                cmode = constants.COPY_VALUES
            if array.size < self.get_length():
                # The library reads length values from the pointer: a shorter array would be read past its end.
                raise ValueError("Vector.set_array: the array has %d values, the vector %d"
                                 % (array.size, self.get_length()))
        pointer = ffi.cast("CeedScalar *", array_address(array, memtype))
        self._check(lib.CeedVectorSetArray(self._handle[0], memtype, cmode, pointer))
        self._array_reference = array if cmode == constants.USE_POINTER else None

    def take_array(self, memtype=constants.MEM_HOST):
        """Take back the array given with USE_POINTER; the vector no longer has data."""
        pointer = ffi.new("CeedScalar **")
        self._check(lib.CeedVectorTakeArray(self._handle[0], memtype, pointer))
        array, self._array_reference = self._array_reference, None
        if array is None:
            # The library's own memory: wrap and let NumPy never free it (it leaks, as in C without free()).
            return host_view(pointer[0], self.get_length())
        return array

    def _access(self, c_function, memtype, read_only):
        length = self.get_length()
        pointer = ffi.new("CeedScalar **")
        self._check(c_function(self._handle[0], memtype, pointer))
        if memtype == constants.MEM_HOST:
            return host_view(pointer[0], length, read_only=read_only)
        return DeviceArray(pointer[0], length, read_only)

    def get_array(self, memtype=constants.MEM_HOST):
        """Read-write view of the data; call restore_array when done."""
        return self._access(lib.CeedVectorGetArray, memtype, False)

    def get_array_read(self, memtype=constants.MEM_HOST):
        """Read-only view of the data; call restore_array_read when done."""
        return self._access(lib.CeedVectorGetArrayRead, memtype, True)

    def get_array_write(self, memtype=constants.MEM_HOST):
        """Write-only view (old values are undefined); call restore_array when done."""
        return self._access(lib.CeedVectorGetArrayWrite, memtype, False)

    def restore_array(self):
        self._check(lib.CeedVectorRestoreArray(self._handle[0], ffi.new("CeedScalar **")))

    def restore_array_read(self):
        self._check(lib.CeedVectorRestoreArrayRead(self._handle[0], ffi.new("CeedScalar **")))

    def array(self, *shape, memtype=constants.MEM_HOST):
        """with vec.array(4, 4) as x: a writable view, reshaped when a shape is given, restored on exit."""
        return scoped_view(self.get_array(memtype), self.restore_array, shape)

    def array_read(self, *shape, memtype=constants.MEM_HOST):
        return scoped_view(self.get_array_read(memtype), self.restore_array_read, shape)

    def array_write(self, *shape, memtype=constants.MEM_HOST):
        return scoped_view(self.get_array_write(memtype), self.restore_array, shape)

    def set_value(self, value):
        self._check(lib.CeedVectorSetValue(self._handle[0], value))

    def sync_array(self, memtype=constants.MEM_HOST):
        self._check(lib.CeedVectorSyncArray(self._handle[0], memtype))

    def norm(self, normtype=constants.NORM_2):
        result = ffi.new("CeedScalar *")
        self._check(lib.CeedVectorNorm(self._handle[0], normtype, result))
        return result[0]

    def reciprocal(self):
        self._check(lib.CeedVectorReciprocal(self._handle[0]))

    def scale(self, alpha):
        self._check(lib.CeedVectorScale(self._handle[0], alpha))

    def axpy(self, alpha, x):
        """self = alpha x + self"""
        self._check(lib.CeedVectorAXPY(self._handle[0], alpha, x._handle[0]))

    def axpby(self, alpha, beta, x):
        """self = alpha x + beta self"""
        self._check(lib.CeedVectorAXPBY(self._handle[0], alpha, beta, x._handle[0]))

    def dot(self, x):
        """x^T self, computed on the vectors' backend (a ceedrt extension)"""
        result = ffi.new("CeedScalar *")
        self._check(lib.CeedVectorDot(self._handle[0], x._handle[0], result))
        return result[0]

    def pointwise_mult(self, x, y):
        """self = x .* y"""
        self._check(lib.CeedVectorPointwiseMult(self._handle[0], x._handle[0], y._handle[0]))

    # ceedrt's multiprecision addition: the vector's values in fp32, converted by the library.
    @contextlib.contextmanager
    def array_read_fp32(self):
        """with vec.array_read_fp32() as x: a read-only float32 view (the library keeps the converted copy)."""
        pointer = ffi.new("const void **")
        self._check(lib.CeedVectorGetArrayReadTyped(self._handle[0], constants.MEM_HOST, constants.SCALAR_FP32,
                                                    pointer))
        try:
            yield host_view(ffi.cast("float *", pointer[0]), self.get_length(), np.float32, read_only=True)
        finally:
            self._check(lib.CeedVectorRestoreArrayReadTyped(self._handle[0], pointer))


def _describe(array):
    if isinstance(array, np.ndarray):
        return "dtype %s, %s" % (array.dtype, "contiguous" if array.flags.c_contiguous else "not contiguous")
    return type(array).__name__

"""What every wrapper class shares: error checking, destruction on collection, printing through the C View.

Lifetime: every wrapper owns one reference to its C object and drops it in __del__. The C library counts
references itself (a vector holds its Ceed, an operator its fields), so wrappers may be collected in any
order. A wrapper also keeps Python references to what the C object uses but cannot own: NumPy arrays set
with USE_POINTER, the ctypes library of a QFunction, the wrappers of an operator's fields.
"""

import contextlib
import os
import tempfile

import numpy as np

from ._ffi import ffi, lib


class CeedError(RuntimeError):
    """An error reported by the C library; the message is the library's own, code is its CeedErrorType."""

    def __init__(self, message, code):
        super().__init__(message)
        self.code = code


def raise_error(ceed_pointer, code):
    message = ffi.new("const char **")
    lib.CeedGetErrorMessage(ceed_pointer, message)
    text = ffi.string(message[0]).decode("utf-8", "replace") if message[0] != ffi.NULL else ""
    # Reset, so that the next error's message is not appended to or confused with this one.
    lib.CeedResetErrorMessage(ceed_pointer, message)
    raise CeedError(text.strip() or "ceedrt error %d" % code, code)


def check_null_ceed(code):
    """Check a call made without a Ceed (CeedInit, quadrature): its message is kept per thread."""
    if code != 0:
        raise_error(ffi.NULL, code)


def view_text(view_fn, handle, *extra):
    """What the library's View function prints, as a string."""
    with tempfile.TemporaryFile(mode="w+") as stream:
        code = view_fn(handle, *extra, ffi.cast("FILE *", stream))
        stream.flush()
        stream.seek(0)
        text = stream.read()
    if code != 0:
        return "<view failed with code %d>" % code
    return text


def as_scalars(values, name, shape=None):
    """A C-contiguous float64 copy-free view of values when possible (converted otherwise)."""
    array = np.ascontiguousarray(values, dtype=np.float64)
    if shape is not None and array.size != int(np.prod(shape)):
        raise ValueError("%s has %d values, expected %d (shape %s)" % (name, array.size, int(np.prod(shape)),
                                                                         tuple(shape)))
    return array


def scalar_pointer(array):
    return ffi.cast("CeedScalar *", array.__array_interface__["data"][0])


def host_view(pointer, count, dtype=np.float64, read_only=False):
    """A NumPy array over count elements at a C pointer: no copy, the memory stays the library's."""
    dtype = np.dtype(dtype)
    if count == 0:
        view = np.empty(0, dtype=dtype)
    else:
        view = np.frombuffer(ffi.buffer(pointer, count * dtype.itemsize), dtype=dtype)
    if read_only:
        view.flags.writeable = False
    return view


class DeviceArray:
    """Device memory handed out by a vector or context with MEM_DEVICE: exposes __cuda_array_interface__
    (version 3) so that CuPy or Numba can wrap it without a copy; ceedrt itself never touches it."""

    def __init__(self, pointer, count, read_only=False):
        self.pointer = int(ffi.cast("intptr_t", pointer))
        self.shape = (count,)
        self.read_only = read_only

    @property
    def __cuda_array_interface__(self):
        return {"shape": self.shape, "typestr": "<f8", "data": (self.pointer, self.read_only), "version": 3,
                "strides": None}


def array_address(array, memtype):
    """The address of a host NumPy array or of a device array (__cuda_array_interface__)."""
    if memtype == lib.CEED_MEM_HOST:
        return array.__array_interface__["data"][0]
    return array.__cuda_array_interface__["data"][0]


class CeedObject:
    """Base of the wrappers: _handle is a cdata 'CeedX *', _ceed the Ceed wrapper it belongs to."""

    _handle_type = None  # cdecl of the handle, e.g. "CeedBasis *"
    _destroy = None      # name of the C destroy function
    _view = None         # name of the C view function

    def _begin(self, ceed):
        self._ceed = ceed
        self._handle = ffi.new(self._handle_type)
        self._kept = []  # what the C object uses but cannot own (arrays, other wrappers)

    def _check(self, code):
        if code != 0:
            raise_error(self._ceed._handle[0], code)

    @property
    def _pointer(self):
        # libCEED's Python names the handle _pointer; scripts that reach into it keep working.
        return self._handle

    def __del__(self):
        handle = getattr(self, "_handle", None)
        if handle is None or handle[0] == ffi.NULL or lib is None:
            return
        try:
            getattr(lib, self._destroy)(handle)
        except Exception:  # interpreter shutdown: the library may already be gone
            pass

    def __str__(self):
        return view_text(getattr(lib, self._view), self._handle[0])

    def __repr__(self):
        return "<%s instance at %s>" % (type(self).__name__, hex(id(self)))


def env_error_handler():
    """Calls made without a Ceed (CeedInit) return their code and keep their message only when
    CEED_ERROR_HANDLER=store; otherwise a bad resource string would end the Python process."""
    os.environ["CEED_ERROR_HANDLER"] = "store"


@contextlib.contextmanager
def scoped_view(view, restore, shape):
    """The body of the array/array_read/data context managers: yield a (reshaped) view, restore on exit."""
    try:
        yield view.reshape(shape) if shape else view
    finally:
        restore()

"""QFunctions (user code at quadrature points, from a compiled C library) and their contexts."""

import ctypes

import numpy as np

from ._common import CeedObject, DeviceArray, array_address, host_view, scoped_view
from ._ffi import ffi, lib
from . import constants


def _function_address(f):
    """The address of a compiled QFunction: a ctypes function (libCEED's way), a cffi pointer or an int."""
    if isinstance(f, int):
        return f
    if isinstance(f, ffi.CData):
        return int(ffi.cast("intptr_t", f))
    try:
        return ctypes.cast(f, ctypes.c_void_p).value
    except (TypeError, ctypes.ArgumentError) as err:
        raise TypeError("QFunction: f must be a ctypes function from a compiled library (or its address), got %s"
                        % type(f).__name__) from err


class _QFunctionBase(CeedObject):
    _handle_type = "CeedQFunction *"
    _destroy = "CeedQFunctionDestroy"
    _view = "CeedQFunctionView"

    def apply(self, q, inputs, outputs):
        """Evaluate at q points: inputs and outputs are lists of Vectors, one per field, in field order."""
        num_in, num_out = ffi.new("CeedInt *"), ffi.new("CeedInt *")
        self._check(lib.CeedQFunctionGetFields(self._handle[0], num_in, ffi.NULL, num_out, ffi.NULL))
        if (len(inputs), len(outputs)) != (num_in[0], num_out[0]):
            # The library reads one vector per field from each array.
            raise ValueError("QFunction.apply: %d inputs and %d outputs given, the QFunction has %d and %d fields"
                             % (len(inputs), len(outputs), num_in[0], num_out[0]))
        c_in = ffi.new("CeedVector[]", [v._handle[0] for v in inputs] or [ffi.NULL])
        c_out = ffi.new("CeedVector[]", [v._handle[0] for v in outputs] or [ffi.NULL])
        self._check(lib.CeedQFunctionApply(self._handle[0], q, c_in, c_out))

    def set_context(self, ctx):
        """Data the QFunction receives as its first argument (a QFunctionContext)."""
        self._check(lib.CeedQFunctionSetContext(self._handle[0], ctx._handle[0]))
        self._kept.append(ctx)

    def add_input(self, fieldname, size, emode):
        self._check(lib.CeedQFunctionAddInput(self._handle[0], fieldname.encode("utf-8"), size, emode))

    def add_output(self, fieldname, size, emode):
        self._check(lib.CeedQFunctionAddOutput(self._handle[0], fieldname.encode("utf-8"), size, emode))


class QFunction(_QFunctionBase):
    """QFunction(ceed, vlength, f, source): f is the function in a compiled shared library (loaded with
    ctypes), source "path/to/header.h:function" the same code for backends that compile it (gen, GPU)."""

    def __init__(self, ceed, vlength, f, source):
        self._begin(ceed)
        self._kept.append(f)  # keeps the ctypes library, and so the code, loaded
        user = ffi.cast("CeedQFunctionUser", _function_address(f))
        self._check(lib.CeedQFunctionCreateInterior(ceed._handle[0], vlength, user, source.encode("utf-8"),
                                                    self._handle))


class QFunctionByName(_QFunctionBase):
    """A QFunction of the library's gallery, e.g. "Mass1DBuild", "MassApply", "Poisson3DApply"."""

    def __init__(self, ceed, name):
        self._begin(ceed)
        self._check(lib.CeedQFunctionCreateInteriorByName(ceed._handle[0], name.encode("utf-8"), self._handle))


class IdentityQFunction(_QFunctionBase):
    """Copies its input "input" to its output "output" (size values per point)."""

    def __init__(self, ceed, size, inmode, outmode):
        self._begin(ceed)
        self._check(lib.CeedQFunctionCreateIdentity(ceed._handle[0], size, inmode, outmode, self._handle))


class QFunctionContext(CeedObject):
    """The data a QFunction receives; seen from Python as an array of CeedScalar (float64)."""

    _handle_type = "CeedQFunctionContext *"
    _destroy = "CeedQFunctionContextDestroy"
    _view = "CeedQFunctionContextView"

    def __init__(self, ceed):
        self._begin(ceed)
        self._data_reference = None
        self._check(lib.CeedQFunctionContextCreate(ceed._handle[0], self._handle))

    def set_data(self, data, memtype=constants.MEM_HOST, cmode=constants.COPY_VALUES):
        """Set the context's bytes from an array (any dtype); USE_POINTER keeps the array and uses it in place."""
        if memtype == constants.MEM_HOST:
            if cmode == constants.USE_POINTER:
                if not (isinstance(data, np.ndarray) and data.flags.c_contiguous and data.flags.writeable):
                    raise TypeError("QFunctionContext.set_data: USE_POINTER needs a writable C-contiguous NumPy "
                                    "array")
            else:
                data = np.ascontiguousarray(data)
                cmode = constants.COPY_VALUES  # the library must not free() NumPy's memory
            size = data.nbytes
        else:
            interface = data.__cuda_array_interface__
            size = int(np.prod(interface["shape"])) * np.dtype(interface["typestr"]).itemsize
        pointer = ffi.cast("void *", array_address(data, memtype))
        self._check(lib.CeedQFunctionContextSetData(self._handle[0], memtype, cmode, size, pointer))
        self._data_reference = data if cmode == constants.USE_POINTER else None

    def get_context_size(self):
        size = ffi.new("size_t *")
        self._check(lib.CeedQFunctionContextGetContextSize(self._handle[0], size))
        return size[0]

    def _view_of(self, pointer, memtype, read_only):
        size = self.get_context_size()
        if memtype != constants.MEM_HOST:
            return DeviceArray(pointer, size // 8, read_only)
        if size % 8 == 0:
            return host_view(ffi.cast("CeedScalar *", pointer), size // 8, read_only=read_only)
        return host_view(ffi.cast("char *", pointer), size, np.uint8, read_only)

    def get_data(self, memtype=constants.MEM_HOST):
        """Read-write view of the data (float64 when its size allows, bytes otherwise); call restore_data."""
        pointer = ffi.new("void **")
        self._check(lib.CeedQFunctionContextGetData(self._handle[0], memtype, pointer))
        return self._view_of(pointer[0], memtype, False)

    def get_data_read(self, memtype=constants.MEM_HOST):
        pointer = ffi.new("void **")
        self._check(lib.CeedQFunctionContextGetDataRead(self._handle[0], memtype, pointer))
        return self._view_of(pointer[0], memtype, True)

    def restore_data(self):
        self._check(lib.CeedQFunctionContextRestoreData(self._handle[0], ffi.new("void **")))

    def restore_data_read(self):
        self._check(lib.CeedQFunctionContextRestoreDataRead(self._handle[0], ffi.new("void **")))

    def take_data(self, memtype=constants.MEM_HOST):
        """Take back the array given with USE_POINTER."""
        pointer = ffi.new("void **")
        self._check(lib.CeedQFunctionContextTakeData(self._handle[0], memtype, pointer))
        data, self._data_reference = self._data_reference, None
        return data

    def data(self, *shape, memtype=constants.MEM_HOST):
        return scoped_view(self.get_data(memtype), self.restore_data, shape)

    def data_read(self, *shape, memtype=constants.MEM_HOST):
        return scoped_view(self.get_data_read(memtype), self.restore_data_read, shape)

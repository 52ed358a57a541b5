"""ceedrt: Python interface to the ceedrt library, with libCEED's Python API (also importable as libceed).

    import ceedrt                  # or: import libceed
    ceed = ceedrt.Ceed("/cpu/self/gen")
    x = ceed.Vector(10)
    x.set_array(numpy_array, cmode=ceedrt.USE_POINTER)
    with x.array_read() as values: ...

Objects wrap the C handles one to one; see docs/python.md for the library lookup (CEEDRT_LIBRARY,
CEEDRT_DIR, pkg-config) and for what is added to libCEED's API (multiprecision access).
"""

from ._common import CeedError
from ._ffi import ffi, lib, library_path
from .basis import Basis, BasisH1, BasisHcurl, BasisHdiv, BasisTensorH1, BasisTensorH1Lagrange, TransposeBasis
from .ceed import Ceed, host_device_bytes
from .constants import *  # noqa: F401,F403  (the module constants are part of the API)
from . import constants as _constants
from .elemrestriction import (BlockedCurlOrientedElemRestriction, BlockedElemRestriction,
                              BlockedOrientedElemRestriction, BlockedStridedElemRestriction,
                              CurlOrientedElemRestriction, ElemRestriction, OrientedElemRestriction,
                              StridedElemRestriction, TransposeBlockedElemRestriction, TransposeElemRestriction)
from .operator import CompositeOperator, Operator
from .qfunction import IdentityQFunction, QFunction, QFunctionByName, QFunctionContext
from .vector import Vector

__version__ = "0.1.0"

__all__ = ["Ceed", "CeedError", "Vector",
           "Basis", "BasisTensorH1", "BasisTensorH1Lagrange", "BasisH1", "BasisHdiv", "BasisHcurl", "TransposeBasis",
           "ElemRestriction", "OrientedElemRestriction", "CurlOrientedElemRestriction", "StridedElemRestriction",
           "BlockedElemRestriction", "BlockedOrientedElemRestriction", "BlockedCurlOrientedElemRestriction",
           "BlockedStridedElemRestriction", "TransposeElemRestriction",
           "TransposeBlockedElemRestriction",
           "QFunction", "QFunctionByName", "IdentityQFunction", "QFunctionContext",
           "Operator", "CompositeOperator", "library_path", "host_device_bytes",
           "ffi", "lib"]  # the cffi objects, as libCEED's package exposes them (libceed.lib.CEED_SCALAR_TYPE)
__all__ += _constants.__all__

"""Ceed: the library context, quadrature rules and the factory methods of every other object."""

import numpy as np

from ._common import CeedObject, check_null_ceed, env_error_handler, scalar_pointer
from ._ffi import ffi, lib
from . import constants
from .basis import BasisH1, BasisHcurl, BasisHdiv, BasisTensorH1, BasisTensorH1Lagrange
from .elemrestriction import (BlockedCurlOrientedElemRestriction, BlockedElemRestriction,
                              BlockedOrientedElemRestriction, BlockedStridedElemRestriction,
                              CurlOrientedElemRestriction, ElemRestriction, OrientedElemRestriction,
                              StridedElemRestriction)
from .operator import CompositeOperator, Operator
from .qfunction import IdentityQFunction, QFunction, QFunctionByName, QFunctionContext
from .vector import Vector


def host_device_bytes():
    """(host to device, device to host): the bytes the library has copied between host and device memory in
    this process so far (a ceedrt extension; both 0 where no backend keeps data on a device)."""
    to_device, to_host = ffi.new("CeedSize *"), ffi.new("CeedSize *")
    check_null_ceed(lib.CeedGetHostDeviceBytes(to_device, to_host))
    return to_device[0], to_host[0]


class Ceed(CeedObject):
    """A library context on one backend, e.g. Ceed("/cpu/self/ref/serial") or Ceed("/gpu/cuda/gen").

    on_error="store" (the default) turns every library error into a CeedError carrying the library's
    message; on_error="abort" keeps the library's abort-on-error behaviour."""

    _destroy = "CeedDestroy"
    _view = "CeedView"

    def __init__(self, resource="/cpu/self", on_error="store"):
        handlers = {"store": lib.CeedErrorStore, "abort": lib.CeedErrorAbort}
        if on_error not in handlers:
            raise ValueError("Ceed: on_error must be 'store' or 'abort', not %r" % (on_error,))
        env_error_handler()
        self._handle = ffi.new("Ceed *")
        check_null_ceed(lib.CeedInit(resource.encode("utf-8"), self._handle))
        lib.CeedSetErrorHandler(self._handle[0], ffi.cast("CeedErrorHandler", handlers[on_error]))

    @property
    def _ceed(self):
        # A property, not an attribute: a Ceed referring to itself would wait for the cycle collector.
        return self

    def get_resource(self):
        """The backend resource this context runs on (the registered prefix that matched)."""
        resource = ffi.new("const char **")
        self._check(lib.CeedGetResource(self._handle[0], resource))
        return ffi.string(resource[0]).decode("utf-8")

    def get_preferred_memtype(self):
        """MEM_HOST or MEM_DEVICE: where this backend prefers arrays to live."""
        memtype = ffi.new("CeedMemType *")
        self._check(lib.CeedGetPreferredMemType(self._handle[0], memtype))
        return memtype[0]

    def is_deterministic(self):
        value = ffi.new("bool *")
        self._check(lib.CeedIsDeterministic(self._handle[0], value))
        return bool(value[0])

    def scalar_type(self):
        """NumPy's name for CeedScalar ("float64")."""
        return constants.scalar_types[constants.SCALAR_TYPE]

    def _quadrature(self, c_function, q):
        q_ref = np.empty(q, dtype=np.float64)
        q_weight = np.empty(q, dtype=np.float64)
        check_null_ceed(c_function(q, scalar_pointer(q_ref), scalar_pointer(q_weight)))
        return q_ref, q_weight

    def gauss_quadrature(self, q):
        """Gauss-Legendre points and weights on [-1, 1] (exact for degree 2q-1)."""
        return self._quadrature(lib.CeedGaussQuadrature, q)

    def lobatto_quadrature(self, q):
        """Gauss-Lobatto-Legendre points and weights on [-1, 1] (exact for degree 2q-3)."""
        return self._quadrature(lib.CeedLobattoQuadrature, q)

    # Factory methods, with libCEED's argument names and order.
    def Vector(self, size):
        return Vector(self, size)

    def ElemRestriction(self, nelem, elemsize, ncomp, compstride, lsize, offsets, memtype=constants.MEM_HOST,
                        cmode=constants.COPY_VALUES):
        return ElemRestriction(self, nelem, elemsize, ncomp, compstride, lsize, offsets, memtype, cmode)

    def OrientedElemRestriction(self, nelem, elemsize, ncomp, compstride, lsize, offsets, orients,
                                memtype=constants.MEM_HOST, cmode=constants.COPY_VALUES):
        return OrientedElemRestriction(self, nelem, elemsize, ncomp, compstride, lsize, offsets, orients,
                                       memtype, cmode)

    def CurlOrientedElemRestriction(self, nelem, elemsize, ncomp, compstride, lsize, offsets, curl_orients,
                                    memtype=constants.MEM_HOST, cmode=constants.COPY_VALUES):
        return CurlOrientedElemRestriction(self, nelem, elemsize, ncomp, compstride, lsize, offsets,
                                           curl_orients, memtype, cmode)

    def StridedElemRestriction(self, nelem, elemsize, ncomp, lsize, strides):
        return StridedElemRestriction(self, nelem, elemsize, ncomp, lsize, strides)

    def BlockedElemRestriction(self, nelem, elemsize, blksize, ncomp, compstride, lsize, offsets,
                               memtype=constants.MEM_HOST, cmode=constants.COPY_VALUES):
        return BlockedElemRestriction(self, nelem, elemsize, blksize, ncomp, compstride, lsize, offsets,
                                      memtype, cmode)

    def BlockedOrientedElemRestriction(self, nelem, elemsize, blksize, ncomp, compstride, lsize, offsets, orients,
                                       memtype=constants.MEM_HOST, cmode=constants.COPY_VALUES):
        return BlockedOrientedElemRestriction(self, nelem, elemsize, blksize, ncomp, compstride, lsize, offsets,
                                              orients, memtype, cmode)

    def BlockedCurlOrientedElemRestriction(self, nelem, elemsize, blksize, ncomp, compstride, lsize, offsets,
                                           curl_orients, memtype=constants.MEM_HOST, cmode=constants.COPY_VALUES):
        return BlockedCurlOrientedElemRestriction(self, nelem, elemsize, blksize, ncomp, compstride, lsize, offsets,
                                                  curl_orients, memtype, cmode)

    def BlockedStridedElemRestriction(self, nelem, elemsize, blksize, ncomp, lsize, strides):
        return BlockedStridedElemRestriction(self, nelem, elemsize, blksize, ncomp, lsize, strides)

    def BasisTensorH1(self, dim, ncomp, P1d, Q1d, interp1d, grad1d, qref1d, qweight1d):
        return BasisTensorH1(self, dim, ncomp, P1d, Q1d, interp1d, grad1d, qref1d, qweight1d)

    def BasisTensorH1Lagrange(self, dim, ncomp, P, Q, qmode):
        return BasisTensorH1Lagrange(self, dim, ncomp, P, Q, qmode)

    def BasisH1(self, topo, ncomp, nnodes, nqpts, interp, grad, qref, qweight):
        return BasisH1(self, topo, ncomp, nnodes, nqpts, interp, grad, qref, qweight)

    def BasisHdiv(self, topo, ncomp, nnodes, nqpts, interp, div, qref, qweight):
        return BasisHdiv(self, topo, ncomp, nnodes, nqpts, interp, div, qref, qweight)

    def BasisHcurl(self, topo, ncomp, nnodes, nqpts, interp, curl, qref, qweight):
        return BasisHcurl(self, topo, ncomp, nnodes, nqpts, interp, curl, qref, qweight)

    def QFunction(self, vlength, f, source):
        return QFunction(self, vlength, f, source)

    def QFunctionByName(self, name):
        return QFunctionByName(self, name)

    def IdentityQFunction(self, size, inmode, outmode):
        return IdentityQFunction(self, size, inmode, outmode)

    def QFunctionContext(self):
        return QFunctionContext(self)

    def Operator(self, qf, dqf=None, dqfT=None):
        return Operator(self, qf, dqf, dqfT)

    def CompositeOperator(self):
        return CompositeOperator(self)

"""Bases: interpolation, gradient, divergence, curl and quadrature weights on the reference element."""

from ._common import CeedObject, as_scalars, host_view, scalar_pointer
from ._ffi import ffi, lib
from . import constants


class Basis(CeedObject):
    _handle_type = "CeedBasis *"
    _destroy = "CeedBasisDestroy"
    _view = "CeedBasisView"

    def apply(self, nelem, emode, u, v, tmode=constants.NOTRANSPOSE):
        """v = B u for nelem elements (B^T u with tmode=TRANSPOSE); emode is EVAL_INTERP, EVAL_GRAD, ..."""
        self._check(lib.CeedBasisApply(self._handle[0], nelem, tmode, emode, u._handle[0], v._handle[0]))

    @property
    def T(self):
        return TransposeBasis(self)

    def transpose(self):
        return TransposeBasis(self)

    def _get(self, c_function):
        value = ffi.new("CeedInt *")
        self._check(c_function(self._handle[0], value))
        return value[0]

    def get_dimension(self):
        return self._get(lib.CeedBasisGetDimension)

    def get_num_components(self):
        return self._get(lib.CeedBasisGetNumComponents)

    def get_num_nodes(self):
        return self._get(lib.CeedBasisGetNumNodes)

    def get_num_quadrature_points(self):
        return self._get(lib.CeedBasisGetNumQuadraturePoints)

    def _table(self, c_function, count):
        """A read-only view of one of the basis' own tables (it lives as long as the basis)."""
        pointer = ffi.new("const CeedScalar **")
        self._check(c_function(self._handle[0], pointer))
        return host_view(pointer[0], count, read_only=True)


class BasisTensorH1(Basis):
    """Tensor-product H1 basis from 1D tables: interp1d and grad1d are Q1d x P1d (row-major)."""

    def __init__(self, ceed, dim, ncomp, P1d, Q1d, interp1d, grad1d, qref1d, qweight1d):
        self._begin(ceed)
        tables = [as_scalars(interp1d, "interp1d", (Q1d, P1d)), as_scalars(grad1d, "grad1d", (Q1d, P1d)),
                  as_scalars(qref1d, "qref1d", (Q1d,)), as_scalars(qweight1d, "qweight1d", (Q1d,))]
        self._check(lib.CeedBasisCreateTensorH1(ceed._handle[0], dim, ncomp, P1d, Q1d,
                                                *[scalar_pointer(t) for t in tables], self._handle))

    def _get_1d(self):
        return self._get(lib.CeedBasisGetNumNodes1D), self._get(lib.CeedBasisGetNumQuadraturePoints1D)

    def get_interp_1d(self):
        p, q = self._get_1d()
        return self._table(lib.CeedBasisGetInterp1D, q * p).reshape(q, p)

    def get_grad_1d(self):
        p, q = self._get_1d()
        return self._table(lib.CeedBasisGetGrad1D, q * p).reshape(q, p)

    def get_q_ref_1d(self):
        return self._table(lib.CeedBasisGetQRef, self._get_1d()[1])

    def get_q_weight_1d(self):
        return self._table(lib.CeedBasisGetQWeights, self._get_1d()[1])


class BasisTensorH1Lagrange(BasisTensorH1):
    """Lagrange polynomials on P Gauss-Lobatto nodes, Q points of quadrature mode qmode, per direction."""

    def __init__(self, ceed, dim, ncomp, P, Q, qmode):
        self._begin(ceed)
        self._check(lib.CeedBasisCreateTensorH1Lagrange(ceed._handle[0], dim, ncomp, P, Q, qmode, self._handle))


class _BasisNonTensor(Basis):
    """H1, H(div), H(curl) bases from full tables, row-major [component][point][node]. The library reads
    exact sizes from the pointers, so every table is checked here first."""

    _c_create = None
    _deriv_name = None

    @staticmethod
    def _components(dim):
        """Values per point and node of (interp, derivative) in dimension dim."""
        raise NotImplementedError

    def __init__(self, ceed, topo, ncomp, nnodes, nqpts, interp, deriv, qref, qweight):
        self._begin(ceed)
        dim = topo >> 16
        interp_comps, deriv_comps = self._components(dim)
        tables = [as_scalars(interp, "interp", (interp_comps, nqpts, nnodes)),
                  as_scalars(deriv, self._deriv_name, (deriv_comps, nqpts, nnodes)),
                  as_scalars(qref, "qref", (dim, nqpts)), as_scalars(qweight, "qweight", (nqpts,))]
        self._check(getattr(lib, self._c_create)(ceed._handle[0], topo, ncomp, nnodes, nqpts,
                                                 *[scalar_pointer(t) for t in tables], self._handle))


class BasisH1(_BasisNonTensor):
    _c_create, _deriv_name = "CeedBasisCreateH1", "grad"

    @staticmethod
    def _components(dim):
        return 1, dim


class BasisHdiv(_BasisNonTensor):
    _c_create, _deriv_name = "CeedBasisCreateHdiv", "div"

    @staticmethod
    def _components(dim):
        return dim, 1


class BasisHcurl(_BasisNonTensor):
    _c_create, _deriv_name = "CeedBasisCreateHcurl", "curl"

    @staticmethod
    def _components(dim):
        return dim, 1 if dim == 2 else 3


class TransposeBasis:
    """B^T as an object of its own: b.T.apply(nelem, emode, u, v)."""

    def __init__(self, basis):
        self._basis = basis

    def apply(self, nelem, emode, u, v):
        self._basis.apply(nelem, emode, u, v, constants.TRANSPOSE)


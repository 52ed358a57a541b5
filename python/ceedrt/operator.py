"""Operators: a QFunction wired to restrictions, bases and vectors; composites sum several of them."""

from ._common import CeedObject, as_scalars, scalar_pointer
from ._ffi import ffi, lib
from . import constants


class _OperatorBase(CeedObject):
    # _kept holds the wrappers of what the operator uses: a vector set with USE_POINTER must keep its NumPy
    # array alive for as long as the operator can read it, whatever Python collects first.
    _handle_type = "CeedOperator *"
    _destroy = "CeedOperatorDestroy"
    _view = "CeedOperatorView"

    def check(self):
        """Raise if the operator is not ready to apply (fields missing or inconsistent)."""
        self._check(lib.CeedOperatorCheckReady(self._handle[0]))

    def name(self, name):
        self._check(lib.CeedOperatorSetName(self._handle[0], name.encode("utf-8")))

    def apply(self, u, v, request=constants.REQUEST_IMMEDIATE):
        """v = A u (u, v may be VECTOR_NONE for an operator without active input or output)."""
        self._check(lib.CeedOperatorApply(self._handle[0], u._handle[0], v._handle[0], request))

    def apply_add(self, u, v, request=constants.REQUEST_IMMEDIATE):
        """v += A u"""
        self._check(lib.CeedOperatorApplyAdd(self._handle[0], u._handle[0], v._handle[0], request))

    def linear_assemble_diagonal(self, d, request=constants.REQUEST_IMMEDIATE):
        self._check(lib.CeedOperatorLinearAssembleDiagonal(self._handle[0], d._handle[0], request))

    def linear_assemble_add_diagonal(self, d, request=constants.REQUEST_IMMEDIATE):
        self._check(lib.CeedOperatorLinearAssembleAddDiagonal(self._handle[0], d._handle[0], request))

    def linear_assemble_point_block_diagonal(self, d, request=constants.REQUEST_IMMEDIATE):
        self._check(lib.CeedOperatorLinearAssemblePointBlockDiagonal(self._handle[0], d._handle[0], request))

    def linear_assemble_add_point_block_diagonal(self, d, request=constants.REQUEST_IMMEDIATE):
        self._check(lib.CeedOperatorLinearAssembleAddPointBlockDiagonal(self._handle[0], d._handle[0], request))

    def _multigrid(self, c_function, p_mult_fine, rstr_coarse, basis_coarse, *interp):
        handles = [ffi.new("CeedOperator *") for _ in range(3)]
        self._check(c_function(self._handle[0], p_mult_fine._handle[0], rstr_coarse._handle[0],
                               basis_coarse._handle[0], *interp, *handles))
        wrapped = [_OperatorWrap(self._ceed, handle) for handle in handles]
        for op in wrapped:
            op._kept += [self, p_mult_fine, rstr_coarse, basis_coarse]
        return wrapped

    def multigrid_create(self, p_mult_fine, rstr_coarse, basis_coarse):
        """[coarse operator, prolongation, restriction] for a coarser active basis."""
        return self._multigrid(lib.CeedOperatorMultigridLevelCreate, p_mult_fine, rstr_coarse, basis_coarse)

    def _active_nodes(self, c_get_nodes):
        """Nodes (per direction, for c_get_nodes = CeedBasisGetNumNodes1D) of the active input's basis."""
        num_in, fields = ffi.new("CeedInt *"), ffi.new("CeedOperatorField **")
        self._check(lib.CeedOperatorGetFields(self._handle[0], num_in, fields, ffi.NULL, ffi.NULL))
        for i in range(num_in[0]):
            vec, basis, nodes = ffi.new("CeedVector *"), ffi.new("CeedBasis *"), ffi.new("CeedInt *")
            self._check(lib.CeedOperatorFieldGetVector(fields[0][i], vec))
            active = vec[0] == lib.CEED_VECTOR_ACTIVE
            lib.CeedVectorDestroy(vec)
            if active:
                self._check(lib.CeedOperatorFieldGetBasis(fields[0][i], basis))
                code = c_get_nodes(basis[0], nodes)
                lib.CeedBasisDestroy(basis)
                self._check(code)
                return nodes[0]
        raise ValueError("the operator has no active input field")

    def _interp_table(self, interp_C_to_F, basis_coarse, c_get_nodes):
        """The coarse-to-fine table, checked against the sizes the library will read."""
        fine = self._active_nodes(c_get_nodes)
        coarse = ffi.new("CeedInt *")
        self._check(c_get_nodes(basis_coarse._handle[0], coarse))
        return as_scalars(interp_C_to_F, "interp_C_to_F", (fine, coarse[0]))

    def multigrid_create_tensor_h1(self, p_mult_fine, rstr_coarse, basis_coarse, interp_C_to_F):
        """As multigrid_create, with the 1D coarse-to-fine interpolation given (P1d fine x P1d coarse)."""
        table = self._interp_table(interp_C_to_F, basis_coarse, lib.CeedBasisGetNumNodes1D)
        return self._multigrid(lib.CeedOperatorMultigridLevelCreateTensorH1, p_mult_fine, rstr_coarse, basis_coarse,
                               scalar_pointer(table))

    def multigrid_create_h1(self, p_mult_fine, rstr_coarse, basis_coarse, interp_C_to_F):
        """As multigrid_create, with the coarse-to-fine interpolation given (fine nodes x coarse nodes)."""
        table = self._interp_table(interp_C_to_F, basis_coarse, lib.CeedBasisGetNumNodes)
        return self._multigrid(lib.CeedOperatorMultigridLevelCreateH1, p_mult_fine, rstr_coarse, basis_coarse,
                               scalar_pointer(table))

    # ceedrt's multiprecision addition (docs/multiprecision.md).
    def set_precision(self, precision):
        """Store and compute in PRECISION_FP64, PRECISION_FP32, PRECISION_LOW_HIGH or PRECISION_HIGH_LOW."""
        self._check(lib.CeedOperatorSetPrecision(self._handle[0], precision))

    def get_precision(self):
        precision = ffi.new("CeedOperatorPrecision *")
        self._check(lib.CeedOperatorGetPrecision(self._handle[0], precision))
        return precision[0]


class Operator(_OperatorBase):
    """Operator(ceed, qf, dqf=None, dqfT=None): apply qf through the fields set with set_field."""

    def __init__(self, ceed, qf, dqf=None, dqfT=None):
        self._begin(ceed)
        handles = [q._handle[0] if q is not None else lib.CEED_QFUNCTION_NONE for q in (qf, dqf, dqfT)]
        self._check(lib.CeedOperatorCreate(ceed._handle[0], *handles, self._handle))
        self._kept += [q for q in (qf, dqf, dqfT) if q is not None]

    def set_field(self, fieldname, restriction, basis, vector):
        """Connect QFunction field fieldname: restriction (or ELEMRESTRICTION_NONE), basis (or BASIS_NONE),
        vector (a Vector, VECTOR_ACTIVE or VECTOR_NONE)."""
        self._check(lib.CeedOperatorSetField(self._handle[0], fieldname.encode("utf-8"), restriction._handle[0],
                                             basis._handle[0], vector._handle[0]))
        self._kept += [restriction, basis, vector]


class CompositeOperator(_OperatorBase):
    """The sum of sub-operators added with add_sub."""

    def __init__(self, ceed):
        self._begin(ceed)
        self._check(lib.CeedOperatorCreateComposite(ceed._handle[0], self._handle))

    def add_sub(self, subop):
        self._check(lib.CeedOperatorCompositeAddSub(self._handle[0], subop._handle[0]))
        self._kept.append(subop)


class _OperatorWrap(_OperatorBase):
    """An operator the library created (multigrid levels); the wrapper owns the reference in handle."""

    def __init__(self, ceed, handle):
        self._begin(ceed)
        self._handle = handle


"""The CEED bake-off problems BP1-BP6 on a box of hexahedra, built with the libCEED Python API.

    from bakeoff import BakeoffProblem
    bp = BakeoffProblem(ceed, 3, nelem=(4, 4, 4), degree=3)
    bp.op.apply(u, v)          # v = A u, with u, v of length bp.size

BP1/BP2: mass matrix, scalar / 3 components, Gauss quadrature with Q = P + 1 points per direction;
BP3/BP4: Laplacian, scalar / 3 components, same quadrature;
BP5/BP6: as BP3/BP4 with Gauss-Lobatto quadrature on the nodes (Q = P).
The geometry is built once per problem by a setup operator (gallery QFunctions MassXDBuild/PoissonXDBuild)
into quadrature data that the problem's operator reads. No boundary conditions are applied here.
"""

import numpy as np

# Works unchanged under either name: the point of the alias.
try:
    import libceed
except ImportError:  # pragma: no cover - only when the alias package is missing
    import ceedrt as libceed

_PROBLEMS = {
    # bp: (components, is Poisson, Gauss-Lobatto quadrature on the nodes)
    1: (1, False, False), 2: (3, False, False), 3: (1, True, False),
    4: (3, True, False), 5: (1, True, True), 6: (3, True, True),
}
_GALLERY = {  # (components, is Poisson) -> (setup, apply, qdata size, active input, active output, eval mode)
    (1, False): ("Mass3DBuild", "MassApply", 1, "u", "v", libceed.EVAL_INTERP),
    (3, False): ("Mass3DBuild", "Vector3MassApply", 1, "u", "v", libceed.EVAL_INTERP),
    (1, True): ("Poisson3DBuild", "Poisson3DApply", 6, "du", "dv", libceed.EVAL_GRAD),
    (3, True): ("Poisson3DBuild", "Vector3Poisson3DApply", 6, "du", "dv", libceed.EVAL_GRAD),
}


def node_grid(ceed, nelem, degree, lengths):
    """Coordinates of the nodes of each direction (Gauss-Lobatto nodes in each element)."""
    p = degree + 1
    gll = (ceed.lobatto_quadrature(p)[0] + 1.0) / 2.0
    axes = []
    for n, length in zip(nelem, lengths):
        h = length / n
        axis = np.empty(n * degree + 1)
        for e in range(n):
            axis[e * degree:e * degree + p] = (e + gll) * h
        axes.append(axis)
    return axes


def element_offsets(nelem, degree):
    """L-vector index of every (element, node): elements and nodes in lexicographic order, x fastest."""
    p = degree + 1
    nx, ny = nelem[0] * degree + 1, nelem[1] * degree + 1
    local = np.arange(p)
    a, b, c = np.meshgrid(local, local, local, indexing="ij")
    a, b, c = a.transpose(2, 1, 0).ravel(), b.transpose(2, 1, 0).ravel(), c.transpose(2, 1, 0).ravel()
    offsets = []
    for ez in range(nelem[2]):
        for ey in range(nelem[1]):
            for ex in range(nelem[0]):
                offsets.append((ex * degree + a) + nx * ((ey * degree + b) + ny * (ez * degree + c)))
    return np.array(offsets, dtype=np.int32)


class BakeoffProblem:
    """Operator of bake-off problem bp (1-6) on a box [0, lengths] split in nelem hexahedra of degree."""

    def __init__(self, ceed, bp, nelem=(2, 2, 2), degree=2, lengths=(2.0, 1.0, 3.0)):
        if bp not in _PROBLEMS:
            raise ValueError("bake-off problem must be 1 to 6, got %r" % (bp,))
        ncomp, poisson, lobatto = _PROBLEMS[bp]
        setup_name, apply_name, qdata_size, active_in, active_out, eval_mode = _GALLERY[(ncomp, poisson)]
        p = degree + 1
        q = p if lobatto else p + 1
        qmode = libceed.GAUSS_LOBATTO if lobatto else libceed.GAUSS
        num_elem = int(np.prod(nelem))
        axes = node_grid(ceed, nelem, degree, lengths)
        x, y, z = np.meshgrid(*axes, indexing="ij")
        # Node coordinates, one row per node in L-vector order (x fastest).
        self.node_coords = np.stack([x.transpose(2, 1, 0).ravel(), y.transpose(2, 1, 0).ravel(),
                                     z.transpose(2, 1, 0).ravel()], axis=1)
        num_nodes = self.node_coords.shape[0]
        self.bp, self.ncomp, self.num_nodes, self.size = bp, ncomp, num_nodes, ncomp * num_nodes
        self.volume = float(np.prod(lengths))

        offsets = element_offsets(nelem, degree)
        rstr_x = ceed.ElemRestriction(num_elem, p ** 3, 3, num_nodes, 3 * num_nodes, offsets)
        rstr_u = ceed.ElemRestriction(num_elem, p ** 3, ncomp, num_nodes, ncomp * num_nodes, offsets)
        nq = q ** 3
        rstr_qdata = ceed.StridedElemRestriction(num_elem, nq, qdata_size, num_elem * nq * qdata_size,
                                                 np.array([1, nq, nq * qdata_size], dtype=np.int32))
        basis_x = ceed.BasisTensorH1Lagrange(3, 3, p, q, qmode)
        basis_u = ceed.BasisTensorH1Lagrange(3, ncomp, p, q, qmode)

        coords = ceed.Vector(3 * num_nodes)
        coords.set_array(self.node_coords.T.ravel())  # component-major: all x, then all y, then all z
        self.qdata = ceed.Vector(num_elem * nq * qdata_size)
        setup = ceed.Operator(ceed.QFunctionByName(setup_name))
        setup.set_field("dx", rstr_x, basis_x, libceed.VECTOR_ACTIVE)
        setup.set_field("weights", libceed.ELEMRESTRICTION_NONE, basis_x, libceed.VECTOR_NONE)
        setup.set_field("qdata", rstr_qdata, libceed.BASIS_NONE, libceed.VECTOR_ACTIVE)
        setup.apply(coords, self.qdata)

        self.op = ceed.Operator(ceed.QFunctionByName(apply_name))
        self.op.set_field(active_in, rstr_u, basis_u, libceed.VECTOR_ACTIVE)
        self.op.set_field("qdata", rstr_qdata, libceed.BASIS_NONE, self.qdata)
        self.op.set_field(active_out, rstr_u, basis_u, libceed.VECTOR_ACTIVE)
        self.restriction, self.basis = rstr_u, basis_u
        self._ceed = ceed

    def vector(self, values=None):
        """An L-vector of this problem, set from values (length size, component-major) when given."""
        vec = self._ceed.Vector(self.size)
        if values is None:
            vec.set_value(0.0)
        else:
            vec.set_array(np.asarray(values, dtype=np.float64).ravel())
        return vec

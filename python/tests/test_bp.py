"""One operator per bake-off problem BP1-BP6 on every backend, against integrals known in closed form.

The box is [0,2] x [0,1] x [0,3] (volume 6). With the basis a partition of unity, 1^T M u = integral of u;
u^T A u = integral of |grad u|^2, exact here because u is linear and the mesh affine."""

import os
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
from bakeoff import BakeoffProblem  # noqa: E402

VOLUME = 6.0
LINEAR_INTEGRAL = VOLUME * (1.0 + 2.0 * 0.5 + 3.0 * 1.5)  # integral of x + 2y + 3z over the box


def apply(bp, u):
    v = bp.vector()
    bp.op.apply(bp.vector(u), v)
    with v.array_read() as values:
        return values.copy()


def linear(bp):
    x, y, z = bp.node_coords.T
    return x + 2 * y + 3 * z


@pytest.mark.parametrize("problem", [1, 2])
def test_mass_integrates_constants_and_linears(ceed, problem):
    bp = BakeoffProblem(ceed, problem, nelem=(2, 1, 2), degree=2)
    ones = np.ones(bp.size)
    assert apply(bp, ones).sum() == pytest.approx(VOLUME * bp.ncomp, rel=1e-12)
    per_component = np.concatenate([(c + 1) * linear(bp) for c in range(bp.ncomp)])
    weights = sum(c + 1 for c in range(bp.ncomp))
    assert apply(bp, per_component).sum() == pytest.approx(LINEAR_INTEGRAL * weights, rel=1e-12)


@pytest.mark.parametrize("problem", [3, 4, 5, 6])
def test_laplacian_energy_of_a_linear_field(ceed, problem):
    bp = BakeoffProblem(ceed, problem, nelem=(2, 1, 2), degree=2)
    # Components (c + 1)(x + 2y + 3z): |grad|^2 = 14 (c + 1)^2.
    u = np.concatenate([(c + 1) * linear(bp) for c in range(bp.ncomp)])
    expected = 14.0 * VOLUME * sum((c + 1) ** 2 for c in range(bp.ncomp))
    v = apply(bp, u)
    assert np.dot(u, v) == pytest.approx(expected, rel=1e-12)
    # Constants are in the kernel of the Laplacian.
    assert np.abs(apply(bp, np.ones(bp.size))).max() < 1e-12


def test_bp3_diagonal_matches_unit_vector_applications(ceed):
    bp = BakeoffProblem(ceed, 3, nelem=(1, 1, 1), degree=1)
    diagonal = bp.vector()
    bp.op.linear_assemble_diagonal(diagonal)
    with diagonal.array_read() as assembled:
        for i in range(bp.size):
            unit = np.zeros(bp.size)
            unit[i] = 1.0
            assert assembled[i] == pytest.approx(apply(bp, unit)[i], rel=1e-12)


def test_bp2_point_block_diagonal_is_block_diagonal(ceed):
    bp = BakeoffProblem(ceed, 2, nelem=(1, 1, 1), degree=1)
    blocks = ceed.Vector(bp.num_nodes * 9)
    bp.op.linear_assemble_point_block_diagonal(blocks)
    scalar = BakeoffProblem(ceed, 1, nelem=(1, 1, 1), degree=1)
    diagonal = scalar.vector()
    scalar.op.linear_assemble_diagonal(diagonal)
    with blocks.array_read(bp.num_nodes, 3, 3) as b, diagonal.array_read() as d:
        for node in range(bp.num_nodes):
            np.testing.assert_allclose(b[node], d[node] * np.eye(3), rtol=1e-12, atol=1e-15)

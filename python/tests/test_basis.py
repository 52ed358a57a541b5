"""Bases: tensor Lagrange and user tables, H1/H(div)/H(curl) from full tables, transposes, errors."""

import numpy as np
import pytest

import ceedrt
from conftest import values, vector


def test_linear_1d_interp_grad_and_weights(ceed):
    basis = ceed.BasisTensorH1Lagrange(1, 1, 2, 2, ceedrt.GAUSS)
    u = vector(ceed, [1.0, 3.0])  # u(x) = 2 + x on [-1, 1]
    out = ceed.Vector(2)
    basis.apply(1, ceedrt.EVAL_INTERP, u, out)
    np.testing.assert_allclose(values(out), [2 - 1 / np.sqrt(3), 2 + 1 / np.sqrt(3)], rtol=1e-14)
    basis.apply(1, ceedrt.EVAL_GRAD, u, out)
    np.testing.assert_allclose(values(out), [1.0, 1.0], rtol=1e-14)
    basis.apply(1, ceedrt.EVAL_WEIGHT, ceedrt.VECTOR_NONE, out)
    np.testing.assert_allclose(values(out), [1.0, 1.0], rtol=1e-14)


def test_2d_lagrange_reproduces_a_linear_function(ceed):
    p, q = 3, 4
    basis = ceed.BasisTensorH1Lagrange(2, 1, p, q, ceedrt.GAUSS)
    nodes, _ = ceed.lobatto_quadrature(p)
    points, _ = ceed.gauss_quadrature(q)
    nx, ny = np.meshgrid(nodes, nodes)  # x varies fastest in the flattened order
    qx, qy = np.meshgrid(points, points)
    u = vector(ceed, (1 + 2 * nx + 3 * ny).ravel())
    interp, grad = ceed.Vector(q * q), ceed.Vector(2 * q * q)
    basis.apply(1, ceedrt.EVAL_INTERP, u, interp)
    basis.apply(1, ceedrt.EVAL_GRAD, u, grad)
    np.testing.assert_allclose(values(interp), (1 + 2 * qx + 3 * qy).ravel(), rtol=1e-13)
    np.testing.assert_allclose(values(grad).reshape(2, q * q), [[2.0] * (q * q), [3.0] * (q * q)], rtol=1e-13)
    assert basis.get_dimension() == 2 and basis.get_num_components() == 1
    assert basis.get_num_nodes() == p * p and basis.get_num_quadrature_points() == q * q


def test_tables_of_a_lagrange_basis_rebuild_the_same_basis(ceed):
    lagrange = ceed.BasisTensorH1Lagrange(1, 2, 3, 4, ceedrt.GAUSS)
    interp = lagrange.get_interp_1d()
    assert interp.shape == (4, 3)
    np.testing.assert_allclose(interp.sum(axis=1), 1.0, rtol=1e-14)  # partition of unity
    np.testing.assert_allclose(lagrange.get_grad_1d().sum(axis=1), 0.0, atol=1e-13)
    points, weights = ceed.gauss_quadrature(4)
    np.testing.assert_allclose(lagrange.get_q_ref_1d(), points, rtol=1e-14)
    np.testing.assert_allclose(lagrange.get_q_weight_1d(), weights, rtol=1e-14)
    custom = ceed.BasisTensorH1(1, 2, 3, 4, interp, lagrange.get_grad_1d(), points, weights)
    u = vector(ceed, [1, 4, 9, -1, 0, 2])
    expected, got = ceed.Vector(8), ceed.Vector(8)
    lagrange.apply(1, ceedrt.EVAL_GRAD, u, expected)
    custom.apply(1, ceedrt.EVAL_GRAD, u, got)
    np.testing.assert_allclose(values(got), values(expected), rtol=1e-14)


def test_transpose_is_the_adjoint(ceed):
    basis = ceed.BasisTensorH1Lagrange(1, 1, 3, 4, ceedrt.GAUSS)
    u, w = vector(ceed, [1.0, -2.0, 0.5]), vector(ceed, [0.3, 1.0, -1.0, 2.0])
    bu, btw = ceed.Vector(4), ceed.Vector(3)
    basis.apply(1, ceedrt.EVAL_INTERP, u, bu)
    basis.T.apply(1, ceedrt.EVAL_INTERP, w, btw)
    assert np.dot(values(bu), values(w)) == pytest.approx(np.dot(values(u), values(btw)), rel=1e-14)


def test_h1_triangle_from_tables(ceed):
    # P1 on the reference triangle (0,0), (1,0), (0,1); one point at the centroid.
    interp = [[1 / 3, 1 / 3, 1 / 3]]
    grad = [[[-1.0, 1.0, 0.0]], [[-1.0, 0.0, 1.0]]]  # [dim][point][node]
    basis = ceed.BasisH1(ceedrt.TRIANGLE, 1, 3, 1, interp, grad, [1 / 3, 1 / 3], [0.5])
    u = vector(ceed, [1.0, 2.0, 3.0])
    at_point, gradient = ceed.Vector(1), ceed.Vector(2)
    basis.apply(1, ceedrt.EVAL_INTERP, u, at_point)
    basis.apply(1, ceedrt.EVAL_GRAD, u, gradient)
    np.testing.assert_allclose(values(at_point), [2.0], rtol=1e-14)
    np.testing.assert_allclose(values(gradient), [1.0, 2.0], rtol=1e-14)


def test_hdiv_and_hcurl_apply_their_tables(ceed):
    rng = np.random.default_rng(7)
    nnodes, nqpts = 4, 2
    interp = rng.standard_normal((2, nqpts, nnodes))  # [dim][point][node]
    div = rng.standard_normal((nqpts, nnodes))
    curl = rng.standard_normal((nqpts, nnodes))  # one curl component in 2D
    qref = [[-0.5, 0.5], [0.0, 0.0]]
    qweight = [2.0, 2.0]
    u_values = np.array([1.0, -1.0, 2.0, 0.5])
    hdiv = ceed.BasisHdiv(ceedrt.QUAD, 1, nnodes, nqpts, interp, div, qref, qweight)
    hcurl = ceed.BasisHcurl(ceedrt.QUAD, 1, nnodes, nqpts, interp, curl, qref, qweight)
    u = vector(ceed, u_values)
    out_interp, out_deriv = ceed.Vector(2 * nqpts), ceed.Vector(nqpts)
    hdiv.apply(1, ceedrt.EVAL_INTERP, u, out_interp)
    np.testing.assert_allclose(values(out_interp), (interp @ u_values).ravel(), rtol=1e-13)
    hdiv.apply(1, ceedrt.EVAL_DIV, u, out_deriv)
    np.testing.assert_allclose(values(out_deriv), div @ u_values, rtol=1e-13)
    hcurl.apply(1, ceedrt.EVAL_CURL, u, out_deriv)
    np.testing.assert_allclose(values(out_deriv), curl @ u_values, rtol=1e-13)


def test_table_of_the_wrong_size_raises(ceed):
    with pytest.raises(ValueError, match="interp1d"):
        ceed.BasisTensorH1(1, 1, 2, 2, [1.0, 0.0, 0.0], [0.0] * 4, [0.0, 1.0], [1.0, 1.0])


def test_non_tensor_tables_of_the_wrong_size_raise(ceed):
    with pytest.raises(ValueError, match="grad has 3 values, expected 6"):
        ceed.BasisH1(ceedrt.TRIANGLE, 1, 3, 1, [1 / 3] * 3, [-1.0, 1.0, 0.0], [1 / 3, 1 / 3], [0.5])
    with pytest.raises(ValueError, match="curl has 6 values, expected 2"):
        ceed.BasisHcurl(ceedrt.QUAD, 1, 2, 1, [0.0] * 4, [0.0] * 6, [0.0, 0.0], [4.0])


def test_library_rejects_too_few_nodes(ceed):
    with pytest.raises(ceedrt.CeedError):
        ceed.BasisTensorH1Lagrange(1, 1, 0, 2, ceedrt.GAUSS)


def test_eval_mode_the_basis_lacks_raises(ceed):
    basis = ceed.BasisTensorH1Lagrange(1, 1, 2, 2, ceedrt.GAUSS)
    with pytest.raises(ceedrt.CeedError):
        basis.apply(1, ceedrt.EVAL_DIV, vector(ceed, [1.0, 2.0]), ceed.Vector(2))


def test_view_describes_the_basis(ceed):
    assert "CeedBasis" in str(ceed.BasisTensorH1Lagrange(1, 1, 2, 2, ceedrt.GAUSS))

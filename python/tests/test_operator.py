"""Operators from user QFunctions: apply, apply_add, diagonals, composites, multigrid levels, lifetime, errors."""

import gc
import weakref

import numpy as np
import pytest

import ceedrt
from conftest import qf_source, values


def mass_1d(ceed, qfs, nelem=4, p=3, q=4):
    """1D mass matrix on [0, 1] with nelem elements of p nodes; returns (operator, L-vector size, pieces)."""
    nx, nu = nelem + 1, nelem * (p - 1) + 1
    x = ceed.Vector(nx)
    x.set_array(np.linspace(0.0, 1.0, nx), cmode=ceedrt.USE_POINTER)
    rstr_x = ceed.ElemRestriction(nelem, 2, 1, 1, nx, [[e, e + 1] for e in range(nelem)])
    rstr_u = ceed.ElemRestriction(nelem, p, 1, 1, nu, [[e * (p - 1) + j for j in range(p)] for e in range(nelem)])
    rstr_q = ceed.StridedElemRestriction(nelem, q, 1, nelem * q, [1, q, q])
    basis_x = ceed.BasisTensorH1Lagrange(1, 1, 2, q, ceedrt.GAUSS)
    basis_u = ceed.BasisTensorH1Lagrange(1, 1, p, q, ceedrt.GAUSS)

    qf_setup = ceed.QFunction(1, qfs.setup_mass, qf_source("setup_mass"))
    qf_setup.add_input("weights", 1, ceedrt.EVAL_WEIGHT)
    qf_setup.add_input("dx", 1, ceedrt.EVAL_GRAD)
    qf_setup.add_output("rho", 1, ceedrt.EVAL_NONE)
    qf_mass = ceed.QFunction(1, qfs.apply_mass, qf_source("apply_mass"))
    qf_mass.add_input("rho", 1, ceedrt.EVAL_NONE)
    qf_mass.add_input("u", 1, ceedrt.EVAL_INTERP)
    qf_mass.add_output("v", 1, ceedrt.EVAL_INTERP)

    setup = ceed.Operator(qf_setup)
    setup.set_field("weights", ceedrt.ELEMRESTRICTION_NONE, basis_x, ceedrt.VECTOR_NONE)
    setup.set_field("dx", rstr_x, basis_x, ceedrt.VECTOR_ACTIVE)
    setup.set_field("rho", rstr_q, ceedrt.BASIS_NONE, ceedrt.VECTOR_ACTIVE)
    setup.check()
    qdata = ceed.Vector(nelem * q)
    setup.apply(x, qdata)

    op = ceed.Operator(qf_mass)
    op.set_field("rho", rstr_q, ceedrt.BASIS_NONE, qdata)
    op.set_field("u", rstr_u, basis_u, ceedrt.VECTOR_ACTIVE)
    op.set_field("v", rstr_u, basis_u, ceedrt.VECTOR_ACTIVE)
    op.check()
    return op, nu, dict(rstr_u=rstr_u, basis_u=basis_u, qf_mass=qf_mass, rstr_q=rstr_q, qdata=qdata)


def ones(ceed, n):
    vec = ceed.Vector(n)
    vec.set_value(1.0)
    return vec


def test_mass_of_the_unit_interval(ceed, qfs):
    op, nu, _ = mass_1d(ceed, qfs)
    v = ceed.Vector(nu)
    op.apply(ones(ceed, nu), v)
    assert values(v).sum() == pytest.approx(1.0, rel=1e-13)
    op.apply_add(ones(ceed, nu), v)
    assert values(v).sum() == pytest.approx(2.0, rel=1e-13)


def test_diagonals_match_unit_vector_applications(ceed, qfs):
    op, nu, _ = mass_1d(ceed, qfs, nelem=2)
    expected = np.empty(nu)
    for i in range(nu):
        unit, out = ceed.Vector(nu), ceed.Vector(nu)
        with unit.array_write() as u:
            u[:] = 0.0
            u[i] = 1.0
        op.apply(unit, out)
        expected[i] = values(out)[i]
    diagonal = ceed.Vector(nu)
    op.linear_assemble_diagonal(diagonal)
    np.testing.assert_allclose(values(diagonal), expected, rtol=1e-13)
    op.linear_assemble_add_diagonal(diagonal)
    np.testing.assert_allclose(values(diagonal), 2 * expected, rtol=1e-13)
    blocks = ceed.Vector(nu)
    op.linear_assemble_point_block_diagonal(blocks)
    np.testing.assert_allclose(values(blocks), expected, rtol=1e-13)
    op.linear_assemble_add_point_block_diagonal(blocks)
    np.testing.assert_allclose(values(blocks), 2 * expected, rtol=1e-13)


def test_composite_sums_its_sub_operators(ceed, qfs):
    op, nu, _ = mass_1d(ceed, qfs)
    composite = ceed.CompositeOperator()
    composite.add_sub(op)
    composite.add_sub(op)
    v = ceed.Vector(nu)
    composite.apply(ones(ceed, nu), v)
    assert values(v).sum() == pytest.approx(2.0, rel=1e-13)


@pytest.mark.parametrize("variant", ["plain", "tensor_h1", "h1"])
def test_multigrid_level_keeps_the_mass_of_constants(ceed, qfs, variant):
    nelem, p_fine, p_coarse = 3, 4, 2
    op, nu, parts = mass_1d(ceed, qfs, nelem=nelem, p=p_fine, q=5)
    n_coarse = nelem + 1
    rstr_coarse = ceed.ElemRestriction(nelem, 2, 1, 1, n_coarse, [[e, e + 1] for e in range(nelem)])
    basis_coarse = ceed.BasisTensorH1Lagrange(1, 1, p_coarse, 5, ceedrt.GAUSS)
    mult = ones(ceed, nu)  # multiplicity across processes: one process here
    if variant == "plain":
        coarse, prolong, restrict = op.multigrid_create(mult, rstr_coarse, basis_coarse)
    else:
        # Coarse (linear) to fine (Gauss-Lobatto nodes) interpolation, fine nodes x coarse nodes.
        nodes = ceed.lobatto_quadrature(p_fine)[0]
        interp = np.stack([(1 - nodes) / 2, (1 + nodes) / 2], axis=1)
        create = op.multigrid_create_tensor_h1 if variant == "tensor_h1" else op.multigrid_create_h1
        coarse, prolong, restrict = create(mult, rstr_coarse, basis_coarse, interp)
    v_coarse, fine = ceed.Vector(n_coarse), ceed.Vector(nu)
    coarse.apply(ones(ceed, n_coarse), v_coarse)
    assert values(v_coarse).sum() == pytest.approx(1.0, rel=1e-12)
    prolong.apply(ones(ceed, n_coarse), fine)
    np.testing.assert_allclose(values(fine), 1.0, rtol=1e-12)
    back = ceed.Vector(n_coarse)
    restrict.apply(ones(ceed, nu), back)
    assert values(back).sum() == pytest.approx(nu, rel=1e-12)


def test_multigrid_table_of_the_wrong_size_raises(ceed, qfs):
    op, nu, _ = mass_1d(ceed, qfs, nelem=3, p=4, q=5)
    rstr_coarse = ceed.ElemRestriction(3, 2, 1, 1, 4, [[e, e + 1] for e in range(3)])
    basis_coarse = ceed.BasisTensorH1Lagrange(1, 1, 2, 5, ceedrt.GAUSS)
    with pytest.raises(ValueError, match="interp_C_to_F has 6 values, expected 8"):
        op.multigrid_create_tensor_h1(ones(ceed, nu), rstr_coarse, basis_coarse, np.zeros((3, 2)))


def test_operator_outlives_every_other_wrapper(ceed_resource, qfs):
    ceed = ceedrt.Ceed(ceed_resource)
    op, nu, parts = mass_1d(ceed, qfs)
    watched = [weakref.ref(parts["qdata"]), weakref.ref(ceed)]
    del ceed, parts
    gc.collect()
    assert watched[0]() is not None  # the operator keeps the vector it reads (and its NumPy array)
    out_ceed = op._ceed
    v = out_ceed.Vector(nu)
    op.apply(ones(out_ceed, nu), v)
    assert values(v).sum() == pytest.approx(1.0, rel=1e-13)
    del op, out_ceed, v
    gc.collect()
    assert all(ref() is None for ref in watched)  # and everything goes once the operator does


def test_unknown_field_name_raises_naming_it(ceed, qfs):
    op, _, parts = mass_1d(ceed, qfs)
    other = ceed.Operator(parts["qf_mass"])
    with pytest.raises(ceedrt.CeedError, match="pressure"):
        other.set_field("pressure", parts["rstr_u"], parts["basis_u"], ceedrt.VECTOR_ACTIVE)


def test_incomplete_operator_is_not_ready(ceed, qfs):
    _, nu, parts = mass_1d(ceed, qfs)
    op = ceed.Operator(parts["qf_mass"])
    op.set_field("u", parts["rstr_u"], parts["basis_u"], ceedrt.VECTOR_ACTIVE)
    with pytest.raises(ceedrt.CeedError):
        op.check()
    with pytest.raises(ceedrt.CeedError):
        op.apply(ones(ceed, nu), ceed.Vector(nu))


def test_short_output_raises(ceed, qfs):
    op, nu, _ = mass_1d(ceed, qfs)
    with pytest.raises(ceedrt.CeedError, match="shorter") as error:
        op.apply(ones(ceed, nu), ceed.Vector(nu - 1))
    assert error.value.code == 2  # CEED_ERROR_DIMENSION


def test_name_and_view(ceed, qfs):
    op, _, _ = mass_1d(ceed, qfs)
    op.name("mass 1d")
    assert "mass 1d" in str(op)


def test_fp32_precision_is_an_addition(ceed, qfs, ceed_resource):
    op, nu, _ = mass_1d(ceed, qfs)
    assert op.get_precision() == ceedrt.PRECISION_FP64
    op.set_precision(ceedrt.PRECISION_FP32)
    assert op.get_precision() == ceedrt.PRECISION_FP32
    v = ceed.Vector(nu)
    if ceed_resource == "/cpu/self/ref/serial":
        # The reference backend calls the fp64 code of the compiled library: it says so rather than compute.
        with pytest.raises(ceedrt.CeedError, match="fp32"):
            op.apply(ones(ceed, nu), v)
        return
    op.apply(ones(ceed, nu), v)
    assert values(v).sum() == pytest.approx(1.0, rel=1e-6)

"""A 1D mass operator written for libCEED's Python interface, using nothing but its documented API.

    python3 libceed_mass_1d.py RESOURCE QFUNCTION_LIBRARY

QFUNCTION_LIBRARY is qfunctions/qfunctions.c compiled into a shared library; JIT backends compile the
same functions from qfunctions/mass-1d.h. Prints the length of the domain, the sum of M applied to ones."""

import ctypes
import os
import sys

import libceed
import numpy as np

resource, qfunction_library = sys.argv[1], sys.argv[2]
header = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "qfunctions", "mass-1d.h")

ceed = libceed.Ceed(resource)
num_elem, p, q = 10, 4, 6
num_x, num_u = num_elem + 1, num_elem * (p - 1) + 1

x_array = np.linspace(0.0, 2.5, num_x)
x = ceed.Vector(num_x)
x.set_array(x_array, cmode=libceed.USE_POINTER)
q_data = ceed.Vector(num_elem * q)
u = ceed.Vector(num_u)
v = ceed.Vector(num_u)

indices_x = np.array([[e, e + 1] for e in range(num_elem)], dtype="int32").ravel()
restriction_x = ceed.ElemRestriction(num_elem, 2, 1, 1, num_x, indices_x, cmode=libceed.USE_POINTER)
indices_u = np.array([[e * (p - 1) + j for j in range(p)] for e in range(num_elem)], dtype="int32").ravel()
restriction_u = ceed.ElemRestriction(num_elem, p, 1, 1, num_u, indices_u, cmode=libceed.USE_POINTER)
restriction_q_data = ceed.StridedElemRestriction(num_elem, q, 1, q * num_elem, np.array([1, q, q], dtype="int32"))

basis_x = ceed.BasisTensorH1Lagrange(1, 1, 2, q, libceed.GAUSS)
basis_u = ceed.BasisTensorH1Lagrange(1, 1, p, q, libceed.GAUSS)

qfs = ctypes.cdll.LoadLibrary(qfunction_library)
qf_setup = ceed.QFunction(1, qfs.setup_mass, header + ":setup_mass")
qf_setup.add_input("weights", 1, libceed.EVAL_WEIGHT)
qf_setup.add_input("dx", 1, libceed.EVAL_GRAD)
qf_setup.add_output("rho", 1, libceed.EVAL_NONE)
qf_mass = ceed.QFunction(1, qfs.apply_mass, header + ":apply_mass")
qf_mass.add_input("rho", 1, libceed.EVAL_NONE)
qf_mass.add_input("u", 1, libceed.EVAL_INTERP)
qf_mass.add_output("v", 1, libceed.EVAL_INTERP)

op_setup = ceed.Operator(qf_setup)
op_setup.set_field("weights", libceed.ELEMRESTRICTION_NONE, basis_x, libceed.VECTOR_NONE)
op_setup.set_field("dx", restriction_x, basis_x, libceed.VECTOR_ACTIVE)
op_setup.set_field("rho", restriction_q_data, libceed.BASIS_NONE, libceed.VECTOR_ACTIVE)
op_setup.check()

op_mass = ceed.Operator(qf_mass)
op_mass.set_field("rho", restriction_q_data, libceed.BASIS_NONE, q_data)
op_mass.set_field("u", restriction_u, basis_u, libceed.VECTOR_ACTIVE)
op_mass.set_field("v", restriction_u, basis_u, libceed.VECTOR_ACTIVE)
op_mass.check()

op_setup.apply(x, q_data)
u.set_value(1)
op_mass.apply(u, v)

with v.array_read() as v_array:
    print("The length of the domain is l = %.12f" % np.sum(v_array))

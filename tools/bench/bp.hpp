// The CEED bake-off problems BP1-BP6 set up through the public API with gallery
// QFunctions, and the correctness check that accompanies every run.
#pragma once

#include <ceed.h>

#include <string>

#include "ceed-handle.hpp"
#include "peer-compat.hpp"
#include "mesh.hpp"

namespace bench {

enum class BpOperatorKind { mass, diffusion };

struct BpSpec {
  const char    *name;          // "bp1" ... "bp6"
  BpOperatorKind kind;
  int            num_comp;      // 1 or 3
  bool           gll_quadrature;  // BP5/BP6: Q = p+1 Gauss-Lobatto points (collocated); else Q = p+2 Gauss
  const char    *build_qfunction;
  const char    *apply_qfunction;
  int            qdata_size;    // values per quadrature point
};

// Precisions of a run (multiprecision extension, docs/multiprecision.md): the operator's mode and the
// precision the quadrature data is kept in.
struct BpPrecision {
  CeedOperatorPrecision mode  = CEED_PRECISION_FP64;
  CeedScalarType        qdata = CEED_SCALAR_FP64;
  bool fp32_vectors() const { return mode == CEED_PRECISION_FP32 || mode == CEED_PRECISION_LOW_HIGH; }
  bool fp32_compute() const { return mode == CEED_PRECISION_FP32 || mode == CEED_PRECISION_HIGH_LOW; }
  bool all_fp64() const { return mode == CEED_PRECISION_FP64 && qdata == CEED_SCALAR_FP64; }
};

// nullptr when name is not bp1..bp6.
const BpSpec *FindBp(const std::string &name);
int           QuadraturePoints1D(const BpSpec &spec, int degree);

// Result of a correctness check. exact: the check holds to round-off for this configuration (quadrature
// integrates the checked quantity exactly); otherwise the error includes quadrature error and the looser
// tolerance applies. Runs that round to fp32 check the discretization on the fp64 operator and the mode by its
// difference from that operator (PrecisionError) against a bound of its own.
struct CheckResult {
  std::string name;
  double      error     = 0.0;
  double      tolerance = 0.0;
  bool        exact     = true;
  double      precision_error = 0.0, precision_bound = 0.0;  // 0 and 0 for all-fp64 runs
  bool        passed() const { return error <= tolerance && precision_error <= precision_bound; }
};

// One bake-off operator on a mesh: restrictions, bases, quadrature data (built by the gallery's
// Mass3DBuild or Poisson3DBuild from the mesh coordinates) and the apply operator.
class BpProblem {
 public:
  // q_1d: quadrature points per direction, 0 for the problem's own rule (QuadraturePoints1D).
  BpProblem(Ceed ceed, const BpSpec &spec, const BoxMesh &mesh, const BpPrecision &precision = BpPrecision(), int q_1d = 0);

  CeedOperator   op() const { return op_apply_; }
  CeedSize       dofs() const { return (CeedSize)spec_.num_comp * mesh_.num_nodes; }
  const BpSpec  &spec() const { return spec_; }
  const BoxMesh &mesh() const { return mesh_; }
  int            q_1d() const { return q_1d_; }
  double         setup_seconds() const { return setup_seconds_; }
  VectorOwned    CreateVector() const;

  // Mass: sum(M 1) per component equals the volume 1. Diffusion: for u = a_c . x per component c
  // (exactly in the isoparametric space), K u vanishes at interior nodes and u^T K u = sum_c |a_c|^2.
  CheckResult Check() const;

  const BpPrecision &precision() const { return precision_; }
  // Largest difference between the operator's action on a fixed pseudo-random vector and the same operator
  // in fp64 with fp64 quadrature data, over the largest entry of the latter (0 for an all-fp64 run).
  double PrecisionError() const;

  // A manufactured solution in the discrete space (the one used by Check), for solver tests.
  VectorOwned ManufacturedSolution() const;
  // The part of a solution that a solver started from zero can recover: for diffusion the per-component
  // mean is removed (constants are the kernel of the Neumann operator), mass keeps everything.
  void        ProjectOutKernel(CeedVector u) const;

 private:
  bool CheckIsExact() const;

  Ceed             ceed_;
  const BpSpec    &spec_;
  const BoxMesh   &mesh_;
  int              q_1d_;
  BpPrecision      precision_;
  double           setup_seconds_ = 0.0;
  RestrictionOwned rstr_u_, rstr_x_, rstr_qdata_;
  BasisOwned       basis_u_, basis_x_;
  VectorOwned      qdata_;
  QFunctionOwned   qf_apply_;
  OperatorOwned    op_apply_;
  VectorOwned      qdata_fp64_;   // runs not all in fp64: the reference operator's quadrature data
  OperatorOwned    op_fp64_;      // and the reference operator
};

}  // namespace bench

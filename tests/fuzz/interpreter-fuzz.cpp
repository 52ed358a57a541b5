// Fuzz target: object creation and use through the public API, as a small interpreter. The input is a first
// byte choosing the resource (/cpu/self/ref/serial, /cpu/self/ref/blocked, /cpu/test/device-emulation), then
// up to 48 commands of one opcode byte and its arguments, each one public call or a few: vectors, restrictions
// (offsets, oriented, curl-oriented, strided, blocked, at points), bases (tensor H1 Lagrange, H1 with fuzzed
// matrices, projections), gallery and identity QFunctions, operators and composites with fuzzed fields, their
// application, assembly (diagonals, COO, QFunction), multigrid levels and FDM inverses, then everything is
// destroyed. Sizes are bounded (or negative, which the library must refuse) so that one input stays within a
// few milliseconds; arrays handed to the library always hold as many values as the call says they do.
#include <ceed/backend.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

#include "fuzz-common.hpp"

namespace {

constexpr int kVecs = 4, kRstrs = 4, kBases = 3, kQfs = 3, kOps = 3;

struct State {
  Ceed                ceed = nullptr;
  CeedVector          vec[kVecs]{};
  CeedElemRestriction rstr[kRstrs]{};
  CeedBasis           basis[kBases]{};
  CeedQFunction       qf[kQfs]{};
  CeedOperator        op[kOps]{};
  CeedOperator        composite = nullptr;
};

const CeedEvalMode kEvalModes[] = {CEED_EVAL_NONE, CEED_EVAL_INTERP, CEED_EVAL_GRAD, CEED_EVAL_DIV, CEED_EVAL_CURL, CEED_EVAL_WEIGHT};
const CeedElemTopology kTopologies[] = {CEED_TOPOLOGY_LINE, CEED_TOPOLOGY_TRIANGLE, CEED_TOPOLOGY_QUAD, CEED_TOPOLOGY_TET,
                                        CEED_TOPOLOGY_PYRAMID, CEED_TOPOLOGY_PRISM, CEED_TOPOLOGY_HEX};
const char *const kGallery[] = {"Identity",       "Identity to scalar",    "Mass1DBuild",           "Mass2DBuild",
                                "Mass3DBuild",    "MassApply",             "Vector3MassApply",      "Poisson1DBuild",
                                "Poisson2DBuild", "Poisson3DBuild",        "Poisson1DApply",        "Poisson2DApply",
                                "Poisson3DApply", "Vector3Poisson1DApply", "Vector3Poisson2DApply", "Vector3Poisson3DApply",
                                "Scale",          "Scale (scalar)",        "NoSuchQFunction"};

// A count the program is willing to allocate for: small, sometimes negative (refused by the library).
CeedInt Count(fuzz::Input &in, int small_max) {
  const int64_t v = in.Size(small_max);
  return v > 4096 ? static_cast<CeedInt>(v % (small_max + 1)) : static_cast<CeedInt>(v);
}

CeedVector VecArg(State &s, fuzz::Input &in) {
  const int k = in.Range(0, kVecs + 2);
  if (k == kVecs) return CEED_VECTOR_ACTIVE;
  if (k == kVecs + 1) return CEED_VECTOR_NONE;
  return k == kVecs + 2 ? nullptr : s.vec[k];
}

CeedElemRestriction RstrArg(State &s, fuzz::Input &in) {
  const int k = in.Range(0, kRstrs);
  return k == kRstrs ? CEED_ELEMRESTRICTION_NONE : s.rstr[k];
}

CeedBasis BasisArg(State &s, fuzz::Input &in) {
  const int k = in.Range(0, kBases);
  return k == kBases ? CEED_BASIS_NONE : s.basis[k];
}

CeedOperator OpArg(State &s, fuzz::Input &in) {
  const int k = in.Range(0, kOps);
  return k == kOps ? s.composite : s.op[k];
}

std::vector<CeedScalar> Scalars(fuzz::Input &in, size_t n) {
  std::vector<CeedScalar> v(n);
  const bool              pattern = in.Bool();
  const double            base    = in.Double();
  for (size_t i = 0; i < n; i++) v[i] = pattern ? base + 0.25 * static_cast<double>(i % 7) : in.Double();
  return v;
}

// Offsets for num_elem elements of elem_size nodes in an L-vector of l_size nodes: a regular mesh, or fuzzed.
std::vector<CeedInt> Offsets(fuzz::Input &in, CeedInt num_elem, CeedInt elem_size, CeedSize l_size) {
  const size_t         n = num_elem > 0 && elem_size > 0 ? static_cast<size_t>(num_elem) * static_cast<size_t>(elem_size) : 0;
  std::vector<CeedInt> offsets(n + 1);  // never empty: a valid pointer even for zero entries
  const int            mode = in.Range(0, 2);
  for (size_t i = 0; i < n; i++) {
    const size_t e = i / static_cast<size_t>(elem_size), j = i % static_cast<size_t>(elem_size);
    if (mode == 0) offsets[i] = l_size > 0 ? static_cast<CeedInt>((e * static_cast<size_t>(elem_size - 1) + j) % static_cast<size_t>(l_size)) : 0;
    else if (mode == 1) offsets[i] = static_cast<CeedInt>(in.Range(-2, 64));
    else offsets[i] = static_cast<CeedInt>(i);
  }
  return offsets;
}

void CreateRestriction(State &s, fuzz::Input &in, int k) {
  const int      kind        = in.Range(0, 5);
  const CeedInt  num_elem    = Count(in, 6);
  const CeedInt  elem_size   = Count(in, 27);
  const CeedInt  num_comp    = Count(in, 3);
  const CeedInt  comp_stride = Count(in, 8);
  const CeedSize l_size      = Count(in, 120);
  CeedElemRestrictionDestroy(&s.rstr[k]);
  std::vector<CeedInt> offsets = Offsets(in, num_elem, elem_size, l_size);
  switch (kind) {
    case 0:
      CeedElemRestrictionCreate(s.ceed, num_elem, elem_size, num_comp, comp_stride, l_size, CEED_MEM_HOST, CEED_COPY_VALUES, offsets.data(), &s.rstr[k]);
      break;
    case 1: {
      std::unique_ptr<bool[]> orients(new bool[offsets.size()]);
      for (size_t i = 0; i < offsets.size(); i++) orients[i] = in.Bool();
      CeedElemRestrictionCreateOriented(s.ceed, num_elem, elem_size, num_comp, comp_stride, l_size, CEED_MEM_HOST, CEED_COPY_VALUES, offsets.data(),
                                        orients.get(), &s.rstr[k]);
      break;
    }
    case 2: {
      std::vector<CeedInt8> curl(3 * offsets.size());
      for (auto &c : curl) c = static_cast<CeedInt8>(in.Range(-1, 1));
      CeedElemRestrictionCreateCurlOriented(s.ceed, num_elem, elem_size, num_comp, comp_stride, l_size, CEED_MEM_HOST, CEED_COPY_VALUES,
                                            offsets.data(), curl.data(), &s.rstr[k]);
      break;
    }
    case 3: {
      CeedInt strides[3] = {in.Range(-1, 4), in.Range(-1, 30), in.Range(-1, 90)};
      if (in.Bool()) {
        CeedElemRestrictionCreateStrided(s.ceed, num_elem, elem_size, num_comp, l_size, CEED_STRIDES_BACKEND, &s.rstr[k]);
      } else {
        CeedElemRestrictionCreateStrided(s.ceed, num_elem, elem_size, num_comp, l_size, strides, &s.rstr[k]);
      }
      break;
    }
    case 4:
      CeedElemRestrictionCreateBlocked(s.ceed, num_elem, elem_size, in.Range(-1, 8), num_comp, comp_stride, l_size, CEED_MEM_HOST, CEED_COPY_VALUES,
                                       offsets.data(), &s.rstr[k]);
      break;
    case 5: {  // at points: num_elem + 1 prefix sums, then the point of each slot
      const CeedInt        num_points = Count(in, 24);
      std::vector<CeedInt> at(static_cast<size_t>(std::max(num_elem, 0)) + 1 + static_cast<size_t>(std::max(num_points, 0)));
      CeedInt              sum = num_elem + 1;
      for (size_t i = 0; i < at.size(); i++) {
        if (i <= static_cast<size_t>(std::max(num_elem, 0))) {
          at[i] = sum;
          if (in.Bool()) sum += in.Range(0, 4);
        } else {
          at[i] = in.Bool() ? static_cast<CeedInt>(i - static_cast<size_t>(num_elem) - 1) : in.Range(-1, 30);
        }
      }
      CeedElemRestrictionCreateAtPoints(s.ceed, num_elem, num_points, num_comp, l_size, CEED_MEM_HOST, CEED_COPY_VALUES, at.data(), &s.rstr[k]);
      break;
    }
  }
}

void CreateBasis(State &s, fuzz::Input &in, int k) {
  const int kind = in.Range(0, 3);
  CeedBasis made = nullptr;
  if (kind == 0) {
    const CeedInt dim = in.Range(0, 3), num_comp = in.Range(0, 3), P = in.Range(0, 5), Q = in.Range(0, 5);
    CeedBasisCreateTensorH1Lagrange(s.ceed, dim, num_comp, P, Q, in.Bool() ? CEED_GAUSS_LOBATTO : CEED_GAUSS, &made);
  } else if (kind == 1) {
    const CeedInt P = in.Range(0, 4), Q = in.Range(0, 4);
    const size_t  n = static_cast<size_t>(P * Q);
    auto interp = Scalars(in, n + 1), grad = Scalars(in, n + 1), q_ref = Scalars(in, static_cast<size_t>(Q) + 1), q_weight = Scalars(in, static_cast<size_t>(Q) + 1);
    const CeedInt dim = in.Range(0, 3), num_comp = in.Range(0, 3);
    CeedBasisCreateTensorH1(s.ceed, dim, num_comp, P, Q, interp.data(), grad.data(), q_ref.data(), q_weight.data(), &made);
  } else if (kind == 2) {
    const CeedElemTopology topo = kTopologies[in.Range(0, 6)];
    const CeedInt          dim = static_cast<CeedInt>(topo >> 16), nodes = in.Range(0, 8), qpts = in.Range(0, 8);
    const size_t           n = static_cast<size_t>(nodes * qpts);
    auto interp = Scalars(in, n + 1), grad = Scalars(in, static_cast<size_t>(dim) * n + 1), q_ref = Scalars(in, static_cast<size_t>(dim * qpts) + 1),
         q_weight = Scalars(in, static_cast<size_t>(qpts) + 1);
    CeedBasisCreateH1(s.ceed, topo, in.Range(0, 3), nodes, qpts, interp.data(), grad.data(), q_ref.data(), q_weight.data(), &made);
  } else {
    const int from = in.Range(0, kBases - 1), to = in.Range(0, kBases - 1);
    CeedBasisCreateProjection(s.basis[from], s.basis[to], &made);
  }
  CeedBasisDestroy(&s.basis[k]);
  s.basis[k] = made;
}

void SetField(State &s, fuzz::Input &in, CeedOperator op) {
  CeedQFunction qf = nullptr;
  std::string   name(in.Bool() ? "u" : "qdata");
  if (op && !CeedOperatorGetQFunction(op, &qf)) {
    CeedInt             num_in = 0, num_out = 0;
    CeedQFunctionField *inputs = nullptr, *outputs = nullptr;
    if (!CeedQFunctionGetFields(qf, &num_in, &inputs, &num_out, &outputs) && num_in + num_out > 0) {
      const int   i     = in.Range(0, num_in + num_out - 1);
      const char *field = nullptr;
      if (!CeedQFunctionFieldGetName(i < num_in ? inputs[i] : outputs[i - num_in], &field) && field) name = field;
    }
  }
  CeedElemRestriction rstr  = RstrArg(s, in);
  CeedBasis           basis = BasisArg(s, in);
  CeedVector          vec   = VecArg(s, in);
  CeedOperatorSetField(op, name.c_str(), rstr, basis, vec);
}

void Assemble(State &s, fuzz::Input &in) {
  CeedOperator op   = OpArg(s, in);
  if (std::getenv("CEEDRT_FUZZ_TRACE") && op) CeedOperatorView(op, stderr);
  CeedVector   diag = s.vec[in.Range(0, kVecs - 1)];
  switch (in.Range(0, 5)) {
    case 0:
      CeedOperatorLinearAssembleDiagonal(op, diag, CEED_REQUEST_IMMEDIATE);
      break;
    case 1:
      CeedOperatorLinearAssemblePointBlockDiagonal(op, diag, CEED_REQUEST_IMMEDIATE);
      break;
    case 2: {  // COO: symbolic, then values into a vector of that length
      CeedSize num = 0;
      if (CeedOperatorLinearAssembleGetNumEntries(op, &num) || num < 0 || num > 40000) break;
      CeedInt *rows = nullptr, *cols = nullptr;
      if (!CeedOperatorLinearAssembleSymbolic(op, &num, &rows, &cols)) {
        CeedVector values = nullptr;
        if (!CeedVectorCreate(s.ceed, num, &values)) CeedOperatorLinearAssemble(op, values);
        CeedVectorDestroy(&values);
      }
      CeedFree(&rows);
      CeedFree(&cols);
      break;
    }
    case 3: {
      CeedVector          assembled = nullptr;
      CeedElemRestriction rstr      = nullptr;
      CeedOperatorLinearAssembleQFunction(op, &assembled, &rstr, CEED_REQUEST_IMMEDIATE);
      CeedVectorDestroy(&assembled);
      CeedElemRestrictionDestroy(&rstr);
      break;
    }
    case 4: {
      CeedOperator coarse = nullptr, prolong = nullptr, restrict_op = nullptr;
      const int v = in.Range(0, kVecs - 1), r = in.Range(0, kRstrs - 1), b = in.Range(0, kBases - 1);
      CeedOperatorMultigridLevelCreate(op, s.vec[v], s.rstr[r], s.basis[b], &coarse, &prolong, &restrict_op);
      CeedOperatorDestroy(&coarse);
      CeedOperatorDestroy(&prolong);
      CeedOperatorDestroy(&restrict_op);
      break;
    }
    case 5: {
      CeedOperator fdm = nullptr;
      if (!CeedOperatorCreateFDMElementInverse(op, &fdm, CEED_REQUEST_IMMEDIATE)) {
        CeedSize in_len = 0, out_len = 0;
        CeedOperatorGetActiveVectorLengths(fdm, &in_len, &out_len);
      }
      CeedOperatorDestroy(&fdm);
      break;
    }
  }
}

void VectorOp(State &s, fuzz::Input &in) {
  CeedVector x = s.vec[in.Range(0, kVecs - 1)], y = s.vec[in.Range(0, kVecs - 1)], w = s.vec[in.Range(0, kVecs - 1)];
  CeedScalar norm = 0;
  switch (in.Range(0, 7)) {
    case 0:
      CeedVectorSetValue(x, in.Double());
      break;
    case 1: {
      CeedSize len = 0;
      if (CeedVectorGetLength(x, &len) || len < 0 || len > 100000) break;
      std::vector<CeedScalar> values = Scalars(in, static_cast<size_t>(len) + 1);
      CeedVectorSetArray(x, CEED_MEM_HOST, CEED_COPY_VALUES, values.data());
      break;
    }
    case 2:
      CeedVectorNorm(x, static_cast<CeedNormType>(in.Range(0, 2)), &norm);
      break;
    case 3:
      CeedVectorAXPY(y, in.Double(), x);
      break;
    case 4:
      CeedVectorPointwiseMult(w, x, y);
      break;
    case 5:
      CeedVectorReciprocal(x);
      break;
    case 6:
      CeedVectorCopy(x, y);
      break;
    case 7: {
      CeedScalar *array = nullptr;
      if (!CeedVectorGetArray(x, CEED_MEM_HOST, &array)) CeedVectorRestoreArray(x, &array);
      const CeedScalar *read = nullptr;
      if (!CeedVectorGetArrayRead(x, in.Bool() ? CEED_MEM_DEVICE : CEED_MEM_HOST, &read)) CeedVectorRestoreArrayRead(x, &read);
      break;
    }
  }
}

void Step(State &s, fuzz::Input &in) {
  switch (in.Range(0, 15)) {
    case 0: {
      const int k = in.Range(0, kVecs - 1);
      CeedVectorDestroy(&s.vec[k]);
      CeedVectorCreate(s.ceed, Count(in, 80), &s.vec[k]);
      break;
    }
    case 1:
      VectorOp(s, in);
      break;
    case 2:
      CreateRestriction(s, in, in.Range(0, kRstrs - 1));
      break;
    case 3:
      CreateBasis(s, in, in.Range(0, kBases - 1));
      break;
    case 4: {
      const int k   = in.Range(0, kQfs - 1);
      const int sel = in.Range(0, 20);
      CeedQFunctionDestroy(&s.qf[k]);
      if (sel < 19) CeedQFunctionCreateInteriorByName(s.ceed, kGallery[sel], &s.qf[k]);
      else {
        const int size = in.Range(-1, 4), in_mode = in.Range(0, 5), out_mode = in.Range(0, 5);
        CeedQFunctionCreateIdentity(s.ceed, size, kEvalModes[in_mode], kEvalModes[out_mode], &s.qf[k]);
      }
      break;
    }
    case 5: {
      const int k = in.Range(0, kOps - 1);
      CeedOperatorDestroy(&s.op[k]);
      CeedOperatorCreate(s.ceed, s.qf[in.Range(0, kQfs - 1)], CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &s.op[k]);
      break;
    }
    case 6:
      SetField(s, in, s.op[in.Range(0, kOps - 1)]);
      break;
    case 7: {
      CeedOperator op = OpArg(s, in);
      CeedVector   u = VecArg(s, in), v = VecArg(s, in);
      if (in.Bool()) CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE);
      else CeedOperatorApplyAdd(op, u, v, CEED_REQUEST_IMMEDIATE);
      break;
    }
    case 8: {
      CeedElemRestriction r = s.rstr[in.Range(0, kRstrs - 1)];
      const int           k = in.Range(0, kVecs - 1);
      switch (in.Range(0, 2)) {
        case 0:
        {
          const CeedTransposeMode t = in.Bool() ? CEED_TRANSPOSE : CEED_NOTRANSPOSE;
          CeedVector              u = VecArg(s, in), v = VecArg(s, in);
          CeedElemRestrictionApply(r, t, u, v, CEED_REQUEST_IMMEDIATE);
          break;
        }
        case 1:
          CeedVectorDestroy(&s.vec[k]);
          if (in.Bool()) CeedElemRestrictionCreateVector(r, &s.vec[k], nullptr);
          else CeedElemRestrictionCreateVector(r, nullptr, &s.vec[k]);
          break;
        case 2:
          CeedElemRestrictionGetMultiplicity(r, s.vec[k]);
          break;
      }
      break;
    }
    case 9: {
      CeedBasis               b        = s.basis[in.Range(0, kBases - 1)];
      const CeedInt           num_elem = Count(in, 4);
      const CeedTransposeMode t        = in.Bool() ? CEED_TRANSPOSE : CEED_NOTRANSPOSE;
      const CeedEvalMode      mode     = kEvalModes[in.Range(0, 5)];
      CeedVector              u = VecArg(s, in), v = VecArg(s, in);
      CeedBasisApply(b, num_elem, t, mode, u, v);
      break;
    }
    case 10:
      Assemble(s, in);
      break;
    case 11:
      if (!s.composite) CeedOperatorCreateComposite(s.ceed, &s.composite);
      else CeedOperatorCompositeAddSub(s.composite, s.op[in.Range(0, kOps - 1)]);
      break;
    case 12: {  // queries, readiness, views
      CeedOperator op = OpArg(s, in);
      CeedSize     a = 0, b = 0, flops = 0;
      CeedOperatorCheckReady(op);
      CeedOperatorGetActiveVectorLengths(op, &a, &b);
      CeedOperatorGetFlopsEstimate(op, &flops);
      static FILE *null_stream = std::fopen("/dev/null", "w");
      if (null_stream) {
        CeedOperatorView(op, null_stream);
        CeedElemRestrictionView(s.rstr[in.Range(0, kRstrs - 1)], null_stream);
        CeedBasisView(s.basis[in.Range(0, kBases - 1)], null_stream);
      }
      break;
    }
    case 13: {  // a QFunction applied directly to vectors (one per field)
      CeedQFunction       qf     = s.qf[in.Range(0, kQfs - 1)];
      CeedInt             num_in = 0, num_out = 0;
      CeedQFunctionField *inputs = nullptr, *outputs = nullptr;
      if (CeedQFunctionGetFields(qf, &num_in, &inputs, &num_out, &outputs)) break;
      std::vector<CeedVector> u(static_cast<size_t>(num_in) + 1), v(static_cast<size_t>(num_out) + 1);
      for (auto &x : u) x = s.vec[in.Range(0, kVecs - 1)];
      for (auto &x : v) x = s.vec[in.Range(0, kVecs - 1)];
      CeedQFunctionApply(qf, Count(in, 16), u.data(), v.data());
      break;
    }
    case 14: {  // destroy one object
      const int k = in.Range(0, 2);
      switch (in.Range(0, 4)) {
        case 0:
          CeedVectorDestroy(&s.vec[k]);
          break;
        case 1:
          CeedElemRestrictionDestroy(&s.rstr[k]);
          break;
        case 2:
          CeedBasisDestroy(&s.basis[k]);
          break;
        case 3:
          CeedQFunctionDestroy(&s.qf[k]);
          break;
        case 4:
          CeedOperatorDestroy(&s.op[k]);
          break;
      }
      break;
    }
    case 15:
    {
      CeedOperator      op   = OpArg(s, in);
      const std::string name = in.String(8, '\0');
      CeedOperatorSetName(op, name.c_str());
      break;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const char *const resources[] = {"/cpu/self/ref/serial", "/cpu/self/ref/blocked", "/cpu/test/device-emulation"};
  fuzz::Input              in(data, size);
  State                    s;
  s.ceed = fuzz::InitOrNull(resources[in.Range(0, 2)]);
  if (!s.ceed) s.ceed = fuzz::InitOrNull("/cpu/self/ref/serial");
  if (!s.ceed) std::abort();
  fuzz::RunProgram(s.ceed, in, 48, [&] { Step(s, in); });
  int ierr = CeedOperatorDestroy(&s.composite);
  for (auto &op : s.op) ierr |= CeedOperatorDestroy(&op);
  for (auto &qf : s.qf) ierr |= CeedQFunctionDestroy(&qf);
  for (auto &b : s.basis) ierr |= CeedBasisDestroy(&b);
  for (auto &r : s.rstr) ierr |= CeedElemRestrictionDestroy(&r);
  for (auto &v : s.vec) ierr |= CeedVectorDestroy(&v);
  ierr |= CeedDestroy(&s.ceed);
  if (ierr) std::abort();
  return 0;
}

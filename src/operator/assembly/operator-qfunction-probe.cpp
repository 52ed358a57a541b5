// CeedOperator: QFunction assembly of operators that are not at points, run as operator applications on
// the operator's own backend (spec 06 §6), so that the passive inputs, the QFunction and the results stay
// in the backend's memory (fused kernels on gen backends).
//
// The probe operator runs on the operator fallback context of op's backend when it names one (06 §11): the
// /gpu/<vendor>/gen backends name their /gpu/<vendor>/ref delegate, whose generic kernels are compiled once per
// context, where a probe of their own would be one more fused kernel to JIT-compile (with launch-bound tuning)
// per assembled operator, each applied a handful of times.
//
// A probe operator has the same passive fields and a copy of the QFunction whose active fields are
// EVAL_NONE fields at the quadrature points: each active input reads a probe vector through a strided
// restriction, each active output writes through a strided restriction into a view of the assembled vector
// (CEED_USE_POINTER at the offset of its unknowns). Applying it once per active input unknown r, with
// that unknown set to 1 at every point and the other active inputs 0, fills the entries of every element
// and point for r: assembled[e][r * S_out + s][q] (the layout of 06 §6). Every entry is written exactly
// once, so the additive application of the restrictions' transposes stores it.
//
// The views of different active outputs interleave in memory. A backend may write a view through a copy
// in another memory type and copy the whole view back, which would overwrite what another view wrote in
// the same application; so with several active outputs each application targets one output, and the
// others write to scratch memory.
#include "operator/assembly/operator-assembly.hpp"
#include "qfunction/qfunction.hpp"

namespace ceed {

namespace {

// The context the probe operator and its objects live in: op's operator fallback context, or op's own.
int ProbeCeed(CeedOperator op, Ceed *ceed) {
  Ceed fallback = nullptr;
  CeedCall(CeedGetOperatorFallbackCeed(op->header.ceed, &fallback));
  *ceed = fallback ? fallback : op->header.ceed;
  if (fallback) {
    const char *resource = nullptr;
    CeedCall(CeedGetResource(fallback, &resource));
    CeedDebug(op->header.ceed, "QFunction assembly of operator %s: probe operator on the operator fallback %s",
              op->name.empty() ? "(unnamed)" : op->name.c_str(), resource);
  }
  return CEED_ERROR_SUCCESS;
}

// The QFunction of op, on ceed, with its active fields turned into EVAL_NONE fields of the same sizes.
int ProbeQFunction(Ceed ceed, CeedOperator op, OwnedQFunction &probe) {
  CeedQFunction     qf     = op->qf;
  const std::string source = qf->source_path.empty() ? std::string() : qf->source_path + ":" + qf->kernel_name;
  CeedCall(CeedQFunctionCreateInterior(ceed, qf->vec_length, qf->function, source.c_str(), probe.out()));
  CeedCall(CeedQFunctionSetFortranStatus(probe, qf->is_fortran));  // run as op's QFunction runs (e.g. not its C twin)
  for (CeedInt i = 0; i < qf->num_input_fields; i++) {
    const bool active = op->input_fields[i]->vec == CEED_VECTOR_ACTIVE;
    CeedCall(CeedQFunctionAddInput(probe, qf->input_fields[i]->name.c_str(), qf->input_fields[i]->size,
                                   active ? CEED_EVAL_NONE : qf->input_fields[i]->eval_mode));
  }
  for (CeedInt i = 0; i < qf->num_output_fields; i++) {
    const bool active = op->output_fields[i]->vec == CEED_VECTOR_ACTIVE;
    CeedCall(CeedQFunctionAddOutput(probe, qf->output_fields[i]->name.c_str(), qf->output_fields[i]->size,
                                    active ? CEED_EVAL_NONE : qf->output_fields[i]->eval_mode));
  }
  if (qf->ctx) {
    CeedCall(CeedQFunctionSetContext(probe, qf->ctx));
    CeedCall(CeedQFunctionSetContextWritable(probe, qf->is_context_writable));
  }
  return CEED_ERROR_SUCCESS;
}

}  // namespace

// The probe operator of op and its vectors; kept in the QFunction assembly data, so that re-assembly (a new
// linearization point, updated passive inputs or context) only applies it again.
struct ProbeOperator {
  OwnedQFunction           qf;
  OwnedOperator            op;
  std::vector<OwnedVector> probes, outputs, scratch;  // per input field / per output field (empty if unused)
  std::vector<CeedInt>     first_out;                 // first unknown of each active output among the S_out
  CeedInt                  S_out = 0, num_active_out = 0;
  explicit ProbeOperator(size_t num_in, size_t num_out) : probes(num_in), outputs(num_out), scratch(num_out), first_out(num_out, 0) {}
};

namespace {

int BuildProbeOperator(CeedOperator op, ProbeOperator &p) {
  Ceed ceed = nullptr;
  CeedCall(ProbeCeed(op, &ceed));
  const CeedInt E = op->shape.num_elem, Q = op->shape.num_qpts;
  CeedInt       S_in = 0, S_out = 0;
  for (CeedOperatorField f : op->input_fields) S_in += f->vec == CEED_VECTOR_ACTIVE ? f->size : 0;
  for (CeedOperatorField f : op->output_fields) S_out += f->vec == CEED_VECTOR_ACTIVE ? f->size : 0;
  const CeedInt S = S_in * S_out;
  p.S_out         = S_out;

  CeedCall(ProbeQFunction(ceed, op, p.qf));
  CeedCall(CeedOperatorCreate(ceed, p.qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, p.op.out()));
  // Active inputs: probe vectors [comp][elem][point] (one component is one contiguous range).
  for (size_t i = 0; i < op->input_fields.size(); i++) {
    CeedOperatorField f = op->input_fields[i];
    if (f->vec != CEED_VECTOR_ACTIVE) {
      CeedCall(CeedOperatorSetField(p.op, f->name.c_str(), f->rstr, f->basis, f->vec));
      continue;
    }
    const CeedInt strides[3] = {1, E * Q, Q};
    OwnedRstr     rstr;
    CeedCall(CeedElemRestrictionCreateStrided(ceed, E, Q, f->size, static_cast<CeedSize>(E) * Q * f->size, strides, rstr.out()));
    CeedCall(CeedElemRestrictionCreateVector(rstr, p.probes[i].out(), nullptr));
    CeedCall(CeedOperatorSetField(p.op, f->name.c_str(), rstr, CEED_BASIS_NONE, p.probes[i]));
  }
  // Active outputs: views of the assembled vector, set at each application; passive outputs: scratch vectors.
  CeedInt s0 = 0;
  for (size_t i = 0; i < op->output_fields.size(); i++) {
    CeedOperatorField f = op->output_fields[i];
    if (f->vec != CEED_VECTOR_ACTIVE) {
      CeedCall(CeedElemRestrictionCreateVector(f->rstr, p.outputs[i].out(), nullptr));
      CeedCall(CeedOperatorSetField(p.op, f->name.c_str(), f->rstr, f->basis, p.outputs[i]));
      continue;
    }
    p.first_out[i]            = s0;
    const CeedInt  strides[3] = {1, Q, S * Q};
    const CeedSize l_size     = static_cast<CeedSize>(E - 1) * S * Q + static_cast<CeedSize>(f->size) * Q;
    OwnedRstr      rstr;
    CeedCall(CeedElemRestrictionCreateStrided(ceed, E, Q, f->size, l_size, strides, rstr.out()));
    CeedCall(CeedVectorCreate(ceed, l_size, p.outputs[i].out()));
    CeedCall(CeedOperatorSetField(p.op, f->name.c_str(), rstr, CEED_BASIS_NONE, p.outputs[i]));
    s0 += f->size;
    p.num_active_out++;
  }
  if (p.num_active_out > 1) {
    for (size_t b = 0; b < op->output_fields.size(); b++) {
      if (op->output_fields[b]->vec != CEED_VECTOR_ACTIVE) continue;
      CeedSize l_size = 0;
      CeedCall(CeedVectorGetLength(p.outputs[b], &l_size));
      CeedCall(CeedVectorCreate(ceed, l_size, p.scratch[b].out()));
    }
  }
  return CEED_ERROR_SUCCESS;
}

}  // namespace

int AssembleQFunctionWithProbes(CeedOperator op, CeedVector assembled) {
  Ceed            ceed = op->header.ceed;
  QFAssemblyData &data = OperatorQFAssembly(op);
  if (!data.probe) {
    auto probe = std::make_shared<ProbeOperator>(op->input_fields.size(), op->output_fields.size());
    CeedCall(BuildProbeOperator(op, *probe));
    data.probe = probe;
  }
  ProbeOperator &p = *data.probe;
  const CeedInt  E = op->shape.num_elem, Q = op->shape.num_qpts;
  const size_t   num_in = op->input_fields.size(), num_out = op->output_fields.size();

  CeedMemType mem_type = CEED_MEM_HOST;
  CeedCall(CeedGetPreferredMemType(ceed, &mem_type));
  CeedCall(CeedVectorSetValue(assembled, 0.0));
  VectorWrite target;
  CeedCall(target.Get(assembled, true, mem_type));
  std::vector<VectorWrite> scratch_data(num_out);
  for (size_t b = 0; b < num_out; b++) {
    if (p.scratch[b]) CeedCall(scratch_data[b].Get(p.scratch[b], false, mem_type));
  }
  CeedInt r = 0;
  for (size_t a = 0; a < num_in; a++) {
    if (!p.probes[a]) continue;
    for (CeedInt k = 0; k < op->input_fields[a]->size; k++, r++) {
      for (size_t b = 0; b < num_in; b++)
        if (p.probes[b]) CeedCall(CeedVectorSetValue(p.probes[b], 0.0));
      const CeedSize range = static_cast<CeedSize>(E) * Q;
      CeedCall(CeedVectorSetValueStrided(p.probes[a], k * range, (k + 1) * range, 1, 1.0));
      for (size_t t = 0; t < num_out; t++) {  // the targeted output
        if (op->output_fields[t]->vec != CEED_VECTOR_ACTIVE) continue;
        for (size_t b = 0; b < num_out; b++) {
          if (op->output_fields[b]->vec != CEED_VECTOR_ACTIVE) continue;
          CeedScalar *view = b == t ? target.data() + (static_cast<CeedSize>(r) * p.S_out + p.first_out[b]) * Q : scratch_data[b].data();
          CeedCall(CeedVectorSetArray(p.outputs[b], mem_type, CEED_USE_POINTER, view));
        }
        CeedCall(CeedOperatorApplyAdd(p.op, CEED_VECTOR_NONE, CEED_VECTOR_NONE, CEED_REQUEST_IMMEDIATE));
        // The values must be in the borrowed memory before the next application moves the view.
        CeedCall(CeedVectorSyncArray(p.outputs[t], mem_type));
        if (p.num_active_out == 1) break;
      }
    }
  }
  // The kept output vectors must not hold views of memory that may be freed before the next assembly.
  for (size_t b = 0; b < num_out; b++) {
    if (op->output_fields[b]->vec != CEED_VECTOR_ACTIVE) continue;
    CeedScalar *view = nullptr;
    CeedCall(CeedVectorTakeArray(p.outputs[b], mem_type, &view));
  }
  return target.Restore();
}

}  // namespace ceed

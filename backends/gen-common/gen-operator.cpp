// The fused-operator lifecycle shared by the gen backends (gen-operator.hpp): prepare, fall back, precision
// modes, destroy. The backends' Build and Launch do the rest.
#include "gen-operator.hpp"

namespace ceed::gen {

namespace {

int Data(CeedOperator op, FusedOperator **data) {
  void *d = nullptr;
  CeedCallBackend(CeedOperatorGetData(op, &d));
  CeedCheck(d, CeedOperatorReturnCeed(op), CEED_ERROR_BACKEND, "CeedOperator has no fused-operator backend data");
  *data = static_cast<FusedOperator *>(d);
  return CEED_ERROR_SUCCESS;
}

// Back to the state of a new operator.
int Unprepare(CeedOperator op, FusedOperator *d) {
  int ierr = CeedOperatorDestroy(&d->fallback);
  int e    = d->ReleaseBuild(op);
  if (!ierr) ierr = e;
  d->desc             = OperatorDesc{};
  d->precision_native = true;
  d->why_fp64.clear();
  d->prepared = false;
  return ierr;
}

int PrepareOnce(CeedOperator op, FusedOperator *d) {
  Ceed        ceed = CeedOperatorReturnCeed(op);
  std::string why_not;
  CeedCall(DescribeOperator(op, &d->desc, &why_not));
  if (why_not.empty()) CeedCall(d->Build(op, &why_not));
  if (why_not.empty()) {
    d->prepared = true;
    return CEED_ERROR_SUCCESS;
  }
  const std::string name = d->BackendName(ceed), delegate_name = d->DelegateName(ceed);
  CeedDebug(ceed, "%s: operator not fused (%s); applied by %s", name.c_str(), why_not.c_str(), delegate_name.c_str());
  Ceed delegate = nullptr;
  CeedCallBackend(CeedGetDelegate(ceed, &delegate));
  CeedCheck(delegate, ceed, CEED_ERROR_BACKEND, "%s has no delegate to run an operator it does not fuse (%s)", name.c_str(), why_not.c_str());
  CeedCall(CreateDelegateOperator(op, delegate, &d->fallback));
  d->prepared = true;
  return CEED_ERROR_SUCCESS;
}

int Prepare(CeedOperator op) {
  FusedOperator *d = nullptr;
  CeedCall(Data(op, &d));
  if (d->prepared) return CEED_ERROR_SUCCESS;
  int ierr = CEED_ERROR_MAJOR;
  try {
    ierr = PrepareOnce(op, d);
  } catch (...) {
    Unprepare(op, d);
    throw;
  }
  if (ierr) Unprepare(op, d);
  return ierr;
}

int ApplyAdd(CeedOperator op, CeedVector in, CeedVector out, CeedRequest *) {
  CeedCall(Prepare(op));
  FusedOperator *d = nullptr;
  CeedCall(Data(op, &d));
  if (d->fallback) return CeedOperatorApplyAdd(d->fallback, in, out, CEED_REQUEST_IMMEDIATE);
  return d->Launch(op, in, out);
}

// The core asks before applying an operator in a mode other than fp64: fused operators honour every mode (the
// kernel converts at the restriction) unless the QFunction must compute in fp64; operators applied by the delegate
// get the core's conversion (low-high) or its refusal. A fused operator that cannot says why itself (the core's
// refusal could not know).
int SupportsPrecision(CeedOperator op, CeedOperatorPrecision precision, bool *supported) {
  CeedCall(Prepare(op));
  FusedOperator *d = nullptr;
  CeedCall(Data(op, &d));
  *supported              = !d->fallback && d->precision_native;
  const bool fp32_compute = precision == CEED_PRECISION_FP32 || precision == CEED_PRECISION_HIGH_LOW;
  Ceed       ceed         = CeedOperatorReturnCeed(op);
  CeedCheck(*supported || d->fallback || !fp32_compute, ceed, CEED_ERROR_UNSUPPORTED,
            "CeedOperator precision %s computes in fp32, which %s cannot do for this operator: %s; use CEED_PRECISION_LOW_HIGH or "
            "CEED_PRECISION_FP64",
            CeedOperatorPrecisions[precision], d->BackendName(ceed).c_str(), d->why_fp64.c_str());
  return CEED_ERROR_SUCCESS;
}

int Destroy(CeedOperator op) {
  void *data = nullptr;
  CeedCallBackend(CeedOperatorGetData(op, &data));
  if (!data) return CEED_ERROR_SUCCESS;
  auto *d    = static_cast<FusedOperator *>(data);
  int   ierr = Unprepare(op, d);
  delete d;
  CeedCallBackend(CeedOperatorSetData(op, nullptr));
  return ierr;
}

}  // namespace

int FusedOperator::WhyFp64Only(CeedOperator, std::string *why) {
  why->clear();
  return CEED_ERROR_SUCCESS;
}

int FusedOperator::ChoosePrecisions(CeedOperator op) {
  CeedOperatorPrecision precision = CEED_PRECISION_FP64;
  CeedCallBackend(CeedOperatorGetPrecision(op, &precision));
  CeedCall(SetFieldPrecisions(precision, &desc));
  if (desc.compute != CEED_SCALAR_FP32) return CEED_ERROR_SUCCESS;
  // fp32 kernels compile the QFunction with CeedScalar = float, which its context must survive.
  bool        context_ok = true;
  std::string why;
  CeedCall(ContextKeepsLayoutInFp32(op, &context_ok, &why));
  std::string backend_why;
  CeedCall(WhyFp64Only(op, &backend_why));
  if (!backend_why.empty()) why = backend_why;
  if (why.empty()) return CEED_ERROR_SUCCESS;
  Ceed              ceed = CeedOperatorReturnCeed(op);
  const std::string name = BackendName(ceed);
  CeedDebug(ceed, "%s: QFunction %s computes in fp64 only: %s", name.c_str(), desc.qf_kernel_name.c_str(), why.c_str());
  precision_native = false;
  why_fp64         = why;
  return SetFieldPrecisions(CEED_PRECISION_FP64, &desc);
}

int SetFusedOperator(CeedOperator op, FusedOperator *d) {
  int ierr = CeedOperatorSetData(op, d);
  if (ierr) {
    delete d;
    return ierr;
  }
  CeedOperatorBackendOps ops{};
  ops.size              = sizeof(ops);
  ops.ApplyAdd          = ApplyAdd;
  ops.Prepare           = Prepare;
  ops.SupportsPrecision = SupportsPrecision;
  ops.Destroy           = Destroy;
  return CeedOperatorSetBackendOps(op, &ops);
}

}  // namespace ceed::gen

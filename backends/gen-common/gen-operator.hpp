// The lifecycle every fused-operator backend shares (/cpu/self/gen, /gpu/<vendor>/gen): an operator is prepared
// once, on its first application or by CeedOperatorPrepare, into either a fused kernel or a clone on the backend's
// delegate (operators the generator or the backend cannot fuse; CEED_DEBUG says which and why). Preparing builds
// everything an application needs, or nothing: a failure leaves the operator as new, and the next application
// or Prepare starts again. A backend supplies Build (the kernel and its data) and Launch (one application).
#pragma once

#include <new>
#include <string>

#include "ceed-gen.hpp"

namespace ceed::gen {

class FusedOperator {
 public:
  virtual ~FusedOperator() = default;

  // The backend and its delegate in messages ("/cpu/self/gen" and "the delegate", "/gpu/cuda/gen" and "/gpu/cuda/ref").
  virtual std::string BackendName(Ceed ceed) const  = 0;
  virtual std::string DelegateName(Ceed ceed) const = 0;
  // Builds the kernel of the operator desc describes, and what its applications read; sets *why_not instead when
  // the backend cannot fuse it. An error return is cleaned up by ReleaseBuild.
  virtual int Build(CeedOperator op, std::string *why_not) = 0;
  // One application of the built kernel: out += op(in).
  virtual int Launch(CeedOperator op, CeedVector in, CeedVector out) = 0;
  // Frees what Build made, also half-way (nothing may allocate here); returns the first error of giving it back.
  virtual int ReleaseBuild(CeedOperator op) = 0;
  // Why the QFunction must compute in fp64 whatever the operator's precision ("" when it need not), beyond its
  // context (ContextKeepsLayoutInFp32, checked for every backend).
  virtual int WhyFp64Only(CeedOperator op, std::string *why);

  // The compute and storage precisions of desc from the operator's precision mode (docs/multiprecision.md):
  // fp64 where the QFunction cannot compute in fp32 (precision_native false, why_fp64 says why).
  int ChoosePrecisions(CeedOperator op);

  bool         prepared = false;
  CeedOperator fallback = nullptr;  // the clone on the delegate when not fused
  OperatorDesc desc;
  bool         precision_native = true;  // the kernel honours the operator's precision
  std::string  why_fp64;                 // why not, when it does not
};

// Makes d op's backend data (op owns it from then on, also when this fails) with the shared ApplyAdd, Prepare,
// SupportsPrecision and Destroy.
int SetFusedOperator(CeedOperator op, FusedOperator *d);

// A backend's OperatorCreate: a new Backend (a FusedOperator) as op's data; `backend` names it in the message.
template <class Backend>
int CreateFusedOperator(CeedOperator op, const char *backend) {
  auto *d = new (std::nothrow) Backend();
  CeedCheck(d, CeedOperatorReturnCeed(op), CEED_ERROR_MAJOR, "Out of memory creating a %s operator", backend);
  return SetFusedOperator(op, d);
}

}  // namespace ceed::gen

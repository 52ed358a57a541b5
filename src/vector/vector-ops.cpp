// CeedVector: linear algebra (backend kernels from CeedBackendOps when a backend provides them, host
// loops otherwise), queries, backend-facing state getters and views (spec 02, 07 §8.1).
#include <cmath>

#include "vector/vector.hpp"

namespace {

// The Ceed contexts of two vectors must share a root parent.
bool SameRoot(CeedVector a, CeedVector b) { return ceed::RootCeed(a->header.ceed) == ceed::RootCeed(b->header.ceed); }

// Host reductions keep kReductionLanes independent partial results: a single running sum is one chain of
// dependent additions, bound by the adder's latency (8 GB/s on one Xeon core, where the memory streams 13), while
// independent lanes vectorize and stream at the memory's rate. The lanes also make the sum more accurate: each
// adds a 1/kReductionLanes share, and the lanes are summed pairwise at the end.
constexpr int kReductionLanes = 16;

// Sum of term(i) for 0 <= i < n.
template <class F>
CeedScalar BlockedSumOfTerms(CeedSize n, F term) {
  CeedScalar lanes[kReductionLanes] = {};
  CeedSize   i                      = 0;
  for (; i + kReductionLanes <= n; i += kReductionLanes) {
    for (int k = 0; k < kReductionLanes; k++) lanes[k] += term(i + k);
  }
  const int rest = (int)(n - i);  // < kReductionLanes
  for (int k = 0; k < rest; k++) lanes[k] += term(i + k);
  for (int width = kReductionLanes / 2; width > 0; width /= 2) {
    for (int k = 0; k < width; k++) lanes[k] += lanes[k + width];
  }
  return lanes[0];
}

template <class T, class F>
CeedScalar BlockedSum(const T *x, CeedSize n, F term) {
  return BlockedSumOfTerms(n, [x, &term](CeedSize i) { return term((CeedScalar)x[i]); });
}

// The largest |x_i|, NaN entries skipped as std::fmax skips them (a comparison with NaN is false).
template <class T>
CeedScalar BlockedMaxAbs(const T *x, CeedSize n) {
  CeedScalar lanes[kReductionLanes] = {};
  CeedSize   i                      = 0;
  for (; i + kReductionLanes <= n; i += kReductionLanes) {
    for (int k = 0; k < kReductionLanes; k++) {
      const CeedScalar v = std::fabs((CeedScalar)x[i + k]);
      lanes[k]           = v > lanes[k] ? v : lanes[k];
    }
  }
  const int rest = (int)(n - i);  // < kReductionLanes
  for (int k = 0; k < rest; k++) lanes[k] = std::fmax(lanes[k], std::fabs((CeedScalar)x[i + k]));
  CeedScalar result = 0.0;
  for (int k = 0; k < kReductionLanes; k++) result = std::fmax(result, lanes[k]);
  return result;
}

// Backend vector kernels serve the operands that prefer one precision they handle (FindVectorKernelFor); the
// host loops below (in each vector's preferred precision) serve the others.
using ceed::Access;
using ceed::HostAccess;
using ceed::WithScalarType;

}  // namespace

// ---- Linear algebra --------------------------------------------------------------------------------

int CeedVectorNorm(CeedVector vec, CeedNormType type, CeedScalar *norm) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  Ceed ceed = vec->header.ceed;
  CeedCheck(norm, ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer for the CeedVector norm is NULL");
  CeedCheck(type == CEED_NORM_1 || type == CEED_NORM_2 || type == CEED_NORM_MAX, ceed, CEED_ERROR_INCOMPATIBLE,
            "Invalid CeedNormType %d for CeedVectorNorm", static_cast<int>(type));
  CeedCheck(ceed::VectorHasValidData(vec), ceed, CEED_ERROR_BACKEND,
            "CeedVector has no valid data to compute norm, must set data with CeedVectorSetValue or CeedVectorSetArray");
  if (vec->length == 0) {
    *norm = 0.0;
    return CEED_ERROR_SUCCESS;
  }
  if (Ceed backend = ceed::FindVectorKernelFor({vec}, [](const CeedBackendOps &o) { return o.VectorNorm != nullptr; })) {
    return backend->ops.VectorNorm(vec, type, norm);
  }
  HostAccess access;
  CeedCall(access.Get(vec, vec->preferred, Access::kRead, __func__));
  // Sums in CeedScalar whatever the storage precision. The lambda gets the norm as a plain value: capturing the
  // (validated) enum parameter by reference would make UBSan check its loads against the enum's range.
  CeedScalar         result = 0.0;
  const CeedNormType kind   = type;
  WithScalarType(vec->preferred, [&result, &access, kind, vec](auto zero) {
    const auto *x = access.Data<const decltype(zero)>();
    switch (kind) {
      case CEED_NORM_1:
        result = BlockedSum(x, vec->length, [](CeedScalar v) { return std::fabs(v); });
        break;
      case CEED_NORM_2:
        result = std::sqrt(BlockedSum(x, vec->length, [](CeedScalar v) { return v * v; }));
        break;
      case CEED_NORM_MAX:
        result = BlockedMaxAbs(x, vec->length);
        break;
    }
    return CEED_ERROR_SUCCESS;
  });
  CeedCall(access.Restore());
  *norm = result;
  return CEED_ERROR_SUCCESS;
}

int CeedVectorScale(CeedVector x, CeedScalar alpha) {
  CeedCall(ceed::VectorCheck(x, __func__));
  CeedCheck(ceed::VectorHasValidData(x), x->header.ceed, CEED_ERROR_BACKEND,
            "CeedVector has no valid data to scale, must set data with CeedVectorSetValue or CeedVectorSetArray");
  if (x->length == 0) return CEED_ERROR_SUCCESS;
  if (Ceed backend = ceed::FindVectorKernelFor({x}, [](const CeedBackendOps &o) { return o.VectorScale != nullptr; })) {
    return ceed::RunMutatingKernel(x, [&] { return backend->ops.VectorScale(x, alpha); });
  }
  HostAccess access;
  CeedCall(access.Get(x, x->preferred, Access::kReadWrite, __func__));
  WithScalarType(x->preferred, [&](auto zero) {
    using T = decltype(zero);
    T *a    = access.Data<T>();
    for (CeedSize i = 0; i < x->length; i++) a[i] = static_cast<T>(a[i] * alpha);
    return CEED_ERROR_SUCCESS;
  });
  return access.Restore();
}

int CeedVectorFilter(CeedVector x, CeedScalar threshold) {
  CeedCall(ceed::VectorCheck(x, __func__));
  CeedCheck(ceed::VectorHasValidData(x), x->header.ceed, CEED_ERROR_BACKEND,
            "CeedVector has no valid data to filter, must set data with CeedVectorSetValue or CeedVectorSetArray");
  if (x->length == 0) return CEED_ERROR_SUCCESS;
  HostAccess access;
  CeedCall(access.Get(x, x->preferred, Access::kReadWrite, __func__));
  WithScalarType(x->preferred, [&](auto zero) {
    using T = decltype(zero);
    T *a    = access.Data<T>();
    for (CeedSize i = 0; i < x->length; i++)
      if (std::fabs((CeedScalar)a[i]) <= threshold) a[i] = 0;
    return CEED_ERROR_SUCCESS;
  });
  return access.Restore();
}

// Checks shared by AXPY and AXPBY; func names the public function.
static int CheckAxpyArguments(CeedVector y, CeedVector x, const char *func) {
  CeedCall(ceed::VectorCheck(y, func));
  CeedCall(ceed::VectorCheck(x, func));
  if (x->length != y->length)
    return CeedVectorError(y, func, CEED_ERROR_UNSUPPORTED, "Cannot add vector of different lengths. x length: %td, y length: %td", x->length,
                           y->length);
  if (x == y) return CeedVectorError(y, func, CEED_ERROR_UNSUPPORTED, "Cannot use same vector for x and y in %s", func);
  if (!SameRoot(x, y)) return CeedVectorError(y, func, CEED_ERROR_INCOMPATIBLE, "CeedVectors x and y must be created by the same Ceed context");
  if (!ceed::VectorHasValidData(x))
    return CeedVectorError(y, func, CEED_ERROR_BACKEND, "CeedVector x has no valid data, must set data with CeedVectorSetValue or CeedVectorSetArray");
  if (!ceed::VectorHasValidData(y))
    return CeedVectorError(y, func, CEED_ERROR_BACKEND, "CeedVector y has no valid data, must set data with CeedVectorSetValue or CeedVectorSetArray");
  return CEED_ERROR_SUCCESS;
}

// y <- alpha x + beta y on host, each vector in its preferred precision, arithmetic in CeedScalar.
static int AxpbyHost(CeedVector y, CeedScalar alpha, CeedScalar beta, CeedVector x, bool scale_y, const char *func) {
  HostAccess a, b;
  CeedCall(b.Get(y, y->preferred, Access::kReadWrite, func));
  CeedCall(a.Get(x, x->preferred, Access::kRead, func));
  WithScalarType(y->preferred, [&](auto y_zero) {
    return WithScalarType(x->preferred, [&](auto x_zero) {
      using TY       = decltype(y_zero);
      const auto *xx = a.Data<const decltype(x_zero)>();
      TY         *yy = b.Data<TY>();
      if (scale_y)
        for (CeedSize i = 0; i < y->length; i++) yy[i] = static_cast<TY>(alpha * (CeedScalar)xx[i] + beta * (CeedScalar)yy[i]);
      else
        for (CeedSize i = 0; i < y->length; i++) yy[i] = static_cast<TY>(yy[i] + alpha * (CeedScalar)xx[i]);
      return CEED_ERROR_SUCCESS;
    });
  });
  CeedCall(a.Restore());
  return b.Restore();
}

int CeedVectorAXPY(CeedVector y, CeedScalar alpha, CeedVector x) {
  CeedCall(CheckAxpyArguments(y, x, __func__));
  if (y->length == 0) return CEED_ERROR_SUCCESS;
  if (Ceed backend = ceed::FindVectorKernelFor({y, x}, [](const CeedBackendOps &o) { return o.VectorAXPY != nullptr; })) {
    return ceed::RunMutatingKernel(y, [&] { return backend->ops.VectorAXPY(y, alpha, x); });
  }
  return AxpbyHost(y, alpha, 1.0, x, false, __func__);
}

int CeedVectorAXPBY(CeedVector y, CeedScalar alpha, CeedScalar beta, CeedVector x) {
  CeedCall(CheckAxpyArguments(y, x, __func__));
  if (y->length == 0) return CEED_ERROR_SUCCESS;
  if (Ceed backend = ceed::FindVectorKernelFor({y, x}, [](const CeedBackendOps &o) { return o.VectorAXPBY != nullptr; })) {
    return ceed::RunMutatingKernel(y, [&] { return backend->ops.VectorAXPBY(y, alpha, beta, x); });
  }
  return AxpbyHost(y, alpha, beta, x, true, __func__);
}

int CeedVectorDot(CeedVector x, CeedVector y, CeedScalar *result) {
  CeedCall(ceed::VectorCheck(x, __func__));
  CeedCall(ceed::VectorCheck(y, __func__));
  Ceed ceed = x->header.ceed;
  CeedCheck(result, ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer for the CeedVector inner product is NULL");
  CeedCheck(x->length == y->length, ceed, CEED_ERROR_UNSUPPORTED, "Cannot take the inner product of CeedVectors of lengths %td and %td", x->length,
            y->length);
  CeedCheck(SameRoot(x, y), ceed, CEED_ERROR_INCOMPATIBLE, "CeedVectors x and y must be created by the same Ceed context");
  CeedCheck(ceed::VectorHasValidData(x) && ceed::VectorHasValidData(y), ceed, CEED_ERROR_BACKEND,
            "CeedVector x or y has no valid data, must set data with CeedVectorSetValue or CeedVectorSetArray");
  if (x->length == 0) {
    *result = 0.0;
    return CEED_ERROR_SUCCESS;
  }
  if (Ceed backend = ceed::FindVectorKernelFor({x, y}, [](const CeedBackendOps &o) { return o.VectorDot != nullptr; })) {
    return backend->ops.VectorDot(x, y, result);
  }
  HostAccess a, b;
  CeedCall(a.Get(x, x->preferred, Access::kRead, __func__));
  if (y != x) CeedCall(b.Get(y, y->preferred, Access::kRead, __func__));
  const HostAccess &ya = y == x ? a : b;
  CeedScalar        sum = 0.0;
  WithScalarType(x->preferred, [&](auto x_zero) {
    return WithScalarType(y->preferred, [&](auto y_zero) {
      const auto *xx = a.Data<const decltype(x_zero)>();
      const auto *yy = ya.Data<const decltype(y_zero)>();
      sum            = BlockedSumOfTerms(x->length, [xx, yy](CeedSize i) { return (CeedScalar)xx[i] * (CeedScalar)yy[i]; });
      return CEED_ERROR_SUCCESS;
    });
  });
  CeedCall(b.Restore());
  CeedCall(a.Restore());
  *result = sum;
  return CEED_ERROR_SUCCESS;
}

int CeedVectorPointwiseMult(CeedVector w, CeedVector x, CeedVector y) {
  CeedCall(ceed::VectorCheck(w, __func__));
  CeedCall(ceed::VectorCheck(x, __func__));
  CeedCall(ceed::VectorCheck(y, __func__));
  Ceed ceed = w->header.ceed;
  CeedCheck(x->length >= w->length, ceed, CEED_ERROR_UNSUPPORTED, "Cannot pointwise multiply CeedVectors: x length %td is less than w length %td",
            x->length, w->length);
  CeedCheck(y->length >= w->length, ceed, CEED_ERROR_UNSUPPORTED, "Cannot pointwise multiply CeedVectors: y length %td is less than w length %td",
            y->length, w->length);
  CeedCheck(SameRoot(w, x) && SameRoot(w, y), ceed, CEED_ERROR_INCOMPATIBLE, "CeedVectors w, x and y must be created by the same Ceed context");
  CeedCheck(ceed::VectorHasValidData(x), ceed, CEED_ERROR_BACKEND,
            "CeedVector x has no valid data, must set data with CeedVectorSetValue or CeedVectorSetArray");
  CeedCheck(ceed::VectorHasValidData(y), ceed, CEED_ERROR_BACKEND,
            "CeedVector y has no valid data, must set data with CeedVectorSetValue or CeedVectorSetArray");
  if (w->length == 0) return CEED_ERROR_SUCCESS;
  if (Ceed backend = ceed::FindVectorKernelFor({w, x, y}, [](const CeedBackendOps &o) { return o.VectorPointwiseMult != nullptr; })) {
    return ceed::RunMutatingKernel(w, [&] { return backend->ops.VectorPointwiseMult(w, x, y); });
  }
  // w may alias x and/or y: an aliased operand is read through w's read-write array (in w's precision).
  HostAccess a, b, c;
  CeedCall(a.Get(w, w->preferred, (w == x || w == y) ? Access::kReadWrite : Access::kWrite, __func__));
  if (x != w) CeedCall(b.Get(x, x->preferred, Access::kRead, __func__));
  if (y != w && y != x) CeedCall(c.Get(y, y->preferred, Access::kRead, __func__));
  const HostAccess &xa = x == w ? a : b, &ya = y == w ? a : y == x ? xa : c;
  const CeedScalarType x_prec = x == w ? w->preferred : x->preferred, y_prec = y == w ? w->preferred : y->preferred;
  WithScalarType(w->preferred, [&](auto w_zero) {
    return WithScalarType(x_prec, [&](auto x_zero) {
      return WithScalarType(y_prec, [&](auto y_zero) {
        using TW        = decltype(w_zero);
        TW         *ww  = a.Data<TW>();
        const auto *xx  = xa.Data<const decltype(x_zero)>();
        const auto *yy  = ya.Data<const decltype(y_zero)>();
        for (CeedSize i = 0; i < w->length; i++) ww[i] = static_cast<TW>((CeedScalar)xx[i] * (CeedScalar)yy[i]);
        return CEED_ERROR_SUCCESS;
      });
    });
  });
  CeedCall(c.Restore());
  CeedCall(b.Restore());
  return a.Restore();
}

int CeedVectorReciprocal(CeedVector vec) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  CeedCheck(ceed::VectorHasValidData(vec), vec->header.ceed, CEED_ERROR_INCOMPLETE, "CeedVector must have data set to take reciprocal");
  if (vec->length == 0) return CEED_ERROR_SUCCESS;
  if (Ceed backend = ceed::FindVectorKernelFor({vec}, [](const CeedBackendOps &o) { return o.VectorReciprocal != nullptr; })) {
    return ceed::RunMutatingKernel(vec, [&] { return backend->ops.VectorReciprocal(vec); });
  }
  HostAccess access;
  CeedCall(access.Get(vec, vec->preferred, Access::kReadWrite, __func__));
  WithScalarType(vec->preferred, [&](auto zero) {
    using T = decltype(zero);
    T *a    = access.Data<T>();
    for (CeedSize i = 0; i < vec->length; i++)
      if (std::fabs((CeedScalar)a[i]) > CEED_EPSILON) a[i] = static_cast<T>(1.0 / (CeedScalar)a[i]);
    return CEED_ERROR_SUCCESS;
  });
  return access.Restore();
}

// ---- Queries -----------------------------------------------------------------------------------------

int CeedVectorGetLength(CeedVector vec, CeedSize *length) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  CeedCheck(length, vec->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer for the CeedVector length is NULL");
  *length = vec->length;
  return CEED_ERROR_SUCCESS;
}

int CeedVectorGetCeed(CeedVector vec, Ceed *ceed) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  CeedCheck(ceed, vec->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer for the Ceed of a CeedVector is NULL");
  *ceed = nullptr;
  return CeedReferenceCopy(vec->header.ceed, ceed);
}

Ceed CeedVectorReturnCeed(CeedVector vec) { return vec ? vec->header.ceed : nullptr; }

int CeedVectorSetNumViewTabs(CeedVector vec, CeedInt num_tabs) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  CeedCheck(num_tabs >= 0, vec->header.ceed, CEED_ERROR_MINOR, "Number of view tabs must be non-negative, got %d for CeedVector", num_tabs);
  vec->header.num_view_tabs = num_tabs;
  return CEED_ERROR_SUCCESS;
}

int CeedVectorGetNumViewTabs(CeedVector vec, CeedInt *num_tabs) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  CeedCheck(num_tabs, vec->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer for the number of view tabs is NULL");
  *num_tabs = vec->header.num_view_tabs;
  return CEED_ERROR_SUCCESS;
}

int CeedVectorGetState(CeedVector vec, uint64_t *state) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  CeedCheck(state, vec->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer for the CeedVector state is NULL");
  *state = vec->state;
  return CEED_ERROR_SUCCESS;
}

int CeedVectorHasValidArray(CeedVector vec, bool *has_valid_array) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  CeedCheck(has_valid_array, vec->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer for CeedVectorHasValidArray is NULL");
  *has_valid_array = ceed::VectorHasValidData(vec);
  return CEED_ERROR_SUCCESS;
}

int CeedVectorHasBorrowedArrayOfType(CeedVector vec, CeedMemType mem_type, bool *has_borrowed_array_of_type) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  CeedCheck(has_borrowed_array_of_type, vec->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer for CeedVectorHasBorrowedArrayOfType is NULL");
  CeedCheck(mem_type == CEED_MEM_HOST || mem_type == CEED_MEM_DEVICE, vec->header.ceed, CEED_ERROR_INCOMPATIBLE, "Invalid CeedMemType %d for CeedVector",
            static_cast<int>(mem_type));
  *has_borrowed_array_of_type = vec->buffers[mem_type][CEED_SCALAR_TYPE].owner == ceed::BufferOwner::kBorrowed;
  return CEED_ERROR_SUCCESS;
}

// ---- Views -------------------------------------------------------------------------------------------

int CeedVectorViewRange(CeedVector vec, CeedSize start, CeedSize stop, CeedInt step, const char *fp_fmt, FILE *stream) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  Ceed ceed = vec->header.ceed;
  CEED_API_TRY
  CeedCheck(stream, ceed, CEED_ERROR_INCOMPATIBLE, "Cannot view CeedVector to a NULL stream");
  CeedCheck(step != 0, ceed, CEED_ERROR_MINOR, "Invalid step 0 for viewing a CeedVector, must be non-zero");
  CeedCheck(start >= 0, ceed, CEED_ERROR_MINOR, "Invalid start %td for viewing a CeedVector, must be non-negative", start);
  const CeedSize length = vec->length;
  CeedCheck(length == 0 || ceed::VectorHasValidData(vec), ceed, CEED_ERROR_BACKEND,
            "CeedVector has no valid data to view, must set data with CeedVectorSetValue or CeedVectorSetArray");
  const std::string tabs = ceed::Indent(vec->header.num_view_tabs);
  // Take read access before printing so that a refused access prints nothing.
  const CeedScalar *x = nullptr;
  CeedCall(CeedVectorGetArrayRead(vec, CEED_MEM_HOST, &x));
  std::fprintf(stream, "%sCeedVector length %td\n", tabs.c_str(), length);
  if (start != 0 || stop != length || step != 1) {
    std::fprintf(stream, "%s  start: %td\n%s  stop:  %td\n%s  step:  %d\n", tabs.c_str(), start, tabs.c_str(), stop, tabs.c_str(), step);
  }
  if (start > length) start = length;
  if (stop == -1 || stop > length) stop = length;
  if (step < 0 && start >= length) start = length - 1;
  const char *fmt = fp_fmt ? fp_fmt : "%g";
  for (CeedSize i = start; step > 0 ? i < stop : i > stop; i += step) {
    if (i < 0 || i >= length) break;
    std::fprintf(stream, "%s  ", tabs.c_str());
    std::fprintf(stream, fmt, x[i]);
    std::fputc('\n', stream);
  }
  if (stop != length) std::fprintf(stream, "%s  ...\n", tabs.c_str());
  return CeedVectorRestoreArrayRead(vec, &x);
  CEED_API_CATCH(ceed)
}

int CeedVectorView(CeedVector vec, const char *fp_fmt, FILE *stream) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  return CeedVectorViewRange(vec, 0, vec->length, 1, fp_fmt, stream);
}

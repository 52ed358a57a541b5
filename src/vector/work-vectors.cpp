// The context's pool of work vectors (backend API): vectors built on the root context, which they reference weakly
// so that the pool does not keep its own context alive; the context releases them through their destroy hook.
#include <cstddef>

#include "core/ceed-impl.hpp"

int CeedGetWorkVector(Ceed ceed, CeedSize len, CeedVector *vec) {
  CeedCheck(ceed && vec, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle or output pointer is NULL");
  CeedCheck(len >= 0, ceed, CEED_ERROR_DIMENSION, "Cannot get a work vector of negative length %td", len);
  CEED_API_TRY
  Ceed root = ceed::RootCeed(ceed);
  for (auto &wv : root->work_vectors) {
    CeedSize wv_len;
    CeedCall(CeedVectorGetLength(wv.vec, &wv_len));
    if (!wv.in_use && wv_len >= len) {
      wv.in_use = true;
      *vec      = wv.vec;
      return CEED_ERROR_SUCCESS;
    }
  }
  CeedVector fresh = nullptr;
  CeedCall(CeedVectorCreate(root, len, &fresh));
  root->header.ref_count--;  // weak: the pool must not keep its own context alive
  root->work_vectors.push_back({fresh, true});
  *vec = fresh;
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}

int CeedRestoreWorkVector(Ceed ceed, CeedVector *vec) {
  CeedCheck(ceed && vec, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle or vector pointer is NULL");
  Ceed root = ceed::RootCeed(ceed);
  for (auto &wv : root->work_vectors) {
    if (wv.vec == *vec) {
      CeedCheck(wv.in_use, ceed, CEED_ERROR_ACCESS, "Work vector was not checked out");
      wv.in_use = false;
      *vec      = nullptr;
      return CEED_ERROR_SUCCESS;
    }
  }
  return CeedError(ceed, CEED_ERROR_MAJOR, "Vector was not obtained with CeedGetWorkVector");
}

int CeedClearWorkVectors(Ceed ceed, CeedSize min_len) {
  CeedCheck(ceed, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle is NULL");
  Ceed  root = ceed::RootCeed(ceed);
  auto &pool = root->work_vectors;
  for (size_t i = 0; i < pool.size();) {
    CeedSize len;
    CeedCall(CeedVectorGetLength(pool[i].vec, &len));
    if (!pool[i].in_use && len < min_len) {
      root->header.ref_count++;
      CeedCall(CeedVectorDestroy(&pool[i].vec));
      pool.erase(pool.begin() + static_cast<std::ptrdiff_t>(i));
    } else {
      i++;
    }
  }
  return CEED_ERROR_SUCCESS;
}

int CeedGetWorkVectorMemoryUsage(Ceed ceed, CeedScalar *usage_mb) {
  CeedCheck(ceed && usage_mb, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle or output pointer is NULL");
  CeedSize total = 0;
  for (const auto &wv : ceed::RootCeed(ceed)->work_vectors) {
    CeedSize len;
    CeedCall(CeedVectorGetLength(wv.vec, &len));
    total += len;
  }
  *usage_mb = static_cast<CeedScalar>(total) * sizeof(CeedScalar) * 1e-6;
  return CEED_ERROR_SUCCESS;
}

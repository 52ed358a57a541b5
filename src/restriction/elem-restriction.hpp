// CeedElemRestriction: private object layout shared by the elem-restriction*.cpp files.
//
// The core keeps the index data on the host: offsets, orientations and curl orientations are copied,
// borrowed or owned according to the copy mode given at creation (owned arrays are released with C
// free()). Arrays given in device memory are copied to host arrays the restriction owns; arrays asked
// for in device memory are device copies of the host arrays, made on first request through the
// backend's device memory hooks and released at destroy (elem-restriction-device.cpp). Blocked restrictions store offsets permuted to the [block][node][lane] order (padded by
// repeating the last element), which for block_size 1 is the plain [elem][node] order. Unsigned and
// unoriented copies retain their base restriction, share its arrays and forward to its backend.
#pragma once

#include <cstdlib>
#include <string>

#include "core/ceed-impl.hpp"

// A host array the restriction either owns (released with free()) or borrows.
template <class T>
struct CeedRstrHostArray {
  const T *data = nullptr;
  T *owned = nullptr;  // == data when owned
  void Release() {
    std::free(owned);
    owned = nullptr;
    data  = nullptr;
  }
};

struct CeedElemRestriction_private {
  CeedObjectHeader header;  // MUST be first
  CeedRestrictionType rstr_type = CEED_RESTRICTION_STANDARD;
  // Unsigned/unoriented copies: the retained base restriction (NULL for an original) and the flags
  // passed to the base's backend Apply.
  CeedElemRestriction base = nullptr;
  bool use_signs = true, use_orients = true;

  CeedInt num_elem = 0, elem_size = 0, num_comp = 0, comp_stride = 0;
  CeedInt block_size = 1, num_block = 0;
  CeedSize l_size = 0, e_size = 0;

  // Strided restrictions: user strides (all zero for CEED_STRIDES_BACKEND).
  CeedInt strides[3] = {0, 0, 0};
  bool backend_strides = false;

  // At-points restrictions.
  CeedInt num_points = 0, min_points = 0, max_points = 0;

  // Layouts reported by the backend.
  CeedInt e_layout[3] = {0, 0, 0};
  bool has_e_layout = false;
  CeedInt l_layout[3] = {0, 0, 0};
  bool has_l_layout = false;

  CeedRstrHostArray<CeedInt> offsets;
  CeedRstrHostArray<bool> orients;
  CeedRstrHostArray<CeedInt8> curl_orients;
  int num_offsets_readers = 0, num_orients_readers = 0;

  // Device copies of offsets, orients and curl_orients handed out by the Get* functions with
  // CEED_MEM_DEVICE (NULL until first requested), allocated by device_ceed's backend.
  Ceed device_ceed = nullptr;
  void *device_arrays[3] = {nullptr, nullptr, nullptr};

  CeedElemRestrictionBackendOps ops{};
  void *data = nullptr;
};

namespace ceed {

// The restriction that holds data and backend state (the base of an unsigned/unoriented copy).
inline CeedElemRestriction RstrBase(CeedElemRestriction rstr) { return rstr->base ? rstr->base : rstr; }

// Number of points of element elem of an at-points restriction (no checks).
inline CeedInt RstrPointsInElement(CeedElemRestriction rstr, CeedInt elem) {
  const CeedInt *off = RstrBase(rstr)->offsets.data;
  return off[elem + 1] - off[elem];
}

// ---- Index arrays in device memory (elem-restriction-device.cpp) ----
enum class RstrArray { kOffsets = 0, kOrients = 1, kCurlOrients = 2 };

// The core's host copy of one of base's index arrays.
const void *RstrHostArray(CeedElemRestriction base, RstrArray which);

// The context whose backend provides device memory for the restrictions of ceed, or NULL.
Ceed RstrDeviceBackend(Ceed ceed);

// "CeedElemRestriction with <n> elements of size <s> (<c> components, L-vector size <l>)" for messages.
std::string RstrDescribe(CeedInt num_elem, CeedInt elem_size, CeedInt num_comp, CeedSize l_size, bool points);

// A new host array (malloc, free() to release) holding bytes copied from device memory through dev's
// backend; *host is NULL for bytes == 0.
int RstrCopyFromDevice(Ceed dev, const void *device, size_t bytes, void **host);

// The device copy of one of base's index arrays (created on first request, NULL for an empty array).
int RstrGetDeviceArray(CeedElemRestriction base, Ceed dev, RstrArray which, const void **device);

// Releases the device copies of rstr (destroy); returns the first error but releases all.
int RstrReleaseDeviceArrays(CeedElemRestriction rstr);

// Stores NULL into a caller-provided request once an operation completed synchronously.
inline void CompleteRequest(CeedRequest *request) {
  if (request && request != CEED_REQUEST_IMMEDIATE && request != CEED_REQUEST_ORDERED) *request = nullptr;
}

}  // namespace ceed

// Argument checks shared by the public functions (they expand inside the public function so that the
// error handler receives its name).
#define CEED_RSTR_CHECK_HANDLE(rstr)                                                                              \
  do {                                                                                                            \
    if (!(rstr)) return CeedError(nullptr, CEED_ERROR_INCOMPATIBLE, "CeedElemRestriction handle is NULL");        \
    if ((rstr) == CEED_ELEMRESTRICTION_NONE)                                                                      \
      return CeedError(nullptr, CEED_ERROR_INCOMPATIBLE,                                                          \
                       "CEED_ELEMRESTRICTION_NONE is a placeholder and cannot be used as a CeedElemRestriction"); \
  } while (0)
#define CEED_RSTR_CHECK_OUTPUT(rstr, ptr)                                                                         \
  do {                                                                                                            \
    if (!(ptr)) return CeedError((rstr) ? (rstr)->header.ceed : nullptr, CEED_ERROR_INCOMPATIBLE,                 \
                                 "CeedElemRestriction output argument %s is NULL", #ptr);                         \
  } while (0)

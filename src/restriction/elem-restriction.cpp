// CeedElemRestriction: creation (all kinds), copies, reference counting, destruction and view.
#include "restriction/elem-restriction.hpp"

#include <algorithm>
#include <new>

// Sentinel for CEED_EVAL_WEIGHT operator fields: no Ceed, not reference counted, zero elements.
static constexpr CeedElemRestriction_private MakeNone() {
  CeedElemRestriction_private none{};
  none.header.ref_count = 0;
  return none;
}
static CeedElemRestriction_private rstr_none = MakeNone();
const CeedElemRestriction CEED_ELEMRESTRICTION_NONE = &rstr_none;
const CeedInt CEED_STRIDES_BACKEND[3] = {0, 0, 0};

namespace {

// Raise an error attributed to the public function func.
#define RSTR_ERROR(ceed, code, ...) (CeedErrorImpl((ceed), __FILE__, __LINE__, func, (code), __VA_ARGS__), (code))

int RstrViewObject(CeedObject obj, FILE *stream) {
  return CeedElemRestrictionView(reinterpret_cast<CeedElemRestriction>(obj), stream);
}
int RstrDestroyObject(CeedObject *obj) { return CeedElemRestrictionDestroy(reinterpret_cast<CeedElemRestriction *>(obj)); }

// Everything the creation functions receive.
struct CreateArgs {
  CeedRestrictionType type = CEED_RESTRICTION_STANDARD;
  CeedInt num_elem = 0, elem_size = 0, block_size = 1, num_comp = 0, comp_stride = 1, num_points = 0;
  CeedSize l_size = 0;
  int mem_type = CEED_MEM_HOST;  // a CeedMemType; an int so that an invalid value given by the user can be checked
  CeedCopyMode copy_mode = CEED_COPY_VALUES;
  const CeedInt *offsets = nullptr;
  const bool *orients = nullptr;
  const CeedInt8 *curl_orients = nullptr;
  const CeedInt *strides = nullptr;
  bool blocked = false;
};

// Allocates n values with malloc (nullptr for n == 0); throws std::bad_alloc on failure.
template <class T>
T *HostAlloc(CeedSize n) {
  if (n <= 0) return nullptr;
  T *p = static_cast<T *>(ceed::HostMalloc(static_cast<size_t>(n) * sizeof(T)));
  if (!p) throw std::bad_alloc();
  return p;
}

// Stores a user array of n entries according to copy_mode (blocked: permuted into [block][node*per][lane]).
template <class T>
void StoreArray(CeedRstrHostArray<T> &dst, const T *src, CeedSize n, const CreateArgs &a, CeedInt per_node) {
  if (a.blocked && a.block_size > 1) {
    const CeedInt bs = a.block_size, ne = a.num_elem, width = a.elem_size * per_node;
    const CeedInt nb = (ne + bs - 1) / bs;
    T *p = HostAlloc<T>(static_cast<CeedSize>(nb) * bs * width);
    for (CeedInt b = 0; b < nb; b++) {
      for (CeedInt lane = 0; lane < bs; lane++) {
        const CeedInt e = std::min(b * bs + lane, ne - 1);
        const T *s = src + static_cast<CeedSize>(e) * width;
        T *d = p + static_cast<CeedSize>(b) * bs * width + lane;
        for (CeedInt i = 0; i < width; i++) d[static_cast<CeedSize>(i) * bs] = s[i];
      }
    }
    dst.data = dst.owned = p;
    return;
  }
  switch (a.copy_mode) {
    case CEED_COPY_VALUES: {
      T *p = HostAlloc<T>(n);
      if (n > 0) std::memcpy(p, src, static_cast<size_t>(n) * sizeof(T));
      dst.data = dst.owned = p;
      break;
    }
    case CEED_USE_POINTER:
      dst.data = src;
      break;
    case CEED_OWN_POINTER:
      // Ownership is taken only once creation succeeded (see Create).
      dst.data = src;
      break;
  }
}

// Validates the offsets of a standard/oriented/curl-oriented restriction.
int CheckOffsets(const char *func, Ceed ceed, const CreateArgs &a) {
  const CeedSize n = static_cast<CeedSize>(a.num_elem) * a.elem_size;
  const CeedSize reach = static_cast<CeedSize>(a.num_comp - 1) * a.comp_stride;
  for (CeedSize i = 0; i < n; i++) {
    const CeedInt v = a.offsets[i];
    if (v < 0 || v + reach >= a.l_size) {
      if (a.num_comp > 1)
        return RSTR_ERROR(ceed, CEED_ERROR_BACKEND,
                          "Restriction offset %td (%" CeedInt_FMT ") out of range [0, %td]: with %" CeedInt_FMT
                          " components at component stride %" CeedInt_FMT " offsets must be below %td",
                          i, v, a.l_size, a.num_comp, a.comp_stride, a.l_size - reach);
      return RSTR_ERROR(ceed, CEED_ERROR_BACKEND, "Restriction offset %td (%" CeedInt_FMT ") out of range [0, %td]", i, v,
                        a.l_size);
    }
  }
  return CEED_ERROR_SUCCESS;
}

// Validates the offsets of an at-points restriction: element starts, then point indices.
int CheckPointsOffsets(const char *func, Ceed ceed, const CreateArgs &a) {
  const CeedInt *off = a.offsets, ne = a.num_elem;
  if (off[0] != ne + 1)
    return RSTR_ERROR(ceed, CEED_ERROR_BACKEND,
                      "At-points restriction offset 0 (%" CeedInt_FMT ") must be num_elem + 1 = %" CeedInt_FMT, off[0], ne + 1);
  for (CeedInt e = 0; e < ne; e++) {
    if (off[e + 1] < off[e])
      return RSTR_ERROR(ceed, CEED_ERROR_BACKEND,
                        "At-points restriction offset %" CeedInt_FMT " (%" CeedInt_FMT ") is smaller than offset %" CeedInt_FMT
                        " (%" CeedInt_FMT "): element starts must not decrease",
                        e + 1, off[e + 1], e, off[e]);
  }
  if (off[ne] != ne + 1 + a.num_points)
    return RSTR_ERROR(ceed, CEED_ERROR_BACKEND,
                      "At-points restriction offset %" CeedInt_FMT " (%" CeedInt_FMT ") must be num_elem + 1 + num_points = %" CeedInt_FMT,
                      ne, off[ne], ne + 1 + a.num_points);
  for (CeedInt i = ne + 1; i < ne + 1 + a.num_points; i++) {
    const CeedInt p = off[i];
    if (p < 0 || (static_cast<CeedSize>(p) + 1) * a.num_comp > a.l_size)
      return RSTR_ERROR(ceed, CEED_ERROR_BACKEND,
                        "Restriction offset %" CeedInt_FMT " (point %" CeedInt_FMT ") out of range [0, %td]: %" CeedInt_FMT
                        " components per point in an L-vector of size %td",
                        i, p, a.l_size / a.num_comp, a.num_comp, a.l_size);
  }
  return CEED_ERROR_SUCCESS;
}

int Create(const char *func, Ceed ceed, const CreateArgs &a, CeedElemRestriction *rstr);

// A malloc'ed host array released at scope exit unless taken.
struct StagedArray {
  void *host = nullptr;
  ~StagedArray() { std::free(host); }
};

// Index arrays given in device memory (any copy mode): copied into host arrays which the restriction
// then owns; the user's device arrays are released with the backend's DeviceFree once the restriction
// exists if they were handed over with CEED_OWN_POINTER (on failure they stay with the caller).
int CreateFromDevice(const char *func, Ceed ceed, const CreateArgs &a, CeedElemRestriction *rstr) {
  const bool points = a.type == CEED_RESTRICTION_POINTS;
  Ceed       dev    = ceed::RstrDeviceBackend(ceed);
  if (!dev) {
    const char *resource = nullptr;
    CeedGetResource(ceed, &resource);
    return RSTR_ERROR(ceed, CEED_ERROR_BACKEND,
                      "Can only set HOST memory for this backend: cannot create %s from index arrays in CEED_MEM_DEVICE, %s provides no "
                      "device memory",
                      ceed::RstrDescribe(a.num_elem, a.elem_size, a.num_comp, a.l_size, points).c_str(), resource ? resource : "the backend");
  }
  const size_t nodes       = static_cast<size_t>(a.num_elem) * (points ? 1 : a.elem_size);
  const size_t num_offsets = points ? nodes + 1 + static_cast<size_t>(a.num_points) : nodes;
  StagedArray  offsets, orients, curl_orients;
  if (a.offsets) CeedCall(ceed::RstrCopyFromDevice(dev, a.offsets, num_offsets * sizeof(CeedInt), &offsets.host));
  if (a.orients) CeedCall(ceed::RstrCopyFromDevice(dev, a.orients, nodes * sizeof(bool), &orients.host));
  if (a.curl_orients) CeedCall(ceed::RstrCopyFromDevice(dev, a.curl_orients, 3 * nodes * sizeof(CeedInt8), &curl_orients.host));
  CreateArgs host   = a;
  host.mem_type     = CEED_MEM_HOST;
  host.copy_mode    = CEED_OWN_POINTER;
  host.offsets      = static_cast<const CeedInt *>(offsets.host);
  host.orients      = static_cast<const bool *>(orients.host);
  host.curl_orients = static_cast<const CeedInt8 *>(curl_orients.host);
  CeedCall(Create(func, ceed, host, rstr));
  // The restriction owns (or has already released) the staged arrays.
  if (host.offsets) offsets.host = nullptr;
  if (host.orients) orients.host = nullptr;
  if (host.curl_orients) curl_orients.host = nullptr;
  if (a.copy_mode != CEED_OWN_POINTER) return CEED_ERROR_SUCCESS;
  int ierr = CEED_ERROR_SUCCESS;
  for (const void *p : {static_cast<const void *>(a.offsets), static_cast<const void *>(a.orients), static_cast<const void *>(a.curl_orients)}) {
    const int e = p ? dev->ops.DeviceFree(dev, const_cast<void *>(p)) : CEED_ERROR_SUCCESS;
    if (!ierr) ierr = e;
  }
  if (ierr) CeedElemRestrictionDestroy(rstr);
  return ierr;
}

// Argument checks and construction shared by every creation function; func is the public name.
int Create(const char *func, Ceed ceed, const CreateArgs &a, CeedElemRestriction *rstr) {
  if (!ceed) return RSTR_ERROR(nullptr, CEED_ERROR_INCOMPATIBLE, "Ceed handle is NULL");
  if (!rstr) return RSTR_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "CeedElemRestriction output pointer is NULL");
  const bool points = a.type == CEED_RESTRICTION_POINTS, strided = a.type == CEED_RESTRICTION_STRIDED;
  if (a.num_elem < 0)
    return RSTR_ERROR(ceed, CEED_ERROR_DIMENSION,
                      "Cannot create CeedElemRestriction: Number of elements must be non-negative, got %" CeedInt_FMT, a.num_elem);
  if (!points && a.elem_size < 1)
    return RSTR_ERROR(ceed, CEED_ERROR_DIMENSION,
                      "Cannot create CeedElemRestriction: element size must be at least 1, got %" CeedInt_FMT, a.elem_size);
  if (a.num_comp < 1)
    return RSTR_ERROR(ceed, CEED_ERROR_DIMENSION,
                      "Cannot create CeedElemRestriction: number of components must be at least 1, got %" CeedInt_FMT, a.num_comp);
  if (!points && !strided && a.num_comp > 1 && a.comp_stride < 1)
    return RSTR_ERROR(ceed, CEED_ERROR_DIMENSION,
                      "Cannot create CeedElemRestriction: component stride must be at least 1 with %" CeedInt_FMT
                      " components, got %" CeedInt_FMT,
                      a.num_comp, a.comp_stride);
  if (a.blocked && a.block_size < 1)
    return RSTR_ERROR(ceed, CEED_ERROR_DIMENSION,
                      "Cannot create blocked CeedElemRestriction: block size must be at least 1, got %" CeedInt_FMT, a.block_size);
  if (a.l_size < 0)
    return RSTR_ERROR(ceed, CEED_ERROR_DIMENSION, "Cannot create CeedElemRestriction: negative L-vector size %td", a.l_size);
  if (points && a.num_points < 0)
    return RSTR_ERROR(ceed, CEED_ERROR_DIMENSION,
                      "Cannot create CeedElemRestriction at points: number of points must be non-negative, got %" CeedInt_FMT,
                      a.num_points);
  const CeedSize nodes = static_cast<CeedSize>(a.num_elem) * a.elem_size * a.num_comp;
  if (strided) {
    if (!a.strides) return RSTR_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "Cannot create strided CeedElemRestriction: strides is NULL");
    if (a.l_size < nodes)
      return RSTR_ERROR(ceed, CEED_ERROR_DIMENSION,
                        "Cannot create strided CeedElemRestriction: L-vector size %td is smaller than num_elem*elem_size*num_comp = %td",
                        a.l_size, nodes);
    // User strides (all zero is CEED_STRIDES_BACKEND) must keep every node i, component j, element e inside the
    // L-vector: i*strides[0] + j*strides[1] + e*strides[2] in [0, l_size).
    const bool backend_strides = a.strides[0] == 0 && a.strides[1] == 0 && a.strides[2] == 0;
    if (!backend_strides && nodes > 0) {
      const CeedSize extent[3] = {a.elem_size - 1, a.num_comp - 1, a.num_elem - 1};
      CeedSize       lowest = 0, highest = 0;
      for (int d = 0; d < 3; d++) {
        const CeedSize reach = extent[d] * a.strides[d];
        (reach < 0 ? lowest : highest) += reach;
      }
      if (lowest < 0 || highest >= a.l_size)
        return RSTR_ERROR(ceed, CEED_ERROR_DIMENSION,
                          "Cannot create strided CeedElemRestriction: strides [%" CeedInt_FMT ", %" CeedInt_FMT ", %" CeedInt_FMT
                          "] reach L-vector index %td, outside [0, %td)",
                          a.strides[0], a.strides[1], a.strides[2], lowest < 0 ? lowest : highest, a.l_size);
    }
  }
  if (points && a.l_size < static_cast<CeedSize>(a.num_points) * a.num_comp)
    return RSTR_ERROR(ceed, CEED_ERROR_DIMENSION,
                      "Cannot create CeedElemRestriction at points: L-vector size %td is smaller than num_points*num_comp = %td",
                      a.l_size, static_cast<CeedSize>(a.num_points) * a.num_comp);
  if (!strided) {
    if (a.mem_type != CEED_MEM_HOST && a.mem_type != CEED_MEM_DEVICE)
      return RSTR_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "Cannot create CeedElemRestriction: invalid memory type %d for the index arrays",
                        a.mem_type);
    if (a.copy_mode != CEED_COPY_VALUES && a.copy_mode != CEED_USE_POINTER && a.copy_mode != CEED_OWN_POINTER)
      return RSTR_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "Cannot create CeedElemRestriction: invalid copy mode %d",
                        static_cast<int>(a.copy_mode));
    const bool need_offsets = points || a.num_elem > 0;
    if (need_offsets && !a.offsets) return RSTR_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "Cannot create CeedElemRestriction: offsets is NULL");
    if (a.num_elem > 0 && a.type == CEED_RESTRICTION_ORIENTED && !a.orients)
      return RSTR_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "Cannot create oriented CeedElemRestriction: orients is NULL");
    if (a.num_elem > 0 && a.type == CEED_RESTRICTION_CURL_ORIENTED && !a.curl_orients)
      return RSTR_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "Cannot create curl-oriented CeedElemRestriction: curl_orients is NULL");
    if (a.mem_type == CEED_MEM_DEVICE) return CreateFromDevice(func, ceed, a, rstr);
    if (points) CeedCall(CheckPointsOffsets(func, ceed, a));
    else CeedCall(CheckOffsets(func, ceed, a));
  }
  Ceed backend = ceed::FindBackend(ceed, "ElemRestriction", [](const CeedBackendOps &o) { return o.ElemRestrictionCreate != nullptr; });
  if (!backend) return RSTR_ERROR(ceed, CEED_ERROR_UNSUPPORTED, "Backend does not implement ElemRestrictionCreate");

  auto *r = new CeedElemRestriction_private();
  r->rstr_type   = a.type;
  r->num_elem    = a.num_elem;
  r->elem_size   = points ? 0 : a.elem_size;
  r->num_comp    = a.num_comp;
  r->comp_stride = (points || strided) ? 1 : a.comp_stride;
  r->block_size  = a.blocked ? a.block_size : 1;
  r->num_block   = (a.num_elem + r->block_size - 1) / r->block_size;
  r->l_size      = a.l_size;
  r->e_size      = static_cast<CeedSize>(r->num_block) * r->block_size * a.elem_size * a.num_comp;
  int ierr       = CEED_ERROR_SUCCESS;
  try {
    if (strided) {
      for (int d = 0; d < 3; d++) r->strides[d] = a.strides[d];
      r->backend_strides = a.strides[0] == 0 && a.strides[1] == 0 && a.strides[2] == 0;
    } else if (points) {
      const CeedSize len = static_cast<CeedSize>(a.num_elem) + 1 + a.num_points;
      StoreArray(r->offsets, a.offsets, len, a, 1);
      r->num_points = a.num_points;
      for (CeedInt e = 0; e < a.num_elem; e++) {
        const CeedInt np = a.offsets[e + 1] - a.offsets[e];
        r->min_points    = e == 0 ? np : std::min(r->min_points, np);
        r->max_points    = std::max(r->max_points, np);
      }
      const CeedInt last = a.num_elem > 0 ? a.offsets[a.num_elem] - a.offsets[a.num_elem - 1] : 0;
      r->e_size          = (static_cast<CeedSize>(a.num_points) - last + r->max_points) * a.num_comp;
    } else {
      const CeedSize n = static_cast<CeedSize>(a.num_elem) * a.elem_size;
      StoreArray(r->offsets, a.offsets, n, a, 1);
      if (a.type == CEED_RESTRICTION_ORIENTED) StoreArray(r->orients, a.orients, n, a, 1);
      if (a.type == CEED_RESTRICTION_CURL_ORIENTED) StoreArray(r->curl_orients, a.curl_orients, 3 * n, a, 3);
    }
    ierr = ceed::ObjectInit(r->header, ceed, RstrViewObject, RstrDestroyObject);
  } catch (...) {
    r->offsets.Release();
    r->orients.Release();
    r->curl_orients.Release();
    delete r;
    throw;
  }
  if (ierr == CEED_ERROR_SUCCESS) {
    ierr = backend->ops.ElemRestrictionCreate(r);
    if (ierr != CEED_ERROR_SUCCESS) {
      if (r->ops.Destroy) r->ops.Destroy(r);
      ceed::ObjectReleaseCeed(r->header);
    }
  }
  if (ierr != CEED_ERROR_SUCCESS) {
    // The caller keeps ownership of its arrays when creation fails.
    r->offsets.Release();
    r->orients.Release();
    r->curl_orients.Release();
    delete r;
    return ierr;
  }
  // Success: take ownership of CEED_OWN_POINTER arrays (blocked: they were copied, free them now).
  if (!strided && a.copy_mode == CEED_OWN_POINTER) {
    if (a.blocked && a.block_size > 1) {
      std::free(const_cast<CeedInt *>(a.offsets));
      std::free(const_cast<bool *>(a.orients));
      std::free(const_cast<CeedInt8 *>(a.curl_orients));
    } else {
      r->offsets.owned      = const_cast<CeedInt *>(r->offsets.data);
      r->orients.owned      = const_cast<bool *>(r->orients.data);
      r->curl_orients.owned = const_cast<CeedInt8 *>(r->curl_orients.data);
    }
  }
  *rstr = r;
  return CEED_ERROR_SUCCESS;
}

// Unsigned/unoriented copy: a new object sharing the data of rstr's base.
int CreateCopy(const char *func, CeedElemRestriction rstr, bool unsigned_copy, CeedElemRestriction *copy) {
  Ceed ceed = rstr->header.ceed;
  if (!copy) return RSTR_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "CeedElemRestriction output pointer is NULL");
  auto *r = new CeedElemRestriction_private();
  CeedElemRestriction base = ceed::RstrBase(rstr);
  r->rstr_type       = rstr->rstr_type;
  r->base            = base;
  r->use_signs       = unsigned_copy ? false : rstr->use_signs;
  r->use_orients     = unsigned_copy ? rstr->use_orients : false;
  r->num_elem        = rstr->num_elem;
  r->elem_size       = rstr->elem_size;
  r->num_comp        = rstr->num_comp;
  r->comp_stride     = rstr->comp_stride;
  r->block_size      = rstr->block_size;
  r->num_block       = rstr->num_block;
  r->l_size          = rstr->l_size;
  r->e_size          = rstr->e_size;
  r->backend_strides = rstr->backend_strides;
  r->num_points      = rstr->num_points;
  r->min_points      = rstr->min_points;
  r->max_points      = rstr->max_points;
  r->has_e_layout    = base->has_e_layout;
  r->has_l_layout    = base->has_l_layout;
  for (int d = 0; d < 3; d++) {
    r->strides[d]  = rstr->strides[d];
    r->e_layout[d] = base->e_layout[d];
    r->l_layout[d] = base->l_layout[d];
  }
  int ierr = ceed::ObjectInit(r->header, ceed, RstrViewObject, RstrDestroyObject);
  if (ierr) {
    delete r;
    return ierr;
  }
  base->header.ref_count++;
  *copy = r;
  return CEED_ERROR_SUCCESS;
}

#undef RSTR_ERROR

}  // namespace

// ---- Creation -----------------------------------------------------------------------------------------

int CeedElemRestrictionCreate(Ceed ceed, CeedInt num_elem, CeedInt elem_size, CeedInt num_comp, CeedInt comp_stride, CeedSize l_size,
                              CeedMemType mem_type, CeedCopyMode copy_mode, const CeedInt *offsets, CeedElemRestriction *rstr) {
  CEED_API_TRY
  CreateArgs a;
  a.num_elem = num_elem, a.elem_size = elem_size, a.num_comp = num_comp, a.comp_stride = comp_stride, a.l_size = l_size;
  a.mem_type = mem_type, a.copy_mode = copy_mode, a.offsets = offsets;
  return Create(__func__, ceed, a, rstr);
  CEED_API_CATCH(ceed)
}

int CeedElemRestrictionCreateOriented(Ceed ceed, CeedInt num_elem, CeedInt elem_size, CeedInt num_comp, CeedInt comp_stride,
                                      CeedSize l_size, CeedMemType mem_type, CeedCopyMode copy_mode, const CeedInt *offsets,
                                      const bool *orients, CeedElemRestriction *rstr) {
  CEED_API_TRY
  CreateArgs a;
  a.type     = CEED_RESTRICTION_ORIENTED;
  a.num_elem = num_elem, a.elem_size = elem_size, a.num_comp = num_comp, a.comp_stride = comp_stride, a.l_size = l_size;
  a.mem_type = mem_type, a.copy_mode = copy_mode, a.offsets = offsets, a.orients = orients;
  return Create(__func__, ceed, a, rstr);
  CEED_API_CATCH(ceed)
}

int CeedElemRestrictionCreateCurlOriented(Ceed ceed, CeedInt num_elem, CeedInt elem_size, CeedInt num_comp, CeedInt comp_stride,
                                          CeedSize l_size, CeedMemType mem_type, CeedCopyMode copy_mode, const CeedInt *offsets,
                                          const CeedInt8 *curl_orients, CeedElemRestriction *rstr) {
  CEED_API_TRY
  CreateArgs a;
  a.type     = CEED_RESTRICTION_CURL_ORIENTED;
  a.num_elem = num_elem, a.elem_size = elem_size, a.num_comp = num_comp, a.comp_stride = comp_stride, a.l_size = l_size;
  a.mem_type = mem_type, a.copy_mode = copy_mode, a.offsets = offsets, a.curl_orients = curl_orients;
  return Create(__func__, ceed, a, rstr);
  CEED_API_CATCH(ceed)
}

int CeedElemRestrictionCreateStrided(Ceed ceed, CeedInt num_elem, CeedInt elem_size, CeedInt num_comp, CeedSize l_size,
                                     const CeedInt strides[3], CeedElemRestriction *rstr) {
  CEED_API_TRY
  CreateArgs a;
  a.type     = CEED_RESTRICTION_STRIDED;
  a.num_elem = num_elem, a.elem_size = elem_size, a.num_comp = num_comp, a.l_size = l_size, a.strides = strides;
  return Create(__func__, ceed, a, rstr);
  CEED_API_CATCH(ceed)
}

int CeedElemRestrictionCreateAtPoints(Ceed ceed, CeedInt num_elem, CeedInt num_points, CeedInt num_comp, CeedSize l_size,
                                      CeedMemType mem_type, CeedCopyMode copy_mode, const CeedInt *offsets, CeedElemRestriction *rstr) {
  CEED_API_TRY
  CreateArgs a;
  a.type     = CEED_RESTRICTION_POINTS;
  a.num_elem = num_elem, a.num_points = num_points, a.num_comp = num_comp, a.l_size = l_size;
  a.mem_type = mem_type, a.copy_mode = copy_mode, a.offsets = offsets;
  return Create(__func__, ceed, a, rstr);
  CEED_API_CATCH(ceed)
}

int CeedElemRestrictionCreateBlocked(Ceed ceed, CeedInt num_elem, CeedInt elem_size, CeedInt block_size, CeedInt num_comp,
                                     CeedInt comp_stride, CeedSize l_size, CeedMemType mem_type, CeedCopyMode copy_mode,
                                     const CeedInt *offsets, CeedElemRestriction *rstr) {
  CEED_API_TRY
  CreateArgs a;
  a.blocked  = true;
  a.num_elem = num_elem, a.elem_size = elem_size, a.block_size = block_size, a.num_comp = num_comp, a.comp_stride = comp_stride;
  a.l_size = l_size, a.mem_type = mem_type, a.copy_mode = copy_mode, a.offsets = offsets;
  return Create(__func__, ceed, a, rstr);
  CEED_API_CATCH(ceed)
}

int CeedElemRestrictionCreateBlockedOriented(Ceed ceed, CeedInt num_elem, CeedInt elem_size, CeedInt block_size, CeedInt num_comp,
                                             CeedInt comp_stride, CeedSize l_size, CeedMemType mem_type, CeedCopyMode copy_mode,
                                             const CeedInt *offsets, const bool *orients, CeedElemRestriction *rstr) {
  CEED_API_TRY
  CreateArgs a;
  a.type     = CEED_RESTRICTION_ORIENTED;
  a.blocked  = true;
  a.num_elem = num_elem, a.elem_size = elem_size, a.block_size = block_size, a.num_comp = num_comp, a.comp_stride = comp_stride;
  a.l_size = l_size, a.mem_type = mem_type, a.copy_mode = copy_mode, a.offsets = offsets, a.orients = orients;
  return Create(__func__, ceed, a, rstr);
  CEED_API_CATCH(ceed)
}

int CeedElemRestrictionCreateBlockedCurlOriented(Ceed ceed, CeedInt num_elem, CeedInt elem_size, CeedInt block_size, CeedInt num_comp,
                                                 CeedInt comp_stride, CeedSize l_size, CeedMemType mem_type, CeedCopyMode copy_mode,
                                                 const CeedInt *offsets, const CeedInt8 *curl_orients, CeedElemRestriction *rstr) {
  CEED_API_TRY
  CreateArgs a;
  a.type     = CEED_RESTRICTION_CURL_ORIENTED;
  a.blocked  = true;
  a.num_elem = num_elem, a.elem_size = elem_size, a.block_size = block_size, a.num_comp = num_comp, a.comp_stride = comp_stride;
  a.l_size = l_size, a.mem_type = mem_type, a.copy_mode = copy_mode, a.offsets = offsets, a.curl_orients = curl_orients;
  return Create(__func__, ceed, a, rstr);
  CEED_API_CATCH(ceed)
}

int CeedElemRestrictionCreateBlockedStrided(Ceed ceed, CeedInt num_elem, CeedInt elem_size, CeedInt block_size, CeedInt num_comp,
                                            CeedSize l_size, const CeedInt strides[3], CeedElemRestriction *rstr) {
  CEED_API_TRY
  CreateArgs a;
  a.type     = CEED_RESTRICTION_STRIDED;
  a.blocked  = true;
  a.num_elem = num_elem, a.elem_size = elem_size, a.block_size = block_size, a.num_comp = num_comp, a.l_size = l_size;
  a.strides  = strides;
  return Create(__func__, ceed, a, rstr);
  CEED_API_CATCH(ceed)
}

int CeedElemRestrictionCreateUnsignedCopy(CeedElemRestriction rstr, CeedElemRestriction *rstr_unsigned) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CEED_API_TRY
  return CreateCopy(__func__, rstr, true, rstr_unsigned);
  CEED_API_CATCH(rstr->header.ceed)
}

int CeedElemRestrictionCreateUnorientedCopy(CeedElemRestriction rstr, CeedElemRestriction *rstr_unoriented) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CEED_API_TRY
  return CreateCopy(__func__, rstr, false, rstr_unoriented);
  CEED_API_CATCH(rstr->header.ceed)
}

// ---- Reference counting -------------------------------------------------------------------------------

int CeedElemRestrictionReferenceCopy(CeedElemRestriction rstr, CeedElemRestriction *rstr_copy) {
  if (!rstr) return CeedError(nullptr, CEED_ERROR_INCOMPATIBLE, "CeedElemRestriction handle is NULL");
  Ceed ceed = rstr->header.ceed;
  CeedCheck(rstr_copy, ceed, CEED_ERROR_INCOMPATIBLE, "CeedElemRestriction output pointer rstr_copy is NULL");
  const bool counted = rstr != CEED_ELEMRESTRICTION_NONE;
  if (counted) rstr->header.ref_count++;
  int ierr = CeedElemRestrictionDestroy(rstr_copy);
  if (ierr != CEED_ERROR_SUCCESS) {
    if (counted) rstr->header.ref_count--;
    return ierr;
  }
  *rstr_copy = rstr;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionDestroy(CeedElemRestriction *rstr) {
  if (!rstr || !*rstr || *rstr == CEED_ELEMRESTRICTION_NONE) {
    if (rstr) *rstr = nullptr;
    return CEED_ERROR_SUCCESS;
  }
  CeedElemRestriction r = *rstr;
  if (r->header.ref_count > 1) {
    r->header.ref_count--;
    *rstr = nullptr;
    return CEED_ERROR_SUCCESS;
  }
  Ceed ceed = r->header.ceed;
  CeedCheck(r->num_offsets_readers == 0, ceed, CEED_ERROR_ACCESS,
            "Cannot destroy CeedElemRestriction, a process has read access to the offset data");
  CeedCheck(r->num_orients_readers == 0, ceed, CEED_ERROR_ACCESS,
            "Cannot destroy CeedElemRestriction, a process has read access to the orientation data");
  if (r->base) {
    // Releasing the base first: if it fails (its offsets are still being read) this copy stays intact.
    CeedElemRestriction base = r->base;
    CeedCall(CeedElemRestrictionDestroy(&base));
    r->base = nullptr;
  } else if (r->ops.Destroy) {
    CeedCall(r->ops.Destroy(r));
  }
  // A failure to release device memory is reported once everything else is released.
  const int ierr = ceed::RstrReleaseDeviceArrays(r);
  r->offsets.Release();
  r->orients.Release();
  r->curl_orients.Release();
  CeedCall(ceed::ObjectReleaseCeed(r->header));
  delete r;
  *rstr = nullptr;
  return ierr;
}

// ---- View ---------------------------------------------------------------------------------------------

int CeedElemRestrictionView(CeedElemRestriction rstr, FILE *stream) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CeedCheck(stream, rstr->header.ceed, CEED_ERROR_INCOMPATIBLE, "Cannot view CeedElemRestriction: output stream is NULL");
  CEED_API_TRY
  const std::string tabs = ceed::Indent(rstr->header.num_view_tabs);
  if (rstr->rstr_type == CEED_RESTRICTION_POINTS) {
    fprintf(stream,
            "%sCeedElemRestriction at points from (%td, %" CeedInt_FMT ") to %" CeedInt_FMT
            " elements with a maximum of %" CeedInt_FMT " points on an element\n",
            tabs.c_str(), rstr->l_size, rstr->num_comp, rstr->num_elem, rstr->max_points);
    return CEED_ERROR_SUCCESS;
  }
  fprintf(stream, "%s%sCeedElemRestriction from (%td, %" CeedInt_FMT ") to %" CeedInt_FMT " elements with %" CeedInt_FMT " nodes each and ",
          tabs.c_str(), rstr->block_size > 1 ? "Blocked " : "", rstr->l_size, rstr->num_comp, rstr->num_elem, rstr->elem_size);
  if (rstr->rstr_type == CEED_RESTRICTION_STRIDED) {
    fprintf(stream, "strides [%" CeedInt_FMT ", %" CeedInt_FMT ", %" CeedInt_FMT "]\n", rstr->strides[0], rstr->strides[1],
            rstr->strides[2]);
  } else {
    fprintf(stream, "component stride %" CeedInt_FMT "\n", rstr->comp_stride);
  }
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(rstr->header.ceed)
}

int CeedElemRestrictionSetNumViewTabs(CeedElemRestriction rstr, CeedInt num_tabs) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CeedCheck(num_tabs >= 0, rstr->header.ceed, CEED_ERROR_MINOR,
            "Number of view tabs must be non-negative: cannot set %" CeedInt_FMT " view tabs on CeedElemRestriction", num_tabs);
  rstr->header.num_view_tabs = num_tabs;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionGetNumViewTabs(CeedElemRestriction rstr, CeedInt *num_tabs) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, num_tabs);
  *num_tabs = rstr->header.num_view_tabs;
  return CEED_ERROR_SUCCESS;
}

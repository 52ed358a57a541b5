// CeedElemRestriction: public queries and the backend-facing accessors of ceed/backend.h.
#include "restriction/elem-restriction.hpp"

// Scalar getters also accept CEED_ELEMRESTRICTION_NONE, which reports zero elements.
#define CEED_RSTR_CHECK_NOT_NULL(rstr) \
  if (!(rstr)) return CeedError(nullptr, CEED_ERROR_INCOMPATIBLE, "CeedElemRestriction handle is NULL")

#define CEED_RSTR_CHECK_POINTS(rstr)                                                                 \
  CeedCheck((rstr)->rstr_type == CEED_RESTRICTION_POINTS, (rstr)->header.ceed, CEED_ERROR_INCOMPATIBLE, \
            "CeedElemRestriction is not an at-points restriction (created with CeedElemRestrictionCreateAtPoints)")

// ---- Public queries -----------------------------------------------------------------------------------

int CeedElemRestrictionGetCeed(CeedElemRestriction rstr, Ceed *ceed) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, ceed);
  *ceed = nullptr;
  return CeedReferenceCopy(rstr->header.ceed, ceed);
}

Ceed CeedElemRestrictionReturnCeed(CeedElemRestriction rstr) { return rstr ? rstr->header.ceed : nullptr; }

int CeedElemRestrictionGetCompStride(CeedElemRestriction rstr, CeedInt *comp_stride) {
  CEED_RSTR_CHECK_NOT_NULL(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, comp_stride);
  *comp_stride = rstr->comp_stride;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionGetNumElements(CeedElemRestriction rstr, CeedInt *num_elem) {
  CEED_RSTR_CHECK_NOT_NULL(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, num_elem);
  *num_elem = rstr->num_elem;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionGetElementSize(CeedElemRestriction rstr, CeedInt *elem_size) {
  CEED_RSTR_CHECK_NOT_NULL(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, elem_size);
  *elem_size = rstr->elem_size;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionGetNumPoints(CeedElemRestriction rstr, CeedInt *num_points) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, num_points);
  CEED_RSTR_CHECK_POINTS(rstr);
  *num_points = rstr->num_points;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionGetNumPointsInElement(CeedElemRestriction rstr, CeedInt elem, CeedInt *num_points) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, num_points);
  CEED_RSTR_CHECK_POINTS(rstr);
  CeedCheck(elem >= 0 && elem < rstr->num_elem, rstr->header.ceed, CEED_ERROR_DIMENSION,
            "Cannot get number of points in element %" CeedInt_FMT " of CeedElemRestriction with %" CeedInt_FMT " elements", elem,
            rstr->num_elem);
  *num_points = ceed::RstrPointsInElement(rstr, elem);
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionGetMaxPointsInElement(CeedElemRestriction rstr, CeedInt *max_points) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, max_points);
  CEED_RSTR_CHECK_POINTS(rstr);
  *max_points = rstr->max_points;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionGetMinPointsInElement(CeedElemRestriction rstr, CeedInt *min_points) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, min_points);
  CEED_RSTR_CHECK_POINTS(rstr);
  *min_points = rstr->min_points;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionGetMinMaxPointsInElement(CeedElemRestriction rstr, CeedInt *min_points, CeedInt *max_points) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CEED_RSTR_CHECK_POINTS(rstr);
  if (min_points) *min_points = rstr->min_points;
  if (max_points) *max_points = rstr->max_points;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionGetLVectorSize(CeedElemRestriction rstr, CeedSize *l_size) {
  CEED_RSTR_CHECK_NOT_NULL(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, l_size);
  *l_size = rstr->l_size;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionGetEVectorSize(CeedElemRestriction rstr, CeedSize *e_size) {
  CEED_RSTR_CHECK_NOT_NULL(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, e_size);
  *e_size = rstr->e_size;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionGetNumComponents(CeedElemRestriction rstr, CeedInt *num_comp) {
  CEED_RSTR_CHECK_NOT_NULL(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, num_comp);
  *num_comp = rstr->num_comp;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionGetNumBlocks(CeedElemRestriction rstr, CeedInt *num_block) {
  CEED_RSTR_CHECK_NOT_NULL(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, num_block);
  *num_block = rstr->num_block;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionGetBlockSize(CeedElemRestriction rstr, CeedInt *block_size) {
  CEED_RSTR_CHECK_NOT_NULL(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, block_size);
  *block_size = rstr->block_size;
  return CEED_ERROR_SUCCESS;
}

// ---- Backend interface --------------------------------------------------------------------------------

int CeedElemRestrictionSetBackendOps(CeedElemRestriction rstr, const CeedElemRestrictionBackendOps *ops) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CeedCheck(ops, rstr->header.ceed, CEED_ERROR_INCOMPATIBLE, "CeedElemRestriction backend operation table is NULL");
  CeedCheck(ops->size >= sizeof(size_t), rstr->header.ceed, CEED_ERROR_INCOMPATIBLE,
            "CeedElemRestriction backend operation table has invalid size %zu", ops->size);
  ceed::CopyOps(ceed::RstrBase(rstr)->ops, ops);
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionGetData(CeedElemRestriction rstr, void *data) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, data);
  *static_cast<void **>(data) = ceed::RstrBase(rstr)->data;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionSetData(CeedElemRestriction rstr, void *data) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  ceed::RstrBase(rstr)->data = data;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionGetType(CeedElemRestriction rstr, CeedRestrictionType *rstr_type) {
  CEED_RSTR_CHECK_NOT_NULL(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, rstr_type);
  *rstr_type = rstr->rstr_type;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionIsStrided(CeedElemRestriction rstr, bool *is_strided) {
  CEED_RSTR_CHECK_NOT_NULL(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, is_strided);
  *is_strided = rstr != CEED_ELEMRESTRICTION_NONE && rstr->rstr_type == CEED_RESTRICTION_STRIDED;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionIsAtPoints(CeedElemRestriction rstr, bool *is_points) {
  CEED_RSTR_CHECK_NOT_NULL(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, is_points);
  *is_points = rstr != CEED_ELEMRESTRICTION_NONE && rstr->rstr_type == CEED_RESTRICTION_POINTS;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionHasBackendStrides(CeedElemRestriction rstr, bool *has_backend_strides) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, has_backend_strides);
  *has_backend_strides = rstr->rstr_type == CEED_RESTRICTION_STRIDED && rstr->backend_strides;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionGetStrides(CeedElemRestriction rstr, CeedInt strides[3]) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, strides);
  CeedCheck(rstr->rstr_type == CEED_RESTRICTION_STRIDED, rstr->header.ceed, CEED_ERROR_MINOR,
            "CeedElemRestriction has no stride data: it is not a strided restriction");
  const CeedElemRestriction base = ceed::RstrBase(rstr);
  if (rstr->backend_strides) {
    CeedCheck(base->has_l_layout, rstr->header.ceed, CEED_ERROR_MINOR,
              "CeedElemRestriction uses CEED_STRIDES_BACKEND but the backend did not set its L-vector layout");
    for (int d = 0; d < 3; d++) strides[d] = base->l_layout[d];
  } else {
    for (int d = 0; d < 3; d++) strides[d] = rstr->strides[d];
  }
  return CEED_ERROR_SUCCESS;
}

static std::string Describe(CeedElemRestriction rstr) {
  return ceed::RstrDescribe(rstr->num_elem, rstr->elem_size, rstr->num_comp, rstr->l_size, rstr->rstr_type == CEED_RESTRICTION_POINTS);
}

// The index array `which` of rstr in mem_type, counted as a reader of the base: the core's host array,
// or its device copy made on first request. func names the public function.
static int GetIndexArray(const char *func, CeedElemRestriction rstr, CeedMemType mem_type, ceed::RstrArray which, const char *what,
                         const void **array) {
  Ceed                ceed = rstr->header.ceed;
  CeedElemRestriction base = ceed::RstrBase(rstr);
  if (mem_type != CEED_MEM_HOST && mem_type != CEED_MEM_DEVICE) {
    CeedErrorImpl(ceed, __FILE__, __LINE__, func, CEED_ERROR_INCOMPATIBLE, "Cannot get %s of %s: invalid memory type %d", what,
                  Describe(rstr).c_str(), static_cast<int>(mem_type));
    return CEED_ERROR_INCOMPATIBLE;
  }
  const void *data = nullptr;
  if (mem_type == CEED_MEM_HOST) {
    data = ceed::RstrHostArray(base, which);
  } else {
    Ceed dev = ceed::RstrDeviceBackend(ceed);
    if (!dev) {
      const char *resource = nullptr;
      CeedGetResource(ceed, &resource);
      CeedErrorImpl(ceed, __FILE__, __LINE__, func, CEED_ERROR_BACKEND,
                    "Can only provide HOST memory for this backend: %s of %s requested in CEED_MEM_DEVICE, %s provides no device memory", what,
                    Describe(rstr).c_str(), resource ? resource : "the backend");
      return CEED_ERROR_BACKEND;
    }
    CeedCall(ceed::RstrGetDeviceArray(base, dev, which, &data));
  }
  (which == ceed::RstrArray::kOffsets ? base->num_offsets_readers : base->num_orients_readers)++;
  *array = data;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionGetOffsets(CeedElemRestriction rstr, CeedMemType mem_type, const CeedInt **offsets) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, offsets);
  Ceed ceed = rstr->header.ceed;
  CeedCheck(rstr->rstr_type != CEED_RESTRICTION_STRIDED, ceed, CEED_ERROR_INCOMPATIBLE,
            "Cannot get offsets of a strided CeedElemRestriction: it has none");
  const void *array = nullptr;
  CeedCall(GetIndexArray(__func__, rstr, mem_type, ceed::RstrArray::kOffsets, "the offsets", &array));
  *offsets = static_cast<const CeedInt *>(array);
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionRestoreOffsets(CeedElemRestriction rstr, const CeedInt **offsets) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, offsets);
  CeedElemRestriction base = ceed::RstrBase(rstr);
  CeedCheck(base->num_offsets_readers > 0, rstr->header.ceed, CEED_ERROR_ACCESS,
            "Cannot restore CeedElemRestriction offsets, access was not granted");
  base->num_offsets_readers--;
  *offsets = nullptr;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionGetOrientations(CeedElemRestriction rstr, CeedMemType mem_type, const bool **orients) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, orients);
  Ceed ceed = rstr->header.ceed;
  CeedCheck(rstr->rstr_type == CEED_RESTRICTION_ORIENTED, ceed, CEED_ERROR_INCOMPATIBLE,
            "Cannot get orientations: CeedElemRestriction is not oriented (created with CeedElemRestrictionCreateOriented)");
  const void *array = nullptr;
  CeedCall(GetIndexArray(__func__, rstr, mem_type, ceed::RstrArray::kOrients, "the orientations", &array));
  *orients = static_cast<const bool *>(array);
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionRestoreOrientations(CeedElemRestriction rstr, const bool **orients) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, orients);
  CeedElemRestriction base = ceed::RstrBase(rstr);
  CeedCheck(base->num_orients_readers > 0, rstr->header.ceed, CEED_ERROR_ACCESS,
            "Cannot restore CeedElemRestriction orientations, access was not granted");
  base->num_orients_readers--;
  *orients = nullptr;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionGetCurlOrientations(CeedElemRestriction rstr, CeedMemType mem_type, const CeedInt8 **curl_orients) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, curl_orients);
  Ceed ceed = rstr->header.ceed;
  CeedCheck(rstr->rstr_type == CEED_RESTRICTION_CURL_ORIENTED, ceed, CEED_ERROR_INCOMPATIBLE,
            "Cannot get curl orientations: CeedElemRestriction is not curl-oriented (created with "
            "CeedElemRestrictionCreateCurlOriented)");
  const void *array = nullptr;
  CeedCall(GetIndexArray(__func__, rstr, mem_type, ceed::RstrArray::kCurlOrients, "the curl orientations", &array));
  *curl_orients = static_cast<const CeedInt8 *>(array);
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionRestoreCurlOrientations(CeedElemRestriction rstr, const CeedInt8 **curl_orients) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, curl_orients);
  CeedElemRestriction base = ceed::RstrBase(rstr);
  CeedCheck(base->num_orients_readers > 0, rstr->header.ceed, CEED_ERROR_ACCESS,
            "Cannot restore CeedElemRestriction curl orientations, access was not granted");
  base->num_orients_readers--;
  *curl_orients = nullptr;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionGetELayout(CeedElemRestriction rstr, CeedInt layout[3]) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, layout);
  const CeedElemRestriction base = ceed::RstrBase(rstr);
  CeedCheck(base->has_e_layout, rstr->header.ceed, CEED_ERROR_MINOR, "CeedElemRestriction has no E-vector layout: the backend set none");
  for (int d = 0; d < 3; d++) layout[d] = base->e_layout[d];
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionSetELayout(CeedElemRestriction rstr, const CeedInt layout[3]) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CeedCheck(layout, rstr->header.ceed, CEED_ERROR_INCOMPATIBLE, "CeedElemRestriction E-vector layout is NULL");
  CeedElemRestriction base = ceed::RstrBase(rstr);
  for (int d = 0; d < 3; d++) base->e_layout[d] = rstr->e_layout[d] = layout[d];
  base->has_e_layout = rstr->has_e_layout = true;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionGetLLayout(CeedElemRestriction rstr, CeedInt layout[3]) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, layout);
  CeedCheck(rstr->rstr_type == CEED_RESTRICTION_STRIDED, rstr->header.ceed, CEED_ERROR_MINOR,
            "CeedElemRestriction has no L-vector layout: only strided restrictions have one");
  return CeedElemRestrictionGetStrides(rstr, layout);
}

int CeedElemRestrictionSetLLayout(CeedElemRestriction rstr, const CeedInt layout[3]) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CeedCheck(layout, rstr->header.ceed, CEED_ERROR_INCOMPATIBLE, "CeedElemRestriction L-vector layout is NULL");
  CeedElemRestriction base = ceed::RstrBase(rstr);
  for (int d = 0; d < 3; d++) base->l_layout[d] = rstr->l_layout[d] = layout[d];
  base->has_l_layout = rstr->has_l_layout = true;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionGetAtPointsElementOffset(CeedElemRestriction rstr, CeedInt elem, CeedSize *elem_offset) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  CEED_RSTR_CHECK_OUTPUT(rstr, elem_offset);
  CEED_RSTR_CHECK_POINTS(rstr);
  CeedCheck(elem >= 0 && elem <= rstr->num_elem, rstr->header.ceed, CEED_ERROR_DIMENSION,
            "Cannot get E-vector offset of element %" CeedInt_FMT " of CeedElemRestriction with %" CeedInt_FMT " elements", elem,
            rstr->num_elem);
  const CeedInt *off = ceed::RstrBase(rstr)->offsets.data;
  *elem_offset       = static_cast<CeedSize>(off[elem] - off[0]) * rstr->num_comp;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionAtPointsAreCompatible(CeedElemRestriction rstr_a, CeedElemRestriction rstr_b, bool *are_compatible) {
  CEED_RSTR_CHECK_HANDLE(rstr_a);
  CEED_RSTR_CHECK_HANDLE(rstr_b);
  CEED_RSTR_CHECK_OUTPUT(rstr_a, are_compatible);
  CEED_RSTR_CHECK_POINTS(rstr_a);
  CEED_RSTR_CHECK_POINTS(rstr_b);
  bool same = rstr_a->num_elem == rstr_b->num_elem && rstr_a->num_points == rstr_b->num_points;
  for (CeedInt e = 0; same && e < rstr_a->num_elem; e++) {
    same = ceed::RstrPointsInElement(rstr_a, e) == ceed::RstrPointsInElement(rstr_b, e);
  }
  *are_compatible = same;
  return CEED_ERROR_SUCCESS;
}

int CeedElemRestrictionGetOrientationFlags(CeedElemRestriction rstr, bool *use_signs, bool *use_orients) {
  CEED_RSTR_CHECK_HANDLE(rstr);
  if (use_signs) *use_signs = rstr->use_signs;
  if (use_orients) *use_orients = rstr->use_orients;
  return CEED_ERROR_SUCCESS;
}

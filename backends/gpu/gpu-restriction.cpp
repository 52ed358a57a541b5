// GPU backends: element restrictions.
//
// The core validates the index data and keeps it on the host (permuted to [block][node][lane] for
// blocked restrictions); creation copies it to the device once. E-vectors use the reference layout
// [block][comp][node][lane] (E-layout {1, elem_size, elem_size*num_comp}, block size 1 for ordinary
// restrictions), so that operators and CeedBasisApply see the same data as on the CPU backends.
// The transpose scatters with atomic additions; deterministic contexts (/gpu/<vendor>/ref/det) use a
// transpose map built once per coefficient mode: for every L-vector entry, the E-vector entries that
// add into it, summed by one thread in a fixed order.
#include <algorithm>
#include <new>
#include <numeric>
#include <vector>

#include "ceed-gpu.hpp"

namespace ceed::gpu {
namespace {

static_assert(CEED_GPU_RESTRICTION_STRIDED == CEED_RESTRICTION_STRIDED && CEED_GPU_RESTRICTION_POINTS == CEED_RESTRICTION_POINTS,
              "kernel restriction kinds must match CeedRestrictionType");

// Deterministic transpose map (CSR over the distinct L-vector entries that receive contributions).
struct TransposeMap {
  bool     built       = false;
  CeedSize num_targets = 0;
  const CeedSize *targets = nullptr, *offsets = nullptr, *e_index = nullptr;  // device arrays
  const CeedInt  *coef    = nullptr;
};

struct RstrGpu {
  CeedGpuRstrParams params{};  // device pointers and sizes; mode, first, last are set per apply
  CeedInt            num_units = 0;  // blocks, or elements at points
  CeedSize           e_size    = 0;
  bool               deterministic = false;
  TransposeMap       maps[4];  // by CEED_GPU_RSTR_* mode
};

RstrGpu *Data(CeedElemRestriction rstr) {
  RstrGpu *d = nullptr;
  CeedElemRestrictionGetData(rstr, &d);
  return d;
}

CeedInt Mode(const RstrGpu &d, bool use_signs, bool use_orients) {
  if (use_orients && d.params.type == CEED_RESTRICTION_ORIENTED && use_signs) return CEED_GPU_RSTR_ORIENTED;
  if (use_orients && d.params.type == CEED_RESTRICTION_CURL_ORIENTED) return use_signs ? CEED_GPU_RSTR_CURL : CEED_GPU_RSTR_CURL_UNSIGNED;
  return CEED_GPU_RSTR_PLAIN;
}

int FreeMap(Ceed ceed, CeedGpu &data, TransposeMap &map) {
  for (const void *p : {static_cast<const void *>(map.targets), static_cast<const void *>(map.offsets), static_cast<const void *>(map.e_index),
                        static_cast<const void *>(map.coef)}) {
    CeedCall(DeviceRelease(ceed, data, const_cast<void *>(p)));
  }
  map = TransposeMap{};
  return CEED_ERROR_SUCCESS;
}

// Builds the transpose map of p.mode from the links the device enumerates for every E-vector entry.
int BuildMap(Ceed ceed, CeedGpu &data, const CeedGpuRstrParams &p, CeedSize num_entries, TransposeMap &map) {
  Function fn = nullptr;
  CeedCall(GetRefFunction(ceed, data, "CeedGpuRstrEnumerateLinks", &fn));
  void *l_dev = nullptr, *coef_dev = nullptr;
  CeedCall(DeviceMalloc(ceed, data, 3 * num_entries * sizeof(CeedSize), &l_dev));
  int ierr = DeviceMalloc(ceed, data, 3 * num_entries * sizeof(CeedInt), &coef_dev);
  std::vector<CeedSize> l_index(3 * num_entries);
  std::vector<CeedInt>  coef(3 * num_entries);
  if (!ierr) {
    CeedGpuRstrParams params = p;
    void              *args[] = {&params, &l_dev, &coef_dev};
    ierr = LaunchGridStride(ceed, data, fn, num_entries, args);
  }
  if (!ierr) ierr = Copy(ceed, data, l_index.data(), CEED_MEM_HOST, l_dev, CEED_MEM_DEVICE, l_index.size() * sizeof(CeedSize));
  if (!ierr) ierr = Copy(ceed, data, coef.data(), CEED_MEM_HOST, coef_dev, CEED_MEM_DEVICE, coef.size() * sizeof(CeedInt));
  DeviceRelease(ceed, data, l_dev);
  DeviceRelease(ceed, data, coef_dev);
  CeedCall(ierr);

  // Link k belongs to E-vector entry k / 3; sorting the used links by L index (stably, so each target
  // keeps E-vector order) groups the contributions of every target.
  std::vector<CeedSize> order;
  order.reserve(l_index.size());
  for (CeedSize k = 0; k < static_cast<CeedSize>(l_index.size()); k++)
    if (l_index[k] >= 0) order.push_back(k);
  std::stable_sort(order.begin(), order.end(), [&](CeedSize a, CeedSize b) { return l_index[a] < l_index[b]; });
  std::vector<CeedSize> targets, offsets, e_index(order.size());
  std::vector<CeedInt>  coefs(order.size());
  for (size_t i = 0; i < order.size(); i++) {
    const CeedSize k = order[i];
    if (targets.empty() || targets.back() != l_index[k]) {
      targets.push_back(l_index[k]);
      offsets.push_back(static_cast<CeedSize>(i));
    }
    e_index[i] = k / 3;
    coefs[i]   = coef[k];
  }
  offsets.push_back(static_cast<CeedSize>(order.size()));
  CeedCall(FreeMap(ceed, data, map));
  CeedCall(UploadToDevice(ceed, data, targets.data(), targets.size(), &map.targets));
  CeedCall(UploadToDevice(ceed, data, offsets.data(), offsets.size(), &map.offsets));
  CeedCall(UploadToDevice(ceed, data, e_index.data(), e_index.size(), &map.e_index));
  CeedCall(UploadToDevice(ceed, data, coefs.data(), coefs.size(), &map.coef));
  map.num_targets = static_cast<CeedSize>(targets.size());
  map.built       = true;
  return CEED_ERROR_SUCCESS;
}

// Applies the restriction to units [first, last) (blocks, or elements at points); E-vector index 0 is
// the first entry of unit first. entries: E-vector entries covered; zero_to: NOTRANSPOSE zero-fills the
// E-vector from entries up to zero_to (at-points padding).
int ApplyRange(CeedElemRestriction rstr, CeedInt first, CeedInt last, CeedSize entries, CeedSize zero_to, CeedTransposeMode t_mode, bool use_signs,
               bool use_orients, CeedVector u, CeedVector ru) {
  Ceed      ceed = CeedElemRestrictionReturnCeed(rstr);
  CeedGpu *data = nullptr;
  CeedCall(Activate(ceed, &data));
  RstrGpu          &d = *Data(rstr);
  CeedGpuRstrParams p = d.params;
  p.mode               = Mode(d, use_signs, use_orients);
  p.first              = first;
  p.last               = last;
  const bool whole     = first == 0 && last == d.num_units;

  const CeedScalar *in  = nullptr;
  CeedScalar       *out = nullptr;
  CeedCall(CeedVectorGetArrayRead(u, CEED_MEM_DEVICE, &in));
  int ierr = t_mode == CEED_TRANSPOSE ? CeedVectorGetArray(ru, CEED_MEM_DEVICE, &out) : CeedVectorGetArrayWrite(ru, CEED_MEM_DEVICE, &out);
  if (ierr) {
    CeedVectorRestoreArrayRead(u, &in);
    return ierr;
  }
  Function fn = nullptr;
  if (t_mode == CEED_NOTRANSPOSE) {
    ierr = GetRefFunction(ceed, *data, "CeedGpuRstrGather", &fn);
    void *args[] = {&p, &in, &out};
    if (!ierr) ierr = LaunchGridStride(ceed, *data, fn, entries, args);
    if (!ierr && zero_to > entries) {
      ierr = CheckRuntime(ceed, *data, data->rt->Memset(out + entries, 0, (zero_to - entries) * sizeof(CeedScalar)), "Memset");
    }
  } else if (!d.deterministic) {
    ierr = GetRefFunction(ceed, *data, "CeedGpuRstrScatterAtomic", &fn);
    void *args[] = {&p, &in, &out};
    if (!ierr) ierr = LaunchGridStride(ceed, *data, fn, entries, args);
  } else if (!whole) {
    ierr = GetRefFunction(ceed, *data, "CeedGpuRstrScatterSerial", &fn);
    void *args[] = {&p, &in, &out};
    if (!ierr) ierr = Launch(ceed, *data, fn, 1, 1, 0, args);
  } else {
    TransposeMap &map = d.maps[p.mode];
    if (!map.built) ierr = BuildMap(ceed, *data, p, entries, map);
    if (!ierr) ierr = GetRefFunction(ceed, *data, "CeedGpuRstrScatterMap", &fn);
    void *args[] = {&p, &map.num_targets, &map.targets, &map.offsets, &map.e_index, &map.coef, &in, &out};
    if (!ierr) ierr = LaunchGridStride(ceed, *data, fn, map.num_targets, args);
  }
  const int ierr_out = CeedVectorRestoreArray(ru, &out);
  const int ierr_in  = CeedVectorRestoreArrayRead(u, &in);
  CeedCall(ierr);
  CeedCall(ierr_out);
  return ierr_in;
}

// E-vector entries of elements [first, last) of an at-points restriction.
int PointsEntries(CeedElemRestriction rstr, CeedInt first, CeedInt last, CeedSize *entries) {
  CeedSize begin = 0, end = 0;
  CeedCall(CeedElemRestrictionGetAtPointsElementOffset(rstr, first, &begin));
  CeedCall(CeedElemRestrictionGetAtPointsElementOffset(rstr, last, &end));
  *entries = end - begin;
  return CEED_ERROR_SUCCESS;
}

int Apply(CeedElemRestriction rstr, CeedTransposeMode t_mode, bool use_signs, bool use_orients, CeedVector u, CeedVector ru, CeedRequest *) {
  const RstrGpu &d       = *Data(rstr);
  CeedSize        entries = static_cast<CeedSize>(d.num_units) * d.params.block_size * d.params.elem_size * d.params.num_comp;
  if (d.params.type == CEED_RESTRICTION_POINTS) CeedCall(PointsEntries(rstr, 0, d.num_units, &entries));
  return ApplyRange(rstr, 0, d.num_units, entries, d.e_size, t_mode, use_signs, use_orients, u, ru);
}

int ApplyBlock(CeedElemRestriction rstr, CeedInt block, CeedTransposeMode t_mode, CeedVector u, CeedVector ru, CeedRequest *) {
  const RstrGpu &d       = *Data(rstr);
  const CeedSize  entries = static_cast<CeedSize>(d.params.block_size) * d.params.elem_size * d.params.num_comp;
  return ApplyRange(rstr, block, block + 1, entries, entries, t_mode, true, true, u, ru);
}

int ApplyAtPointsInElement(CeedElemRestriction rstr, CeedInt elem, CeedTransposeMode t_mode, CeedVector u, CeedVector ru, CeedRequest *) {
  CeedSize entries = 0;
  CeedCall(PointsEntries(rstr, elem, elem + 1, &entries));
  return ApplyRange(rstr, elem, elem + 1, entries, entries, t_mode, true, true, u, ru);
}

int Destroy(CeedElemRestriction rstr) {
  RstrGpu *d = Data(rstr);
  if (!d) return CEED_ERROR_SUCCESS;
  Ceed      ceed = CeedElemRestrictionReturnCeed(rstr);
  CeedGpu *data = nullptr;
  int       ierr = Activate(ceed, &data);
  if (!ierr) {
    for (TransposeMap &map : d->maps) {
      int e = FreeMap(ceed, *data, map);
      if (!ierr) ierr = e;
    }
    for (const void *p : {static_cast<const void *>(d->params.offsets), static_cast<const void *>(d->params.orients),
                          static_cast<const void *>(d->params.curl_orients)}) {
      int e = DeviceRelease(ceed, *data, const_cast<void *>(p));
      if (!ierr) ierr = e;
    }
  }
  delete d;
  CeedElemRestrictionSetData(rstr, nullptr);
  return ierr;
}

int Setup(CeedElemRestriction rstr, CeedGpu &data, RstrGpu &d) {
  Ceed                ceed = CeedElemRestrictionReturnCeed(rstr);
  CeedGpuRstrParams &p    = d.params;
  CeedRestrictionType type = CEED_RESTRICTION_STANDARD;
  CeedInt             comp_stride = 1, num_block = 0;
  CeedCallBackend(CeedElemRestrictionGetType(rstr, &type));
  p.type = type;
  CeedCallBackend(CeedElemRestrictionGetNumElements(rstr, &p.num_elem));
  CeedCallBackend(CeedElemRestrictionGetElementSize(rstr, &p.elem_size));
  CeedCallBackend(CeedElemRestrictionGetNumComponents(rstr, &p.num_comp));
  CeedCallBackend(CeedElemRestrictionGetCompStride(rstr, &comp_stride));
  CeedCallBackend(CeedElemRestrictionGetBlockSize(rstr, &p.block_size));
  CeedCallBackend(CeedElemRestrictionGetNumBlocks(rstr, &num_block));
  CeedCallBackend(CeedElemRestrictionGetEVectorSize(rstr, &d.e_size));
  p.comp_stride = comp_stride;
  d.num_units   = type == CEED_RESTRICTION_POINTS ? p.num_elem : num_block;
  d.deterministic = data.deterministic;
  const CeedInt es = p.elem_size, nc = p.num_comp;
  if (type == CEED_RESTRICTION_POINTS) {
    CeedInt max_points = 0, num_points = 0;
    CeedCallBackend(CeedElemRestrictionGetMaxPointsInElement(rstr, &max_points));
    CeedCallBackend(CeedElemRestrictionGetNumPoints(rstr, &num_points));
    const CeedInt e_layout[3] = {1, max_points, max_points * nc};
    CeedCallBackend(CeedElemRestrictionSetELayout(rstr, e_layout));
    const CeedInt *offsets = nullptr;
    CeedCallBackend(CeedElemRestrictionGetOffsets(rstr, CEED_MEM_HOST, &offsets));
    int ierr = UploadToDevice(ceed, data, offsets, static_cast<size_t>(p.num_elem) + 1 + num_points, &p.offsets);
    CeedCallBackend(CeedElemRestrictionRestoreOffsets(rstr, &offsets));
    return ierr;
  }
  const CeedInt e_layout[3] = {1, es, es * nc};
  CeedCallBackend(CeedElemRestrictionSetELayout(rstr, e_layout));
  if (type == CEED_RESTRICTION_STRIDED) {
    bool backend_strides = false;
    CeedCallBackend(CeedElemRestrictionHasBackendStrides(rstr, &backend_strides));
    if (backend_strides) CeedCallBackend(CeedElemRestrictionSetLLayout(rstr, e_layout));
    CeedInt strides[3];
    CeedCallBackend(CeedElemRestrictionGetStrides(rstr, strides));
    for (int k = 0; k < 3; k++) p.strides[k] = strides[k];
    return CEED_ERROR_SUCCESS;
  }
  const CeedSize nodes   = static_cast<CeedSize>(num_block) * p.block_size * es;
  const CeedInt *offsets = nullptr;
  CeedCallBackend(CeedElemRestrictionGetOffsets(rstr, CEED_MEM_HOST, &offsets));
  int ierr = UploadToDevice(ceed, data, offsets, static_cast<size_t>(nodes), &p.offsets);
  CeedCallBackend(CeedElemRestrictionRestoreOffsets(rstr, &offsets));
  CeedCall(ierr);
  if (type == CEED_RESTRICTION_ORIENTED) {
    const bool *orients = nullptr;
    CeedCallBackend(CeedElemRestrictionGetOrientations(rstr, CEED_MEM_HOST, &orients));
    ierr = UploadToDevice(ceed, data, orients, static_cast<size_t>(nodes), &p.orients);
    CeedCallBackend(CeedElemRestrictionRestoreOrientations(rstr, &orients));
  } else if (type == CEED_RESTRICTION_CURL_ORIENTED) {
    const CeedInt8 *curl_orients = nullptr;
    CeedCallBackend(CeedElemRestrictionGetCurlOrientations(rstr, CEED_MEM_HOST, &curl_orients));
    ierr = UploadToDevice(ceed, data, curl_orients, static_cast<size_t>(3 * nodes), &p.curl_orients);
    CeedCallBackend(CeedElemRestrictionRestoreCurlOrientations(rstr, &curl_orients));
  }
  return ierr;
}

}  // namespace

int ElemRestrictionCreate(CeedElemRestriction rstr) {
  Ceed      ceed = CeedElemRestrictionReturnCeed(rstr);
  CeedGpu *data = nullptr;
  CeedCall(Activate(ceed, &data));
  auto *d = new (std::nothrow) RstrGpu();
  CeedCheck(d, ceed, CEED_ERROR_MAJOR, "Out of memory creating the GPU element restriction data");
  CeedCallBackend(CeedElemRestrictionSetData(rstr, d));
  CeedElemRestrictionBackendOps ops{};
  ops.size                   = sizeof(ops);
  ops.Apply                  = Apply;
  ops.ApplyBlock             = ApplyBlock;
  ops.ApplyAtPointsInElement = ApplyAtPointsInElement;
  ops.Destroy                = Destroy;
  CeedCallBackend(CeedElemRestrictionSetBackendOps(rstr, &ops));  // Destroy releases a partial setup
  return Setup(rstr, *data, *d);
}

}  // namespace ceed::gpu

// Reference CPU backend: element restriction kernels.
//
// The core hands over validated host index data (offsets permuted to [block][node][lane] for blocked
// restrictions, which is the plain [elem][node] order for block size 1). E-vectors are laid out
// [block][comp][node][lane], i.e. E-layout {1, elem_size, elem_size*num_comp} scaled by the block
// size; at-points E-vectors pack each element as [comp][point]. NOTRANSPOSE overwrites the E-vector,
// TRANSPOSE adds into the L-vector and discards the padding lanes of the last block.
#include <algorithm>
#include <new>

#include "ceed-ref.hpp"

namespace ceed::ref {
namespace {

struct RstrRef {
  CeedRestrictionType type;
  CeedInt num_elem, elem_size, num_comp, comp_stride, block_size, num_block;
  CeedSize l_size, e_size;
  CeedInt strides[3];           // strided: L-index of (node i, comp j, elem k) = i*s0 + j*s1 + k*s2
  const CeedInt *offsets;       // borrowed from the core, valid while the restriction lives
  const bool *orients;          // oriented only
  const CeedInt8 *curl_orients; // curl-oriented only: [block][3*node + {0,1,2}][lane]
};

// How the offsets-based kernels treat orientation data.
enum class Mode { kPlain, kOriented, kCurl, kCurlUnsigned };

// ---- Offsets-based kernels (standard, oriented, curl-oriented) over blocks [b0, b1) --------------------
// ev points at the E-vector entry of block b0.

template <Mode mode>
void Restrict(const RstrRef &d, CeedInt b0, CeedInt b1, const CeedScalar *__restrict__ uu, CeedScalar *__restrict__ ev) {
  const CeedInt bs = d.block_size, es = d.elem_size, nc = d.num_comp;
  const CeedSize nodes = static_cast<CeedSize>(bs) * es, cs = d.comp_stride;
  for (CeedInt b = b0; b < b1; b++) {
    const CeedInt *off = d.offsets + b * nodes;
    CeedScalar *eb     = ev + (b - b0) * nodes * nc;
    for (CeedInt j = 0; j < nc; j++) {
      const CeedScalar *uj = uu + j * cs;
      CeedScalar *ej       = eb + j * nodes;
      if (mode == Mode::kPlain) {
        for (CeedSize n = 0; n < nodes; n++) ej[n] = uj[off[n]];
      } else if (mode == Mode::kOriented) {
        const bool *ori = d.orients + b * nodes;
        for (CeedSize n = 0; n < nodes; n++) ej[n] = ori[n] ? -uj[off[n]] : uj[off[n]];
      } else {
        const CeedInt8 *co = d.curl_orients + 3 * b * nodes;
        auto t             = [&](CeedSize k) -> CeedScalar { return mode == Mode::kCurl ? co[k] : std::abs(co[k]); };
        for (CeedInt i = 0; i < es; i++) {
          for (CeedInt l = 0; l < bs; l++) {
            const CeedSize n = static_cast<CeedSize>(i) * bs + l, r = 3 * static_cast<CeedSize>(i) * bs + l;
            CeedScalar v     = t(r + bs) * uj[off[n]];
            if (i > 0) v += t(r) * uj[off[n - bs]];
            if (i < es - 1) v += t(r + 2 * bs) * uj[off[n + bs]];
            ej[n] = v;
          }
        }
      }
    }
  }
}

template <Mode mode>
void RestrictTranspose(const RstrRef &d, CeedInt b0, CeedInt b1, const CeedScalar *__restrict__ ev, CeedScalar *__restrict__ uu) {
  const CeedInt bs = d.block_size, es = d.elem_size, nc = d.num_comp;
  const CeedSize nodes = static_cast<CeedSize>(bs) * es, cs = d.comp_stride;
  for (CeedInt b = b0; b < b1; b++) {
    const CeedInt lanes  = std::min(bs, d.num_elem - b * bs);  // padding lanes are discarded
    const CeedInt *off   = d.offsets + b * nodes;
    const CeedScalar *eb = ev + (b - b0) * nodes * nc;
    for (CeedInt j = 0; j < nc; j++) {
      CeedScalar *uj       = uu + j * cs;
      const CeedScalar *ej = eb + j * nodes;
      for (CeedInt i = 0; i < es; i++) {
        for (CeedInt l = 0; l < lanes; l++) {
          const CeedSize n = static_cast<CeedSize>(i) * bs + l;
          if (mode == Mode::kPlain) {
            uj[off[n]] += ej[n];
          } else if (mode == Mode::kOriented) {
            uj[off[n]] += d.orients[b * nodes + n] ? -ej[n] : ej[n];
          } else {
            const CeedInt8 *co = d.curl_orients + 3 * b * nodes + 3 * static_cast<CeedSize>(i) * bs + l;
            auto t             = [&](CeedInt k) -> CeedScalar { return mode == Mode::kCurl ? co[k * bs] : std::abs(co[k * bs]); };
            uj[off[n]] += t(1) * ej[n];
            if (i > 0) uj[off[n - bs]] += t(0) * ej[n];
            if (i < es - 1) uj[off[n + bs]] += t(2) * ej[n];
          }
        }
      }
    }
  }
}

// ---- Strided kernels ----------------------------------------------------------------------------------

void RestrictStrided(const RstrRef &d, CeedInt b0, CeedInt b1, bool transpose, const CeedScalar *__restrict__ in,
                     CeedScalar *__restrict__ out) {
  const CeedInt bs = d.block_size, es = d.elem_size, nc = d.num_comp;
  const CeedSize nodes = static_cast<CeedSize>(bs) * es, s0 = d.strides[0], s1 = d.strides[1], s2 = d.strides[2];
  for (CeedInt b = b0; b < b1; b++) {
    const CeedSize e_block = (b - b0) * nodes * nc;
    const CeedInt lanes    = transpose ? std::min(bs, d.num_elem - b * bs) : bs;
    for (CeedInt l = 0; l < lanes; l++) {
      const CeedSize k = std::min(b * bs + l, d.num_elem - 1);  // padding lanes repeat the last element
      for (CeedInt j = 0; j < nc; j++) {
        const CeedSize l_base = j * s1 + k * s2, e_base = e_block + j * nodes + l;
        if (transpose) {
          for (CeedInt i = 0; i < es; i++) out[l_base + i * s0] += in[e_base + static_cast<CeedSize>(i) * bs];
        } else {
          for (CeedInt i = 0; i < es; i++) out[e_base + static_cast<CeedSize>(i) * bs] = in[l_base + i * s0];
        }
      }
    }
  }
}

// ---- At-points kernels over elements [e0, e1); ev points at element e0's segment ----------------------

void RestrictPoints(const RstrRef &d, CeedInt e0, CeedInt e1, bool transpose, const CeedScalar *__restrict__ in,
                    CeedScalar *__restrict__ out) {
  const CeedInt *off = d.offsets, nc = d.num_comp;
  CeedSize seg       = 0;
  for (CeedInt e = e0; e < e1; e++) {
    const CeedInt np   = off[e + 1] - off[e];
    const CeedInt *pts = off + off[e];
    for (CeedInt j = 0; j < nc; j++) {
      if (transpose) {
        const CeedScalar *ej = in + seg + static_cast<CeedSize>(j) * np;
        for (CeedInt p = 0; p < np; p++) out[static_cast<CeedSize>(pts[p]) * nc + j] += ej[p];
      } else {
        CeedScalar *ej = out + seg + static_cast<CeedSize>(j) * np;
        for (CeedInt p = 0; p < np; p++) ej[p] = in[static_cast<CeedSize>(pts[p]) * nc + j];
      }
    }
    seg += static_cast<CeedSize>(np) * nc;
  }
}

// ---- Dispatch -----------------------------------------------------------------------------------------

// Runs the kernel of d's kind on blocks [b0, b1) (elements for at-points) between host arrays.
void Run(const RstrRef &d, CeedInt b0, CeedInt b1, bool transpose, bool use_signs, bool use_orients, const CeedScalar *in,
         CeedScalar *out) {
  Mode mode = Mode::kPlain;
  if (use_orients && d.type == CEED_RESTRICTION_ORIENTED && use_signs) mode = Mode::kOriented;
  if (use_orients && d.type == CEED_RESTRICTION_CURL_ORIENTED) mode = use_signs ? Mode::kCurl : Mode::kCurlUnsigned;
  switch (d.type) {
    case CEED_RESTRICTION_STRIDED:
      RestrictStrided(d, b0, b1, transpose, in, out);
      return;
    case CEED_RESTRICTION_POINTS:
      RestrictPoints(d, b0, b1, transpose, in, out);
      return;
    default:
      break;
  }
  switch (mode) {
    case Mode::kPlain:
      transpose ? RestrictTranspose<Mode::kPlain>(d, b0, b1, in, out) : Restrict<Mode::kPlain>(d, b0, b1, in, out);
      break;
    case Mode::kOriented:
      transpose ? RestrictTranspose<Mode::kOriented>(d, b0, b1, in, out) : Restrict<Mode::kOriented>(d, b0, b1, in, out);
      break;
    case Mode::kCurl:
      transpose ? RestrictTranspose<Mode::kCurl>(d, b0, b1, in, out) : Restrict<Mode::kCurl>(d, b0, b1, in, out);
      break;
    case Mode::kCurlUnsigned:
      transpose ? RestrictTranspose<Mode::kCurlUnsigned>(d, b0, b1, in, out) : Restrict<Mode::kCurlUnsigned>(d, b0, b1, in, out);
      break;
  }
}

// Acquires the host arrays (NOTRANSPOSE overwrites out: write access; TRANSPOSE adds: read-write), runs,
// releases. out_len entries past what the kernel writes are zeroed on NOTRANSPOSE (at-points padding).
int RunOnVectors(const RstrRef &d, CeedInt b0, CeedInt b1, CeedTransposeMode t_mode, bool use_signs, bool use_orients, CeedVector u,
                 CeedVector v, CeedSize written, CeedSize zero_to) {
  const bool transpose = t_mode == CEED_TRANSPOSE;
  const CeedScalar *uu = nullptr;
  CeedScalar *vv       = nullptr;
  CeedCallBackend(CeedVectorGetArrayRead(u, CEED_MEM_HOST, &uu));
  int ierr = transpose ? CeedVectorGetArray(v, CEED_MEM_HOST, &vv) : CeedVectorGetArrayWrite(v, CEED_MEM_HOST, &vv);
  if (ierr) {
    CeedVectorRestoreArrayRead(u, &uu);
    return ierr;
  }
  Run(d, b0, b1, transpose, use_signs, use_orients, uu, vv);
  if (!transpose) std::fill(vv + written, vv + std::max(written, zero_to), CeedScalar(0));
  ierr              = CeedVectorRestoreArray(v, &vv);
  const int ierr_ro = CeedVectorRestoreArrayRead(u, &uu);
  CeedCallBackend(ierr);
  CeedCallBackend(ierr_ro);
  return CEED_ERROR_SUCCESS;
}

RstrRef *Data(CeedElemRestriction rstr) {
  RstrRef *d = nullptr;
  CeedElemRestrictionGetData(rstr, &d);
  return d;
}

int Apply(CeedElemRestriction rstr, CeedTransposeMode t_mode, bool use_signs, bool use_orients, CeedVector u, CeedVector ru,
          CeedRequest *) {
  const RstrRef &d = *Data(rstr);
  const CeedInt n  = d.type == CEED_RESTRICTION_POINTS ? d.num_elem : d.num_block;
  CeedSize written = d.e_size;
  if (d.type == CEED_RESTRICTION_POINTS) written = static_cast<CeedSize>(d.offsets[d.num_elem] - d.offsets[0]) * d.num_comp;
  return RunOnVectors(d, 0, n, t_mode, use_signs, use_orients, u, ru, written, d.e_size);
}

int ApplyBlock(CeedElemRestriction rstr, CeedInt block, CeedTransposeMode t_mode, CeedVector u, CeedVector ru, CeedRequest *) {
  const RstrRef &d = *Data(rstr);
  const CeedSize n = static_cast<CeedSize>(d.block_size) * d.elem_size * d.num_comp;
  return RunOnVectors(d, block, block + 1, t_mode, true, true, u, ru, n, n);
}

int ApplyAtPointsInElement(CeedElemRestriction rstr, CeedInt elem, CeedTransposeMode t_mode, CeedVector u, CeedVector ru,
                           CeedRequest *) {
  const RstrRef &d = *Data(rstr);
  const CeedSize n = static_cast<CeedSize>(d.offsets[elem + 1] - d.offsets[elem]) * d.num_comp;
  return RunOnVectors(d, elem, elem + 1, t_mode, true, true, u, ru, n, n);
}

int Destroy(CeedElemRestriction rstr) {
  delete Data(rstr);
  return CeedElemRestrictionSetData(rstr, nullptr);
}

}  // namespace

int ElemRestrictionCreate(CeedElemRestriction rstr) {
  Ceed ceed = CeedElemRestrictionReturnCeed(rstr);
  auto *d   = new (std::nothrow) RstrRef{};
  CeedCheck(d, ceed, CEED_ERROR_MAJOR, "Out of memory creating the /cpu/self/ref element restriction data");
  int ierr = [&]() -> int {
    CeedCallBackend(CeedElemRestrictionGetType(rstr, &d->type));
    CeedCallBackend(CeedElemRestrictionGetNumElements(rstr, &d->num_elem));
    CeedCallBackend(CeedElemRestrictionGetElementSize(rstr, &d->elem_size));
    CeedCallBackend(CeedElemRestrictionGetNumComponents(rstr, &d->num_comp));
    CeedCallBackend(CeedElemRestrictionGetCompStride(rstr, &d->comp_stride));
    CeedCallBackend(CeedElemRestrictionGetBlockSize(rstr, &d->block_size));
    CeedCallBackend(CeedElemRestrictionGetNumBlocks(rstr, &d->num_block));
    CeedCallBackend(CeedElemRestrictionGetLVectorSize(rstr, &d->l_size));
    CeedCallBackend(CeedElemRestrictionGetEVectorSize(rstr, &d->e_size));
    const CeedInt es = d->elem_size, nc = d->num_comp;
    if (d->type == CEED_RESTRICTION_POINTS) {
      // Elements are packed [comp][point]; the strides describe an element with the maximum point count.
      CeedInt max_points = 0;
      CeedCallBackend(CeedElemRestrictionGetMaxPointsInElement(rstr, &max_points));
      const CeedInt e_layout[3] = {1, max_points, max_points * nc};
      CeedCallBackend(CeedElemRestrictionSetELayout(rstr, e_layout));
    } else {
      const CeedInt e_layout[3] = {1, es, es * nc};
      CeedCallBackend(CeedElemRestrictionSetELayout(rstr, e_layout));
    }
    if (d->type == CEED_RESTRICTION_STRIDED) {
      bool backend_strides = false;
      CeedCallBackend(CeedElemRestrictionHasBackendStrides(rstr, &backend_strides));
      if (backend_strides) {
        const CeedInt l_layout[3] = {1, es, es * nc};
        CeedCallBackend(CeedElemRestrictionSetLLayout(rstr, l_layout));
      }
      CeedCallBackend(CeedElemRestrictionGetStrides(rstr, d->strides));
      return CEED_ERROR_SUCCESS;
    }
    // The arrays stay valid while the restriction lives; keep the pointers, release the read access.
    const CeedInt *offsets = nullptr;
    CeedCallBackend(CeedElemRestrictionGetOffsets(rstr, CEED_MEM_HOST, &offsets));
    d->offsets = offsets;
    CeedCallBackend(CeedElemRestrictionRestoreOffsets(rstr, &offsets));
    if (d->type == CEED_RESTRICTION_ORIENTED) {
      const bool *orients = nullptr;
      CeedCallBackend(CeedElemRestrictionGetOrientations(rstr, CEED_MEM_HOST, &orients));
      d->orients = orients;
      CeedCallBackend(CeedElemRestrictionRestoreOrientations(rstr, &orients));
    }
    if (d->type == CEED_RESTRICTION_CURL_ORIENTED) {
      const CeedInt8 *curl_orients = nullptr;
      CeedCallBackend(CeedElemRestrictionGetCurlOrientations(rstr, CEED_MEM_HOST, &curl_orients));
      d->curl_orients = curl_orients;
      CeedCallBackend(CeedElemRestrictionRestoreCurlOrientations(rstr, &curl_orients));
    }
    return CEED_ERROR_SUCCESS;
  }();
  if (ierr) {
    delete d;
    return ierr;
  }
  CeedCallBackend(CeedElemRestrictionSetData(rstr, d));
  CeedElemRestrictionBackendOps ops{};
  ops.size                   = sizeof(ops);
  ops.Apply                  = Apply;
  ops.ApplyBlock             = ApplyBlock;
  ops.ApplyAtPointsInElement = ApplyAtPointsInElement;
  ops.Destroy                = Destroy;
  return CeedElemRestrictionSetBackendOps(rstr, &ops);
}

}  // namespace ceed::ref

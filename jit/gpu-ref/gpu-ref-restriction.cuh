/* CUDA backend: element restriction kernels.

   Every E-vector entry is linked to up to three L-vector entries with a coefficient (three only for
   curl-oriented restrictions: the tridiagonal T). CeedGpuRstrLinks computes these links; the gather
   (E = sum of coefficient * L over the links), the scatter with atomics, the serial scatter and the
   enumeration that builds the deterministic transpose map all use it, so the index arithmetic lives
   in one place. */

typedef struct {
  CeedSize l;    /* L-vector index */
  CeedInt  coef; /* index of the coefficient in orients/curl_orients, or -1 for 1 */
} CeedGpuRstrLink;

/* Number of E-vector entries an apply covers. */
__device__ inline CeedSize CeedGpuRstrNumEntries(const CeedGpuRstrParams &p) {
  if (p.type == CEED_GPU_RESTRICTION_POINTS) return (CeedSize)(p.offsets[p.last] - p.offsets[p.first]) * p.num_comp;
  return (CeedSize)(p.last - p.first) * p.block_size * p.elem_size * p.num_comp;
}

/* Links of E-vector entry e (relative to the apply's first block). skip_padding drops the lanes past
   the last element (their transpose contributions are discarded); the gather reads them, repeating
   the last element. */
__device__ inline CeedInt CeedGpuRstrLinks(const CeedGpuRstrParams &p, CeedSize e, bool skip_padding, CeedGpuRstrLink links[3]) {
  if (p.type == CEED_GPU_RESTRICTION_POINTS) {
    /* The element whose [comp][point] segment holds e: last k with (offsets[k] - offsets[first]) * nc <= e. */
    CeedInt lo = p.first, hi = p.last - 1;
    while (lo < hi) {
      const CeedInt mid = (lo + hi + 1) / 2;
      if ((CeedSize)(p.offsets[mid] - p.offsets[p.first]) * p.num_comp <= e) lo = mid;
      else hi = mid - 1;
    }
    const CeedInt  np   = p.offsets[lo + 1] - p.offsets[lo];
    const CeedSize r    = e - (CeedSize)(p.offsets[lo] - p.offsets[p.first]) * p.num_comp;
    const CeedInt  comp = (CeedInt)(r / np), point = (CeedInt)(r % np);
    links[0].l          = (CeedSize)p.offsets[p.offsets[lo] + point] * p.num_comp + comp;
    links[0].coef       = -1;
    return 1;
  }
  const CeedInt bs = p.block_size, es = p.elem_size;
  CeedSize      t    = e;
  const CeedInt lane = (CeedInt)(t % bs);
  t /= bs;
  const CeedInt node = (CeedInt)(t % es);
  t /= es;
  const CeedInt comp  = (CeedInt)(t % p.num_comp);
  const CeedInt block = p.first + (CeedInt)(t / p.num_comp);
  const CeedInt elem  = block * bs + lane;
  if (skip_padding && elem >= p.num_elem) return 0;
  if (p.type == CEED_GPU_RESTRICTION_STRIDED) {
    const CeedInt k = elem < p.num_elem ? elem : p.num_elem - 1;
    links[0].l      = node * p.strides[0] + comp * p.strides[1] + k * p.strides[2];
    links[0].coef   = -1;
    return 1;
  }
  const CeedSize n   = (CeedSize)block * es * bs + (CeedSize)node * bs + lane; /* index into offsets */
  const CeedSize l_c = comp * p.comp_stride;
  if (p.mode == CEED_GPU_RSTR_PLAIN || p.mode == CEED_GPU_RSTR_ORIENTED) {
    links[0].l    = p.offsets[n] + l_c;
    links[0].coef = p.mode == CEED_GPU_RSTR_ORIENTED ? (CeedInt)n : -1;
    return 1;
  }
  /* Curl-oriented: row node of T, stored [block][3*node + {0,1,2}][lane]. */
  const CeedSize row = 3 * (CeedSize)block * es * bs + 3 * (CeedSize)node * bs + lane;
  /* The diagonal first: the host reference adds the neighbours to it in this order. */
  links[0].l    = p.offsets[n] + l_c;
  links[0].coef = (CeedInt)(row + bs);
  CeedInt num   = 1;
  if (node > 0) {
    links[num].l    = p.offsets[n - bs] + l_c;
    links[num].coef = (CeedInt)row;
    num++;
  }
  if (node < es - 1) {
    links[num].l    = p.offsets[n + bs] + l_c;
    links[num].coef = (CeedInt)(row + 2 * bs);
    num++;
  }
  return num;
}

__device__ inline CeedScalar CeedGpuRstrCoefficient(const CeedGpuRstrParams &p, CeedInt coef) {
  if (coef < 0) return 1.0;
  switch (p.mode) {
    case CEED_GPU_RSTR_ORIENTED:
      return p.orients[coef] ? -1.0 : 1.0;
    case CEED_GPU_RSTR_CURL:
      return (CeedScalar)p.curl_orients[coef];
    case CEED_GPU_RSTR_CURL_UNSIGNED:
      return (CeedScalar)abs((int)p.curl_orients[coef]);
    default:
      return 1.0;
  }
}

/* E = G u: every E-vector entry of the apply. */
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK)
    CeedGpuRstrGather(const CeedGpuRstrParams p, const CeedScalar *__restrict__ u, CeedScalar *__restrict__ v) {
  const CeedSize n = CeedGpuRstrNumEntries(p);
  for (CeedSize e = blockIdx.x * (CeedSize)blockDim.x + threadIdx.x; e < n; e += (CeedSize)gridDim.x * blockDim.x) {
    CeedGpuRstrLink links[3];
    const CeedInt    num = CeedGpuRstrLinks(p, e, false, links);
    CeedScalar       sum = 0.0;
    for (CeedInt k = 0; k < num; k++) sum += CeedGpuRstrCoefficient(p, links[k].coef) * u[links[k].l];
    v[e] = sum;
  }
}

/* u += G^T v with atomic additions (order of the additions not fixed). */
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK)
    CeedGpuRstrScatterAtomic(const CeedGpuRstrParams p, const CeedScalar *__restrict__ v, CeedScalar *__restrict__ u) {
  const CeedSize n = CeedGpuRstrNumEntries(p);
  for (CeedSize e = blockIdx.x * (CeedSize)blockDim.x + threadIdx.x; e < n; e += (CeedSize)gridDim.x * blockDim.x) {
    CeedGpuRstrLink links[3];
    const CeedInt    num = CeedGpuRstrLinks(p, e, true, links);
    for (CeedInt k = 0; k < num; k++) atomicAdd(&u[links[k].l], CeedGpuRstrCoefficient(p, links[k].coef) * v[e]);
  }
}

/* u += G^T v by one thread in E-vector order: deterministic, for the small applies (one block or one
   element) of deterministic contexts. */
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK)
    CeedGpuRstrScatterSerial(const CeedGpuRstrParams p, const CeedScalar *__restrict__ v, CeedScalar *__restrict__ u) {
  if (blockIdx.x != 0 || threadIdx.x != 0) return;
  const CeedSize n = CeedGpuRstrNumEntries(p);
  for (CeedSize e = 0; e < n; e++) {
    CeedGpuRstrLink links[3];
    const CeedInt    num = CeedGpuRstrLinks(p, e, true, links);
    for (CeedInt k = 0; k < num; k++) u[links[k].l] += CeedGpuRstrCoefficient(p, links[k].coef) * v[e];
  }
}

/* The links of every E-vector entry, three slots each (l = -1 for an unused slot), from which the host
   builds the deterministic transpose map. */
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK)
    CeedGpuRstrEnumerateLinks(const CeedGpuRstrParams p, CeedSize *__restrict__ l_index, CeedInt *__restrict__ coef) {
  const CeedSize n = CeedGpuRstrNumEntries(p);
  for (CeedSize e = blockIdx.x * (CeedSize)blockDim.x + threadIdx.x; e < n; e += (CeedSize)gridDim.x * blockDim.x) {
    CeedGpuRstrLink links[3];
    const CeedInt    num = CeedGpuRstrLinks(p, e, true, links);
    for (CeedInt k = 0; k < 3; k++) {
      l_index[3 * e + k] = k < num ? links[k].l : -1;
      coef[3 * e + k]    = k < num ? links[k].coef : -1;
    }
  }
}

/* u += G^T v through the transpose map: one thread per distinct L-vector entry targets[t] sums its
   contributions map_entries[map_offsets[t] .. map_offsets[t+1]) (E-vector index, coefficient) in a
   fixed order, so results are bitwise reproducible. */
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK)
    CeedGpuRstrScatterMap(const CeedGpuRstrParams p, CeedSize num_targets, const CeedSize *__restrict__ targets,
                           const CeedSize *__restrict__ map_offsets, const CeedSize *__restrict__ map_e, const CeedInt *__restrict__ map_coef,
                           const CeedScalar *__restrict__ v, CeedScalar *__restrict__ u) {
  for (CeedSize t = blockIdx.x * (CeedSize)blockDim.x + threadIdx.x; t < num_targets; t += (CeedSize)gridDim.x * blockDim.x) {
    CeedScalar sum = 0.0;
    for (CeedSize k = map_offsets[t]; k < map_offsets[t + 1]; k++) sum += CeedGpuRstrCoefficient(p, map_coef[k]) * v[map_e[k]];
    u[targets[t]] += sum;
  }
}

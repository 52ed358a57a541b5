/* gpu dialect: element restrictions. Offset and oriented restrictions read the restriction's own
   offsets, [elem][node] (no host reordering): the threads of an element touch consecutive entries. The
   transpose scatter adds with atomicAdd (elements share nodes). L-vectors are read and written in their
   own type T (float or double), converted from and to CeedScalar in registers (operator precision modes). */
#ifndef CEED_GEN_GPU_RESTRICTION_H
#define CEED_GEN_GPU_RESTRICTION_H

template <int NC, int ES, bool ORIENTED, class T>
static __device__ __forceinline__ void CeedGenReadOffset(const CeedGenElem &elem, const CeedInt *__restrict__ indices, const bool *__restrict__ orients,
                                                         CeedSize comp_stride, const T *__restrict__ u, CeedScalar *e) {
  constexpr int N = CeedGenColumn<ES>::N;
  if (!elem.active || !CeedGenOwnsColumn<N>()) return;
  const CeedSize first = (CeedSize)elem.index * ES;
  for (int i = 0; i < N; i++) {
    const CeedSize   node = first + CeedGenLocalIndex<N>(i);
    const CeedInt    ind  = __ldg(indices + node);
    const CeedScalar sign = (ORIENTED && orients[node]) ? -1.0 : 1.0;
    for (int c = 0; c < NC; c++) e[c * N + i] = sign * (CeedScalar)__ldg(u + ind + c * comp_stride);
  }
}

template <int NC, int ES, bool ORIENTED, class T>
static __device__ __forceinline__ void CeedGenWriteOffset(const CeedGenElem &elem, const CeedInt *__restrict__ indices, const bool *__restrict__ orients,
                                                          CeedSize comp_stride, const CeedScalar *e, T *v) {
  constexpr int N = CeedGenColumn<ES>::N;
  if (!elem.active || !CeedGenOwnsColumn<N>()) return;
  const CeedSize first = (CeedSize)elem.index * ES;
  for (int i = 0; i < N; i++) {
    const CeedSize   node = first + CeedGenLocalIndex<N>(i);
    const CeedInt    ind  = __ldg(indices + node);
    const CeedScalar sign = (ORIENTED && orients[node]) ? -1.0 : 1.0;
    for (int c = 0; c < NC; c++) atomicAdd(v + ind + c * comp_stride, (T)(sign * e[c * N + i]));
  }
}

/* Strided restrictions: value (node n, comp c, element k) at n * S_NODE + c * S_COMP + k * S_ELEM. Each
   element's data belongs to it alone: the transpose adds without atomics. */
template <int NC, int ES, CeedSize S_NODE, CeedSize S_COMP, CeedSize S_ELEM, class T>
static __device__ __forceinline__ void CeedGenReadStrided(const CeedGenElem &elem, const T *__restrict__ u, CeedScalar *e) {
  constexpr int N = CeedGenColumn<ES>::N;
  if (!elem.active || !CeedGenOwnsColumn<N>()) return;
  const T *data = u + (CeedSize)elem.index * S_ELEM;
  for (int i = 0; i < N; i++) {
    for (int c = 0; c < NC; c++) e[c * N + i] = (CeedScalar)__ldg(data + CeedGenLocalIndex<N>(i) * S_NODE + c * S_COMP);
  }
}

/* Value `point` of the thread's column, every component, read where the QFunction needs it (quadrature data):
   reading the whole column before the basis work keeps it live there (BP3 p=4 on sm_90: 254 registers per
   thread instead of 127). Threads without data of a real element get zeros. */
template <int NC, int ES, CeedSize S_NODE, CeedSize S_COMP, CeedSize S_ELEM, class T>
static __device__ __forceinline__ void CeedGenReadStridedPoint(const CeedGenElem &elem, const T *__restrict__ u, int point, CeedScalar *out) {
  constexpr int N    = CeedGenColumn<ES>::N;
  const bool    owns = elem.active && CeedGenOwnsColumn<N>();
  const T      *data = u + (owns ? (CeedSize)elem.index * S_ELEM + CeedGenLocalIndex<N>(point) * S_NODE : 0);
  /* A plain load, not __ldg: in the sliced kernel BP3 p=6 took 128 registers on sm_90 with __ldg, 102 without (NVRTC 13.0). */
  CEED_GEN_POINT_READ_LOOP
  for (int c = 0; c < NC; c++) out[c] = owns ? (CeedScalar)data[c * S_COMP] : (CeedScalar)0;
}

template <int NC, int ES, CeedSize S_NODE, CeedSize S_COMP, CeedSize S_ELEM, class T>
static __device__ __forceinline__ void CeedGenWriteStrided(const CeedGenElem &elem, const CeedScalar *e, T *v) {
  constexpr int N = CeedGenColumn<ES>::N;
  if (!elem.active || !CeedGenOwnsColumn<N>()) return;
  T *data = v + (CeedSize)elem.index * S_ELEM;
  for (int i = 0; i < N; i++) {
    for (int c = 0; c < NC; c++) {
      T &value = data[CeedGenLocalIndex<N>(i) * S_NODE + c * S_COMP];
      value    = (T)(value + e[c * N + i]);
    }
  }
}

#endif /* CEED_GEN_GPU_RESTRICTION_H */

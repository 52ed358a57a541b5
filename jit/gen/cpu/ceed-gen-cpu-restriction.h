/* cpu dialect: element restrictions of a batch. E-arrays are [comp][node] vectors (see ceed-gen-cpu.h).
   Offset and oriented restrictions read indices interleaved per batch, [batch][node][lane], prepared by the
   host with the spare lanes of the last batch repeating its last element. Reads gather, transposes
   scatter-add lane by lane (lanes may share nodes). Each access also prefetches what the next batch will
   touch: a batch reads many short rows of an L-vector (one per node row of its elements), more streams
   than hardware prefetchers follow, so without it large problems wait on memory. */
#ifndef CEED_GEN_CPU_RESTRICTION_H
#define CEED_GEN_CPU_RESTRICTION_H

/* The next batch's copy of the current batch's interleaved indices, NULL after the last batch. */
template <int ES>
static inline const CeedInt *CeedGenNextIndices(const CeedGenElem &elem, const CeedInt *indices) {
  if ((CeedSize)(elem.batch + 1) * CEED_GEN_LANES >= elem.num_elem) return NULL;
  return indices + (CeedSize)(elem.batch + 1) * ES * CEED_GEN_LANES;
}

/* Prefetches the L-vector entries of the next batch (first and last component). */
template <int NC, int ES, int FOR_WRITE, class T>
static inline void CeedGenPrefetchOffset(const CeedGenElem &elem, const CeedInt *indices, CeedSize comp_stride, const T *u) {
  const CeedInt *next = CeedGenNextIndices<ES>(elem, indices);
  if (!next) return;
  for (int i = 0; i < ES * CEED_GEN_LANES; i++) {
    __builtin_prefetch(u + next[i], FOR_WRITE, 3);
    if (NC > 1) __builtin_prefetch(u + next[i] + (NC - 1) * comp_stride, FOR_WRITE, 3);
  }
}

template <int NC, int ES, bool ORIENTED, class T>
static inline void CeedGenReadOffset(const CeedGenElem &elem, const CeedInt *indices, const bool *orients, CeedSize comp_stride,
                                     const T *__restrict__ u, CeedGenVec *__restrict__ e) {
  const CeedSize  first = (CeedSize)elem.batch * ES * CEED_GEN_LANES;
  const CeedInt  *idx   = indices + first;
  CeedScalar     *es    = (CeedScalar *)e;
  for (int n = 0; n < ES; n++) {
    for (int c = 0; c < NC; c++) {
      for (int l = 0; l < CEED_GEN_LANES; l++) {
        const CeedScalar value = (CeedScalar)u[idx[n * CEED_GEN_LANES + l] + c * comp_stride];
        es[(c * ES + n) * CEED_GEN_LANES + l] = (ORIENTED && orients[first + n * CEED_GEN_LANES + l]) ? -value : value;
      }
    }
  }
  CeedGenPrefetchOffset<NC, ES, 0>(elem, indices, comp_stride, u);
}

template <int NC, int ES, bool ORIENTED, class T>
static inline void CeedGenWriteOffset(const CeedGenElem &elem, const CeedInt *indices, const bool *orients, CeedSize comp_stride,
                                      const CeedGenVec *__restrict__ e, T *__restrict__ v) {
  const CeedSize    first = (CeedSize)elem.batch * ES * CEED_GEN_LANES;
  const CeedInt    *idx   = indices + first;
  const CeedScalar *es    = (const CeedScalar *)e;
  for (int l = 0; l < elem.num_lanes; l++) {
    for (int n = 0; n < ES; n++) {
      const CeedSize   node = idx[n * CEED_GEN_LANES + l];
      const CeedScalar sign = (ORIENTED && orients[first + n * CEED_GEN_LANES + l]) ? -1.0 : 1.0;
      for (int c = 0; c < NC; c++) v[node + c * comp_stride] = (T)(v[node + c * comp_stride] + sign * es[(c * ES + n) * CEED_GEN_LANES + l]);
    }
  }
  CeedGenPrefetchOffset<NC, ES, 1>(elem, indices, comp_stride, v);
}

/* Offset restrictions whose element rows (R nodes along dimension 0 of a tensor element) are contiguous in
   the L-vector, as in most structured and many unstructured meshes: the host keeps one index per row,
   [batch][row][lane], and blocks of up to CEED_GEN_LANES values of the lanes' rows move with masked vector
   loads and a register transpose instead of gathers and scalar updates. A row holds either the R nodes of
   each component (components comp_stride apart) or, INTERLACED, R * NC values node by node (comp_stride 1). */
template <int NC, int ES, int R, bool INTERLACED, int FOR_WRITE, class T>
static inline void CeedGenPrefetchRows(const CeedGenElem &elem, const CeedInt *row_starts, CeedSize comp_stride, const T *u) {
  constexpr int NR = ES / R, LENGTH = INTERLACED ? R * NC : R, NCOPIES = INTERLACED ? 1 : NC;
  if ((CeedSize)(elem.batch + 1) * CEED_GEN_LANES >= elem.num_elem) return;
  const CeedInt *next = row_starts + (CeedSize)(elem.batch + 1) * NR * CEED_GEN_LANES;
  for (int i = 0; i < NR * CEED_GEN_LANES; i++) {
    for (int c = 0; c < NCOPIES; c++) {
      const T *row = u + next[i] + c * comp_stride;
      for (int k = 0; k < LENGTH; k += 64 / (int)sizeof(T)) __builtin_prefetch(row + k, FOR_WRITE, 3);
      __builtin_prefetch(row + LENGTH - 1, FOR_WRITE, 3);
    }
  }
}

/* Element-array position of value p of a row (of component c unless INTERLACED). */
template <int NC, int ES, int R, bool INTERLACED>
static inline constexpr int CeedGenRowPosition(int row, int c, int p) {
  return INTERLACED ? (p % NC) * ES + row * R + p / NC : c * ES + row * R + p;
}

template <int NC, int ES, int R, bool INTERLACED, int B0, int WIDTH, class T>
static inline void CeedGenReadRowBlock(const CeedInt *starts, CeedSize comp_stride, const T *__restrict__ u, CeedGenVec *__restrict__ e) {
  for (int r = 0; r < ES / R; r++) {
    for (int c = 0; c < (INTERLACED ? 1 : NC); c++) {
      CeedGenVec rows[CEED_GEN_LANES];
      for (int l = 0; l < CEED_GEN_LANES; l++) rows[l] = CeedGenLoadPartial<WIDTH>(u + starts[r * CEED_GEN_LANES + l] + c * comp_stride + B0);
      CeedGenTranspose(rows);
      for (int j = 0; j < WIDTH; j++) e[CeedGenRowPosition<NC, ES, R, INTERLACED>(r, c, B0 + j)] = rows[j];
    }
  }
}

template <int NC, int ES, int R, bool INTERLACED, int B0, int WIDTH, class T>
static inline void CeedGenWriteRowBlock(const CeedGenElem &elem, const CeedInt *starts, CeedSize comp_stride, const CeedGenVec *__restrict__ e,
                                        T *__restrict__ v) {
  for (int r = 0; r < ES / R; r++) {
    for (int c = 0; c < (INTERLACED ? 1 : NC); c++) {
      CeedGenVec rows[CEED_GEN_LANES];
      for (int j = 0; j < CEED_GEN_LANES; j++) rows[j] = j < WIDTH ? e[CeedGenRowPosition<NC, ES, R, INTERLACED>(r, c, B0 + j)] : CeedGenVec{};
      CeedGenTranspose(rows);
      // Rows of neighbouring lanes may share a node: even lanes first, then odd ones, keeps consecutive
      // read-modify-writes of overlapping rows apart.
      for (int parity = 0; parity < 2; parity++) {
        for (int l = parity; l < elem.num_lanes; l += 2) {
          CeedGenAddPartial<WIDTH>(v + starts[r * CEED_GEN_LANES + l] + c * comp_stride + B0, rows[l]);
        }
      }
    }
  }
}

/* Calls BLOCK<B0, WIDTH> for the blocks of CEED_GEN_LANES values covering a row of LENGTH values. */
#define CEED_GEN_ROW_BLOCKS(LENGTH, CALL)                                                                          \
  {                                                                                                                \
    constexpr int full_ = (LENGTH) / CEED_GEN_LANES, rem_ = (LENGTH) % CEED_GEN_LANES;                             \
    static_assert(full_ <= 4, "rows of more than 4 * CEED_GEN_LANES values");                                      \
    if constexpr (full_ >= 1) CALL(0, CEED_GEN_LANES);                                                             \
    if constexpr (full_ >= 2) CALL(CEED_GEN_LANES, CEED_GEN_LANES);                                                \
    if constexpr (full_ >= 3) CALL(2 * CEED_GEN_LANES, CEED_GEN_LANES);                                            \
    if constexpr (full_ >= 4) CALL(3 * CEED_GEN_LANES, CEED_GEN_LANES);                                            \
    if constexpr (rem_ > 0) CALL(full_ * CEED_GEN_LANES, rem_ > 0 ? rem_ : 1);                                     \
  }

template <int NC, int ES, int R, bool INTERLACED, class T>
static inline void CeedGenReadRows(const CeedGenElem &elem, const CeedInt *row_starts, CeedSize comp_stride, const T *__restrict__ u,
                                   CeedGenVec *__restrict__ e) {
  const CeedInt *starts = row_starts + (CeedSize)elem.batch * (ES / R) * CEED_GEN_LANES;
#define CEED_GEN_READ_BLOCK(B0, WIDTH) CeedGenReadRowBlock<NC, ES, R, INTERLACED, (B0), (WIDTH)>(starts, comp_stride, u, e)
  CEED_GEN_ROW_BLOCKS(INTERLACED ? R * NC : R, CEED_GEN_READ_BLOCK)
#undef CEED_GEN_READ_BLOCK
  CeedGenPrefetchRows<NC, ES, R, INTERLACED, 0>(elem, row_starts, comp_stride, u);
}

template <int NC, int ES, int R, bool INTERLACED, class T>
static inline void CeedGenWriteRows(const CeedGenElem &elem, const CeedInt *row_starts, CeedSize comp_stride, const CeedGenVec *__restrict__ e,
                                    T *__restrict__ v) {
  const CeedInt *starts = row_starts + (CeedSize)elem.batch * (ES / R) * CEED_GEN_LANES;
#define CEED_GEN_WRITE_BLOCK(B0, WIDTH) CeedGenWriteRowBlock<NC, ES, R, INTERLACED, (B0), (WIDTH)>(elem, starts, comp_stride, e, v)
  CEED_GEN_ROW_BLOCKS(INTERLACED ? R * NC : R, CEED_GEN_WRITE_BLOCK)
#undef CEED_GEN_WRITE_BLOCK
  CeedGenPrefetchRows<NC, ES, R, INTERLACED, 1>(elem, row_starts, comp_stride, v);
}

/* Strided restrictions: value (node n, comp c, element k) at n * S_NODE + c * S_COMP + k * S_ELEM. When the
   nodes of an element are contiguous, blocks of CEED_GEN_LANES nodes are moved with a register transpose. */
template <int NC, int ES, CeedSize S_NODE, CeedSize S_COMP, CeedSize S_ELEM, int FOR_WRITE, class T>
static inline void CeedGenPrefetchStrided(const CeedGenElem &elem, const T *u) {
  const CeedSize first = (CeedSize)(elem.batch + 1) * CEED_GEN_LANES;
  if (first >= elem.num_elem) return;
  constexpr int step = S_NODE == 1 ? 64 / sizeof(T) : 1;
  for (int l = 0; l < CEED_GEN_LANES; l++) {
    const T *lane = u + (first + l < elem.num_elem ? first + l : elem.num_elem - 1) * S_ELEM;
    for (int c = 0; c < NC; c++) {
      for (int n = 0; n < ES; n += step) __builtin_prefetch(lane + n * S_NODE + c * S_COMP, FOR_WRITE, 3);
    }
  }
}

template <int NC, int ES, CeedSize S_NODE, CeedSize S_COMP, CeedSize S_ELEM, class T>
static inline void CeedGenReadStrided(const CeedGenElem &elem, const T *__restrict__ u, CeedGenVec *__restrict__ e) {
  const T *lane_data[CEED_GEN_LANES];
  for (int l = 0; l < CEED_GEN_LANES; l++) {
    CeedSize k = (CeedSize)elem.batch * CEED_GEN_LANES + l;
    if (k >= elem.num_elem) k = elem.num_elem - 1;
    lane_data[l] = u + k * S_ELEM;
  }
  constexpr int num_blocks = S_NODE == 1 ? ES / CEED_GEN_LANES : 0;
  for (int c = 0; c < NC; c++) {
    for (int b = 0; b < num_blocks; b++) {
      CeedGenVec rows[CEED_GEN_LANES];
      for (int l = 0; l < CEED_GEN_LANES; l++) rows[l] = CeedGenLoadUnaligned(lane_data[l] + c * S_COMP + b * CEED_GEN_LANES);
      CeedGenTranspose(rows);
      for (int j = 0; j < CEED_GEN_LANES; j++) e[c * ES + b * CEED_GEN_LANES + j] = rows[j];
    }
    for (int n = num_blocks * CEED_GEN_LANES; n < ES; n++) {
      for (int l = 0; l < CEED_GEN_LANES; l++) e[c * ES + n][l] = (CeedScalar)lane_data[l][n * S_NODE + c * S_COMP];
    }
  }
  CeedGenPrefetchStrided<NC, ES, S_NODE, S_COMP, S_ELEM, 0>(elem, u);
}

template <int NC, int ES, CeedSize S_NODE, CeedSize S_COMP, CeedSize S_ELEM, class T>
static inline void CeedGenWriteStrided(const CeedGenElem &elem, const CeedGenVec *__restrict__ e, T *__restrict__ v) {
  T *lane_data[CEED_GEN_LANES];
  for (int l = 0; l < CEED_GEN_LANES; l++) lane_data[l] = v + ((CeedSize)elem.batch * CEED_GEN_LANES + (l < elem.num_lanes ? l : 0)) * S_ELEM;
  const int num_blocks = (S_NODE == 1 && elem.num_lanes == CEED_GEN_LANES) ? ES / CEED_GEN_LANES : 0;
  for (int c = 0; c < NC; c++) {
    for (int b = 0; b < num_blocks; b++) {
      CeedGenVec rows[CEED_GEN_LANES];
      for (int j = 0; j < CEED_GEN_LANES; j++) rows[j] = e[c * ES + b * CEED_GEN_LANES + j];
      CeedGenTranspose(rows);
      for (int l = 0; l < CEED_GEN_LANES; l++) {
        T *p = lane_data[l] + c * S_COMP + b * CEED_GEN_LANES;
        CeedGenStoreUnaligned(p, CeedGenLoadUnaligned(p) + rows[l]);
      }
    }
    for (int n = num_blocks * CEED_GEN_LANES; n < ES; n++) {
      for (int l = 0; l < elem.num_lanes; l++) lane_data[l][n * S_NODE + c * S_COMP] = (T)(lane_data[l][n * S_NODE + c * S_COMP] + e[c * ES + n][l]);
    }
  }
  CeedGenPrefetchStrided<NC, ES, S_NODE, S_COMP, S_ELEM, 1>(elem, v);
}

/* Passive quadrature data the host keeps as element arrays, [batch][comp][node][lane]: used in place. */
template <int N>
static inline const CeedGenVec *CeedGenInterleavedInput(const CeedGenElem &elem, const CeedScalar *data) {
  return (const CeedGenVec *)data + (CeedSize)elem.batch * N;
}

#endif /* CEED_GEN_CPU_RESTRICTION_H */

// Unit tests of CeedElemRestriction: every public and backend-facing function, every restriction kind
// against a naive reference implementation written here, and invalid calls, which must return their
// code with a message naming the offending value and leave the restriction usable.
#include <ceed.h>
#include <ceed/backend.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

using Values = std::vector<CeedScalar>;

class Rstr : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("CEED_ERROR_HANDLER", "store", 1);
    ASSERT_EQ(CeedInit("/cpu/self/ref/serial", &ceed), 0);
  }
  void TearDown() override { EXPECT_EQ(CeedDestroy(&ceed), 0); }
  std::string Message() const {
    const char *msg = nullptr;
    CeedGetErrorMessage(ceed, &msg);
    return msg;
  }
  static std::string NullMessage() {
    const char *msg = nullptr;
    CeedGetErrorMessage(nullptr, &msg);
    return msg;
  }
  CeedVector Vec(const Values &values) {
    CeedVector v = nullptr;
    EXPECT_EQ(CeedVectorCreate(ceed, static_cast<CeedSize>(values.size()), &v), 0);
    if (!values.empty()) EXPECT_EQ(CeedVectorSetArray(v, CEED_MEM_HOST, CEED_COPY_VALUES, const_cast<CeedScalar *>(values.data())), 0);
    else EXPECT_EQ(CeedVectorSetValue(v, 0.0), 0);
    return v;
  }
  static Values Read(CeedVector v) {
    CeedSize n = 0;
    EXPECT_EQ(CeedVectorGetLength(v, &n), 0);
    const CeedScalar *a = nullptr;
    EXPECT_EQ(CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a), 0);
    Values out(a, a + n);
    EXPECT_EQ(CeedVectorRestoreArrayRead(v, &a), 0);
    return out;
  }
  // E u (NOTRANSPOSE) or ru + E^T u (TRANSPOSE) through the library.
  Values Apply(CeedElemRestriction rstr, CeedTransposeMode t_mode, const Values &u, const Values &ru_start) {
    CeedVector vu = Vec(u), vr = Vec(ru_start);
    EXPECT_EQ(CeedElemRestrictionApply(rstr, t_mode, vu, vr, CEED_REQUEST_IMMEDIATE), 0) << Message();
    Values out = Read(vr);
    CeedVectorDestroy(&vu);
    CeedVectorDestroy(&vr);
    return out;
  }
  Ceed ceed = nullptr;
};

// 1-D mesh of three 2-node elements on 4 nodes.
const CeedInt kOffsets[6] = {0, 1, 1, 2, 2, 3};

// ---- Naive reference: dense per-element maps ------------------------------------------------------

// Entry (node i, comp j, elem k) -> {L-index, weight T(i, col)} list, for offsets-based kinds.
struct Mesh {
  CeedInt ne, es, nc, cs;
  CeedSize l_size;
  std::vector<CeedInt> offsets;
  std::vector<bool> orients;
  std::vector<CeedInt8> curl;  // empty: not curl-oriented
};

// E u in the unblocked layout [elem][comp][node].
Values NaiveE(const Mesh &m, const Values &u, bool use_signs, bool use_orients) {
  Values e(static_cast<size_t>(m.ne) * m.es * m.nc, 0.0);
  for (CeedInt k = 0; k < m.ne; k++)
    for (CeedInt j = 0; j < m.nc; j++)
      for (CeedInt i = 0; i < m.es; i++) {
        CeedScalar v = 0;
        auto L       = [&](CeedInt node) { return u[m.offsets[k * m.es + node] + j * m.cs]; };
        if (!m.curl.empty() && use_orients) {
          for (CeedInt c = 0; c < 3; c++) {
            const CeedInt col = i + c - 1;
            if (col < 0 || col >= m.es) continue;
            CeedScalar t = m.curl[(k * m.es + i) * 3 + c];
            v += (use_signs ? t : std::fabs(t)) * L(col);
          }
        } else {
          v = L(i);
          if (!m.orients.empty() && use_orients && use_signs && m.orients[k * m.es + i]) v = -v;
        }
        e[(k * m.nc + j) * m.es + i] = v;
      }
  return e;
}

// Random mesh with l_size nodes per component and a random component stride.
Mesh RandomMesh(std::mt19937 &gen, CeedInt ne, CeedInt es, CeedInt nc, bool oriented, bool curl) {
  Mesh m;
  m.ne = ne, m.es = es, m.nc = nc;
  const CeedInt nodes = 3 * ne + 2;
  m.cs                = nodes + static_cast<CeedInt>(gen() % 3);
  m.l_size            = static_cast<CeedSize>(m.cs) * (nc - 1) + nodes;
  for (CeedInt n = 0; n < ne * es; n++) m.offsets.push_back(static_cast<CeedInt>(gen() % nodes));
  if (oriented)
    for (CeedInt n = 0; n < ne * es; n++) m.orients.push_back(gen() % 2);
  if (curl)
    for (CeedInt k = 0; k < ne; k++)
      for (CeedInt i = 0; i < es; i++)
        for (CeedInt c = 0; c < 3; c++) {
          const bool edge = (i == 0 && c == 0) || (i == es - 1 && c == 2);
          m.curl.push_back(edge ? 0 : static_cast<CeedInt8>(static_cast<int>(gen() % 5) - 2));
        }
  return m;
}

Values RandomValues(std::mt19937 &gen, CeedSize n) {
  std::uniform_real_distribution<CeedScalar> dist(-1.0, 1.0);
  Values v(static_cast<size_t>(n));
  for (auto &x : v) x = dist(gen);
  return v;
}

CeedScalar Dot(const Values &a, const Values &b) {
  CeedScalar s = 0;
  for (size_t i = 0; i < a.size(); i++) s += a[i] * b[i];
  return s;
}

// Position of (i, j, k) in a blocked E-vector with E-layout {1, es, es*nc}.
size_t BlockedIndex(const Mesh &m, CeedInt bs, CeedInt i, CeedInt j, CeedInt k) {
  return static_cast<size_t>((i * bs + k % bs) + j * m.es * bs + (k / bs) * m.es * m.nc * bs);
}

CeedElemRestriction MakeRstr(Ceed ceed, const Mesh &m, CeedInt bs) {
  CeedElemRestriction r = nullptr;
  std::vector<char> orients(m.orients.begin(), m.orients.end());
  const bool *o = reinterpret_cast<const bool *>(orients.data());
  int ierr;
  if (!m.curl.empty())
    ierr = bs > 1 ? CeedElemRestrictionCreateBlockedCurlOriented(ceed, m.ne, m.es, bs, m.nc, m.cs, m.l_size, CEED_MEM_HOST, CEED_COPY_VALUES,
                                                                 m.offsets.data(), m.curl.data(), &r)
                  : CeedElemRestrictionCreateCurlOriented(ceed, m.ne, m.es, m.nc, m.cs, m.l_size, CEED_MEM_HOST, CEED_COPY_VALUES,
                                                          m.offsets.data(), m.curl.data(), &r);
  else if (!m.orients.empty())
    ierr = bs > 1 ? CeedElemRestrictionCreateBlockedOriented(ceed, m.ne, m.es, bs, m.nc, m.cs, m.l_size, CEED_MEM_HOST, CEED_COPY_VALUES,
                                                             m.offsets.data(), o, &r)
                  : CeedElemRestrictionCreateOriented(ceed, m.ne, m.es, m.nc, m.cs, m.l_size, CEED_MEM_HOST, CEED_COPY_VALUES,
                                                      m.offsets.data(), o, &r);
  else
    ierr = bs > 1 ? CeedElemRestrictionCreateBlocked(ceed, m.ne, m.es, bs, m.nc, m.cs, m.l_size, CEED_MEM_HOST, CEED_COPY_VALUES,
                                                     m.offsets.data(), &r)
                  : CeedElemRestrictionCreate(ceed, m.ne, m.es, m.nc, m.cs, m.l_size, CEED_MEM_HOST, CEED_COPY_VALUES, m.offsets.data(),
                                              &r);
  EXPECT_EQ(ierr, 0);
  return r;
}

// ---- Every kind against the naive reference -------------------------------------------------------

TEST_F(Rstr, RandomMeshesMatchNaiveReference) {
  std::mt19937 gen(2024);
  for (int kind = 0; kind < 3; kind++) {
    for (CeedInt bs : {1, 3, 8}) {
      const Mesh m          = RandomMesh(gen, 7, 4, 3, kind == 1, kind == 2);
      CeedElemRestriction r = MakeRstr(ceed, m, bs);
      CeedElemRestriction copies[2] = {nullptr, nullptr};
      ASSERT_EQ(CeedElemRestrictionCreateUnsignedCopy(r, &copies[0]), 0);
      ASSERT_EQ(CeedElemRestrictionCreateUnorientedCopy(r, &copies[1]), 0);
      CeedSize e_size = 0;
      ASSERT_EQ(CeedElemRestrictionGetEVectorSize(r, &e_size), 0);
      const CeedInt nb = (m.ne + bs - 1) / bs;
      ASSERT_EQ(e_size, static_cast<CeedSize>(nb) * bs * m.es * m.nc);
      const Values u = RandomValues(gen, m.l_size);
      const Values w = RandomValues(gen, e_size);
      struct {
        CeedElemRestriction rstr;
        bool signs, orients;
      } variants[3] = {{r, true, true}, {copies[0], false, true}, {copies[1], true, false}};
      for (auto &var : variants) {
        SCOPED_TRACE("kind " + std::to_string(kind) + " block size " + std::to_string(bs) + " signs " + std::to_string(var.signs) +
                     " orients " + std::to_string(var.orients));
        const Values expected = NaiveE(m, u, var.signs, var.orients);
        const Values e        = Apply(var.rstr, CEED_NOTRANSPOSE, u, Values(e_size, 0.0));
        for (CeedInt k = 0; k < nb * bs; k++)
          for (CeedInt j = 0; j < m.nc; j++)
            for (CeedInt i = 0; i < m.es; i++) {
              const CeedInt k_real = std::min(k, m.ne - 1);  // padding repeats the last element
              ASSERT_NEAR(e[BlockedIndex(m, bs, i, j, k)], expected[(k_real * m.nc + j) * m.es + i], 1e-14);
            }
        // Adjoint identity <E u, w> = <u, E^T w>, with padding lanes of w ignored by E^T.
        CeedScalar lhs = 0;
        for (CeedInt k = 0; k < m.ne; k++)
          for (CeedInt j = 0; j < m.nc; j++)
            for (CeedInt i = 0; i < m.es; i++) lhs += expected[(k * m.nc + j) * m.es + i] * w[BlockedIndex(m, bs, i, j, k)];
        const Values start = RandomValues(gen, m.l_size);
        const Values v     = Apply(var.rstr, CEED_TRANSPOSE, w, start);
        Values added(v);
        for (size_t l = 0; l < added.size(); l++) added[l] -= start[l];  // TRANSPOSE adds
        EXPECT_NEAR(Dot(u, added), lhs, 1e-12);
      }
      CeedElemRestrictionDestroy(&copies[0]);
      CeedElemRestrictionDestroy(&copies[1]);
      CeedElemRestrictionDestroy(&r);
    }
  }
}

TEST_F(Rstr, ApplyBlockMatchesFullApplication) {
  std::mt19937 gen(7);
  const Mesh m          = RandomMesh(gen, 10, 3, 2, false, true);
  CeedElemRestriction r = MakeRstr(ceed, m, 4);
  CeedSize e_size       = 0;
  ASSERT_EQ(CeedElemRestrictionGetEVectorSize(r, &e_size), 0);
  const Values u    = RandomValues(gen, m.l_size);
  const Values full = Apply(r, CEED_NOTRANSPOSE, u, Values(e_size, 0.0));
  const Values v    = Apply(r, CEED_TRANSPOSE, full, Values(m.l_size, 0.0));
  const CeedSize block_e = 4 * m.es * m.nc;
  CeedVector vu = Vec(u), ve = Vec(Values(block_e, 0.0)), vl = Vec(Values(m.l_size, 0.0));
  for (CeedInt b = 0; b < 3; b++) {
    ASSERT_EQ(CeedElemRestrictionApplyBlock(r, b, CEED_NOTRANSPOSE, vu, ve, CEED_REQUEST_IMMEDIATE), 0) << Message();
    const Values block = Read(ve);
    for (CeedSize n = 0; n < block_e; n++) ASSERT_EQ(block[n], full[b * block_e + n]);
    ASSERT_EQ(CeedElemRestrictionApplyBlock(r, b, CEED_TRANSPOSE, ve, vl, CEED_REQUEST_IMMEDIATE), 0) << Message();
  }
  const Values summed = Read(vl);
  for (CeedSize l = 0; l < m.l_size; l++) EXPECT_NEAR(summed[l], v[l], 1e-13);
  CeedVectorDestroy(&vu);
  CeedVectorDestroy(&ve);
  CeedVectorDestroy(&vl);
  CeedElemRestrictionDestroy(&r);
}

TEST_F(Rstr, StridedAndBackendStrides) {
  const CeedInt strides[3] = {3, 1, 6};  // (i, j, k) -> 3i + j + 6k: 2 nodes x 3 comps, interleaved
  CeedElemRestriction r = nullptr, rb = nullptr, rbb = nullptr;
  ASSERT_EQ(CeedElemRestrictionCreateStrided(ceed, 2, 2, 3, 12, strides, &r), 0);
  ASSERT_EQ(CeedElemRestrictionCreateStrided(ceed, 2, 2, 3, 12, CEED_STRIDES_BACKEND, &rb), 0);
  ASSERT_EQ(CeedElemRestrictionCreateBlockedStrided(ceed, 2, 2, 4, 3, 12, CEED_STRIDES_BACKEND, &rbb), 0);
  Values u(12);
  for (int l = 0; l < 12; l++) u[l] = 100 + l;
  const Values e = Apply(r, CEED_NOTRANSPOSE, u, Values(12, 0.0));
  for (CeedInt k = 0; k < 2; k++)
    for (CeedInt j = 0; j < 3; j++)
      for (CeedInt i = 0; i < 2; i++) EXPECT_EQ(e[i + 2 * j + 6 * k], 100 + 3 * i + j + 6 * k);
  EXPECT_EQ(Apply(rb, CEED_NOTRANSPOSE, u, Values(12, 0.0)), u);
  EXPECT_EQ(Apply(rb, CEED_TRANSPOSE, u, Values(12, 1.0))[5], 106);
  bool flag = false;
  EXPECT_EQ(CeedElemRestrictionHasBackendStrides(rb, &flag), 0);
  EXPECT_TRUE(flag);
  EXPECT_EQ(CeedElemRestrictionHasBackendStrides(r, &flag), 0);
  EXPECT_FALSE(flag);
  CeedInt s[3], l[3], el[3];
  EXPECT_EQ(CeedElemRestrictionGetStrides(rb, s), 0);
  EXPECT_EQ(CeedElemRestrictionGetLLayout(rb, l), 0);
  EXPECT_EQ(CeedElemRestrictionGetELayout(rb, el), 0);
  for (int d = 0; d < 3; d++) {
    EXPECT_EQ(s[d], el[d]);
    EXPECT_EQ(l[d], el[d]);
  }
  EXPECT_EQ(el[0], 1); EXPECT_EQ(el[1], 2); EXPECT_EQ(el[2], 6);
  EXPECT_EQ(CeedElemRestrictionGetStrides(r, s), 0);
  EXPECT_EQ(s[0], 3); EXPECT_EQ(s[1], 1); EXPECT_EQ(s[2], 6);
  // Blocked backend strides: 1 block of 4 lanes, lanes 2-3 pad with element 1, transpose skips them.
  const Values eb = Apply(rbb, CEED_NOTRANSPOSE, u, Values(24, 0.0));
  for (CeedInt k = 0; k < 4; k++)
    for (CeedInt j = 0; j < 3; j++)
      for (CeedInt i = 0; i < 2; i++) EXPECT_EQ(eb[i * 4 + k + j * 8], u[i + 2 * j + 6 * std::min(k, 1)]);
  EXPECT_EQ(Apply(rbb, CEED_TRANSPOSE, eb, Values(12, 0.0)), u);
  CeedElemRestrictionDestroy(&r);
  CeedElemRestrictionDestroy(&rb);
  CeedElemRestrictionDestroy(&rbb);
}

TEST_F(Rstr, BothReferenceResourcesAgree) {
  Ceed blocked = nullptr;
  ASSERT_EQ(CeedInit("/cpu/self/ref/blocked", &blocked), 0);
  std::mt19937 gen(99);
  const Mesh m = RandomMesh(gen, 9, 5, 2, true, false);
  CeedElemRestriction a = MakeRstr(ceed, m, 1), b = MakeRstr(blocked, m, 1);
  const Values u = RandomValues(gen, m.l_size);
  CeedVector vu = nullptr, ve = nullptr;
  ASSERT_EQ(CeedElemRestrictionCreateVector(b, &vu, &ve), 0);
  ASSERT_EQ(CeedVectorSetArray(vu, CEED_MEM_HOST, CEED_COPY_VALUES, const_cast<CeedScalar *>(u.data())), 0);
  ASSERT_EQ(CeedElemRestrictionApply(b, CEED_NOTRANSPOSE, vu, ve, CEED_REQUEST_IMMEDIATE), 0);
  EXPECT_EQ(Read(ve), Apply(a, CEED_NOTRANSPOSE, u, Values(m.ne * m.es * m.nc, 0.0)));
  CeedVectorDestroy(&vu);
  CeedVectorDestroy(&ve);
  CeedElemRestrictionDestroy(&a);
  CeedElemRestrictionDestroy(&b);
  // The restriction keeps its Ceed alive after the user's handle is gone.
  CeedElemRestriction late = nullptr;
  ASSERT_EQ(CeedElemRestrictionCreate(blocked, 3, 2, 1, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets, &late), 0);
  ASSERT_EQ(CeedDestroy(&blocked), 0);
  EXPECT_EQ(Apply(late, CEED_TRANSPOSE, Values(6, 1.0), Values(4, 0.0)), (Values{1, 2, 2, 1}));
  EXPECT_EQ(CeedElemRestrictionDestroy(&late), 0);
}

// ---- Queries, points, copies, views -------------------------------------------------------------

TEST_F(Rstr, QueriesReportCreationArguments) {
  CeedElemRestriction r = nullptr;
  ASSERT_EQ(CeedElemRestrictionCreateBlocked(ceed, 3, 2, 2, 2, 5, 10, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets, &r), 0);
  CeedInt v = 0;
  CeedSize s = 0;
  EXPECT_EQ(CeedElemRestrictionGetNumElements(r, &v), 0); EXPECT_EQ(v, 3);
  EXPECT_EQ(CeedElemRestrictionGetElementSize(r, &v), 0); EXPECT_EQ(v, 2);
  EXPECT_EQ(CeedElemRestrictionGetNumComponents(r, &v), 0); EXPECT_EQ(v, 2);
  EXPECT_EQ(CeedElemRestrictionGetCompStride(r, &v), 0); EXPECT_EQ(v, 5);
  EXPECT_EQ(CeedElemRestrictionGetBlockSize(r, &v), 0); EXPECT_EQ(v, 2);
  EXPECT_EQ(CeedElemRestrictionGetNumBlocks(r, &v), 0); EXPECT_EQ(v, 2);
  EXPECT_EQ(CeedElemRestrictionGetLVectorSize(r, &s), 0); EXPECT_EQ(s, 10);
  EXPECT_EQ(CeedElemRestrictionGetEVectorSize(r, &s), 0); EXPECT_EQ(s, 2 * 2 * 2 * 2);
  CeedRestrictionType type;
  EXPECT_EQ(CeedElemRestrictionGetType(r, &type), 0); EXPECT_EQ(type, CEED_RESTRICTION_STANDARD);
  bool flag = true;
  EXPECT_EQ(CeedElemRestrictionIsStrided(r, &flag), 0); EXPECT_FALSE(flag);
  EXPECT_EQ(CeedElemRestrictionIsAtPoints(r, &flag), 0); EXPECT_FALSE(flag);
  // Blocked offsets are stored permuted to [block][node][lane], the padding lane repeats element 2.
  const CeedInt *off = nullptr;
  ASSERT_EQ(CeedElemRestrictionGetOffsets(r, CEED_MEM_HOST, &off), 0);
  const CeedInt expected[8] = {0, 1, 1, 2, 2, 2, 3, 3};
  for (int n = 0; n < 8; n++) EXPECT_EQ(off[n], expected[n]) << n;
  ASSERT_EQ(CeedElemRestrictionRestoreOffsets(r, &off), 0);
  EXPECT_EQ(off, nullptr);
  Ceed c = nullptr;
  EXPECT_EQ(CeedElemRestrictionGetCeed(r, &c), 0);
  EXPECT_EQ(c, ceed);
  EXPECT_EQ(CeedDestroy(&c), 0);
  EXPECT_EQ(CeedElemRestrictionReturnCeed(r), ceed);
  // Backend data round trip and multiplicity with 2 components.
  void *data = nullptr;
  EXPECT_EQ(CeedElemRestrictionGetData(r, &data), 0);
  EXPECT_NE(data, nullptr);
  CeedVector mult = Vec(Values(10, 5.0));
  EXPECT_EQ(CeedElemRestrictionGetMultiplicity(r, mult), 0);
  EXPECT_EQ(Read(mult), (Values{1, 2, 2, 1, 0, 1, 2, 2, 1, 0}));
  CeedVectorDestroy(&mult);
  CeedVector lv = nullptr, ev = nullptr;
  EXPECT_EQ(CeedElemRestrictionCreateVector(r, &lv, nullptr), 0);
  EXPECT_EQ(CeedElemRestrictionCreateVector(r, nullptr, &ev), 0);
  EXPECT_EQ(CeedVectorGetLength(lv, &s), 0); EXPECT_EQ(s, 10);
  EXPECT_EQ(CeedVectorGetLength(ev, &s), 0); EXPECT_EQ(s, 16);
  CeedVectorDestroy(&lv);
  CeedVectorDestroy(&ev);
  EXPECT_EQ(CeedElemRestrictionDestroy(&r), 0);
  EXPECT_EQ(r, nullptr);
  EXPECT_EQ(CeedElemRestrictionDestroy(&r), 0);  // twice through the NULLed handle
}

TEST_F(Rstr, OrientationArraysAreReadable) {
  const bool orients[6]    = {false, true, false, false, true, true};
  const CeedInt8 curl[18]  = {0, 1, -1, 1, 2, 0, 0, -1, 0, 0, 1, 0, 1, 1, 0};
  CeedElemRestriction o = nullptr, c = nullptr, copy = nullptr;
  ASSERT_EQ(CeedElemRestrictionCreateOriented(ceed, 3, 2, 1, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets, orients, &o), 0);
  ASSERT_EQ(CeedElemRestrictionCreateCurlOriented(ceed, 3, 2, 1, 1, 4, CEED_MEM_HOST, CEED_USE_POINTER, kOffsets, curl, &c), 0);
  const bool *ro    = nullptr;
  const CeedInt8 *rc = nullptr;
  ASSERT_EQ(CeedElemRestrictionGetOrientations(o, CEED_MEM_HOST, &ro), 0);
  for (int n = 0; n < 6; n++) EXPECT_EQ(ro[n], orients[n]);
  EXPECT_EQ(CeedElemRestrictionRestoreOrientations(o, &ro), 0);
  EXPECT_EQ(ro, nullptr);
  ASSERT_EQ(CeedElemRestrictionGetCurlOrientations(c, CEED_MEM_HOST, &rc), 0);
  EXPECT_EQ(rc, curl);  // borrowed with CEED_USE_POINTER
  EXPECT_EQ(CeedElemRestrictionRestoreCurlOrientations(c, &rc), 0);
  EXPECT_EQ(CeedElemRestrictionGetCurlOrientations(o, CEED_MEM_HOST, &rc), CEED_ERROR_INCOMPATIBLE);
  EXPECT_EQ(CeedElemRestrictionGetOrientations(c, CEED_MEM_HOST, &ro), CEED_ERROR_INCOMPATIBLE);
  EXPECT_EQ(CeedElemRestrictionRestoreOrientations(o, &ro), CEED_ERROR_ACCESS);
  // A copy reads its base's data; the base stays alive through the copy.
  ASSERT_EQ(CeedElemRestrictionCreateUnsignedCopy(o, &copy), 0);
  bool signs = false, orient = false;
  EXPECT_EQ(CeedElemRestrictionGetOrientationFlags(o, &signs, &orient), 0);
  EXPECT_TRUE(signs && orient);
  EXPECT_EQ(CeedElemRestrictionGetOrientationFlags(copy, &signs, &orient), 0);
  EXPECT_TRUE(!signs && orient);
  CeedElemRestriction unoriented = nullptr;
  ASSERT_EQ(CeedElemRestrictionCreateUnorientedCopy(copy, &unoriented), 0);  // a copy of a copy keeps both flags off
  EXPECT_EQ(CeedElemRestrictionGetOrientationFlags(unoriented, &signs, &orient), 0);
  EXPECT_TRUE(!signs && !orient);
  EXPECT_EQ(CeedElemRestrictionDestroy(&unoriented), 0);
  EXPECT_EQ(CeedElemRestrictionDestroy(&o), 0);
  ASSERT_EQ(CeedElemRestrictionGetOrientations(copy, CEED_MEM_HOST, &ro), 0);
  EXPECT_TRUE(ro[1]);
  EXPECT_EQ(CeedElemRestrictionDestroy(&copy), CEED_ERROR_ACCESS);  // the base's orientations are being read
  EXPECT_NE(Message().find("read access to the orientation data"), std::string::npos) << Message();
  EXPECT_EQ(CeedElemRestrictionRestoreOrientations(copy, &ro), 0);
  EXPECT_EQ(CeedElemRestrictionDestroy(&copy), 0);
  EXPECT_EQ(CeedElemRestrictionDestroy(&c), 0);
}

TEST_F(Rstr, PointsQueries) {
  // Elements hold points {2}, {0, 1, 3}, {} of 4 points with 1 component; l_size 4.
  const CeedInt offsets[8] = {4, 5, 8, 8, 2, 0, 1, 3};
  CeedElemRestriction p = nullptr, q = nullptr;
  ASSERT_EQ(CeedElemRestrictionCreateAtPoints(ceed, 3, 4, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, offsets, &p), 0);
  CeedInt v = -1, lo = -1, hi = -1;
  CeedSize s = 0;
  EXPECT_EQ(CeedElemRestrictionGetNumPoints(p, &v), 0); EXPECT_EQ(v, 4);
  EXPECT_EQ(CeedElemRestrictionGetNumPointsInElement(p, 1, &v), 0); EXPECT_EQ(v, 3);
  EXPECT_EQ(CeedElemRestrictionGetMaxPointsInElement(p, &hi), 0); EXPECT_EQ(hi, 3);
  EXPECT_EQ(CeedElemRestrictionGetMinPointsInElement(p, &lo), 0); EXPECT_EQ(lo, 0);
  EXPECT_EQ(CeedElemRestrictionGetMinMaxPointsInElement(p, nullptr, &hi), 0); EXPECT_EQ(hi, 3);
  EXPECT_EQ(CeedElemRestrictionGetElementSize(p, &v), 0); EXPECT_EQ(v, 0);
  EXPECT_EQ(CeedElemRestrictionGetCompStride(p, &v), 0); EXPECT_EQ(v, 1);
  EXPECT_EQ(CeedElemRestrictionGetEVectorSize(p, &s), 0); EXPECT_EQ(s, 7);  // 4 points, the empty last element padded to 3
  EXPECT_EQ(CeedElemRestrictionGetAtPointsElementOffset(p, 2, &s), 0); EXPECT_EQ(s, 4);
  const Values e = Apply(p, CEED_NOTRANSPOSE, Values{10, 11, 12, 13}, Values(7, -1.0));
  EXPECT_EQ(e, (Values{12, 10, 11, 13, 0, 0, 0}));  // padding zeroed
  EXPECT_EQ(Apply(p, CEED_TRANSPOSE, e, Values(4, 1.0)), (Values{11, 12, 13, 14}));
  // Single element 1 through ApplyAtPointsInElement.
  CeedVector u = Vec(Values{10, 11, 12, 13}), ee = Vec(Values(3, 0.0)), l = Vec(Values(4, 0.0));
  EXPECT_EQ(CeedElemRestrictionApplyAtPointsInElement(p, 1, CEED_NOTRANSPOSE, u, ee, CEED_REQUEST_IMMEDIATE), 0);
  EXPECT_EQ(Read(ee), (Values{10, 11, 13}));
  EXPECT_EQ(CeedElemRestrictionApplyAtPointsInElement(p, 1, CEED_TRANSPOSE, ee, l, CEED_REQUEST_IMMEDIATE), 0);
  EXPECT_EQ(Read(l), (Values{10, 11, 0, 13}));
  // Errors specific to points.
  EXPECT_EQ(CeedElemRestrictionApplyAtPointsInElement(p, 3, CEED_NOTRANSPOSE, u, ee, CEED_REQUEST_IMMEDIATE), CEED_ERROR_DIMENSION);
  EXPECT_NE(Message().find("element 3"), std::string::npos) << Message();
  CeedVector short_e = Vec(Values(2, 0.0));
  EXPECT_EQ(CeedElemRestrictionApplyAtPointsInElement(p, 1, CEED_NOTRANSPOSE, u, short_e, CEED_REQUEST_IMMEDIATE), CEED_ERROR_DIMENSION);
  EXPECT_EQ(CeedElemRestrictionApplyBlock(p, 0, CEED_NOTRANSPOSE, u, ee, CEED_REQUEST_IMMEDIATE), CEED_ERROR_INCOMPATIBLE);
  EXPECT_EQ(CeedElemRestrictionGetNumPointsInElement(p, -1, &v), CEED_ERROR_DIMENSION);
  // Compatibility: same counts per element with different points is compatible.
  const CeedInt same_counts[8] = {4, 5, 8, 8, 0, 1, 2, 3};
  ASSERT_EQ(CeedElemRestrictionCreateAtPoints(ceed, 3, 4, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, same_counts, &q), 0);
  bool ok = false;
  EXPECT_EQ(CeedElemRestrictionAtPointsAreCompatible(p, q, &ok), 0); EXPECT_TRUE(ok);
  CeedVectorDestroy(&u);
  CeedVectorDestroy(&ee);
  CeedVectorDestroy(&l);
  CeedVectorDestroy(&short_e);
  CeedElemRestrictionDestroy(&p);
  CeedElemRestrictionDestroy(&q);
}

TEST_F(Rstr, ViewAndSentinel) {
  CeedElemRestriction r = nullptr, copy = nullptr;
  ASSERT_EQ(CeedElemRestrictionCreate(ceed, 3, 2, 1, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets, &r), 0);
  ASSERT_EQ(CeedElemRestrictionReferenceCopy(r, &copy), 0);
  ASSERT_EQ(CeedElemRestrictionReferenceCopy(r, &copy), 0);  // onto itself
  EXPECT_EQ(CeedElemRestrictionSetNumViewTabs(copy, 1), 0);
  char *buf = nullptr;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(CeedElemRestrictionView(r, f), 0);
  fclose(f);
  EXPECT_STREQ(buf, "  CeedElemRestriction from (4, 1) to 3 elements with 2 nodes each and component stride 1\n");
  free(buf);
  CeedInt tabs = 0;
  EXPECT_EQ(CeedElemRestrictionGetNumViewTabs(r, &tabs), 0); EXPECT_EQ(tabs, 1);
  EXPECT_EQ(CeedElemRestrictionDestroy(&copy), 0);
  EXPECT_EQ(copy, nullptr);
  // The sentinel: 0 elements, not counted, destroy/copy only set the handle.
  CeedInt n = -1;
  EXPECT_EQ(CeedElemRestrictionGetNumElements(CEED_ELEMRESTRICTION_NONE, &n), 0); EXPECT_EQ(n, 0);
  CeedElemRestriction none = nullptr;
  EXPECT_EQ(CeedElemRestrictionReferenceCopy(CEED_ELEMRESTRICTION_NONE, &none), 0);
  EXPECT_EQ(none, CEED_ELEMRESTRICTION_NONE);
  EXPECT_EQ(CeedElemRestrictionDestroy(&none), 0);
  EXPECT_EQ(none, nullptr);
  EXPECT_EQ(CeedElemRestrictionReturnCeed(CEED_ELEMRESTRICTION_NONE), nullptr);
  EXPECT_EQ(CeedElemRestrictionDestroy(&r), 0);
}

// ---- Invalid calls ------------------------------------------------------------------------------

TEST_F(Rstr, InvalidCreation) {
  CeedElemRestriction r = nullptr;
  const CeedInt strides[3] = {1, 2, 4};
  EXPECT_EQ(CeedElemRestrictionCreate(ceed, -1, 2, 1, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets, &r), CEED_ERROR_DIMENSION);
  EXPECT_NE(Message().find("CeedElemRestrictionCreate(): "), std::string::npos) << Message();
  EXPECT_NE(Message().find("Number of elements must be non-negative, got -1"), std::string::npos) << Message();
  EXPECT_EQ(CeedElemRestrictionCreate(ceed, 3, 0, 1, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets, &r), CEED_ERROR_DIMENSION);
  EXPECT_NE(Message().find("element size must be at least 1, got 0"), std::string::npos) << Message();
  EXPECT_EQ(CeedElemRestrictionCreate(ceed, 3, 2, 0, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets, &r), CEED_ERROR_DIMENSION);
  EXPECT_EQ(CeedElemRestrictionCreate(ceed, 3, 2, 2, 0, 8, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets, &r), CEED_ERROR_DIMENSION);
  EXPECT_NE(Message().find("component stride must be at least 1 with 2 components, got 0"), std::string::npos) << Message();
  EXPECT_EQ(CeedElemRestrictionCreateBlocked(ceed, 3, 2, 0, 1, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets, &r), CEED_ERROR_DIMENSION);
  EXPECT_NE(Message().find("block size must be at least 1, got 0"), std::string::npos) << Message();
  EXPECT_EQ(CeedElemRestrictionCreateStrided(ceed, 3, 2, 2, 11, strides, &r), CEED_ERROR_DIMENSION);
  EXPECT_NE(Message().find("L-vector size 11 is smaller than num_elem*elem_size*num_comp = 12"), std::string::npos) << Message();
  EXPECT_EQ(CeedElemRestrictionCreateStrided(ceed, 3, 2, 2, 12, nullptr, &r), CEED_ERROR_INCOMPATIBLE);
  // Offsets out of range: 3 + (2-1)*1 >= 4 with two components, and a negative one.
  EXPECT_EQ(CeedElemRestrictionCreate(ceed, 3, 2, 2, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets, &r), CEED_ERROR_BACKEND);
  EXPECT_NE(Message().find("Restriction offset 5 (3) out of range [0, 4]"), std::string::npos) << Message();
  const CeedInt negative[6] = {0, 1, 1, -2, 2, 3};
  EXPECT_EQ(CeedElemRestrictionCreate(ceed, 3, 2, 1, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, negative, &r), CEED_ERROR_BACKEND);
  EXPECT_NE(Message().find("Restriction offset 3 (-2) out of range [0, 4]"), std::string::npos) << Message();
  // A failed CEED_OWN_POINTER creation leaves the array with the caller (freed here, not twice).
  CeedInt *owned = static_cast<CeedInt *>(malloc(6 * sizeof(CeedInt)));
  for (int n = 0; n < 6; n++) owned[n] = 9;
  EXPECT_EQ(CeedElemRestrictionCreate(ceed, 3, 2, 1, 1, 4, CEED_MEM_HOST, CEED_OWN_POINTER, owned, &r), CEED_ERROR_BACKEND);
  free(owned);
  EXPECT_EQ(CeedElemRestrictionCreate(ceed, 3, 2, 1, 1, 4, CEED_MEM_DEVICE, CEED_COPY_VALUES, kOffsets, &r), CEED_ERROR_BACKEND);
  EXPECT_NE(Message().find("Can only set HOST memory for this backend"), std::string::npos) << Message();
  EXPECT_EQ(CeedElemRestrictionCreate(ceed, 3, 2, 1, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, nullptr, &r), CEED_ERROR_INCOMPATIBLE);
  EXPECT_EQ(CeedElemRestrictionCreateOriented(ceed, 3, 2, 1, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets, nullptr, &r),
            CEED_ERROR_INCOMPATIBLE);
  // Points: negative count, L-vector too small, malformed element starts, point out of range.
  const CeedInt points[4] = {2, 3, 0, 1};
  EXPECT_EQ(CeedElemRestrictionCreateAtPoints(ceed, 1, -1, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, points, &r), CEED_ERROR_DIMENSION);
  EXPECT_EQ(CeedElemRestrictionCreateAtPoints(ceed, 1, 1, 2, 1, CEED_MEM_HOST, CEED_COPY_VALUES, points, &r), CEED_ERROR_DIMENSION);
  EXPECT_EQ(CeedElemRestrictionCreateAtPoints(ceed, 1, 2, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, points, &r), CEED_ERROR_BACKEND);
  EXPECT_NE(Message().find("must be num_elem + 1 + num_points = 4"), std::string::npos) << Message();
  const CeedInt far_point[3] = {2, 3, 7};
  EXPECT_EQ(CeedElemRestrictionCreateAtPoints(ceed, 1, 1, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, far_point, &r), CEED_ERROR_BACKEND);
  EXPECT_NE(Message().find("(point 7) out of range"), std::string::npos) << Message();
  EXPECT_EQ(r, nullptr);
  // NULL Ceed / output.
  EXPECT_EQ(CeedElemRestrictionCreate(nullptr, 3, 2, 1, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets, &r), CEED_ERROR_INCOMPATIBLE);
  EXPECT_EQ(CeedElemRestrictionCreate(ceed, 3, 2, 1, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets, nullptr), CEED_ERROR_INCOMPATIBLE);
}

TEST_F(Rstr, InvalidUseLeavesRestrictionUsable) {
  CeedElemRestriction r = nullptr;
  ASSERT_EQ(CeedElemRestrictionCreate(ceed, 3, 2, 1, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets, &r), 0);
  CeedVector l3 = Vec(Values(3, 1.0)), l4 = Vec(Values(4, 1.0)), e5 = Vec(Values(5, 0.0)), e6 = Vec(Values(6, 0.0));
  EXPECT_EQ(CeedElemRestrictionApply(r, CEED_NOTRANSPOSE, l3, e6, CEED_REQUEST_IMMEDIATE), CEED_ERROR_DIMENSION);
  EXPECT_NE(Message().find("CeedElemRestrictionApply(): Input vector size 3 not compatible with element restriction"),
            std::string::npos)
      << Message();
  EXPECT_EQ(CeedElemRestrictionApply(r, CEED_NOTRANSPOSE, l4, e5, CEED_REQUEST_IMMEDIATE), CEED_ERROR_DIMENSION);
  EXPECT_NE(Message().find("Output vector size 5"), std::string::npos) << Message();
  EXPECT_EQ(CeedElemRestrictionApply(r, CEED_TRANSPOSE, e5, l4, CEED_REQUEST_IMMEDIATE), CEED_ERROR_DIMENSION);
  EXPECT_EQ(CeedElemRestrictionApply(r, CEED_TRANSPOSE, e6, l3, CEED_REQUEST_IMMEDIATE), CEED_ERROR_DIMENSION);
  EXPECT_EQ(CeedElemRestrictionApply(r, static_cast<CeedTransposeMode>(7), l4, e6, CEED_REQUEST_IMMEDIATE), CEED_ERROR_INCOMPATIBLE);
  EXPECT_EQ(CeedElemRestrictionApply(r, CEED_NOTRANSPOSE, CEED_VECTOR_ACTIVE, e6, CEED_REQUEST_IMMEDIATE), CEED_ERROR_INCOMPATIBLE);
  EXPECT_NE(Message().find("CEED_VECTOR_ACTIVE"), std::string::npos) << Message();
  EXPECT_EQ(CeedElemRestrictionApply(r, CEED_NOTRANSPOSE, l4, nullptr, CEED_REQUEST_IMMEDIATE), CEED_ERROR_INCOMPATIBLE);
  // ApplyBlock: block index and exact lengths.
  CeedVector e2 = Vec(Values(2, 0.0));
  EXPECT_EQ(CeedElemRestrictionApplyBlock(r, 3, CEED_NOTRANSPOSE, l4, e2, CEED_REQUEST_IMMEDIATE), CEED_ERROR_DIMENSION);
  EXPECT_NE(Message().find("Cannot apply block 3 of CeedElemRestriction with 3 blocks"), std::string::npos) << Message();
  EXPECT_EQ(CeedElemRestrictionApplyBlock(r, -1, CEED_NOTRANSPOSE, l4, e2, CEED_REQUEST_IMMEDIATE), CEED_ERROR_DIMENSION);
  EXPECT_EQ(CeedElemRestrictionApplyBlock(r, 0, CEED_NOTRANSPOSE, l4, e6, CEED_REQUEST_IMMEDIATE), CEED_ERROR_DIMENSION);
  EXPECT_EQ(CeedElemRestrictionApplyBlock(r, 2, CEED_NOTRANSPOSE, l4, e2, CEED_REQUEST_IMMEDIATE), 0);
  EXPECT_EQ(Read(e2), (Values{1, 1}));
  // Points-only queries on a standard restriction.
  CeedInt v = 0;
  CeedSize s = 0;
  EXPECT_EQ(CeedElemRestrictionGetNumPoints(r, &v), CEED_ERROR_INCOMPATIBLE);
  EXPECT_NE(Message().find("not an at-points restriction"), std::string::npos) << Message();
  EXPECT_EQ(CeedElemRestrictionGetMaxPointsInElement(r, &v), CEED_ERROR_INCOMPATIBLE);
  EXPECT_EQ(CeedElemRestrictionGetAtPointsElementOffset(r, 0, &s), CEED_ERROR_INCOMPATIBLE);
  EXPECT_EQ(CeedElemRestrictionApplyAtPointsInElement(r, 0, CEED_NOTRANSPOSE, l4, e6, CEED_REQUEST_IMMEDIATE), CEED_ERROR_INCOMPATIBLE);
  CeedInt layout[3];
  EXPECT_EQ(CeedElemRestrictionGetLLayout(r, layout), CEED_ERROR_MINOR);
  EXPECT_EQ(CeedElemRestrictionGetStrides(r, layout), CEED_ERROR_MINOR);
  const CeedInt *off = nullptr;
  EXPECT_EQ(CeedElemRestrictionGetOffsets(r, CEED_MEM_DEVICE, &off), CEED_ERROR_BACKEND);
  EXPECT_EQ(CeedElemRestrictionRestoreOffsets(r, &off), CEED_ERROR_ACCESS);
  EXPECT_EQ(CeedElemRestrictionSetNumViewTabs(r, -2), CEED_ERROR_MINOR);
  EXPECT_NE(Message().find("cannot set -2 view tabs"), std::string::npos) << Message();
  EXPECT_EQ(CeedElemRestrictionGetMultiplicity(r, l3), CEED_ERROR_DIMENSION);
  EXPECT_EQ(CeedElemRestrictionView(r, nullptr), CEED_ERROR_INCOMPATIBLE);
  // Destroy with offsets being read: refused, then allowed once restored.
  ASSERT_EQ(CeedElemRestrictionGetOffsets(r, CEED_MEM_HOST, &off), 0);
  CeedElemRestriction handle = r;
  EXPECT_EQ(CeedElemRestrictionDestroy(&handle), CEED_ERROR_ACCESS);
  EXPECT_NE(Message().find("Cannot destroy CeedElemRestriction, a process has read access to the offset data"), std::string::npos);
  EXPECT_EQ(handle, r);
  // Still usable after all of the above.
  EXPECT_EQ(Apply(r, CEED_TRANSPOSE, Values{1, 2, 3, 4, 5, 6}, Values(4, 0.0)), (Values{1, 5, 9, 6}));
  EXPECT_EQ(CeedElemRestrictionRestoreOffsets(r, &off), 0);
  // NULL and sentinel handles.
  EXPECT_EQ(CeedElemRestrictionApply(nullptr, CEED_NOTRANSPOSE, l4, e6, CEED_REQUEST_IMMEDIATE), CEED_ERROR_INCOMPATIBLE);
  EXPECT_NE(NullMessage().find("CeedElemRestriction handle is NULL"), std::string::npos) << NullMessage();
  EXPECT_EQ(CeedElemRestrictionApply(CEED_ELEMRESTRICTION_NONE, CEED_NOTRANSPOSE, l4, e6, CEED_REQUEST_IMMEDIATE), CEED_ERROR_INCOMPATIBLE);
  EXPECT_NE(NullMessage().find("CEED_ELEMRESTRICTION_NONE"), std::string::npos) << NullMessage();
  EXPECT_EQ(CeedElemRestrictionGetNumElements(r, nullptr), CEED_ERROR_INCOMPATIBLE);
  EXPECT_EQ(CeedElemRestrictionSetBackendOps(r, nullptr), CEED_ERROR_INCOMPATIBLE);
  for (CeedVector *vec : {&l3, &l4, &e5, &e6, &e2}) CeedVectorDestroy(vec);
  EXPECT_EQ(CeedElemRestrictionDestroy(&r), 0);
}

TEST_F(Rstr, EmptyRestrictionsDoNoWork) {
  CeedElemRestriction r = nullptr, p = nullptr;
  ASSERT_EQ(CeedElemRestrictionCreate(ceed, 0, 2, 1, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, nullptr, &r), 0);
  const CeedInt points[1] = {1};
  ASSERT_EQ(CeedElemRestrictionCreateAtPoints(ceed, 0, 0, 3, 0, CEED_MEM_HOST, CEED_COPY_VALUES, points, &p), 0);
  EXPECT_EQ(Apply(r, CEED_TRANSPOSE, Values{}, Values(4, 2.0)), Values(4, 2.0));
  CeedInt v = -1;
  CeedSize s = -1;
  EXPECT_EQ(CeedElemRestrictionGetMaxPointsInElement(p, &v), 0); EXPECT_EQ(v, 0);
  EXPECT_EQ(CeedElemRestrictionGetEVectorSize(p, &s), 0); EXPECT_EQ(s, 0);
  EXPECT_EQ(CeedElemRestrictionGetNumBlocks(r, &v), 0); EXPECT_EQ(v, 0);
  CeedElemRestrictionDestroy(&r);
  CeedElemRestrictionDestroy(&p);
}

}  // namespace

// The error-path sweep's table (tests/unit/error-sweep-test.cpp): for each public function, the ways it is made
// to fail: bad arguments (NULL handles and outputs, out-of-range values, wrong lengths), wrong states (access
// locks held, objects in use or complete), refused modes. Each row: function, how, error code, the offending
// value its message must contain, the call, and optionally a setup and cleanup (holding and releasing a lock).
#include <cstdlib>
#include <cstring>

#include "error-sweep.hpp"

namespace sweep {
namespace {

constexpr int kIncompatible = CEED_ERROR_INCOMPATIBLE, kAccess = CEED_ERROR_ACCESS, kDimension = CEED_ERROR_DIMENSION,
              kMajor = CEED_ERROR_MAJOR, kMinor = CEED_ERROR_MINOR, kBackend = CEED_ERROR_BACKEND, kUnsupported = CEED_ERROR_UNSUPPORTED;

const CeedInt kOffsets[] = {0, 1, 1, 2, 2, 3, 3, 4};
const CeedInt kBadOffsets[] = {0, 1, 1, 2, 2, 3, 3, 9};  // 9 is past the L-vector of 5
const bool    kOrients[8]  = {};
const CeedInt8 kCurlOrients[24] = {};
const CeedScalar kMatrix[6] = {1, 0, 0, 1, 0.5, 0.5};

std::vector<Row> MakeRows() {
  return {
      // ---- Ceed ----------------------------------------------------------------------------------------------
      ROW(CeedInit, "unknown resource", kMajor, "/no/such/backend", [] {
        Ceed c = nullptr;
        return CeedInit("/no/such/backend", &c);
      }()),
      ROW(CeedInit, "NULL output", kIncompatible, "NULL", CeedInit("/cpu/self/ref/serial", nullptr)),
      ROW(CeedReferenceCopy, "NULL output", kIncompatible, "NULL", CeedReferenceCopy(w.ceed, nullptr)),
      ROW(CeedDestroy, "work vector checked out", kAccess, "work vector", [] {
        Ceed       lone = nullptr;
        CeedVector work = nullptr;
        CeedInit("/cpu/self/ref/serial", &lone);
        CeedSetErrorHandler(lone, CeedErrorStore);
        CeedGetWorkVector(lone, 3, &work);
        const int ierr = CeedDestroy(&lone);
        const char *msg = nullptr;
        CeedGetErrorMessage(lone, &msg);
        CeedErrorImpl(nullptr, __FILE__, __LINE__, "CeedDestroy", ierr, "%s", msg);  // the row's message, where the test reads it
        CeedRestoreWorkVector(lone, &work);
        CeedDestroy(&lone);
        return ierr;
      }()),
      ROW(CeedGetResource, "NULL output", kIncompatible, "NULL", CeedGetResource(w.ceed, nullptr)),
      ROW(CeedGetPreferredMemType, "NULL output", kIncompatible, "NULL", CeedGetPreferredMemType(w.ceed, nullptr)),
      ROW(CeedIsDeterministic, "NULL output", kIncompatible, "NULL", CeedIsDeterministic(w.ceed, nullptr)),
      ROW(CeedSetStream, "NULL stream", kIncompatible, "non-NULL", CeedSetStream(w.ceed, nullptr)),
      ROW(CeedSetStream, "CPU backend", kUnsupported, "stream", CeedSetStream(w.ceed, &w)),
      ROW(CeedAddJitSourceRoot, "NULL root", kIncompatible, "NULL", CeedAddJitSourceRoot(w.ceed, nullptr)),
      ROW(CeedAddRustSourceRoot, "empty root", kIncompatible, "empty", CeedAddRustSourceRoot(w.ceed, "")),
      ROW(CeedAddJitDefine, "NULL define", kIncompatible, "NULL", CeedAddJitDefine(w.ceed, nullptr)),
      ROW(CeedSetNumViewTabs, "negative count", kMinor, "-1", CeedSetNumViewTabs(w.ceed, -1)),
      ROW(CeedGetNumViewTabs, "NULL output", kIncompatible, "NULL", CeedGetNumViewTabs(w.ceed, nullptr)),
      ROW(CeedView, "NULL stream", kIncompatible, "NULL", CeedView(w.ceed, nullptr)),
      ROW(CeedRegistryGetList, "NULL outputs", kIncompatible, "NULL", CeedRegistryGetList(nullptr, nullptr, nullptr)),
      ROW(CeedSetIsClang, "NULL handle", kIncompatible, "NULL", CeedSetIsClang(nullptr, true)),
      ROW(CeedGetIsClang, "NULL output", kIncompatible, "NULL", CeedGetIsClang(w.ceed, nullptr)),
      ROW(CeedGetScalarType, "NULL output", kIncompatible, "NULL", CeedGetScalarType(nullptr)),
      ROW(CeedGetGitVersion, "NULL output", kIncompatible, "NULL", CeedGetGitVersion(nullptr)),
      ROW(CeedGetBuildConfiguration, "NULL output", kIncompatible, "NULL", CeedGetBuildConfiguration(nullptr)),
      ROW(CeedSetErrorHandler, "NULL handle", kIncompatible, "NULL", CeedSetErrorHandler(nullptr, CeedErrorStore)),
      ROW(CeedGetErrorMessage, "NULL output", kIncompatible, "NULL", CeedGetErrorMessage(w.ceed, nullptr)),
            ROW(CeedObjectView, "NULL stream", kIncompatible, "NULL", CeedObjectView((CeedObject)w.x, nullptr)),
      ROW(CeedObjectSetNumViewTabs, "negative count", kMinor, "-2", CeedObjectSetNumViewTabs((CeedObject)w.x, -2)),
      ROW(CeedObjectGetNumViewTabs, "NULL output", kIncompatible, "NULL", CeedObjectGetNumViewTabs((CeedObject)w.x, nullptr)),
      ROW(CeedObjectGetCeed, "NULL output", kIncompatible, "NULL", CeedObjectGetCeed((CeedObject)w.x, nullptr)),
      ROW(CeedObjectDestroy, "last reference with a reader", kAccess, "read access", [&w] {
        CeedVector lone = nullptr;
        CeedVectorCreate(w.ceed, 3, &lone);
        CeedVectorSetValue(lone, 1.0);
        const CeedScalar *a = nullptr;
        CeedVectorGetArrayRead(lone, CEED_MEM_HOST, &a);
        const int ierr = CeedObjectDestroy((CeedObject *)&lone);
        CeedVectorRestoreArrayRead(lone, &a);
        CeedVectorDestroy(&lone);
        return ierr;
      }()),
      // ---- CeedVector ---------------------------------------------------------------------------------------
      ROW(CeedVectorCreate, "negative length", kUnsupported, "-3", [&w] {
        CeedVector v = nullptr;
        return CeedVectorCreate(w.ceed, -3, &v);
      }()),
      ROW(CeedVectorReferenceCopy, "NULL output", kIncompatible, "NULL", CeedVectorReferenceCopy(w.x, nullptr)),
      ROW_HELD(CeedVectorDestroy, "held by a writer", kAccess, "lock", HoldWriteX, ReleaseWriteX, [&w] {
        CeedVector copy = w.x;
        return CeedVectorDestroy(&copy);
      }()),
      ROW(CeedVectorSetArray, "invalid memory type", kIncompatible, "7", CeedVectorSetArray(w.x, (CeedMemType)7, CEED_COPY_VALUES, nullptr)),
      ROW(CeedVectorSetArray, "device memory on a CPU backend", kBackend, "HOST", CeedVectorSetArray(w.x, CEED_MEM_DEVICE, CEED_COPY_VALUES, nullptr)),
      ROW_HELD(CeedVectorSetArray, "held by a reader", kAccess, "access", HoldReadX, ReleaseReadX,
               CeedVectorSetArray(w.x, CEED_MEM_HOST, CEED_COPY_VALUES, nullptr)),
      ROW_HELD(CeedVectorSetValue, "held by a writer", kAccess, "lock", HoldWriteX, ReleaseWriteX, CeedVectorSetValue(w.x, 5.0)),
      ROW_HELD(CeedVectorSetValue, "held by a reader", kAccess, "access", HoldReadX, ReleaseReadX, CeedVectorSetValue(w.x, 5.0)),
      ROW(CeedVectorSetValueStrided, "step 0", kAccess, "step 0", CeedVectorSetValueStrided(w.x, 0, 5, 0, 5.0)),
      ROW(CeedVectorSetValueStrided, "stop past the end", kAccess, "stop 9", CeedVectorSetValueStrided(w.x, 0, 9, 1, 5.0)),
      ROW(CeedVectorCopy, "different lengths", kIncompatible, "12", CeedVectorCopy(w.x, w.q)),
      ROW_HELD(CeedVectorCopy, "destination held by a writer", kAccess, "lock", HoldWriteX, ReleaseWriteX, CeedVectorCopy(w.y, w.x)),
      ROW(CeedVectorCopyStrided, "step 0", kAccess, "step 0", CeedVectorCopyStrided(w.x, 0, 5, 0, w.y)),
      ROW(CeedVectorSyncArray, "invalid memory type", kIncompatible, "7", CeedVectorSyncArray(w.x, (CeedMemType)7)),
      ROW_HELD(CeedVectorSyncArray, "held by a writer", kAccess, "lock", HoldWriteX, ReleaseWriteX, CeedVectorSyncArray(w.x, CEED_MEM_HOST)),
      ROW(CeedVectorTakeArray, "nothing borrowed", kBackend, "borrowed", [&w] {
        CeedScalar *a = nullptr;
        return CeedVectorTakeArray(w.x, CEED_MEM_HOST, &a);
      }()),
      ROW_HELD(CeedVectorGetArray, "held by a reader", kAccess, "read access", HoldReadX, ReleaseReadX, [&w] {
        CeedScalar *a = nullptr;
        return CeedVectorGetArray(w.x, CEED_MEM_HOST, &a);
      }()),
      ROW(CeedVectorGetArray, "NULL output", kIncompatible, "NULL", CeedVectorGetArray(w.x, CEED_MEM_HOST, nullptr)),
      ROW_HELD(CeedVectorGetArrayRead, "held by a writer", kAccess, "lock", HoldWriteX, ReleaseWriteX, [&w] {
        const CeedScalar *a = nullptr;
        return CeedVectorGetArrayRead(w.x, CEED_MEM_HOST, &a);
      }()),
      ROW_HELD(CeedVectorGetArrayWrite, "held by a writer", kAccess, "lock", HoldWriteX, ReleaseWriteX, [&w] {
        CeedScalar *a = nullptr;
        return CeedVectorGetArrayWrite(w.x, CEED_MEM_HOST, &a);
      }()),
      ROW(CeedVectorRestoreArray, "not granted", kAccess, "not granted", [&w] {
        CeedScalar *a = nullptr;
        return CeedVectorRestoreArray(w.x, &a);
      }()),
      ROW(CeedVectorRestoreArrayRead, "not granted", kAccess, "not granted", [&w] {
        const CeedScalar *a = nullptr;
        return CeedVectorRestoreArrayRead(w.x, &a);
      }()),
      ROW(CeedVectorNorm, "invalid norm type", kIncompatible, "9", [&w] {
        CeedScalar n = 0;
        return CeedVectorNorm(w.x, (CeedNormType)9, &n);
      }()),
      ROW_HELD(CeedVectorNorm, "held by a writer", kAccess, "lock", HoldWriteX, ReleaseWriteX, [&w] {
        CeedScalar n = 0;
        return CeedVectorNorm(w.x, CEED_NORM_1, &n);
      }()),
      ROW_HELD(CeedVectorScale, "held by a reader", kAccess, "access", HoldReadX, ReleaseReadX, CeedVectorScale(w.x, 2.0)),
      ROW_HELD(CeedVectorFilter, "held by a reader", kAccess, "access", HoldReadX, ReleaseReadX, CeedVectorFilter(w.x, 0.5)),
      ROW(CeedVectorDot, "different lengths", kUnsupported, "12", [&w] {
        CeedScalar d = 0;
        return CeedVectorDot(w.x, w.q, &d);
      }()),
      ROW(CeedVectorDot, "NULL result", kIncompatible, "NULL", CeedVectorDot(w.x, w.x, nullptr)),
      ROW(CeedVectorAXPY, "different lengths", kUnsupported, "12", CeedVectorAXPY(w.x, 2.0, w.q)),
      ROW(CeedVectorAXPBY, "different lengths", kUnsupported, "12", CeedVectorAXPBY(w.x, 2.0, 1.0, w.q)),
      ROW(CeedVectorPointwiseMult, "x shorter than w", kUnsupported, "x length 5", CeedVectorPointwiseMult(w.q, w.x, w.y)),
      ROW_HELD(CeedVectorReciprocal, "held by a reader", kAccess, "access", HoldReadX, ReleaseReadX, CeedVectorReciprocal(w.x)),
      ROW(CeedVectorGetLength, "NULL output", kIncompatible, "NULL", CeedVectorGetLength(w.x, nullptr)),
      ROW(CeedVectorGetCeed, "NULL output", kIncompatible, "NULL", CeedVectorGetCeed(w.x, nullptr)),
      ROW(CeedVectorSetNumViewTabs, "negative count", kMinor, "-1", CeedVectorSetNumViewTabs(w.x, -1)),
      ROW(CeedVectorGetNumViewTabs, "NULL output", kIncompatible, "NULL", CeedVectorGetNumViewTabs(w.x, nullptr)),
      ROW(CeedVectorViewRange, "step 0", kMinor, "step", CeedVectorViewRange(w.x, 0, 5, 0, nullptr, stdout)),
      ROW(CeedVectorView, "NULL stream", kIncompatible, "NULL", CeedVectorView(w.x, nullptr, nullptr)),
      ROW(CeedVectorSetArrayTyped, "invalid scalar type", kIncompatible, "Invalid CeedScalarType 7",
          CeedVectorSetArrayTyped(w.x, CEED_MEM_HOST, (CeedScalarType)7, CEED_COPY_VALUES, nullptr)),
      ROW(CeedVectorTakeArrayTyped, "nothing borrowed in fp32", kBackend, "fp32", [&w] {
        void *a = nullptr;
        return CeedVectorTakeArrayTyped(w.x, CEED_MEM_HOST, CEED_SCALAR_FP32, &a);
      }()),
      ROW_HELD(CeedVectorSyncArrayTyped, "held by a writer", kAccess, "lock", HoldWriteX, ReleaseWriteX,
               CeedVectorSyncArrayTyped(w.x, CEED_MEM_HOST, CEED_SCALAR_FP32)),
      ROW_HELD(CeedVectorGetArrayTyped, "held by a reader, fp32", kAccess, "read access", HoldReadX, ReleaseReadX, [&w] {
        void *a = nullptr;
        return CeedVectorGetArrayTyped(w.x, CEED_MEM_HOST, CEED_SCALAR_FP32, &a);
      }()),
      ROW_HELD(CeedVectorGetArrayReadTyped, "held by a writer, fp32", kAccess, "lock", HoldWriteX, ReleaseWriteX, [&w] {
        const void *a = nullptr;
        return CeedVectorGetArrayReadTyped(w.x, CEED_MEM_HOST, CEED_SCALAR_FP32, &a);
      }()),
      ROW(CeedVectorGetArrayWriteTyped, "invalid scalar type", kIncompatible, "Invalid CeedScalarType 5", [&w] {
        void *a = nullptr;
        return CeedVectorGetArrayWriteTyped(w.x, CEED_MEM_HOST, (CeedScalarType)5, &a);
      }()),
      ROW(CeedVectorRestoreArrayTyped, "not granted", kAccess, "not granted", [&w] {
        void *a = nullptr;
        return CeedVectorRestoreArrayTyped(w.x, &a);
      }()),
      ROW(CeedVectorRestoreArrayReadTyped, "not granted", kAccess, "not granted", [&w] {
        const void *a = nullptr;
        return CeedVectorRestoreArrayReadTyped(w.x, &a);
      }()),
      ROW_FAULT(CeedVectorSyncArrayTyped, "allocation of the fp32 copy failing", kMajor, "bytes",
                CeedVectorSyncArrayTyped(w.x, CEED_MEM_HOST, CEED_SCALAR_FP32)),
      ROW_FAULT(CeedVectorGetArrayWriteTyped, "allocation of the fp32 buffer failing", kMajor, "bytes", [&w] {
        void *a = nullptr;
        return CeedVectorGetArrayWriteTyped(w.y, CEED_MEM_HOST, CEED_SCALAR_FP32, &a);
      }()),
      ROW_FAULT(CeedVectorSetArray, "allocation of a copy failing", kMajor, "bytes", [&w] {
        CeedVector fresh  = nullptr;
        CeedScalar v[3] = {1, 2, 3};
        CeedVectorCreate(w.ceed, 3, &fresh);
        const int ierr = CeedVectorSetArray(fresh, CEED_MEM_HOST, CEED_COPY_VALUES, v);
        FailAllocations(false);
        bool valid = true;  // nothing was set
        CeedVectorHasValidArrayTyped(fresh, CEED_MEM_HOST, CEED_SCALAR_FP64, &valid);
        CeedVectorDestroy(&fresh);
        return valid ? -100 : ierr;
      }()),
      ROW_FAULT(CeedElemRestrictionCreate, "allocation of the offsets failing", kMajor, "Out of memory", [&w] {
        CeedElemRestriction r = nullptr;
        return CeedElemRestrictionCreate(w.ceed, 4, 2, 1, 1, 5, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets, &r);
      }()),
      ROW(CeedVectorHasValidArrayTyped, "NULL output", kIncompatible, "NULL", CeedVectorHasValidArrayTyped(w.x, CEED_MEM_HOST, CEED_SCALAR_FP32, nullptr)),
      ROW(CeedVectorSetPreferredScalarType, "invalid scalar type", kIncompatible, "Invalid CeedScalarType 3",
          CeedVectorSetPreferredScalarType(w.x, (CeedScalarType)3)),
      ROW(CeedVectorGetPreferredScalarType, "NULL output", kIncompatible, "NULL", CeedVectorGetPreferredScalarType(w.x, nullptr)),
      // ---- CeedElemRestriction ------------------------------------------------------------------------------
      ROW(CeedElemRestrictionCreate, "offset past the L-vector", kBackend, "(9)", [&w] {
        CeedElemRestriction r = nullptr;
        return CeedElemRestrictionCreate(w.ceed, 4, 2, 1, 1, 5, CEED_MEM_HOST, CEED_COPY_VALUES, kBadOffsets, &r);
      }()),
      ROW(CeedElemRestrictionCreateOriented, "negative element count", kDimension, "-1", [&w] {
        CeedElemRestriction r = nullptr;
        return CeedElemRestrictionCreateOriented(w.ceed, -1, 2, 1, 1, 5, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets, kOrients, &r);
      }()),
      ROW(CeedElemRestrictionCreateCurlOriented, "offset past the L-vector", kBackend, "(9)", [&w] {
        CeedElemRestriction r = nullptr;
        return CeedElemRestrictionCreateCurlOriented(w.ceed, 4, 2, 1, 1, 5, CEED_MEM_HOST, CEED_COPY_VALUES, kBadOffsets, kCurlOrients, &r);
      }()),
      ROW(CeedElemRestrictionCreateStrided, "L-vector too short", kDimension, "3", [&w] {
        CeedElemRestriction r = nullptr;
        return CeedElemRestrictionCreateStrided(w.ceed, 4, 3, 1, 3, CEED_STRIDES_BACKEND, &r);
      }()),
      ROW(CeedElemRestrictionCreateAtPoints, "NULL output", kIncompatible, "NULL",
          CeedElemRestrictionCreateAtPoints(w.ceed, 4, 8, 1, 5, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets, nullptr)),
      ROW(CeedElemRestrictionCreateBlocked, "block size 0", kDimension, "0", [&w] {
        CeedElemRestriction r = nullptr;
        return CeedElemRestrictionCreateBlocked(w.ceed, 4, 2, 0, 1, 1, 5, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets, &r);
      }()),
      ROW(CeedElemRestrictionCreateBlockedOriented, "block size 0", kDimension, "0", [&w] {
        CeedElemRestriction r = nullptr;
        return CeedElemRestrictionCreateBlockedOriented(w.ceed, 4, 2, 0, 1, 1, 5, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets, kOrients, &r);
      }()),
      ROW(CeedElemRestrictionCreateBlockedCurlOriented, "block size 0", kDimension, "0", [&w] {
        CeedElemRestriction r = nullptr;
        return CeedElemRestrictionCreateBlockedCurlOriented(w.ceed, 4, 2, 0, 1, 1, 5, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets, kCurlOrients, &r);
      }()),
      ROW(CeedElemRestrictionCreateBlockedStrided, "block size 0", kDimension, "0", [&w] {
        CeedElemRestriction r = nullptr;
        return CeedElemRestrictionCreateBlockedStrided(w.ceed, 4, 3, 0, 1, 12, CEED_STRIDES_BACKEND, &r);
      }()),
      ROW(CeedElemRestrictionCreateUnsignedCopy, "NULL output", kIncompatible, "NULL", CeedElemRestrictionCreateUnsignedCopy(w.rstr_u, nullptr)),
      ROW(CeedElemRestrictionCreateUnorientedCopy, "NULL output", kIncompatible, "NULL", CeedElemRestrictionCreateUnorientedCopy(w.rstr_u, nullptr)),
      ROW(CeedElemRestrictionReferenceCopy, "NULL output", kIncompatible, "NULL", CeedElemRestrictionReferenceCopy(w.rstr_u, nullptr)),
      ROW(CeedElemRestrictionCreateVector, "NULL handle", kIncompatible, "NULL", [] {
        CeedVector l = nullptr;
        return CeedElemRestrictionCreateVector(nullptr, &l, nullptr);
      }()),
      ROW(CeedElemRestrictionDestroy, "offsets checked out", kAccess, "offset data", [&w] {
        CeedElemRestriction lone = nullptr;
        const CeedInt      *offsets = nullptr;
        CeedElemRestrictionCreate(w.ceed, 4, 2, 1, 1, 5, CEED_MEM_HOST, CEED_COPY_VALUES, kOffsets, &lone);
        CeedElemRestrictionGetOffsets(lone, CEED_MEM_HOST, &offsets);
        const int ierr = CeedElemRestrictionDestroy(&lone);
        CeedElemRestrictionRestoreOffsets(lone, &offsets);
        CeedElemRestrictionDestroy(&lone);
        return ierr;
      }()),
      ROW(CeedElemRestrictionApply, "output too short", kDimension, "5", CeedElemRestrictionApply(w.rstr_u, CEED_NOTRANSPOSE, w.x, w.y, CEED_REQUEST_IMMEDIATE)),
      ROW(CeedElemRestrictionApply, "invalid transpose mode", kIncompatible, "invalid transpose mode 4",
          CeedElemRestrictionApply(w.rstr_u, (CeedTransposeMode)4, w.x, w.q, CEED_REQUEST_IMMEDIATE)),
      ROW(CeedElemRestrictionApplyAtPointsInElement, "not at points", kIncompatible, "CeedElemRestrictionCreateAtPoints",
          CeedElemRestrictionApplyAtPointsInElement(w.rstr_u, 0, CEED_NOTRANSPOSE, w.x, w.y, CEED_REQUEST_IMMEDIATE)),
      ROW(CeedElemRestrictionApplyBlock, "block past the end", kDimension, "block 7",
          CeedElemRestrictionApplyBlock(w.rstr_u, 7, CEED_NOTRANSPOSE, w.x, w.y, CEED_REQUEST_IMMEDIATE)),
      ROW(CeedElemRestrictionGetMultiplicity, "vector too short", kDimension, "5", CeedElemRestrictionGetMultiplicity(w.rstr_q, w.x)),
      ROW(CeedElemRestrictionGetCeed, "NULL output", kIncompatible, "NULL", CeedElemRestrictionGetCeed(w.rstr_u, nullptr)),
      ROW(CeedElemRestrictionGetCompStride, "NULL output", kIncompatible, "NULL", CeedElemRestrictionGetCompStride(w.rstr_u, nullptr)),
      ROW(CeedElemRestrictionGetNumElements, "NULL output", kIncompatible, "NULL", CeedElemRestrictionGetNumElements(w.rstr_u, nullptr)),
      ROW(CeedElemRestrictionGetElementSize, "NULL output", kIncompatible, "NULL", CeedElemRestrictionGetElementSize(w.rstr_u, nullptr)),
      ROW(CeedElemRestrictionGetNumPoints, "not at points", kIncompatible, "points", [&w] {
        CeedInt n = 0;
        return CeedElemRestrictionGetNumPoints(w.rstr_u, &n);
      }()),
      ROW(CeedElemRestrictionGetNumPointsInElement, "not at points", kIncompatible, "points", [&w] {
        CeedInt n = 0;
        return CeedElemRestrictionGetNumPointsInElement(w.rstr_u, 0, &n);
      }()),
      ROW(CeedElemRestrictionGetMaxPointsInElement, "not at points", kIncompatible, "points", [&w] {
        CeedInt n = 0;
        return CeedElemRestrictionGetMaxPointsInElement(w.rstr_u, &n);
      }()),
      ROW(CeedElemRestrictionGetMinPointsInElement, "not at points", kIncompatible, "points", [&w] {
        CeedInt n = 0;
        return CeedElemRestrictionGetMinPointsInElement(w.rstr_u, &n);
      }()),
      ROW(CeedElemRestrictionGetMinMaxPointsInElement, "not at points", kIncompatible, "points", [&w] {
        CeedInt a = 0, b = 0;
        return CeedElemRestrictionGetMinMaxPointsInElement(w.rstr_u, &a, &b);
      }()),
      ROW(CeedElemRestrictionGetLVectorSize, "NULL output", kIncompatible, "NULL", CeedElemRestrictionGetLVectorSize(w.rstr_u, nullptr)),
      ROW(CeedElemRestrictionGetEVectorSize, "NULL output", kIncompatible, "NULL", CeedElemRestrictionGetEVectorSize(w.rstr_u, nullptr)),
      ROW(CeedElemRestrictionGetNumComponents, "NULL output", kIncompatible, "NULL", CeedElemRestrictionGetNumComponents(w.rstr_u, nullptr)),
      ROW(CeedElemRestrictionGetNumBlocks, "NULL output", kIncompatible, "NULL", CeedElemRestrictionGetNumBlocks(w.rstr_u, nullptr)),
      ROW(CeedElemRestrictionGetBlockSize, "NULL output", kIncompatible, "NULL", CeedElemRestrictionGetBlockSize(w.rstr_u, nullptr)),
      ROW(CeedElemRestrictionSetNumViewTabs, "negative count", kMinor, "-1", CeedElemRestrictionSetNumViewTabs(w.rstr_u, -1)),
      ROW(CeedElemRestrictionGetNumViewTabs, "NULL output", kIncompatible, "NULL", CeedElemRestrictionGetNumViewTabs(w.rstr_u, nullptr)),
      ROW(CeedElemRestrictionView, "NULL stream", kIncompatible, "NULL", CeedElemRestrictionView(w.rstr_u, nullptr)),
      // ---- CeedBasis ----------------------------------------------------------------------------------------
      ROW(CeedBasisCreateTensorH1Lagrange, "one node", kDimension, "1", [&w] {
        CeedBasis b = nullptr;
        return CeedBasisCreateTensorH1Lagrange(w.ceed, 1, 1, 1, 3, CEED_GAUSS, &b);
      }()),
      ROW(CeedBasisCreateTensorH1, "dimension 0", kDimension, "0", [&w] {
        CeedBasis b = nullptr;
        return CeedBasisCreateTensorH1(w.ceed, 0, 1, 2, 3, kMatrix, kMatrix, kMatrix, kMatrix, &b);
      }()),
      ROW(CeedBasisCreateH1, "invalid topology", kIncompatible, "99", [&w] {
        CeedBasis b = nullptr;
        return CeedBasisCreateH1(w.ceed, (CeedElemTopology)99, 1, 2, 3, kMatrix, kMatrix, kMatrix, kMatrix, &b);
      }()),
      ROW(CeedBasisCreateHdiv, "NULL output", kIncompatible, "NULL",
          CeedBasisCreateHdiv(w.ceed, CEED_TOPOLOGY_QUAD, 1, 2, 3, kMatrix, kMatrix, kMatrix, kMatrix, nullptr)),
      ROW(CeedBasisCreateHcurl, "NULL output", kIncompatible, "NULL",
          CeedBasisCreateHcurl(w.ceed, CEED_TOPOLOGY_QUAD, 1, 2, 3, kMatrix, kMatrix, kMatrix, kMatrix, nullptr)),
      ROW(CeedBasisCreateProjection, "NULL output", kIncompatible, "NULL", CeedBasisCreateProjection(w.basis, w.basis, nullptr)),
      ROW(CeedBasisReferenceCopy, "NULL output", kIncompatible, "NULL", CeedBasisReferenceCopy(w.basis, nullptr)),
      ROW(CeedBasisDestroy, "NULL pointer", kIncompatible, "NULL", CeedBasisDestroy(nullptr)),
      ROW(CeedBasisApply, "input too short", kDimension, "5", CeedBasisApply(w.basis, 4, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, w.x, w.q)),
      ROW(CeedBasisApplyAdd, "no-transpose", kUnsupported, "CEED_TRANSPOSE", CeedBasisApplyAdd(w.basis, 1, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, w.x, w.y)),
      ROW(CeedBasisApplyAtPoints, "invalid transpose mode", kIncompatible, "4", [&w] {
        const CeedInt num_points[1] = {3};
        return CeedBasisApplyAtPoints(w.basis, 1, num_points, (CeedTransposeMode)4, CEED_EVAL_INTERP, w.x, w.y, w.q);
      }()),
      ROW(CeedBasisApplyAddAtPoints, "no-transpose", kUnsupported, "CEED_TRANSPOSE", [&w] {
        const CeedInt num_points[1] = {3};
        return CeedBasisApplyAddAtPoints(w.basis, 1, num_points, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, w.x, w.y, w.q);
      }()),
      ROW(CeedBasisGetCeed, "NULL output", kIncompatible, "NULL", CeedBasisGetCeed(w.basis, nullptr)),
      ROW(CeedBasisGetDimension, "NULL output", kIncompatible, "NULL", CeedBasisGetDimension(w.basis, nullptr)),
      ROW(CeedBasisGetTopology, "NULL output", kIncompatible, "NULL", CeedBasisGetTopology(w.basis, nullptr)),
      ROW(CeedBasisGetNumComponents, "NULL output", kIncompatible, "NULL", CeedBasisGetNumComponents(w.basis, nullptr)),
      ROW(CeedBasisGetNumNodes, "NULL output", kIncompatible, "NULL", CeedBasisGetNumNodes(w.basis, nullptr)),
      ROW(CeedBasisGetNumNodes1D, "NULL output", kIncompatible, "NULL", CeedBasisGetNumNodes1D(w.basis, nullptr)),
      ROW(CeedBasisGetNumQuadraturePoints, "NULL output", kIncompatible, "NULL", CeedBasisGetNumQuadraturePoints(w.basis, nullptr)),
      ROW(CeedBasisGetNumQuadraturePoints1D, "NULL output", kIncompatible, "NULL", CeedBasisGetNumQuadraturePoints1D(w.basis, nullptr)),
      ROW(CeedBasisGetQRef, "NULL output", kIncompatible, "NULL", CeedBasisGetQRef(w.basis, nullptr)),
      ROW(CeedBasisGetQWeights, "NULL output", kIncompatible, "NULL", CeedBasisGetQWeights(w.basis, nullptr)),
      ROW(CeedBasisGetInterp, "NULL output", kIncompatible, "NULL", CeedBasisGetInterp(w.basis, nullptr)),
      ROW(CeedBasisGetInterp1D, "NULL output", kIncompatible, "NULL", CeedBasisGetInterp1D(w.basis, nullptr)),
      ROW(CeedBasisGetGrad, "NULL output", kIncompatible, "NULL", CeedBasisGetGrad(w.basis, nullptr)),
      ROW(CeedBasisGetGrad1D, "NULL output", kIncompatible, "NULL", CeedBasisGetGrad1D(w.basis, nullptr)),
      ROW(CeedBasisGetDiv, "NULL output", kIncompatible, "NULL", CeedBasisGetDiv(w.basis, nullptr)),
      ROW(CeedBasisGetCurl, "NULL output", kIncompatible, "NULL", CeedBasisGetCurl(w.basis, nullptr)),
      ROW(CeedBasisSetNumViewTabs, "negative count", kMinor, "-1", CeedBasisSetNumViewTabs(w.basis, -1)),
      ROW(CeedBasisGetNumViewTabs, "NULL output", kIncompatible, "NULL", CeedBasisGetNumViewTabs(w.basis, nullptr)),
      ROW(CeedBasisView, "NULL stream", kIncompatible, "NULL", CeedBasisView(w.basis, nullptr)),
      ROW(CeedGaussQuadrature, "no points", kDimension, "0", [] {
        CeedScalar x[1], q[1];
        return CeedGaussQuadrature(0, x, q);
      }()),
      ROW(CeedLobattoQuadrature, "one point", kDimension, "1", [] {
        CeedScalar x[1], q[1];
        return CeedLobattoQuadrature(1, x, q);
      }()),
  };
}

}  // namespace

const std::vector<Row> &Rows() {
  static const std::vector<Row> rows = [] {
    std::vector<Row> all = MakeRows();
    std::vector<Row> more = MoreRows();
    all.insert(all.end(), more.begin(), more.end());
    return all;
  }();
  return rows;
}

}  // namespace sweep

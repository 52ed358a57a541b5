// CeedQFunctionContext: byte buffer with per-memory-space storage, the access-lock protocol of spec 00 §6
// (code CEED_ERROR_MINOR, texts of spec 05 §3), registered fields (labels), typed label access from
// ceed/backend.h and the view of spec 07 §8.5.
#include "qfunction/qfunction-context.hpp"

#include <cstdint>
#include <cstdlib>
#include <cstring>

using ceed::Buffer;
using ceed::BufferOwner;

#define CeedContextError(ctx, func, ecode, ...) \
  (CeedErrorImpl((ctx)->header.ceed, __FILE__, __LINE__, (func), (ecode), __VA_ARGS__), (ecode))

namespace {

const char *MemName(CeedMemType mem_type) { return mem_type == CEED_MEM_DEVICE ? "device" : "host"; }

const char *TypeName(CeedContextFieldType type) {
  switch (type) {
    case CEED_CONTEXT_FIELD_DOUBLE:
      return "double";
    case CEED_CONTEXT_FIELD_INT32:
      return "int32";
    case CEED_CONTEXT_FIELD_BOOL:
      return "bool";
  }
  return "unknown";
}

int CheckContext(CeedQFunctionContext ctx, const char *func) {
  if (!ctx) {
    CeedErrorImpl(nullptr, __FILE__, __LINE__, func, CEED_ERROR_INCOMPATIBLE, "CeedQFunctionContext handle is NULL");
    return CEED_ERROR_INCOMPATIBLE;
  }
  return CEED_ERROR_SUCCESS;
}

int CheckMemType(CeedQFunctionContext ctx, CeedMemType mem_type, const char *func) {
  if (mem_type != CEED_MEM_HOST && mem_type != CEED_MEM_DEVICE)
    return CeedContextError(ctx, func, CEED_ERROR_INCOMPATIBLE, "Invalid CeedMemType %d for CeedQFunctionContext", static_cast<int>(mem_type));
  return CEED_ERROR_SUCCESS;
}

Ceed DeviceBackend(CeedQFunctionContext ctx) { return ceed::FindDeviceBackend(ctx->header.ceed, "Context"); }

bool HasValidData(CeedQFunctionContext ctx) { return ctx->buffers[CEED_MEM_HOST].valid || ctx->buffers[CEED_MEM_DEVICE].valid; }

// Attaches core-owned memory of ctx->size bytes to the buffer of mem_type if it has none.
int Allocate(CeedQFunctionContext ctx, Ceed dev, CeedMemType mem_type, Buffer &b, const char *func) {
  if (b.ptr || ctx->size == 0) return CEED_ERROR_SUCCESS;
  void *ptr = nullptr;
  if (mem_type == CEED_MEM_HOST) {
    if (ceed::HostMemalign(&ptr, CEED_ALIGN, ctx->size) != 0)
      return CeedContextError(ctx, func, CEED_ERROR_MAJOR, "Could not allocate %zu bytes of host memory for CeedQFunctionContext", ctx->size);
  } else {
    CeedCall(dev->ops.DeviceAlloc(dev, ctx->size, &ptr));
  }
  b.ptr   = ptr;
  b.owner = BufferOwner::kCore;
  return CEED_ERROR_SUCCESS;
}

// Makes the buffer of mem_type hold the current data (copying from the other memory space).
int Sync(CeedQFunctionContext ctx, Ceed dev, CeedMemType mem_type, const char *func) {
  Buffer &dst = ctx->buffers[mem_type];
  if (dst.valid) return CEED_ERROR_SUCCESS;
  const CeedMemType other = mem_type == CEED_MEM_HOST ? CEED_MEM_DEVICE : CEED_MEM_HOST;
  Buffer           &src   = ctx->buffers[other];
  if (!src.valid) return CeedContextError(ctx, func, CEED_ERROR_BACKEND, "CeedQFunctionContext has no valid data, must set data with CeedQFunctionContextSetData");
  if (ctx->size > 0) {
    if (!dev) return CeedContextError(ctx, func, CEED_ERROR_MAJOR, "CeedQFunctionContext holds device data but no backend provides device memory");
    CeedCall(Allocate(ctx, dev, mem_type, dst, func));
    CeedCall(ceed::CountedDeviceCopy(dev, dst.ptr, mem_type, src.ptr, other, ctx->size));
  }
  dst.valid = true;
  return CEED_ERROR_SUCCESS;
}

// Runs the user data-destroy callback on the current data, then releases all storage except the memory
// at keep (which the caller is installing again).
int DestroyData(CeedQFunctionContext ctx, const void *keep, const char *func) {
  Ceed dev = DeviceBackend(ctx);
  if (ctx->data_destroy && HasValidData(ctx)) {
    CeedCall(Sync(ctx, dev, ctx->data_destroy_mem, func));
    void *data = ctx->buffers[ctx->data_destroy_mem].ptr;
    if (data) {
      int ierr = ctx->data_destroy(data);
      if (ierr) return CeedContextError(ctx, func, CEED_ERROR_MAJOR, "User data destroy callback of CeedQFunctionContext failed with code %d", ierr);
    }
  }
  for (int m = 0; m < ceed::kNumMemTypes; m++) {
    Buffer &b = ctx->buffers[m];
    if (b.ptr == keep && keep) b = Buffer{};
    else CeedCall(ceed::BufferRelease(dev, static_cast<CeedMemType>(m), b));
  }
  return CEED_ERROR_SUCCESS;
}

int ContextViewObject(CeedObject obj, FILE *stream) { return CeedQFunctionContextView(reinterpret_cast<CeedQFunctionContext>(obj), stream); }

int ContextDestroyObject(CeedObject *obj) { return CeedQFunctionContextDestroy(reinterpret_cast<CeedQFunctionContext *>(obj)); }

CeedContextFieldLabel FindLabel(CeedQFunctionContext ctx, const char *name) {
  for (CeedContextFieldLabel label : ctx->labels)
    if (label->name == name) return label;
  return nullptr;
}

int RegisterField(CeedQFunctionContext ctx, const char *field_name, size_t field_offset, size_t num_values, const char *field_description,
                  CeedContextFieldType type, const char *func) {
  CeedCall(CheckContext(ctx, func));
  CEED_API_TRY
  if (!field_name || !field_name[0])
    return CeedContextError(ctx, func, CEED_ERROR_INCOMPATIBLE, "Cannot register a CeedQFunctionContext field with a %s name", field_name ? "empty" : "NULL");
  if (FindLabel(ctx, field_name))
    return CeedContextError(ctx, func, CEED_ERROR_UNSUPPORTED, "QFunctionContext field with name \"%s\" already registered", field_name);
  const size_t type_size = ceed::ContextFieldTypeSize(type);
  if (num_values > (SIZE_MAX - field_offset) / type_size)
    return CeedContextError(ctx, func, CEED_ERROR_INCOMPATIBLE, "QFunctionContext field \"%s\": offset %zu with %zu values overflows", field_name,
                            field_offset, num_values);
  const size_t bytes = num_values * type_size;
  if (HasValidData(ctx) && field_offset + bytes > ctx->size)
    return CeedContextError(ctx, func, CEED_ERROR_INCOMPATIBLE,
                            "QFunctionContext field \"%s\" (offset %zu, %zu bytes) does not fit in the %zu bytes of context data", field_name,
                            field_offset, bytes, ctx->size);
  auto *label        = new CeedContextFieldLabel_private();
  label->name        = field_name;
  label->description = field_description ? field_description : "";
  label->type        = type;
  label->offset      = field_offset;
  label->num_values  = num_values;
  label->size        = bytes;
  try {
    ctx->labels.push_back(label);
  } catch (...) {
    delete label;
    throw;
  }
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ctx->header.ceed)
}

// Checks that label can address typed values of ctx: non-NULL, not composite, of the given type,
// registered on ctx (or an identical registration) and inside the data.
int CheckLabel(CeedQFunctionContext ctx, CeedContextFieldLabel label, CeedContextFieldType type, const char *func) {
  CeedCall(CheckContext(ctx, func));
  if (!label) return CeedContextError(ctx, func, CEED_ERROR_UNSUPPORTED, "Invalid field label");
  if (label->is_composite)
    return CeedContextError(ctx, func, CEED_ERROR_UNSUPPORTED,
                            "Composite field label \"%s\" cannot address a single CeedQFunctionContext, use the CeedOperator context functions",
                            label->name.c_str());
  if (label->type != type)
    return CeedContextError(ctx, func, CEED_ERROR_UNSUPPORTED, "QFunctionContext field with name \"%s\" registered as %s, not registered as %s",
                            label->name.c_str(), TypeName(label->type), TypeName(type));
  CeedContextFieldLabel own = FindLabel(ctx, label->name.c_str());
  if (!own || (own != label && (own->type != label->type || own->offset != label->offset || own->num_values != label->num_values)))
    return CeedContextError(ctx, func, CEED_ERROR_INCOMPATIBLE, "Field label \"%s\" is not registered on this CeedQFunctionContext",
                            label->name.c_str());
  if (label->offset + label->size > ctx->size)
    return CeedContextError(ctx, func, CEED_ERROR_INCOMPATIBLE,
                            "QFunctionContext field \"%s\" (offset %zu, %zu bytes) lies outside the %zu bytes of context data", label->name.c_str(),
                            label->offset, label->size, ctx->size);
  return CEED_ERROR_SUCCESS;
}

// Writes label->size bytes from values into the data, only if they differ (unchanged writes keep the state).
int SetGeneric(CeedQFunctionContext ctx, CeedContextFieldLabel label, CeedContextFieldType type, const void *values, const char *func) {
  CeedCall(CheckLabel(ctx, label, type, func));
  if (!values) return CeedContextError(ctx, func, CEED_ERROR_INCOMPATIBLE, "Values pointer for QFunctionContext field \"%s\" is NULL", label->name.c_str());
  if (label->size == 0) return CEED_ERROR_SUCCESS;
  const char *read = nullptr;
  CeedCall(CeedQFunctionContextGetDataRead(ctx, CEED_MEM_HOST, &read));
  const bool same = std::memcmp(read + label->offset, values, label->size) == 0;
  CeedCall(CeedQFunctionContextRestoreDataRead(ctx, &read));
  if (same) return CEED_ERROR_SUCCESS;
  char *data = nullptr;
  CeedCall(CeedQFunctionContextGetData(ctx, CEED_MEM_HOST, &data));
  std::memcpy(data + label->offset, values, label->size);
  return CeedQFunctionContextRestoreData(ctx, &data);
}

int GetGenericRead(CeedQFunctionContext ctx, CeedContextFieldLabel label, CeedContextFieldType type, size_t *num_values, const void **values,
                   const char *func) {
  CeedCall(CheckLabel(ctx, label, type, func));
  if (!num_values || !values)
    return CeedContextError(ctx, func, CEED_ERROR_INCOMPATIBLE, "Output pointers for QFunctionContext field \"%s\" must be non-NULL", label->name.c_str());
  const char *data = nullptr;
  CeedCall(CeedQFunctionContextGetDataRead(ctx, CEED_MEM_HOST, &data));
  *values     = data ? data + label->offset : nullptr;
  *num_values = label->num_values;
  return CEED_ERROR_SUCCESS;
}

int RestoreGenericRead(CeedQFunctionContext ctx, CeedContextFieldLabel label, CeedContextFieldType type, const void **values, const char *func) {
  CeedCall(CheckLabel(ctx, label, type, func));
  if (!values) return CeedContextError(ctx, func, CEED_ERROR_INCOMPATIBLE, "Values pointer to restore for field \"%s\" is NULL", label->name.c_str());
  const void *data = nullptr;
  CeedCall(CeedQFunctionContextRestoreDataRead(ctx, &data));
  *values = nullptr;
  return CEED_ERROR_SUCCESS;
}

}  // namespace

namespace ceed {

size_t ContextFieldTypeSize(CeedContextFieldType type) {
  switch (type) {
    case CEED_CONTEXT_FIELD_DOUBLE:
      return sizeof(double);
    case CEED_CONTEXT_FIELD_INT32:
      return sizeof(int32_t);
    case CEED_CONTEXT_FIELD_BOOL:
      return sizeof(bool);
  }
  return 0;
}

}  // namespace ceed

// ---- Creation, references, destruction -------------------------------------------------------------

int CeedQFunctionContextCreate(Ceed ceed, CeedQFunctionContext *ctx) {
  CeedCheck(ceed, NULL, CEED_ERROR_INCOMPATIBLE, "Cannot create CeedQFunctionContext: Ceed handle is NULL");
  CeedCheck(ctx, ceed, CEED_ERROR_INCOMPATIBLE, "Cannot create CeedQFunctionContext: output handle pointer is NULL");
  CEED_API_TRY
  *ctx   = nullptr;
  auto *c = new CeedQFunctionContext_private();
  int   ierr = ceed::ObjectInit(c->header, ceed, ContextViewObject, ContextDestroyObject);
  if (ierr) {
    delete c;
    return ierr;
  }
  *ctx = c;
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}

int CeedQFunctionContextReferenceCopy(CeedQFunctionContext ctx, CeedQFunctionContext *ctx_copy) {
  CeedCheck(ctx_copy, ctx ? ctx->header.ceed : NULL, CEED_ERROR_INCOMPATIBLE,
            "Cannot reference copy CeedQFunctionContext: destination pointer is NULL");
  if (!ctx) return CeedQFunctionContextDestroy(ctx_copy);  // a NULL source clears *ctx_copy
  ctx->header.ref_count++;
  int ierr = CeedQFunctionContextDestroy(ctx_copy);
  if (ierr) {
    ctx->header.ref_count--;
    return ierr;
  }
  *ctx_copy = ctx;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionContextDestroy(CeedQFunctionContext *ctx) {
  CeedCheck(ctx, NULL, CEED_ERROR_INCOMPATIBLE, "Cannot destroy CeedQFunctionContext: pointer to the handle is NULL");
  CeedQFunctionContext c = *ctx;
  if (!c) return CEED_ERROR_SUCCESS;
  if (c->header.ref_count > 1) {
    c->header.ref_count--;
    *ctx = nullptr;
    return CEED_ERROR_SUCCESS;
  }
  CeedCheck(c->state % 2 == 0, c->header.ceed, CEED_ERROR_MINOR, "Cannot destroy CeedQFunctionContext, the access lock is in use");
  CeedCheck(c->num_readers == 0, c->header.ceed, CEED_ERROR_MINOR, "Cannot destroy CeedQFunctionContext, a process has read access");
  CeedCall(DestroyData(c, nullptr, __func__));
  for (CeedContextFieldLabel label : c->labels) delete label;
  int ierr = ceed::ObjectReleaseCeed(c->header);
  delete c;
  *ctx = nullptr;
  return ierr;
}

// ---- Data ------------------------------------------------------------------------------------------

int CeedQFunctionContextSetData(CeedQFunctionContext ctx, CeedMemType mem_type, CeedCopyMode copy_mode, size_t size, void *data) {
  CeedCall(CheckContext(ctx, __func__));
  Ceed ceed = ctx->header.ceed;
  CeedCall(CheckMemType(ctx, mem_type, __func__));
  CeedCheck(copy_mode == CEED_COPY_VALUES || copy_mode == CEED_USE_POINTER || copy_mode == CEED_OWN_POINTER, ceed, CEED_ERROR_INCOMPATIBLE,
            "Invalid CeedCopyMode %d for CeedQFunctionContext", static_cast<int>(copy_mode));
  CeedCheck(ctx->state % 2 == 0, ceed, CEED_ERROR_MINOR, "Cannot grant CeedQFunctionContext data access, the access lock is already in use");
  CeedCheck(ctx->num_readers == 0, ceed, CEED_ERROR_MINOR, "Cannot grant CeedQFunctionContext data access, a process has read access");
  Ceed dev = DeviceBackend(ctx);
  CeedCheck(mem_type == CEED_MEM_HOST || dev, ceed, CEED_ERROR_BACKEND, "Can only set HOST memory for this backend");
  CeedCheck(data || size == 0 || copy_mode == CEED_COPY_VALUES, ceed, CEED_ERROR_INCOMPATIBLE,
            "Cannot set %zu bytes of CeedQFunctionContext data from a NULL pointer without CEED_COPY_VALUES", size);

  // Prepare the new storage first so that a failure leaves the context unchanged.
  Buffer fresh;
  if (copy_mode == CEED_COPY_VALUES) {
    if (size > 0) {
      void *ptr = nullptr;
      if (mem_type == CEED_MEM_HOST) {
        CeedCheck(ceed::HostMemalign(&ptr, CEED_ALIGN, size) == 0, ceed, CEED_ERROR_MAJOR,
                  "Could not allocate %zu bytes of host memory for CeedQFunctionContext", size);
        if (data) std::memcpy(ptr, data, size);
        else std::memset(ptr, 0, size);
      } else {
        CeedCall(dev->ops.DeviceAlloc(dev, size, &ptr));
        if (data) {
          int ierr = dev->ops.DeviceCopy(dev, ptr, CEED_MEM_DEVICE, data, CEED_MEM_DEVICE, size);
          if (ierr) {
            dev->ops.DeviceFree(dev, ptr);
            return ierr;
          }
        }
      }
      fresh.ptr   = ptr;
      fresh.owner = BufferOwner::kCore;
    }
  } else {
    fresh.ptr   = data;
    fresh.owner = copy_mode == CEED_OWN_POINTER ? BufferOwner::kUser : BufferOwner::kBorrowed;
  }
  fresh.valid = true;
  int ierr    = DestroyData(ctx, copy_mode == CEED_COPY_VALUES ? nullptr : data, __func__);
  if (ierr) {
    if (copy_mode == CEED_COPY_VALUES) ceed::BufferRelease(dev, mem_type, fresh);
    return ierr;
  }
  ctx->buffers[mem_type] = fresh;
  ctx->size              = size;
  ctx->state += 2;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionContextTakeData(CeedQFunctionContext ctx, CeedMemType mem_type, void *data) {
  CeedCall(CheckContext(ctx, __func__));
  Ceed ceed = ctx->header.ceed;
  CeedCall(CheckMemType(ctx, mem_type, __func__));
  CeedCheck(ctx->state % 2 == 0, ceed, CEED_ERROR_MINOR, "Cannot grant CeedQFunctionContext data access, the access lock is already in use");
  CeedCheck(ctx->num_readers == 0, ceed, CEED_ERROR_MINOR, "Cannot grant CeedQFunctionContext data access, a process has read access");
  Ceed dev = DeviceBackend(ctx);
  CeedCheck(mem_type == CEED_MEM_HOST || dev, ceed, CEED_ERROR_BACKEND, "Can only provide HOST memory for this backend");
  CeedCheck(HasValidData(ctx), ceed, CEED_ERROR_BACKEND, "CeedQFunctionContext has no valid data to take, must set data with CeedQFunctionContextSetData");
  Buffer &b = ctx->buffers[mem_type];
  CeedCheck(b.owner == BufferOwner::kBorrowed, ceed, CEED_ERROR_BACKEND,
            "CeedQFunctionContext has no borrowed %s data, must set data with CeedQFunctionContextSetData", MemName(mem_type));
  CeedCall(Sync(ctx, dev, mem_type, __func__));
  if (data) *static_cast<void **>(data) = b.ptr;
  b = Buffer{};
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionContextGetData(CeedQFunctionContext ctx, CeedMemType mem_type, void *data) {
  CeedCall(CheckContext(ctx, __func__));
  Ceed ceed = ctx->header.ceed;
  CeedCheck(data, ceed, CEED_ERROR_INCOMPATIBLE, "Output data pointer for CeedQFunctionContext access is NULL");
  CeedCall(CheckMemType(ctx, mem_type, __func__));
  CeedCheck(ctx->state % 2 == 0, ceed, CEED_ERROR_MINOR, "Cannot grant CeedQFunctionContext data access, the access lock is already in use");
  CeedCheck(ctx->num_readers == 0, ceed, CEED_ERROR_MINOR, "Cannot grant CeedQFunctionContext data access, a process has read access");
  Ceed dev = DeviceBackend(ctx);
  CeedCheck(mem_type == CEED_MEM_HOST || dev, ceed, CEED_ERROR_BACKEND, "Can only provide HOST memory for this backend");
  CeedCheck(HasValidData(ctx), ceed, CEED_ERROR_BACKEND, "CeedQFunctionContext has no valid data to get, must set data with CeedQFunctionContextSetData");
  CeedCall(Sync(ctx, dev, mem_type, __func__));
  ctx->buffers[mem_type == CEED_MEM_HOST ? CEED_MEM_DEVICE : CEED_MEM_HOST].valid = false;
  ctx->state++;
  *static_cast<void **>(data) = ctx->buffers[mem_type].ptr;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionContextGetDataRead(CeedQFunctionContext ctx, CeedMemType mem_type, void *data) {
  CeedCall(CheckContext(ctx, __func__));
  Ceed ceed = ctx->header.ceed;
  CeedCheck(data, ceed, CEED_ERROR_INCOMPATIBLE, "Output data pointer for CeedQFunctionContext access is NULL");
  CeedCall(CheckMemType(ctx, mem_type, __func__));
  CeedCheck(ctx->state % 2 == 0, ceed, CEED_ERROR_MINOR, "Cannot grant CeedQFunctionContext data access, the access lock is already in use");
  Ceed dev = DeviceBackend(ctx);
  CeedCheck(mem_type == CEED_MEM_HOST || dev, ceed, CEED_ERROR_BACKEND, "Can only provide HOST memory for this backend");
  CeedCheck(HasValidData(ctx), ceed, CEED_ERROR_BACKEND, "CeedQFunctionContext has no valid data to get, must set data with CeedQFunctionContextSetData");
  CeedCall(Sync(ctx, dev, mem_type, __func__));
  ctx->num_readers++;
  *static_cast<const void **>(data) = ctx->buffers[mem_type].ptr;
  if (ctx->num_readers == 1 && mem_type == CEED_MEM_HOST && ctx->size > 0) {
    Ceed checker = ceed::FindBackend(ceed, "Context", [](const CeedBackendOps &o) { return o.ContextReadGranted != nullptr; });
    if (checker) {
      int ierr = checker->ops.ContextReadGranted(ctx, ctx->buffers[mem_type].ptr, ctx->size);
      if (ierr) ctx->num_readers--;  // not granted after all
      CeedCall(ierr);
    }
  }
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionContextRestoreData(CeedQFunctionContext ctx, void *data) {
  CeedCall(CheckContext(ctx, __func__));
  CeedCheck(data, ctx->header.ceed, CEED_ERROR_INCOMPATIBLE, "Data pointer to restore for CeedQFunctionContext is NULL");
  CeedCheck(ctx->state % 2 == 1, ctx->header.ceed, CEED_ERROR_MINOR, "Cannot restore CeedQFunctionContext array access, access was not granted");
  ctx->state++;
  *static_cast<void **>(data) = nullptr;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionContextRestoreDataRead(CeedQFunctionContext ctx, void *data) {
  CeedCall(CheckContext(ctx, __func__));
  CeedCheck(data, ctx->header.ceed, CEED_ERROR_INCOMPATIBLE, "Data pointer to restore for CeedQFunctionContext is NULL");
  CeedCheck(ctx->num_readers > 0, ctx->header.ceed, CEED_ERROR_MINOR,
            "Cannot restore CeedQFunctionContext array read access, access was not granted");
  ctx->num_readers--;
  *static_cast<const void **>(data) = nullptr;
  Ceed checker = ctx->num_readers ? nullptr : ceed::FindBackend(ctx->header.ceed, "Context", [](const CeedBackendOps &o) { return o.ContextReadRestored != nullptr; });
  if (checker) CeedCall(checker->ops.ContextReadRestored(ctx));
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionContextSetDataDestroy(CeedQFunctionContext ctx, CeedMemType f_mem_type, CeedQFunctionContextDataDestroyUser f) {
  CeedCall(CheckContext(ctx, __func__));
  CeedCheck(f, ctx->header.ceed, CEED_ERROR_MINOR, "Must provide valid callback function for destroying user data");
  CeedCall(CheckMemType(ctx, f_mem_type, __func__));
  CeedCheck(f_mem_type == CEED_MEM_HOST || DeviceBackend(ctx), ctx->header.ceed, CEED_ERROR_BACKEND, "Can only provide HOST memory for this backend");
  ctx->data_destroy     = f;
  ctx->data_destroy_mem = f_mem_type;
  return CEED_ERROR_SUCCESS;
}

// ---- Field labels ----------------------------------------------------------------------------------

int CeedQFunctionContextRegisterDouble(CeedQFunctionContext ctx, const char *field_name, size_t field_offset, size_t num_values,
                                       const char *field_description) {
  return RegisterField(ctx, field_name, field_offset, num_values, field_description, CEED_CONTEXT_FIELD_DOUBLE, __func__);
}

int CeedQFunctionContextRegisterInt32(CeedQFunctionContext ctx, const char *field_name, size_t field_offset, size_t num_values,
                                      const char *field_description) {
  return RegisterField(ctx, field_name, field_offset, num_values, field_description, CEED_CONTEXT_FIELD_INT32, __func__);
}

int CeedQFunctionContextRegisterBoolean(CeedQFunctionContext ctx, const char *field_name, size_t field_offset, size_t num_values,
                                        const char *field_description) {
  return RegisterField(ctx, field_name, field_offset, num_values, field_description, CEED_CONTEXT_FIELD_BOOL, __func__);
}

int CeedQFunctionContextGetAllFieldLabels(CeedQFunctionContext ctx, const CeedContextFieldLabel **field_labels, CeedInt *num_fields) {
  CeedCall(CheckContext(ctx, __func__));
  CeedCheck(field_labels && num_fields, ctx->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointers for the CeedQFunctionContext field labels are NULL");
  *field_labels = ctx->labels.empty() ? nullptr : ctx->labels.data();
  *num_fields   = static_cast<CeedInt>(ctx->labels.size());
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionContextGetFieldLabel(CeedQFunctionContext ctx, const char *field_name, CeedContextFieldLabel *field_label) {
  CeedCall(CheckContext(ctx, __func__));
  CeedCheck(field_label, ctx->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer for the CeedQFunctionContext field label is NULL");
  CeedCheck(field_name, ctx->header.ceed, CEED_ERROR_INCOMPATIBLE, "Field name to look up in the CeedQFunctionContext is NULL");
  *field_label = FindLabel(ctx, field_name);
  return CEED_ERROR_SUCCESS;
}

int CeedContextFieldLabelGetDescription(CeedContextFieldLabel label, const char **field_name, size_t *field_offset, size_t *num_values,
                                        const char **field_description, CeedContextFieldType *field_type) {
  CeedCheck(label, NULL, CEED_ERROR_INCOMPATIBLE, "CeedContextFieldLabel handle is NULL");
  if (field_name) *field_name = label->name.c_str();
  if (field_offset) *field_offset = label->offset;
  if (num_values) *num_values = label->num_values;
  if (field_description) *field_description = label->description.c_str();
  if (field_type) *field_type = label->type;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionContextSetDouble(CeedQFunctionContext ctx, CeedContextFieldLabel field_label, double *values) {
  return SetGeneric(ctx, field_label, CEED_CONTEXT_FIELD_DOUBLE, values, __func__);
}

int CeedQFunctionContextSetInt32(CeedQFunctionContext ctx, CeedContextFieldLabel field_label, int32_t *values) {
  return SetGeneric(ctx, field_label, CEED_CONTEXT_FIELD_INT32, values, __func__);
}

int CeedQFunctionContextSetBoolean(CeedQFunctionContext ctx, CeedContextFieldLabel field_label, bool *values) {
  return SetGeneric(ctx, field_label, CEED_CONTEXT_FIELD_BOOL, values, __func__);
}

int CeedQFunctionContextGetDoubleRead(CeedQFunctionContext ctx, CeedContextFieldLabel field_label, size_t *num_values, const double **values) {
  const void *v    = nullptr;
  int         ierr = GetGenericRead(ctx, field_label, CEED_CONTEXT_FIELD_DOUBLE, num_values, values ? &v : nullptr, __func__);
  if (!ierr) *values = static_cast<const double *>(v);
  return ierr;
}

int CeedQFunctionContextRestoreDoubleRead(CeedQFunctionContext ctx, CeedContextFieldLabel field_label, const double **values) {
  const void *v    = values ? *values : nullptr;
  int         ierr = RestoreGenericRead(ctx, field_label, CEED_CONTEXT_FIELD_DOUBLE, values ? &v : nullptr, __func__);
  if (!ierr) *values = nullptr;
  return ierr;
}

int CeedQFunctionContextGetInt32Read(CeedQFunctionContext ctx, CeedContextFieldLabel field_label, size_t *num_values, const int32_t **values) {
  const void *v    = nullptr;
  int         ierr = GetGenericRead(ctx, field_label, CEED_CONTEXT_FIELD_INT32, num_values, values ? &v : nullptr, __func__);
  if (!ierr) *values = static_cast<const int32_t *>(v);
  return ierr;
}

int CeedQFunctionContextRestoreInt32Read(CeedQFunctionContext ctx, CeedContextFieldLabel field_label, const int32_t **values) {
  const void *v    = values ? *values : nullptr;
  int         ierr = RestoreGenericRead(ctx, field_label, CEED_CONTEXT_FIELD_INT32, values ? &v : nullptr, __func__);
  if (!ierr) *values = nullptr;
  return ierr;
}

int CeedQFunctionContextGetBooleanRead(CeedQFunctionContext ctx, CeedContextFieldLabel field_label, size_t *num_values, const bool **values) {
  const void *v    = nullptr;
  int         ierr = GetGenericRead(ctx, field_label, CEED_CONTEXT_FIELD_BOOL, num_values, values ? &v : nullptr, __func__);
  if (!ierr) *values = static_cast<const bool *>(v);
  return ierr;
}

int CeedQFunctionContextRestoreBooleanRead(CeedQFunctionContext ctx, CeedContextFieldLabel field_label, const bool **values) {
  const void *v    = values ? *values : nullptr;
  int         ierr = RestoreGenericRead(ctx, field_label, CEED_CONTEXT_FIELD_BOOL, values ? &v : nullptr, __func__);
  if (!ierr) *values = nullptr;
  return ierr;
}

// ---- Queries and view --------------------------------------------------------------------------------

int CeedQFunctionContextGetContextSize(CeedQFunctionContext ctx, size_t *ctx_size) {
  CeedCall(CheckContext(ctx, __func__));
  CeedCheck(ctx_size, ctx->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer for the CeedQFunctionContext size is NULL");
  *ctx_size = ctx->size;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionContextGetState(CeedQFunctionContext ctx, uint64_t *state) {
  CeedCall(CheckContext(ctx, __func__));
  CeedCheck(state, ctx->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer for the CeedQFunctionContext state is NULL");
  *state = ctx->state;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionContextHasValidData(CeedQFunctionContext ctx, bool *has_valid_data) {
  CeedCall(CheckContext(ctx, __func__));
  CeedCheck(has_valid_data, ctx->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer for CeedQFunctionContextHasValidData is NULL");
  *has_valid_data = HasValidData(ctx);
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionContextSetNumViewTabs(CeedQFunctionContext ctx, CeedInt num_tabs) {
  CeedCall(CheckContext(ctx, __func__));
  CeedCheck(num_tabs >= 0, ctx->header.ceed, CEED_ERROR_MINOR, "Number of view tabs must be non-negative, got %d for CeedQFunctionContext", num_tabs);
  ctx->header.num_view_tabs = num_tabs;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionContextGetNumViewTabs(CeedQFunctionContext ctx, CeedInt *num_tabs) {
  CeedCall(CheckContext(ctx, __func__));
  CeedCheck(num_tabs, ctx->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer for the number of view tabs is NULL");
  *num_tabs = ctx->header.num_view_tabs;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionContextView(CeedQFunctionContext ctx, FILE *stream) {
  CeedCall(CheckContext(ctx, __func__));
  CeedCheck(stream, ctx->header.ceed, CEED_ERROR_INCOMPATIBLE, "Cannot view CeedQFunctionContext to a NULL stream");
  CEED_API_TRY
  const std::string tabs = ceed::Indent(ctx->header.num_view_tabs);
  std::fprintf(stream, "%sCeedQFunctionContext\n", tabs.c_str());
  std::fprintf(stream, "%s  Context Data Size: %zu\n", tabs.c_str(), ctx->size);
  for (CeedContextFieldLabel label : ctx->labels)
    std::fprintf(stream, "%s  Labeled %s field: %s\n", tabs.c_str(), TypeName(label->type), label->name.c_str());
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ctx->header.ceed)
}

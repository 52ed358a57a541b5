/** \file
 * HIP extension of the API: a QFunction may carry a kernel the application compiled itself.
 *
 * The function goes to the backend's SetHIPUserFunction slot (the /gpu/hip backends implement it); backends
 * without that slot ignore it. The calling convention is the one of CeedQFunctionSetCUDAUserFunction in
 * ceed/cuda.h. */
#ifndef CEED_HIP_H
#define CEED_HIP_H

#include <ceed/ceed.h>

/* As with libCEED, the HIP runtime types come with this header when the translation unit is compiled for HIP
 * (the runtime header refuses a plain host compile); the declaration below does not need it (hipFunction_t is
 * struct ihipModuleSymbol_t * on AMD GPUs, the platform a HIP backend targets). */
#if defined(__HIPCC__) || defined(__HIP_PLATFORM_AMD__) || defined(__HIP_PLATFORM_NVIDIA__)
#include <hip/hip_runtime.h>
#endif

/* ---- QFunction kernels compiled by the application ------------------------------------------ */
struct ihipModuleSymbol_t;
/** Gives qf a HIP kernel compiled by the application, run in place of the one built from its source. */
CEED_EXTERN int CeedQFunctionSetHIPUserFunction(CeedQFunction qf, struct ihipModuleSymbol_t *f);

#endif /* CEED_HIP_H */

/* HIP extension of the API: a QFunction may carry a kernel the application compiled itself.
 *
 * No HIP backend ships with ceedrt yet: the function goes to the backend's SetHIPUserFunction slot, which a
 * third-party HIP plugin may implement, and backends without that slot ignore it. The calling convention to
 * follow is the one of CeedQFunctionSetCUDAUserFunction in ceed/cuda.h. */
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
CEED_EXTERN int CeedQFunctionSetHIPUserFunction(CeedQFunction qf, struct ihipModuleSymbol_t *f);

#endif /* CEED_HIP_H */

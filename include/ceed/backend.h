/** \file
 * ceedrt backend interface: what a backend plugin (a shared library loaded with dlopen) sees of the core.
 *
 * Layering: the core validates arguments, keeps reference counts, access locks, views and default
 * algorithms; a backend supplies data movement and kernels through versioned operation tables
 * (one per object kind). Every table starts with its size so that an older plugin compiled against a
 * shorter table keeps working: the core copies what the plugin provides and zero-fills the rest.
 *
 * The functions used by libCEED's tests (07 §9 of the spec) are declared here with their exact
 * prototypes; everything else is ceedrt's own design. */
#ifndef CEED_BACKEND_H
#define CEED_BACKEND_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "ceed.h"

/** Longest resource string and stored error message, in bytes. */
#define CEED_MAX_RESOURCE_LEN 1024
/** Priority of registry placeholders for backends that were not built (never chosen). */
#define CEED_MAX_BACKEND_PRIORITY UINT_MAX
/** Alignment in bytes of the memory helpers' allocations. */
#define CEED_ALIGN 64
/** Most sub-operators a composite operator holds. */
#define CEED_COMPOSITE_MAX 16
/** Most input (and most output) fields of a QFunction. */
#define CEED_FIELD_MAX 16
/** Spaces per view tab. */
#define CEED_TAB_WIDTH 2

/** Kinds of element restriction (03 §1). */
typedef enum {
  CEED_RESTRICTION_STANDARD      = 1,
  CEED_RESTRICTION_ORIENTED      = 2,
  CEED_RESTRICTION_CURL_ORIENTED = 3,
  CEED_RESTRICTION_STRIDED       = 4,
  CEED_RESTRICTION_POINTS        = 5,
} CeedRestrictionType;

/** Function spaces of bases. */
typedef enum { CEED_FE_SPACE_H1 = 1, CEED_FE_SPACE_HDIV = 2, CEED_FE_SPACE_HCURL = 3 } CeedFESpace;
/** Names of the CeedFESpace values ("H^1 space", ...), indexed by value. */
CEED_EXTERN const char *const CeedFESpaces[];

/* ---- Error plumbing ------------------------------------------------------------------------------ */

/** Return the code of a failing call. */
#define CeedCall(...)                                    \
  do {                                                   \
    int ceed_ierr_ = (__VA_ARGS__);                      \
    if (ceed_ierr_ != CEED_ERROR_SUCCESS) return ceed_ierr_; \
  } while (0)
/** Same, but a recoverable (positive) code from inside a backend becomes CEED_ERROR_BACKEND. */
#define CeedCallBackend(...)                                                            \
  do {                                                                                  \
    int ceed_ierr_ = (__VA_ARGS__);                                                     \
    if (ceed_ierr_ != CEED_ERROR_SUCCESS) return ceed_ierr_ > 0 ? CEED_ERROR_BACKEND : ceed_ierr_; \
  } while (0)
/** Raise an error through ceed's handler unless cond holds. */
#define CeedCheck(cond, ceed, ecode, ...)                              \
  do {                                                                 \
    if (!(cond)) return CeedError((ceed), (ecode), __VA_ARGS__);       \
  } while (0)

/** Debug output (stdout, only when CEED_DEBUG, DEBUG or DBG is set in the environment). */
CEED_EXTERN bool CeedDebugFlagEnv(void);
/** Reports whether debug output is on for ceed. */
CEED_EXTERN int  CeedIsDebug(Ceed ceed, bool *is_debug);
/** Prints a printf-style debug line for ceed when debug output is on (use CeedDebug()). */
CEED_EXTERN void CeedDebugImpl(Ceed ceed, const char *format, ...);
/** Debug output of ceed, printed only when debug output is on. */
#define CeedDebug(ceed, ...) CeedDebugImpl((ceed), __VA_ARGS__)

/* ---- Memory helpers (aligned to CEED_ALIGN; free with CeedFree) -------------------------------- */
/** Allocates n items of unit bytes, aligned to CEED_ALIGN, into the pointer at p; free with CeedFree(). */
CEED_EXTERN int CeedMallocArray(size_t n, size_t unit, void *p);
/** Like CeedMallocArray(), zero-filled. */
CEED_EXTERN int CeedCallocArray(size_t n, size_t unit, void *p);
/** Resizes the allocation at the pointer at p to n items of unit bytes, keeping its contents. */
CEED_EXTERN int CeedReallocArray(size_t n, size_t unit, void *p);
/** Frees what the memory helpers allocated (p is the address of the pointer, which is set to NULL). */
CEED_EXTERN int CeedFree(void *p);
/** Copies a NUL-terminated string into new memory (*copy); free with CeedFree(). */
CEED_EXTERN int CeedStringAllocCopy(const char *source, char **copy);
/** Allocates n items of the type *p points to into *p. */
#define CeedMalloc(n, p) CeedMallocArray((n), sizeof(**(p)), p)
/** Like CeedMalloc(), zero-filled. */
#define CeedCalloc(n, p) CeedCallocArray((n), sizeof(**(p)), p)
/** Resizes *p to n items of its type. */
#define CeedRealloc(n, p) CeedReallocArray((n), sizeof(**(p)), p)

/* ---- Plugin ABI ----------------------------------------------------------------------------------
 * A plugin is a shared library plus a JSON manifest (see docs/backends.md). The manifest names
 * the library, the ABI version, the entry symbol and the resource prefixes with their priorities. The
 * entry symbol has type CeedBackendPluginEntry and returns a static description whose abi_version must
 * equal CEED_BACKEND_ABI_VERSION. For each CeedInit that selects one of the plugin's prefixes the core
 * calls init(resource, ceed) with the full requested resource; init installs CeedBackendOps on ceed. */
/** Version of the plugin ABI; a plugin's description must carry it. */
#define CEED_BACKEND_ABI_VERSION 1u

/** Backend initialisation: installs the backend's operations on ceed for the requested resource (options included). */
typedef int (*CeedBackendInit)(const char *resource, Ceed ceed);
/** What a plugin's entry symbol returns: its static description. */
typedef struct {
  /** CEED_BACKEND_ABI_VERSION of the headers the plugin was built with. */
  unsigned int    abi_version;
  /** The plugin's name, in messages. */
  const char     *name;
  /** Called for each CeedInit selecting one of its resources. */
  CeedBackendInit init;
} CeedBackendPlugin;
/** Type of a plugin's entry symbol (named in its manifest): returns its static description. */
typedef const CeedBackendPlugin *(*CeedBackendPluginEntry)(void);

/** Register an in-process backend (lower priority values win among equal-length prefix matches). */
CEED_EXTERN int CeedRegister(const char *prefix, CeedBackendInit init, unsigned int priority);

/** Discovered plugins (manifests), for diagnostics tools: status is "loaded", "not loaded" or the
   reason the plugin cannot be used; load=true tries to load it first. Strings live as long as the process. */
CEED_EXTERN int CeedRegistryGetNumPlugins(size_t *num_plugins);
/** Describes discovered plugin index: its manifest path, name, library and status; load=true loads it first. */
CEED_EXTERN int CeedRegistryGetPluginInfo(size_t index, bool load, const char **manifest, const char **name,
                                          const char **library, const char **status);

struct CeedElementAssemblyArgs; /**< <ceed/jit-source/assembly/ceed-element-assembly.h> */

/** Device memory and context-level operations. Every member may be NULL. */
typedef struct {
  size_t size; /**< sizeof(CeedBackendOps) as the plugin was compiled */
  /** Frees the backend data of ceed. */
  int (*Destroy)(Ceed ceed);
  /** The memory type the backend works in (NULL: host). */
  int (*GetPreferredMemType)(Ceed ceed, CeedMemType *mem_type);
  /** Makes ceed's work go to a GPU stream. */
  int (*SetStream)(Ceed ceed, void *handle);
  /** Device memory: without these the context only offers CEED_MEM_HOST. */
  int (*DeviceAlloc)(Ceed ceed, size_t bytes, void **ptr);
  /** Frees device memory from DeviceAlloc. */
  int (*DeviceFree)(Ceed ceed, void *ptr);
  /** Copies bytes between host and device memory in either direction. */
  int (*DeviceCopy)(Ceed ceed, void *dst, CeedMemType dst_mem, const void *src, CeedMemType src_mem, size_t bytes);
  /** Vector kernels on the backend's preferred memory (NULL: the core's host loops). */
  int (*VectorSetValue)(CeedVector vec, CeedScalar value);
  /** CeedVectorNorm() on the backend. */
  int (*VectorNorm)(CeedVector vec, CeedNormType type, CeedScalar *norm);
  /** CeedVectorScale() on the backend. */
  int (*VectorScale)(CeedVector x, CeedScalar alpha);
  /** CeedVectorAXPY() on the backend. */
  int (*VectorAXPY)(CeedVector y, CeedScalar alpha, CeedVector x);
  /** CeedVectorAXPBY() on the backend. */
  int (*VectorAXPBY)(CeedVector y, CeedScalar alpha, CeedScalar beta, CeedVector x);
  /** CeedVectorPointwiseMult() on the backend. */
  int (*VectorPointwiseMult)(CeedVector w, CeedVector x, CeedVector y);
  /** CeedVectorReciprocal() on the backend. */
  int (*VectorReciprocal)(CeedVector vec);
  /** Object creation hooks: the object is fully initialised by the core (sizes, arrays, matrices);
     the hook attaches backend data and the object's operation table. NULL: ask the delegate. */
  int (*ElemRestrictionCreate)(CeedElemRestriction rstr);
  /** Creation hook of bases. */
  int (*BasisCreate)(CeedBasis basis);
  /** Creation hook of QFunctions. */
  int (*QFunctionCreate)(CeedQFunction qf);
  /** Creation hook of single operators (and operators at points). */
  int (*OperatorCreate)(CeedOperator op);
  /** Creation hook of composite operators. */
  int (*CompositeOperatorCreate)(CeedOperator op);
  /** Optional: run every item of an element assembly (CeedElementAssemblyItem for 0 <= item <
     CeedElementAssemblyNumItems) with the arrays in the preferred memory type. With it, the core's default
     diagonal and COO assembly keep the element work on the backend's memory; NULL: host loops. */
  int (*AssembleElements)(Ceed ceed, const struct CeedElementAssemblyArgs *args);
  /** Storage precisions the vector kernels above serve, as bits 1u << CeedScalarType; 0: CEED_SCALAR_TYPE only.
     The core calls a kernel only when every operand prefers one precision the kernels serve (other mixes run its
     host loops); the kernel then accesses the operands in that precision (CeedVectorGetPreferredScalarType and
     the typed access functions). */
  unsigned vector_scalar_types;
  /** Optional: converts n values between precisions in device memory (dst and src from DeviceAlloc), so that a
     vector valid on the device in one precision is read there in the other without staging through the host. */
  int (*DeviceConvert)(Ceed ceed, void *dst, CeedScalarType dst_type, const void *src, CeedScalarType src_type, CeedSize n);
  /** Optional, for checking backends (/cpu/self/memcheck): called when host read-only access to a vector's array or
     a context's data is granted to the first reader (the bytes it may read), and when the last reader restores it,
     after the access was given back; an error from the second fails the restore. */
  int (*VectorReadGranted)(CeedVector vec, const void *host_array, size_t bytes);
  /** The last reader of a vector gave its host array back. */
  int (*VectorReadRestored)(CeedVector vec);
  /** A context's host data was granted for reading. */
  int (*ContextReadGranted)(CeedQFunctionContext ctx, const void *host_data, size_t bytes);
  /** The last reader of a context gave its data back. */
  int (*ContextReadRestored)(CeedQFunctionContext ctx);
  /** Optional: *result = x^T y, summed in CeedScalar (NULL: the core's host loop). */
  int (*VectorDot)(CeedVector x, CeedVector y, CeedScalar *result);
  /** Optional: CeedVectorSetValueStrided() on the backend, stop already resolved (start < stop <= length). */
  int (*VectorSetValueStrided)(CeedVector vec, CeedSize start, CeedSize stop, CeedSize step, CeedScalar value);
} CeedBackendOps;

/** Installs the context-level operations of ceed (called from a backend's init); the table is copied. */
CEED_EXTERN int CeedSetBackendOps(Ceed ceed, const CeedBackendOps *ops);
/** Returns the backend data of ceed into the pointer at data. */
CEED_EXTERN int CeedGetData(Ceed ceed, void *data);
/** Sets the backend data of ceed (the backend frees it in its Destroy). */
CEED_EXTERN int CeedSetData(Ceed ceed, void *data);
/** Declares whether ceed's backend gives bitwise-reproducible results (CeedIsDeterministic()). */
CEED_EXTERN int CeedSetDeterministic(Ceed ceed, bool is_deterministic);
/** Full requested resource including ":key=value" options (CeedGetResource gives the registered prefix). */
CEED_EXTERN int CeedGetResourceRequested(Ceed ceed, const char **resource);
/** Value of option key in the requested resource ("/gpu/cuda/gen:device_id=1"), or NULL if absent. */
CEED_EXTERN int CeedGetResourceOption(Ceed ceed, const char *key, char *value, size_t value_len, bool *found);
/** A resource that several backends match ("/cpu/self", "/gpu") is served by the first candidate, in priority
   order, whose plugin loads and whose init succeeds. The candidates skipped before the one serving ceed: their
   registered prefixes and why each could not be used (borrowed, valid while ceed lives; 0 when none was skipped). */
CEED_EXTERN int CeedGetSkippedResources(Ceed ceed, CeedInt *num_skipped, const char *const **resources, const char *const **reasons);

/** Delegation: a delegate implements whatever this context lacks; an object delegate does so for one
   object kind ("ElemRestriction", "Basis", "QFunction", "Operator"); the operator fallback runs
   operator methods (assembly, multigrid, FDM) this backend lacks on a clone of the operator. */
CEED_EXTERN int CeedSetDelegate(Ceed ceed, Ceed delegate);
/** Returns the delegate of ceed (borrowed; NULL if none). */
CEED_EXTERN int CeedGetDelegate(Ceed ceed, Ceed *delegate);
/** Sets the delegate for one object kind (obj_name: "ElemRestriction", "Basis", "QFunction", "Operator"); ceed
    keeps a reference. */
CEED_EXTERN int CeedSetObjectDelegate(Ceed ceed, Ceed delegate, const char *obj_name);
/** Returns the delegate for one object kind (borrowed; NULL if none). */
CEED_EXTERN int CeedGetObjectDelegate(Ceed ceed, Ceed *delegate, const char *obj_name);
/** Sets the context that runs operator methods this backend lacks; ceed keeps a reference. */
CEED_EXTERN int CeedSetOperatorFallbackCeed(Ceed ceed, Ceed fallback_ceed);
/** Returns the operator fallback context (borrowed; NULL if none). */
CEED_EXTERN int CeedGetOperatorFallbackCeed(Ceed ceed, Ceed *fallback_ceed);
/** Returns the root context ceed delegates for (ceed itself when it is no delegate); borrowed. */
CEED_EXTERN int CeedGetParent(Ceed ceed, Ceed *parent);

/** JIT source roots and defines (read access is counted; CeedAddJit* fail while it is held). */
CEED_EXTERN int CeedGetJitSourceRoots(Ceed ceed, CeedInt *num_source_roots, const char ***jit_source_roots);
/** Ends a read of the JIT source roots and NULLs the caller's array. */
CEED_EXTERN int CeedRestoreJitSourceRoots(Ceed ceed, const char ***jit_source_roots);
/** Lends the JIT defines of the root context under a read count; give them back with CeedRestoreJitDefines(). */
CEED_EXTERN int CeedGetJitDefines(Ceed ceed, CeedInt *num_defines, const char ***jit_defines);
/** Ends a read of the JIT defines and NULLs the caller's array. */
CEED_EXTERN int CeedRestoreJitDefines(Ceed ceed, const char ***jit_defines);
/** JIT source loading (spec 01 §6). The absolute path of a source file given relative to the JIT source
   roots (or the working directory); and one self-contained translation unit made from a source file:
   local includes and ceed JIT headers inlined once each with \#line markers, standard and host-only
   ceed headers dropped, other <...> includes kept, \#pragma once removed. Free results with CeedFree. */
CEED_EXTERN int CeedGetJitAbsolutePath(Ceed ceed, const char *relative_path, char **absolute_path);
/** Builds the self-contained translation unit of a QFunction source file (see above) into *buffer. */
CEED_EXTERN int CeedLoadSourceToBuffer(Ceed ceed, const char *source_path, char **buffer);

/** Persistent kernel cache, shared by every backend, thread and process, for any compiled artefact (a
   shared object for the CPU, a cubin or PTX for a GPU). Entries are content-addressed: the key is the
   SHA-256 (64 hexadecimal digits) of the parts that determine the artefact, e.g. generated source,
   compiler identity and version, flags and target. An entry is one file KEY.EXT in the cache folder,
   written under a temporary name and renamed into place, ending with a trailer (size, checksum) that
   every lookup verifies: a truncated or corrupt entry is deleted and reported as a miss. Concurrent
   writers of one key both succeed. Folder: $CEEDRT_CACHE_DIR, else $XDG_CACHE_HOME/ceedrt, else
   $HOME/.cache/ceedrt, else $TMPDIR/ceedrt-cache-UID. It is used only if no other user can change it (ours,
   not writable by group or others, every parent ours or root's and, if others may write it, sticky);
   otherwise, and with CEEDRT_CACHE=off, persistence is off: lookups miss and stored entries go to a private
   folder of the process (mkdtemp) whose entries are removed at exit. Entries are opened without following
   links and used only if they are regular files of this user that nobody else can write; others count as
   corrupt. The folder is kept under CEEDRT_CACHE_MAX_SIZE (bytes, K/M/G suffixes, default 1G, 0 for no bound):
   after a store, the files of the least recently used keys (a hit counts as a use) are removed first.
   Returned paths and bytes: free with CeedFree. */
#define CEED_KERNEL_CACHE_KEY_SIZE 65 /**< 64 hexadecimal digits and the terminating NUL */
/** Counters of the kernel cache in this process. */
typedef struct {
  uint64_t hits;      /**< lookups that found a valid entry */
  uint64_t misses;    /**< lookups that found none */
  uint64_t stores;    /**< entries stored */
  uint64_t discarded; /**< corrupt or untrusted entries deleted */
} CeedKernelCacheStats;
/** Key of the NUL-terminated parts (each hashed with its length, so part boundaries matter). */
CEED_EXTERN int CeedKernelCacheComputeKey(CeedInt num_parts, const char *const *parts, char key[CEED_KERNEL_CACHE_KEY_SIZE]);
/** The folder entries live in (created if needed) and whether it persists beyond the process. */
CEED_EXTERN int CeedKernelCacheGetDirectory(Ceed ceed, char **directory, bool *is_persistent);
/** A unique path in the cache folder for a file being produced (a compiler's output), to store with
   CeedKernelCacheStoreFile or remove. */
CEED_EXTERN int CeedKernelCacheGetTemporaryPath(Ceed ceed, const char *key, const char *ext, char **path);
/** The verified entry's path or bytes; *path / *bytes NULL on a miss. Bytes are followed by a NUL that num_bytes
   does not count. Load a path through CeedKernelCacheOpenEntry, never by name: it could be replaced after the check. */
CEED_EXTERN int CeedKernelCacheLookupFile(Ceed ceed, const char *key, const char *ext, char **path);
/** Like CeedKernelCacheLookupFile(), giving the verified entry's bytes (*bytes NULL on a miss). */
CEED_EXTERN int CeedKernelCacheLookupBytes(Ceed ceed, const char *key, const char *ext, void **bytes, size_t *num_bytes);
/** Stores an entry from bytes or from a file (which is consumed); *path (optional) receives its location. */
CEED_EXTERN int CeedKernelCacheStoreBytes(Ceed ceed, const char *key, const char *ext, const void *bytes, size_t num_bytes, char **path);
/** Stores an entry from a file, which is consumed; *path (optional) receives the entry's location. */
CEED_EXTERN int CeedKernelCacheStoreFile(Ceed ceed, const char *key, const char *ext, const char *file_path, char **path);
/** Writes a plain side file KEY.EXT (no trailer, never looked up): generated source or a compiler log
   kept beside the entry for diagnostics. *path (optional) receives its location. */
CEED_EXTERN int CeedKernelCacheWriteFile(Ceed ceed, const char *key, const char *ext, const void *bytes, size_t num_bytes, char **path);
/** Counters of this process since it started. */
CEED_EXTERN int CeedKernelCacheGetStats(CeedKernelCacheStats *stats);
/** Opens the entry at path (as given by CeedKernelCacheLookupFile or CeedKernelCacheStoreFile) for loading: it is
   checked and verified again on the open descriptor *fd, so that loading "/proc/self/fd/<fd>" (dlopen) uses
   exactly the checked bytes. Fails (CEED_ERROR_MAJOR, the reason in the message) for an untrusted or corrupt
   entry. The caller closes *fd; a shared object loaded through it must keep it open while loaded, since the
   loader knows it by that name. */
CEED_EXTERN int CeedKernelCacheOpenEntry(Ceed ceed, const char *path, int *fd);
/** The configured cache folder and why it was refused (not trusted, see above, or not writable); both NULL when
   it is in use or the cache is off. Free both with CeedFree. */
CEED_EXTERN int CeedKernelCacheGetRefusedDirectory(Ceed ceed, char **directory, char **reason);

/** Work vectors (spec 07 §9). */
CEED_EXTERN int CeedGetWorkVector(Ceed ceed, CeedSize len, CeedVector *vec);
/** Gives back a work vector from CeedGetWorkVector() and NULLs *vec. */
CEED_EXTERN int CeedRestoreWorkVector(Ceed ceed, CeedVector *vec);
/** Frees the idle work vectors shorter than min_len. */
CEED_EXTERN int CeedClearWorkVectors(Ceed ceed, CeedSize min_len);
/** Reports the memory of all work vectors of ceed in MB. */
CEED_EXTERN int CeedGetWorkVectorMemoryUsage(Ceed ceed, CeedScalar *usage_mb);

/* ---- Vectors ------------------------------------------------------------------------------------- */
/** Returns the vector's state counter, which grows by 2 with every completed write (00 §6). */
CEED_EXTERN int CeedVectorGetState(CeedVector vec, uint64_t *state);
/** Reports whether the vector holds valid data in some memory. */
CEED_EXTERN int CeedVectorHasValidArray(CeedVector vec, bool *has_valid_array);
/** Reports whether the vector holds an array lent with CEED_USE_POINTER in mem_type memory. */
CEED_EXTERN int CeedVectorHasBorrowedArrayOfType(CeedVector vec, CeedMemType mem_type, bool *has_borrowed_array_of_type);
/** An asynchronous operation on ceed's device failed (found at a synchronization point, e.g. a QFunction
    error recorded by a kernel): marks every output vector of the operator applications since the last
    CeedMarkPendingOutputsComplete() invalid (no valid data in any precision or memory) and forgets them. */
CEED_EXTERN int CeedMarkPendingOutputsInvalid(Ceed ceed);
/** Every operator application on ceed's device launched so far has completed without error: forgets the
    output vectors kept for CeedMarkPendingOutputsInvalid(). */
CEED_EXTERN int CeedMarkPendingOutputsComplete(Ceed ceed);

/* ---- Element restrictions ------------------------------------------------------------------------ */
/** Operations of one restriction, installed by the backend's creation hook; NULL members fall back to the core. */
typedef struct {
  size_t size; /**< sizeof(CeedElemRestrictionBackendOps) as the plugin was compiled */
  /** E (NOTRANSPOSE, overwrite) or E^T (TRANSPOSE, add). use_signs=false ignores orientations
     (unsigned copy: |T| for curl orientations); use_orients=false ignores all orientation data. */
  int (*Apply)(CeedElemRestriction rstr, CeedTransposeMode t_mode, bool use_signs, bool use_orients, CeedVector u,
               CeedVector ru, CeedRequest *request);
  /** CeedElemRestrictionApplyBlock() for blocked restrictions. */
  int (*ApplyBlock)(CeedElemRestriction rstr, CeedInt block, CeedTransposeMode t_mode, CeedVector u, CeedVector ru,
                    CeedRequest *request);
  /** CeedElemRestrictionApplyAtPointsInElement() for points restrictions. */
  int (*ApplyAtPointsInElement)(CeedElemRestriction rstr, CeedInt elem, CeedTransposeMode t_mode, CeedVector u,
                                CeedVector ru, CeedRequest *request);
  /** Frees the backend data of the restriction. */
  int (*Destroy)(CeedElemRestriction rstr);
} CeedElemRestrictionBackendOps;

/** Installs a restriction's operations (from the creation hook); the table is copied. */
CEED_EXTERN int CeedElemRestrictionSetBackendOps(CeedElemRestriction rstr, const CeedElemRestrictionBackendOps *ops);
/** Returns the restriction's backend data into the pointer at data. */
CEED_EXTERN int CeedElemRestrictionGetData(CeedElemRestriction rstr, void *data);
/** Sets the restriction's backend data. */
CEED_EXTERN int CeedElemRestrictionSetData(CeedElemRestriction rstr, void *data);
/** Returns the restriction's kind. */
CEED_EXTERN int CeedElemRestrictionGetType(CeedElemRestriction rstr, CeedRestrictionType *rstr_type);
/** Reports whether the restriction is strided. */
CEED_EXTERN int CeedElemRestrictionIsStrided(CeedElemRestriction rstr, bool *is_strided);
/** Reports whether the restriction is an at-points one. */
CEED_EXTERN int CeedElemRestrictionIsAtPoints(CeedElemRestriction rstr, bool *is_points);
/** Reports whether a strided restriction was created with CEED_STRIDES_BACKEND. */
CEED_EXTERN int CeedElemRestrictionHasBackendStrides(CeedElemRestriction rstr, bool *has_backend_strides);
/** Strides of a strided restriction, with CEED_STRIDES_BACKEND resolved to the backend L-layout. */
CEED_EXTERN int CeedElemRestrictionGetStrides(CeedElemRestriction rstr, CeedInt strides[3]);
/** Lends the offsets in mem_type memory under a read lock; give them back with CeedElemRestrictionRestoreOffsets(). */
CEED_EXTERN int CeedElemRestrictionGetOffsets(CeedElemRestriction rstr, CeedMemType mem_type, const CeedInt **offsets);
/** Ends a read of the offsets and NULLs the caller's pointer. */
CEED_EXTERN int CeedElemRestrictionRestoreOffsets(CeedElemRestriction rstr, const CeedInt **offsets);
/** Lends the sign flags of an oriented restriction in mem_type memory; give them back with the restore function. */
CEED_EXTERN int CeedElemRestrictionGetOrientations(CeedElemRestriction rstr, CeedMemType mem_type, const bool **orients);
/** Ends a read of the sign flags. */
CEED_EXTERN int CeedElemRestrictionRestoreOrientations(CeedElemRestriction rstr, const bool **orients);
/** Lends the tridiagonal curl matrices of a curl-oriented restriction in mem_type memory. */
CEED_EXTERN int CeedElemRestrictionGetCurlOrientations(CeedElemRestriction rstr, CeedMemType mem_type,
                                                       const CeedInt8 **curl_orients);
/** Ends a read of the curl matrices. */
CEED_EXTERN int CeedElemRestrictionRestoreCurlOrientations(CeedElemRestriction rstr, const CeedInt8 **curl_orients);
/** Returns the E-vector layout: node, component and element strides (03 §1). */
CEED_EXTERN int CeedElemRestrictionGetELayout(CeedElemRestriction rstr, CeedInt layout[3]);
/** Sets the E-vector layout the backend uses (from the creation hook). */
CEED_EXTERN int CeedElemRestrictionSetELayout(CeedElemRestriction rstr, const CeedInt layout[3]);
/** Returns the L-vector layout of a strided restriction with backend strides. */
CEED_EXTERN int CeedElemRestrictionGetLLayout(CeedElemRestriction rstr, CeedInt layout[3]);
/** Sets the L-layout that CEED_STRIDES_BACKEND means for this backend. */
CEED_EXTERN int CeedElemRestrictionSetLLayout(CeedElemRestriction rstr, const CeedInt layout[3]);
/** Returns where element elem's block starts in the E-vector of a points restriction. */
CEED_EXTERN int CeedElemRestrictionGetAtPointsElementOffset(CeedElemRestriction rstr, CeedInt elem, CeedSize *elem_offset);
/** Whether two at-points restrictions describe the same point layout. */
CEED_EXTERN int CeedElemRestrictionAtPointsAreCompatible(CeedElemRestriction rstr_a, CeedElemRestriction rstr_b,
                                                         bool *are_compatible);
/** How CeedElemRestrictionApply treats the orientation data: use_signs is false for unsigned copies
   (oriented: plain offsets; curl-oriented: |T|), use_orients false for unoriented copies (plain offsets).
   Either output may be NULL. Backends that read the arrays themselves (fused kernels) must honour them. */
CEED_EXTERN int CeedElemRestrictionGetOrientationFlags(CeedElemRestriction rstr, bool *use_signs, bool *use_orients);

/* ---- Bases --------------------------------------------------------------------------------------- */
/** Operations of one basis, installed by the backend's creation hook; NULL members fall back to the core. */
typedef struct {
  size_t size; /**< sizeof(CeedBasisBackendOps) as the plugin was compiled */
  /** Layouts as in CeedBasisApply (element index fastest for num_elem > 1); add only with TRANSPOSE. */
  int (*Apply)(CeedBasis basis, CeedInt num_elem, CeedTransposeMode t_mode, CeedEvalMode eval_mode, CeedVector u,
               CeedVector v, bool add);
  /** Optional; NULL: the core's default (one element at a time). With num_elem > 1, nodal data are
     [elem][comp][P] and point data [eval component][comp][total points], elements' points consecutive. */
  int (*ApplyAtPoints)(CeedBasis basis, CeedInt num_elem, const CeedInt *num_points, CeedTransposeMode t_mode,
                       CeedEvalMode eval_mode, CeedVector x_ref, CeedVector u, CeedVector v, bool add);
  /** Frees the backend data of the basis. */
  int (*Destroy)(CeedBasis basis);
} CeedBasisBackendOps;

/** Installs a basis's operations (from the creation hook); the table is copied. */
CEED_EXTERN int CeedBasisSetBackendOps(CeedBasis basis, const CeedBasisBackendOps *ops);
/** 1-D nodes of a tensor basis created with CeedBasisCreateTensorH1Lagrange; NULL for a basis given by
   its matrices (evaluation at arbitrary points then goes through the quadrature points). */
CEED_EXTERN int CeedBasisGetNodes1D(CeedBasis basis, const CeedScalar **nodes_1d);
/** Returns the basis's backend data into the pointer at data. */
CEED_EXTERN int CeedBasisGetData(CeedBasis basis, void *data);
/** Sets the basis's backend data. */
CEED_EXTERN int CeedBasisSetData(CeedBasis basis, void *data);
/** Reports whether the basis is a tensor product. */
CEED_EXTERN int CeedBasisIsTensor(CeedBasis basis, bool *is_tensor);
/** Reports whether the basis's nodes are its quadrature points (interpolation is the identity). */
CEED_EXTERN int CeedBasisIsCollocated(CeedBasis basis, bool *is_collocated);
/** Returns the basis's function space. */
CEED_EXTERN int CeedBasisGetFESpace(CeedBasis basis, CeedFESpace *fe_space);
/** Returns the values per point and component the basis produces for eval_mode (04). */
CEED_EXTERN int CeedBasisGetNumQuadratureComponents(CeedBasis basis, CeedEvalMode eval_mode, CeedInt *q_comp);
/** Writes the 1D derivative matrix at the quadrature points (Q_1d x Q_1d) of a tensor basis into colo_grad_1d. */
CEED_EXTERN int CeedBasisGetCollocatedGrad(CeedBasis basis, CeedScalar *colo_grad_1d);
/** FLOPs of one application on one element (spec 06 §10). */
CEED_EXTERN int CeedBasisGetFlopsEstimate(CeedBasis basis, CeedTransposeMode t_mode, CeedEvalMode eval_mode,
                                          bool is_at_points, CeedInt num_points, CeedSize *flops);

/** Dense linear algebra (row-major). */
CEED_EXTERN int CeedMatrixMatrixMultiply(Ceed ceed, const CeedScalar *mat_A, const CeedScalar *mat_B, CeedScalar *mat_C,
                                         CeedInt m, CeedInt n, CeedInt kk);
/** Writes the least-squares pseudoinverse (n x m) of an m x n matrix into mat_pinv. */
CEED_EXTERN int CeedMatrixPseudoinverse(Ceed ceed, const CeedScalar *mat, CeedInt m, CeedInt n, CeedScalar *mat_pinv);
/** Householder QR of an m x n matrix in place: R above the diagonal, the reflectors below, their scales in tau. */
CEED_EXTERN int CeedQRFactorization(Ceed ceed, CeedScalar *mat, CeedScalar *tau, CeedInt m, CeedInt n);
/** Applies Q (or its transpose) of CeedQRFactorization() to the m x n matrix mat_A, row and column strides given. */
CEED_EXTERN int CeedHouseholderApplyQ(CeedScalar *mat_A, const CeedScalar *mat_Q, const CeedScalar *tau, CeedTransposeMode t_mode,
                                      CeedInt m, CeedInt n, CeedInt k, CeedInt row, CeedInt col);
/** Eigenvalues (lambda) and eigenvectors (in mat, by columns) of a symmetric n x n matrix. */
CEED_EXTERN int CeedSymmetricSchurDecomposition(Ceed ceed, CeedScalar *mat, CeedScalar *lambda, CeedInt n);
/** Solves the generalized symmetric eigenproblem: x^T A x = diag(lambda) with x^T B x = I. */
CEED_EXTERN int CeedSimultaneousDiagonalization(Ceed ceed, CeedScalar *mat_A, CeedScalar *mat_B, CeedScalar *x,
                                                CeedScalar *lambda, CeedInt n);

/* ---- QFunctions and contexts --------------------------------------------------------------------- */
/** Operations of one QFunction, installed by the backend's creation hook; NULL members fall back to the core. */
typedef struct {
  size_t size; /**< sizeof(CeedQFunctionBackendOps) as the plugin was compiled */
  /** CeedQFunctionApply() on the backend. */
  int (*Apply)(CeedQFunction qf, CeedInt Q, CeedVector *u, CeedVector *v);
  /** Frees the backend data of the QFunction. */
  int (*Destroy)(CeedQFunction qf);
  /** Optional: a kernel compiled by the application (CUfunction, hipFunction_t) to run in place of the one built
   * from the source file; see ceed/cuda.h for the calling convention. NULL: the backend ignores it. */
  int (*SetCUDAUserFunction)(CeedQFunction qf, void *function);
  /** The same for HIP. */
  int (*SetHIPUserFunction)(CeedQFunction qf, void *function);
} CeedQFunctionBackendOps;

/** Installs a QFunction's operations (from the creation hook); the table is copied. */
CEED_EXTERN int CeedQFunctionSetBackendOps(CeedQFunction qf, const CeedQFunctionBackendOps *ops);
/** Returns the QFunction's backend data into the pointer at data. */
CEED_EXTERN int CeedQFunctionGetData(CeedQFunction qf, void *data);
/** Sets the QFunction's backend data. */
CEED_EXTERN int CeedQFunctionSetData(CeedQFunction qf, void *data);
/** Returns the user callback. */
CEED_EXTERN int CeedQFunctionGetUserFunction(CeedQFunction qf, CeedQFunctionUser *f);
/** Returns vec_length: point counts passed to the callback are multiples of it. */
CEED_EXTERN int CeedQFunctionGetVectorLength(CeedQFunction qf, CeedInt *vec_length);
/** Returns the numbers of input and output fields. */
CEED_EXTERN int CeedQFunctionGetNumArgs(CeedQFunction qf, CeedInt *num_input_fields, CeedInt *num_output_fields);
/** Returns the path of the QFunction's source file (lent; empty when it has none). */
CEED_EXTERN int CeedQFunctionGetSourcePath(CeedQFunction qf, const char **source_path);
/** Returns the function name of the source string (lent). */
CEED_EXTERN int CeedQFunctionGetKernelName(CeedQFunction qf, const char **kernel_name);
/** Returns the gallery name, or the kernel name for a user QFunction (lent). */
CEED_EXTERN int CeedQFunctionGetName(CeedQFunction qf, const char **name);
/** Returns the operations per point set by CeedQFunctionSetUserFlopsEstimate() (-1 when unset). */
CEED_EXTERN int CeedQFunctionGetUserFlopsEstimate(CeedQFunction qf, CeedSize *flops);
/** Reports whether the QFunction is the gallery identity (backends may then alias input and output). */
CEED_EXTERN int CeedQFunctionIsIdentity(CeedQFunction qf, bool *is_identity);
/** Reports whether the callback may write its context. */
CEED_EXTERN int CeedQFunctionIsContextWritable(CeedQFunction qf, bool *is_writable);
/** Marks the user function as a Fortran subroutine (the Fortran interface does): its source string then names a C twin
    for JIT backends that may differ from it, so CPU backends call the function and never compile the twin. Refused
    once the QFunction is immutable. */
CEED_EXTERN int CeedQFunctionSetFortranStatus(CeedQFunction qf, bool status);
/** Reports whether the user function is a Fortran subroutine (CeedQFunctionSetFortranStatus). */
CEED_EXTERN int CeedQFunctionGetFortranStatus(CeedQFunction qf, bool *status);
/** Borrowed context (NULL if none). */
CEED_EXTERN int CeedQFunctionGetContext(CeedQFunction qf, CeedQFunctionContext *ctx);
/** Context data with read-write or read-only access according to the writability flag (NULL if none). */
CEED_EXTERN int CeedQFunctionGetContextData(CeedQFunction qf, CeedMemType mem_type, void *data);
/** Gives back the context data from CeedQFunctionGetContextData(). */
CEED_EXTERN int CeedQFunctionRestoreContextData(CeedQFunction qf, void *data);
/** Gallery registration; init adds fields, context and FLOP estimate to a QFunction created by name. */
CEED_EXTERN int CeedQFunctionRegister(const char *name, const char *source, CeedInt vec_length, CeedQFunctionUser f,
                                      int (*init)(Ceed ceed, const char *requested, CeedQFunction qf));

/** Returns the context's state counter (grows by 2 with every completed write). */
CEED_EXTERN int CeedQFunctionContextGetState(CeedQFunctionContext ctx, uint64_t *state);
/** Reports whether the context holds data. */
CEED_EXTERN int CeedQFunctionContextHasValidData(CeedQFunctionContext ctx, bool *has_valid_data);
/** Returns the label of a registered field (lent), or NULL when no field has that name. */
CEED_EXTERN int CeedQFunctionContextGetFieldLabel(CeedQFunctionContext ctx, const char *field_name,
                                                  CeedContextFieldLabel *field_label);
/** Writes the double values of a labelled field (the state changes only if they differ). */
CEED_EXTERN int CeedQFunctionContextSetDouble(CeedQFunctionContext ctx, CeedContextFieldLabel field_label, double *values);
/** Writes the int32 values of a labelled field. */
CEED_EXTERN int CeedQFunctionContextSetInt32(CeedQFunctionContext ctx, CeedContextFieldLabel field_label, int32_t *values);
/** Writes the bool values of a labelled field. */
CEED_EXTERN int CeedQFunctionContextSetBoolean(CeedQFunctionContext ctx, CeedContextFieldLabel field_label, bool *values);
/** Lends the double values of a labelled field and their count under a read lock. */
CEED_EXTERN int CeedQFunctionContextGetDoubleRead(CeedQFunctionContext ctx, CeedContextFieldLabel field_label, size_t *num_values,
                                                  const double **values);
/** Ends a read from CeedQFunctionContextGetDoubleRead(). */
CEED_EXTERN int CeedQFunctionContextRestoreDoubleRead(CeedQFunctionContext ctx, CeedContextFieldLabel field_label,
                                                      const double **values);
/** Lends the int32 values of a labelled field and their count under a read lock. */
CEED_EXTERN int CeedQFunctionContextGetInt32Read(CeedQFunctionContext ctx, CeedContextFieldLabel field_label, size_t *num_values,
                                                 const int32_t **values);
/** Ends a read from CeedQFunctionContextGetInt32Read(). */
CEED_EXTERN int CeedQFunctionContextRestoreInt32Read(CeedQFunctionContext ctx, CeedContextFieldLabel field_label,
                                                     const int32_t **values);
/** Lends the bool values of a labelled field and their count under a read lock. */
CEED_EXTERN int CeedQFunctionContextGetBooleanRead(CeedQFunctionContext ctx, CeedContextFieldLabel field_label, size_t *num_values,
                                                   const bool **values);
/** Ends a read from CeedQFunctionContextGetBooleanRead(). */
CEED_EXTERN int CeedQFunctionContextRestoreBooleanRead(CeedQFunctionContext ctx, CeedContextFieldLabel field_label,
                                                       const bool **values);

/* ---- Operators ----------------------------------------------------------------------------------- */
/** Operations of one operator, installed by the backend's creation hook; NULL members fall back to the core. */
typedef struct {
  size_t size; /**< sizeof(CeedOperatorBackendOps) as the plugin was compiled */
  /** out += A in for a single operator, adding into passive outputs too. */
  int (*ApplyAdd)(CeedOperator op, CeedVector in, CeedVector out, CeedRequest *request);
  /** Optional fused composite application; NULL: the core sums the sub-operators. */
  int (*ApplyAddComposite)(CeedOperator op, CeedVector in, CeedVector out, CeedRequest *request);
  /** Frees the backend data of the operator. */
  int (*Destroy)(CeedOperator op);
  /* Optional assembly methods of a single operator (spec 06 §6-§8). NULL: the core's default, built on
     the restriction, basis and QFunction operations, which works on every backend. The core validates the
     arguments, sums composite operators over their sub-operators and keeps the caches. */
  /** New vector and restriction holding the assembled QFunction (layout of 06 §6); recompute into them. */
  int (*LinearAssembleQFunction)(CeedOperator op, CeedVector *assembled, CeedElemRestriction *rstr, CeedRequest *request);
  /** Recomputes the assembled QFunction into existing objects. */
  int (*LinearAssembleQFunctionUpdate)(CeedOperator op, CeedVector assembled, CeedElemRestriction rstr, CeedRequest *request);
  /** assembled += diag(A), or += the point-block diagonal of A (layouts of 06 §7). */
  int (*LinearAssembleAddDiagonal)(CeedOperator op, CeedVector assembled, CeedRequest *request);
  /** Assembled += the point-block diagonal of A. */
  int (*LinearAssembleAddPointBlockDiagonal)(CeedOperator op, CeedVector assembled, CeedRequest *request);
  /** COO pattern / values of this operator written from entry `offset` on (ordering of 06 §7); values
     were zeroed by the core. */
  int (*LinearAssembleSymbolic)(CeedOperator op, CeedSize offset, CeedInt *rows, CeedInt *cols);
  /** COO values from entry offset on. */
  int (*LinearAssemble)(CeedOperator op, CeedSize offset, CeedVector values);
  /** CeedOperatorCreateFDMElementInverse() on the backend. */
  int (*CreateFDMElementInverse)(CeedOperator op, CeedOperator *fdm_inv, CeedRequest *request);
  /** Optional: set up data and build (compile or load) the kernels of a single operator now. */
  int (*Prepare)(CeedOperator op);
  /** Optional: out += A in for an operator at points. NULL: the core's default, element by element
     through the restriction (at points), CeedBasisApplyAtPoints and QFunction operations; ApplyAdd and
     Prepare are then only called for operators that are not at points. */
  int (*ApplyAddAtPoints)(CeedOperator op, CeedVector in, CeedVector out, CeedRequest *request);
  /** Optional (multiprecision extension, docs/multiprecision.md): whether ApplyAdd honours op's precision
     (CeedOperatorGetPrecision) itself, accessing the active vectors and computing in the precisions of the
     mode. NULL or false: ApplyAdd works in fp64 and the core converts the active output of low-high
     operators to fp32 after it; fp32 and high-low are then refused with an error. */
  int (*SupportsPrecision)(CeedOperator op, CeedOperatorPrecision precision, bool *supported);
} CeedOperatorBackendOps;

/** Installs an operator's operations (from the creation hook); the table is copied. */
CEED_EXTERN int CeedOperatorSetBackendOps(CeedOperator op, const CeedOperatorBackendOps *ops);
/** Returns the operator's backend data into the pointer at data. */
CEED_EXTERN int CeedOperatorGetData(CeedOperator op, void *data);
/** Sets the operator's backend data. */
CEED_EXTERN int CeedOperatorSetData(CeedOperator op, void *data);
/** Reports whether the operator is composite. */
CEED_EXTERN int CeedOperatorIsComposite(CeedOperator op, bool *is_composite);
/** Reports whether the backend marked its set-up of the operator done. */
CEED_EXTERN int CeedOperatorIsSetupDone(CeedOperator op, bool *is_setup_done);
/** Marks the backend's set-up of the operator done. */
CEED_EXTERN int CeedOperatorSetSetupDone(CeedOperator op);
/** Borrowed QFunction. */
CEED_EXTERN int CeedOperatorGetQFunction(CeedOperator op, CeedQFunction *qf);
/** Returns the evaluation mode of an operator field (its QFunction field's). */
CEED_EXTERN int CeedOperatorFieldGetEvalMode(CeedOperatorField op_field, CeedEvalMode *eval_mode);
/** Prepares op for application ahead of a timed region: checks readiness and lets the backend set up its
   data and build its kernels (JIT compilation or a kernel-cache load), for every sub-operator of a
   composite. Applying an unprepared operator prepares it on first use. */
CEED_EXTERN int CeedOperatorPrepare(CeedOperator op);

#endif /* CEED_BACKEND_H */

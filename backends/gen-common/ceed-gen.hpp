// The shared fused-kernel generator: ONE generator used by every gen backend (/cpu/self/gen now,
// /gpu/cuda/gen and /gpu/hip/gen).
//
// Design note: where the generator ends and a dialect begins
// -----------------------------------------------------------
// An operator A = G^T B^T D B G is described once, target-independently, by an OperatorDesc
// (DescribeOperator reads the CeedOperator through ceed/backend.h and says why it cannot be fused when it
// cannot). GenerateKernelSource turns the description into one translation unit:
//   dialect preamble | ceed/types.h | jit/gen/ceed-gen-args.h | the dialect's template headers |
//   the QFunction source | generated glue.
// The glue is the same for every target. Per element (batch) it declares the element arrays, reads each
// input field through its restriction (CeedGenReadOffset / CeedGenReadStrided), applies the basis
// (CeedGenInterpTensor, CeedGenGradTensorCollocated, CeedGenGradTensor, CeedGenInterpNonTensor,
// CeedGenGradNonTensor, weights prepared once), calls the QFunction, applies the transposed bases (summing
// outputs that share a restriction and vector) and writes back (CeedGenWriteOffset / CeedGenWriteStrided).
// Passive quadrature data a backend keeps in element-array layout (FieldDesc::host_interleaved) is used in
// place (CeedGenInterleavedInput) instead of being restricted at every application.
// All shapes (dim, P, Q, components, element sizes, strides, eval modes) are template arguments.
//
// The glue only names templates and arrays; a Dialect decides everything target-specific:
//   - Name() and TemplateFiles(): jit/gen/<dialect>/*.h implement the templates above with the same
//     names and arguments (every template takes the dialect's CeedGenElem first when it touches elements);
//     the basis actions are jit/gen/ceed-gen-basis.h over the contraction primitives of the dialect's basis header;
//   - Preamble(): macros and headers before ceed/types.h (host math headers for cpu; for gpu
//     CEED_QFUNCTION(name) -> `inline __device__ int name`, CEED_QFUNCTION_HELPER, CeedPragmaSIMD empty,
//     CEED_Q_VLA 1, per spec 01 §6);
//   - ArrayLength(): how many entries an element array of n values per element needs (cpu: n vectors
//     holding a batch in SIMD lanes; gpu: the values one thread owns, e.g. a z-column of a 3D element)
//     and ArrayEntryBytes() for the scratch size;
//   - DeclareArray(): where arrays live (cpu: slices of CeedGenArgs::scratch; gpu: registers, or shared
//     memory for the contraction temporaries);
//   - KernelBegin()/KernelEnd(): the signature (cpu: extern "C" int CeedGenOperatorKernel(const CeedGenArgs*);
//     gpu: extern "C" __global__ void __launch_bounds__(threads) ...(CeedGenArgs args, CeedGpuQFunctionError)), the element loop
//     (cpu: batches of Lanes() elements; gpu: blockIdx/threadIdx mapping) and the CeedGenElem it defines;
//   - CallQFunction(): the QFunction on the current points (cpu: one call on points * lanes points; cuda:
//     one call per point with Q = 1 on per-thread values);
//   - the transpose scatter's atomics live inside the dialect's CeedGenWriteOffset (serial on cpu,
//     atomicAdd on gpu), so the glue never spells them.
// The gpu dialect's 3D tensor kernels (SlicesTensorElements) take a second shape of glue, gen-source-sliced.cpp:
// a T1d x T1d thread tile per element (T1d = max(P1d, Q1d)), several elements per block, each thread owning the
// z column of its (x, y). The interpolated inputs and the output accumulators are columns in the element's shared
// memory ([comp][z][tile], gpu/ceed-gen-gpu-sliced.h), filled and emptied one component at a time (read, interpolate
// x and y through the exchange slice and z in registers, store; and back); the QFunction runs z slice by z slice
// with only that point's values in registers: its gradient (x and y from the neighbours' entries of the slice, z
// along the own column, with the collocated derivative), quadrature data read at the point, and the transposed
// actions added into the accumulators (x and y through two exchange planes per component). The register budget is
// the reason (issue 30: the whole-column shape held 1.4-3x libCEED's registers on an H100; with the columns in
// registers the vector problems still took 150-255 registers and BP4 p=8 spilled). The trade is shared memory:
// 2 * comps * Q1d values per thread for one input and one output, which for BP2/BP4/BP6 at p >= 6 is what limits
// sm_90 to 25-28% occupancy (the exchange of all components at once, two barriers per slice, would cost BP4 p=7 its
// 25%). ThreadLayout::shared_values_per_elem carries the element's shared memory to the launch (block choice,
// occupancy) and to the HIP block (64 KiB per block). ceed-info --kernels measures the kernels without a GPU and
// GenKernelRegisters in tests/backends/gpu holds the counts. Three things in the templates matter as much as the
// shape: the 1D matrices are read from shared-memory copies through a volatile load at each use (otherwise the
// compiler keeps every entry in a register), a block makes one pass over its elements (a loop would keep its
// invariants live), and the component loops are not unrolled (unrolled, the compiler overlaps the components).
// Two of these differ on HIP, from the runtime's capabilities (GpuDialectOptions): the matrix loads are plain
// (hipRTC's clang doubles its VGPRs with volatile ones), and the slice loop and the per-point reads of quadrature
// data stay rolled (CEED_GEN_ROLLED_SLICES: unrolled, it holds several slices' operands at once; gfx90a 26 -> 31 of
// 48 apply kernels within 128 VGPRs). hip/hip-kernel-vgprs-test in tests/backends/gpu holds the gfx90a counts.
// The shared-memory pipe bounded these kernels on an H200 (Mem Busy 91-95%), so the templates also keep shared loads
// per FMA down (ceed-info --kernels counts them in the PTX; GenKernelSharedLoads holds BP1/BP3/BP5): a contraction
// holds its thread's matrix row in registers, the staged matrices have odd row strides (no bank conflicts), the
// one-component gradients keep z columns (the z derivative made before the slice loop, the transposed z values
// applied after it: SlicedColumns::z_input, z_output), and kernels without interpolation hold the derivative rows
// across the slice loop. Each stops where the register budget would break (the comments at each say where).
// Barriers are the other cost of the exchange: with two exchange planes (CEED_GEN_EXCHANGE_BUFFERS) a contraction
// step writes the plane the step before did not, so one barrier per step separates writes from reads (sm_90: half
// the barriers of BP3/BP5); the vector problems keep one plane, whose second would cost them occupancy. Mass
// operators of one component exchange a component's whole column at once through a plane per entry
// (CEED_GEN_WIDE_EXCHANGE: two barriers per contraction, BP1 10 per thread at every degree). The vector problems'
// slice gradient sums the components in its inner loop, so that each derivative entry it loads serves all three
// (BP4 p=6: 1.69 -> 1.43 shared loads per FMA; CUDA only, on HIP it costs BP6 a wave). Each of
// these choices is a switch (GpuSwitches: a JIT define replaces the preamble's default; the host reads those that
// size shared memory), so that one build on a GPU times each against the default (tools/gpu-check.sh variants).
// Operators the sliced glue does not serve (gradients not collocated, non-tensor bases, 1D/2D) keep the
// whole-column shape.
// A new target adds a Dialect subclass and a jit/gen/<name>/ folder; nothing in the cpu paths or in
// the glue changes. Host data layouts a dialect expects (cpu: interleaved indices per batch) are
// documented in its template headers and prepared by its backend.
#pragma once

#include <ceed.h>
#include <ceed/backend.h>

#include "ceed-gen-args.h"

#include <memory>
#include <string>
#include <vector>

namespace ceed::gen {

enum class RestrictionKind { kNone, kOffset, kOriented, kStrided };
enum class BasisKind { kNone, kTensor, kNonTensor };

struct FieldDesc {
  std::string  name;
  CeedEvalMode eval_mode = CEED_EVAL_NONE;
  CeedInt      size      = 0;  // QFunction field size (values per point)
  // Restriction (borrowed from the operator field).
  RestrictionKind     rstr_kind = RestrictionKind::kNone;
  CeedElemRestriction rstr      = nullptr;
  CeedInt             num_comp = 1, elem_size = 0;
  CeedInt             strides[3] = {0, 0, 0};  // kStrided, backend strides resolved
  // Basis (borrowed).
  BasisKind basis_kind = BasisKind::kNone;
  CeedBasis basis      = nullptr;
  CeedInt   dim = 0, P_1d = 0, Q_1d = 0, num_nodes = 0, num_qpts = 0;
  bool      identity_interp = false;  // tensor interp_1d is the identity (nodes = points)
  bool      collocated_grad = false;  // tensor gradient taken at the points (Q_1d >= P_1d)
  bool      symmetric_1d    = false;  // interp_1d centrosymmetric, grad_1d antisymmetric (symmetric nodes and points)
  // Vector (borrowed): CEED_VECTOR_ACTIVE, CEED_VECTOR_NONE or a passive vector.
  CeedVector vec = nullptr;
  // Set by the backend: a passive CEED_EVAL_NONE input it keeps as element arrays (CeedGenArgs
  // interleaved), so that the kernel uses the data in place instead of restricting it at every call.
  bool host_interleaved = false;
  // Set by the backend: an offset restriction whose rows of this many nodes (dimension 0 of a tensor
  // element) are contiguous in the L-vector, per component or with interlaced components (node stride
  // num_comp, comp_stride 1); CeedGenFieldArgs::indices then holds one index per row.
  CeedInt contiguous_rows  = 0;
  bool    interlaced_rows = false;
  // Precision of the field's L-vector (or host-interleaved data) as the kernel reads or writes it; the glue
  // converts at the restriction when it differs from OperatorDesc::compute (SetFieldPrecisions).
  CeedScalarType storage = CEED_SCALAR_FP64;
};

// Performance choices of the gpu dialect that a run switches without a rebuild, so that one build times each against
// the default: JIT defines of the context (CeedAddJitDefine(ceed, "NAME=VALUE")), which also reach the kernel's
// compiler, where they replace the preamble's #ifndef defaults (docs/gpu.md lists them). The host side reads those
// that change the element's shared memory (the launch sizes follow them) and checks the values of all.
struct GpuSwitches {
  int z_columns        = 1;  // CEED_GEN_Z_COLUMNS: one-component gradients keep z columns (glue::PlanSlicedColumns)
  int exchange_buffers = 0;  // CEED_GEN_EXCHANGE_BUFFERS: exchange planes per contraction (2: one barrier per step);
                             // 0: not given (ExchangeBuffers)
  int wide_exchange    = -1;  // CEED_GEN_WIDE_EXCHANGE: the sliced kernels' interpolations exchange a component's whole
                              // column between two barriers (a plane per entry); -1: not given (WideExchange)
  int register_columns = -1;  // CEED_GEN_REGISTER_COLUMNS: the sliced kernels keep the columns of values no gradient
                              // reads in registers instead of shared memory; -1: not given (RegisterColumns)
  int constant_matrices = -1;  // CEED_GEN_CONSTANT_MATRICES: the sliced kernels' z interpolations read their matrix
                               // from constant memory initialized in the source; -1: not given (the backend's default)
  int constant_derivatives = -1;  // CEED_GEN_CONSTANT_DERIVATIVES: the same for the z contractions of the collocated
                                  // derivative; -1: not given (the backend's default)
  int element_padding = 1;  // CEED_GEN_ELEMENT_PADDING: pad each element's shared memory so that a warp's lanes
                            // meet the same banks across an element's end as within it (ElementSharedValues)
  int block_elements = 0;   // CEED_GEN_BLOCK_ELEMENTS: elements per block where the launch chooses them (0: by occupancy)
};

struct OperatorDesc {
  CeedInt                num_elem = 0, num_qpts = 0;
  std::vector<FieldDesc> inputs, outputs;
  std::string            qf_source_path, qf_kernel_name;  // "file" and "name" of the QFunction source
  CeedInt                qf_vec_length = 1;
  CeedScalarType         compute       = CEED_SCALAR_FP64;  // CeedScalar of the kernel (bases, QFunction, element arrays)
  GpuSwitches            gpu;                               // the context's choices for the gpu dialect (ReadGpuSwitches)
};

// The exchange planes of desc's kernel: the JIT define's, else 2 where every tensor basis has one component and 1
// otherwise (sm_90, BP1-BP6 p = 1..8: the barriers halve everywhere, but with two planes BP2 p = 3 and 6 and BP6
// p = 3 lose occupancy to the shared memory, BP4 p = 2 and 8 to registers, 130 at p = 8).
int ExchangeBuffers(const OperatorDesc &desc);
// Dynamic shared values of one element: planes of threads_per_elem values each, padded (CEED_GEN_ELEMENT_PADDING) to
// threads_per_elem modulo the values in a row of banks (128 bytes), so that element e's region starts on the bank
// its first thread would reach if the block's planes were contiguous. Unpadded, a warp whose lanes span two
// elements met the same banks twice (sm_90's blocks of BP1 p = 4: 11% more load and 31% more store wavefronts
// than conflict-free, traced on /gpu/emu; docs/results/kernel-shared-wavefronts-2026-11-27.md).
int ElementSharedValues(const OperatorDesc &desc, int threads_per_elem, int planes);
// Whether desc's sliced kernel exchanges whole columns: the JIT define's, else where every tensor basis has one
// component and no field is differentiated (sm_90 BP1 p = 2..8: 20-44 -> 10 barriers per thread, no occupancy lost;
// BP3 p=4, 6 and BP2 p=2, 4, 6 lose occupancy to the shared memory or registers).
bool WideExchange(const OperatorDesc &desc);
// Whether desc's sliced kernel keeps its value columns (interpolated or point data, no gradient among the fields
// sharing them) in registers: the JIT define's, else the default rule of gen-switches.cpp.
bool RegisterColumns(const OperatorDesc &desc);
// Whether desc's sliced kernel reads the z contractions' interpolation matrices from constant memory: the JIT
// define's, else the default rule of gen-switches.cpp.
bool ConstantMatrices(const OperatorDesc &desc);
// Whether desc's sliced kernel reads the z contractions of its collocated derivatives from constant memory: the JIT
// define's, else the default rule of gen-switches.cpp.
bool ConstantDerivatives(const OperatorDesc &desc);
// desc->gpu from ceed's JIT defines (a value out of range is an error naming it), for a gpu-dialect backend only (the
// cpu paths ignore the switches), with the backend's defaults of those not given: with rolled slice loops (hipRTC,
// GpuDialectOptions) one exchange plane (gfx90a: two cost BP3 p = 2, 4, 5, 8 a wave per SIMD to the VGPRs they add)
// and no wide exchange (not measured there).
int ReadGpuSwitches(Ceed ceed, bool rolled_slice_loops, OperatorDesc *desc);
// A JIT define "NAME=VALUE" as a compiler reads it: *name and *value ("1" for a bare "NAME").
void SplitJitDefine(const std::string &define, std::string *name, std::string *value);

// The precisions of a backend that honours operator precision modes (docs/multiprecision.md): compute from
// precision, active fields stored in fp32 for fp32 and low-high, passive vectors in their preferred precision.
int SetFieldPrecisions(CeedOperatorPrecision precision, OperatorDesc *desc);
// For a kernel computing in fp32 (desc->compute), on a backend that reads vectors in place (the gpu dialect): its
// passive inputs from the vectors' fp32 copies, which the vector converts once (rounding to nearest, as the kernel's
// conversion would) and keeps valid until it changes, instead of fp64 values read and converted at every application
// (BP3: 6 quadrature values per point, most of the kernel's bytes). A passive vector the operator also writes keeps
// its preferred precision.
void ReadPassiveInputsInComputePrecision(OperatorDesc *desc);

// Whether a kernel with CeedScalar = float reads op's QFunction context with the host's layout: true without
// context data, or when registered int32/boolean fields cover all of it. A context struct with CeedScalar
// members would change layout in an fp32 unit (its doubles read as floats), and nothing tells such a struct
// from one declaring double explicitly: such operators compute in fp64, and *why says why.
int ContextKeepsLayoutInFp32(CeedOperator op, bool *keeps, std::string *why);

// Reads op (a ready, non-composite operator). When the generator cannot fuse op, *why_not receives the
// reason and the function still succeeds; the backend then delegates op.
int DescribeOperator(CeedOperator op, OperatorDesc *desc, std::string *why_not);

// Where an element array lives and what it holds, for the dialect.
enum class ArrayKind { kNodal, kQuadrature, kTemporary, kWeights };

class Writer;

class Dialect {
 public:
  virtual ~Dialect() = default;
  virtual std::string              Name() const          = 0;  // "cpu", "cuda", "hip"
  virtual std::vector<std::string> TemplateFiles() const = 0;  // below the templates folder (jit/gen/), in inclusion order
  virtual std::string              Preamble() const      = 0;  // text placed before ceed/types.h
  // Elements handled by one pass of the element loop (SIMD lanes, elements per thread block).
  virtual int Lanes() const = 0;
  // Entries of an element array with values_per_element values (the dialect's element type), and bytes per entry.
  virtual size_t ArrayLength(ArrayKind kind, size_t values_per_element) const = 0;
  virtual size_t ArrayEntryBytes() const                                      = 0;
  // Declares `name` of length entries at offset (in entries) of the kernel's scratch memory.
  virtual void DeclareArray(Writer &w, const std::string &name, ArrayKind kind, size_t offset, size_t length) const = 0;
  // Signature and element loop. Arrays of kind kWeights are declared and filled between KernelBegin and
  // ElementLoopBegin; the loop defines `elem` (a CeedGenElem).
  virtual void KernelBegin(Writer &w, const OperatorDesc &desc) const = 0;
  virtual void ElementLoopBegin(Writer &w, const OperatorDesc &desc) const = 0;
  virtual void ElementLoopEnd(Writer &w) const                             = 0;
  virtual void KernelEnd(Writer &w) const                                  = 0;
  // Whether inputs without a basis through a strided restriction (quadrature data) are read point by point
  // inside the QFunction call (read_at_point below) instead of into an element array before it.
  virtual bool ReadsStridedInputsAtPoints() const { return false; }
  // Calls the QFunction on the current points: inline (its source is part of the unit) or through
  // CeedGenArgs::qf_user. in/out name the quadrature arrays of the QFunction's fields, in order; a non-empty
  // read_at_point[i] replaces in[i]: a call ending in "point, " that the dialect completes with the array
  // receiving input i's values at `point` and ");".
  virtual void CallQFunction(Writer &w, const OperatorDesc &desc, bool inline_source, const std::vector<std::string> &in,
                             const std::vector<std::string> &read_at_point, const std::vector<std::string> &out) const = 0;
  // Whether 3D tensor operators get the sliced kernel (gen-source-sliced.cpp): per thread a z column of the
  // element, the QFunction called slice by slice on one point's values (arrays qf_in_<i>, qf_out_<i>) through
  // CallQFunctionAtPoint, which the dialect then also provides.
  virtual bool SlicesTensorElements() const { return false; }
  virtual void CallQFunctionAtPoint(Writer &, const OperatorDesc &, size_t /* num_in */, size_t /* num_out */) const {}
  // The expression naming a tensor field's 1D matrix in the glue (interp_1d; with grad grad_1d or the collocated
  // derivative): the kernel argument, or a copy the dialect made in KernelBegin (gpu: in shared memory).
  virtual std::string TensorMatrix(const OperatorDesc &, bool is_input, int index, bool grad) const {
    return std::string("args->") + (is_input ? "inputs[" : "outputs[") + std::to_string(index) + "]." + (grad ? "grad" : "interp");
  }
};

// The cpu dialect: element batches of `lanes` (2, 4 or 8 doubles per SIMD register) in vector lanes.
std::unique_ptr<Dialect> CreateCpuDialect(int lanes);

// The thread layout of the gpu dialect (jit/gen/gpu/ceed-gen-gpu.h): tensor operators spread
// dimensions 0..dim-2 of an element over t_1d^(dim-1) threads, each owning a column along the last
// dimension; other operators (1D, non-tensor, no basis) use one thread per element.
struct ThreadLayout {
  int  dim = 0, P_1d = 0, Q_1d = 0, t_1d = 1;
  int  thread_dims = 0;       // tensor dimensions spread over threads
  int  threads_per_elem = 1;  // t_1d^thread_dims
  int  max_block = 256;       // launch bound: largest block the kernel is compiled for
  bool fixed_block = false;   // the kernel is launched with exactly max_block threads (HIP)
  int  min_blocks  = 1;       // CUDA: blocks of max_block threads a multiprocessor must hold at once (the
                              // launch bound's second argument, :min_blocks=N), which caps the registers
  int  shared_values_per_elem = 1;  // dynamic shared memory of one element in CeedScalar values: the exchange
                                    // slice (threads_per_elem), and the columns of the sliced 3D kernels
  int  basis_components = 1;  // most components of a field with a tensor basis (CEED_GEN_HELD_ROW_MAX depends on it)
  GpuSwitches switches;         // the operator's (OperatorDesc::gpu), stated in the preamble
  int  exchange_planes = 1;     // planes of the element's shared memory the contractions exchange through (first)
};

// The layout for desc; *why_not names what the gpu dialect cannot fuse (tensor bases of different
// dimension or 1D sizes, tensor and non-tensor bases together). wavefront > 0 fixes the block before
// compiling (FixedBlockSize); 0 leaves it to the occupancy API below the launch bound max(256, threads per element).
ThreadLayout ChooseThreadLayout(const OperatorDesc &desc, int wavefront, std::string *why_not);

// The block of a fixed-block vendor: whole elements of threads_per_elem threads, at most 256 threads (one
// element if it has more), chosen to leave the fewest idle lanes in the last wavefront and, among equals,
// the most elements. E.g. 3D p=1..8 (Q = P + 1, t_1d^2 threads per element) on wavefront 64: 252, 256, 250, 252, 245, 256, 243, 200.
// max_threads lowers the 256 (the elements whose shared memory a block can hold).
int FixedBlockSize(int threads_per_elem, int wavefront, int max_threads = 256);

// The gpu dialect: kernel `CeedGenOperatorKernel(const CeedGenArgs, const CeedGpuQFunctionError)`, blocks of
// whole elements in the given layout, element arrays in registers, the QFunction called per point with Q = 1
// and its non-zero returns recorded through the second argument (jit/gen/gpu/ceed-gpu-qfunction-error.h).
// Both compile __launch_bounds__(layout.max_block); what differs per compiler comes in GpuDialectOptions, filled
// from the GPU runtime's capabilities (the dialect never compares vendor names).
struct GpuDialectOptions {
  bool grid_constant_args    = false;  // arguments as `const __grid_constant__` (CUDA) instead of plain by-value
  bool volatile_matrix_loads = false;  // basis matrix entries loaded through volatile (CEED_GEN_VOLATILE_MATRICES)
  bool rolled_slice_loops    = false;  // slice loops, point reads and contraction sums not unrolled (CEED_GEN_ROLLED_SLICES)
};
std::unique_ptr<Dialect> CreateGpuDialect(const ThreadLayout &layout, const std::string &name, const GpuDialectOptions &options);

struct KernelSource {
  std::string text;           // the complete translation unit
  size_t      scratch_bytes;  // CeedGenArgs::scratch the kernel needs
};

// Builds the translation unit for desc. qf_source is the QFunction's self-contained source
// (CeedLoadSourceToBuffer) to compile into the kernel, or empty to call it through CeedGenArgs::qf_user.
int GenerateKernelSource(Ceed ceed, const OperatorDesc &desc, const Dialect &dialect, const std::string &qf_source, KernelSource *source);

// The Q x Q derivative at the 1-D points of a collocated_grad field, applied after interpolation: the Lagrange
// differentiation matrix on the points when it reproduces grad_1d (so the action rounds like assembly), else
// grad_1d B^+ (CeedBasisGetCollocatedGrad).
int CollocatedDerivative(const FieldDesc &f, std::vector<CeedScalar> *colo);

// Quadrature weights of a WEIGHT field at each of its points (tensor products of the 1-D weights for tensor bases).
int FieldQuadratureWeights(const FieldDesc &f, std::vector<CeedScalar> *weights);

// A clone of op on delegate (same QFunction, restrictions, bases, vectors) for operators a backend does not fuse;
// *clone stays NULL if it fails.
int CreateDelegateOperator(CeedOperator op, Ceed delegate, CeedOperator *clone);

// A context for resource made from a backend's init (its delegate or operator fallback): a failure is reported on
// ceed with the nested CeedInit's reason, which would otherwise stay with the context that failed.
int InitHelperContext(Ceed ceed, const char *resource, Ceed *context);

// Copies of ceed's JIT source roots and defines: checked out and given back around the copy, also when it throws
// (a checkout not given back would keep the Ceed from being destroyed).
int CopyJitSourceRoots(Ceed ceed, std::vector<std::string> *roots);
int CopyJitDefines(Ceed ceed, std::vector<std::string> *defines);

// CeedLoadSourceToBuffer into a string (the buffer freed also when the copy throws).
int LoadSourceText(Ceed ceed, const std::string &path, std::string *text);

// Whether a QFunction source path names an existing file (absolute, or below the working directory or a JIT
// source root of ceed), i.e. whether its source can be compiled into a kernel.
bool QFunctionSourceExists(Ceed ceed, const std::string &path);

// Runs argv (searched in PATH) and collects its stdout and stderr together in *output; false (with the reason in
// *output) when it could not be run. *exit_status: its exit status, or 128 + the signal that ended it.
bool RunCommand(const std::vector<std::string> &argv, std::string *output, int *exit_status);

// The host C++ compiler of code compiled at run time on the host (/cpu/self/gen's kernels, the /gpu/emu units):
// $CEEDRT_JIT_CXX, else the one found at configure time.
std::string HostCompilerPath();
// Runs `path --version`: true when it runs, *banner its first line; false with the reason in *why.
bool ProbeHostCompiler(const std::string &path, std::string *banner, std::string *why);
// One run of the host compiler: `compiler flags -o output_path source_path` (flags make it a loadable library).
struct HostCompilation {
  bool        ran         = false;  // false: it could not be started (output says why)
  int         exit_status = -1;
  std::string output;   // stdout and stderr together
  std::string command;  // the command line, for diagnostics
  double      seconds = 0;
  bool        Succeeded() const { return ran && exit_status == 0; }
};
HostCompilation CompileLoadableLibrary(const std::string &compiler, const std::vector<std::string> &flags, const std::string &source_path,
                                       const std::string &output_path);

// Folder of the installed jit-templates (or $CEEDRT_JIT_TEMPLATES_DIR) (beside the plugins, found from this library's location).
int GetTemplatesDirectory(Ceed ceed, std::string *dir);

// The vectors and QFunction context of one application of a fused operator, bound to its kernel arguments:
// Bind gets each distinct vector once in mem_type and its fields' storage precision (read-write if an output writes it; fields of kind WEIGHT
// and host-interleaved inputs get NULL) and the context data, Release gives them back and returns ierr or
// the first release error. Release must follow every Bind, also a failed one.
class KernelArgsBinding {
 public:
  int Bind(CeedOperator op, const OperatorDesc &desc, CeedVector in, CeedVector out, CeedMemType mem_type, CeedGenArgs *args);
  int Release(int ierr);

 private:
  struct VectorAccess {
    CeedVector     vec         = nullptr;
    CeedScalarType storage     = CEED_SCALAR_FP64;
    bool           write       = false;
    const void    *read_array  = nullptr;
    void          *write_array = nullptr;
  };
  std::vector<VectorAccess> access_;
  CeedQFunction             qf_   = nullptr;
  CeedGenArgs              *args_ = nullptr;
};

// Indented text output for the glue.
class Writer {
 public:
  Writer &Line(const std::string &text = "");
  void    Indent() { depth_++; }
  void    Dedent() { depth_--; }
  const std::string &Text() const { return text_; }

 private:
  std::string text_;
  int         depth_ = 0;
};

}  // namespace ceed::gen

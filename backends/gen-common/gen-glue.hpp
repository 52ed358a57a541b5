// Pieces of the generated glue shared by the generator's two shapes of kernel (gen-source.cpp: element
// arrays through the whole element; gen-source-sliced.cpp: 3D tensor elements slice by slice). Internal to
// gen-common.
#pragma once

#include <string>
#include <vector>

#include "ceed-gen.hpp"

namespace ceed::gen::glue {

std::string S(long long v);
std::string B(bool v);
// The field's L-vector argument in its storage type.
std::string VectorArg(const OperatorDesc &desc, const FieldDesc &f, bool is_input, int index);
// An input without a basis that the dialect reads point by point inside the QFunction call, and that call's
// start (the dialect completes it with the receiving array).
bool        ReadAtPoints(const Dialect &dialect, const FieldDesc &f);
std::string ReadAtPointCall(const OperatorDesc &desc, const FieldDesc &f, int index);
// Template arguments of a strided restriction: components, element size, node, component and element strides.
std::string StridedShape(const FieldDesc &f);
// Read (E) or transpose write (E^T) of one element array through the field's restriction; with `component` (an
// expression) of that component alone, the array holding one component.
std::string RestrictionCall(const OperatorDesc &desc, const FieldDesc &f, bool is_input, int index, const std::string &array,
                            const std::string &component = "");
// Tensor interpolation that is the identity (nodes are points).
bool        IsIdentity(const FieldDesc &f);
bool        SameData(const FieldDesc &a, const FieldDesc &b);
// One line saying what a field is (comments of the glue and of the unit).
std::string Describe(const FieldDesc &f);

// Declares element arrays one after another in the kernel's scratch (the dialect decides where they live).
class ArrayDeclarer {
 public:
  ArrayDeclarer(const Dialect &dialect, Writer &w) : dialect_(dialect), w_(w) {}
  void operator()(const std::string &name, ArrayKind kind, size_t values);
  size_t ScratchBytes() const { return offset_ * dialect_.ArrayEntryBytes(); }

 private:
  const Dialect &dialect_;
  Writer        &w_;
  size_t         offset_ = 0;
};

// The nodal array of input i: its own, declared here, or that of the first earlier input reading the same data
// (restriction and vector); (*in_reader)[i] becomes the input whose array it is. Inputs before i are set.
void DeclareInputNodal(const OperatorDesc &desc, int i, ArrayDeclarer &declare, std::vector<int> *in_reader, std::vector<std::string> *e_in);
// Whether output i is the first of its group (outputs summed into one nodal array: same restriction and vector);
// (*out_group)[i] becomes the group's first output. Outputs before i are set.
bool StartsOutputGroup(const OperatorDesc &desc, int i, std::vector<int> *out_group);

// Whether output i is the last of its group (its nodal array is then written back).
bool EndsOutputGroup(const std::vector<int> &out_group, int i);
// Closes the element loop and the kernel and makes the translation unit of the glue in w.
int FinishKernel(Ceed ceed, const OperatorDesc &desc, const Dialect &dialect, const std::string &qf_source, Writer &w, const ArrayDeclarer &declare,
                 KernelSource *source);

// The translation unit around the glue: summary, dialect preamble, ceed/types.h, templates, QFunction source.
int AssembleUnit(Ceed ceed, const OperatorDesc &desc, const Dialect &dialect, const std::string &qf_source, const std::string &glue, KernelSource *source);

// Whether the sliced kernel serves desc: 3D tensor bases only, gradients through the quadrature points
// (collocated), fields interpolated, differentiated, weights or quadrature-point data without a basis.
bool SliceableOperator(const OperatorDesc &desc);
// Where the sliced kernel keeps its columns in the element's shared memory, in planes (one value per thread of the
// element): exchange planes first (CEED_GEN_EXCHANGE_BUFFERS of them, a pair each for a gradient output, or a plane
// per column entry with CEED_GEN_WIDE_EXCHANGE), then the columns, each field's starting plane (-1: none); then the z columns of
// the one-component gradients (the z derivative of an input, the slices' z values of an output; -1: none). With
// CEED_GEN_REGISTER_COLUMNS the columns no gradient reads are the thread's registers instead (held: no planes).
struct SlicedColumns {
  int               exchange = 1, planes = 0;
  std::vector<int>  input, output, z_input, z_output;
  std::vector<bool> input_held, output_held;
};
SlicedColumns PlanSlicedColumns(const OperatorDesc &desc);
int  GenerateSlicedKernelSource(Ceed ceed, const OperatorDesc &desc, const Dialect &dialect, const std::string &qf_source, KernelSource *source);

}  // namespace ceed::gen::glue

"""Module constants with libCEED's Python names, and the name tables that go with them."""

from ._ffi import lib

MEM_HOST = lib.CEED_MEM_HOST
MEM_DEVICE = lib.CEED_MEM_DEVICE
mem_types = {MEM_HOST: "host", MEM_DEVICE: "device"}

SCALAR_FP32 = lib.CEED_SCALAR_FP32
SCALAR_FP64 = lib.CEED_SCALAR_FP64
scalar_types = {SCALAR_FP32: "float32", SCALAR_FP64: "float64"}
# The Python package is built against the fp64 CeedScalar (ceed-f64.h); fp32 data goes through the
# multiprecision additions (Vector.get_array_read_fp32, Operator.set_precision).
SCALAR_TYPE = lib.CEED_SCALAR_TYPE
EPSILON = 1e-16

COPY_VALUES = lib.CEED_COPY_VALUES
USE_POINTER = lib.CEED_USE_POINTER
OWN_POINTER = lib.CEED_OWN_POINTER
copy_modes = {COPY_VALUES: "copy values", USE_POINTER: "use pointer", OWN_POINTER: "own pointer"}

NORM_1 = lib.CEED_NORM_1
NORM_2 = lib.CEED_NORM_2
NORM_MAX = lib.CEED_NORM_MAX
norm_types = {NORM_1: "L1 norm", NORM_2: "L2 norm", NORM_MAX: "max norm"}

TRANSPOSE = lib.CEED_TRANSPOSE
NOTRANSPOSE = lib.CEED_NOTRANSPOSE
transpose_modes = {TRANSPOSE: "transpose", NOTRANSPOSE: "no transpose"}

EVAL_NONE = lib.CEED_EVAL_NONE
EVAL_INTERP = lib.CEED_EVAL_INTERP
EVAL_GRAD = lib.CEED_EVAL_GRAD
EVAL_DIV = lib.CEED_EVAL_DIV
EVAL_CURL = lib.CEED_EVAL_CURL
EVAL_WEIGHT = lib.CEED_EVAL_WEIGHT
eval_modes = {EVAL_NONE: "none", EVAL_INTERP: "interpolation", EVAL_GRAD: "gradient", EVAL_DIV: "divergence",
              EVAL_CURL: "curl", EVAL_WEIGHT: "quadrature weights"}

GAUSS = lib.CEED_GAUSS
GAUSS_LOBATTO = lib.CEED_GAUSS_LOBATTO
quad_modes = {GAUSS: "Gauss", GAUSS_LOBATTO: "Gauss Lobatto"}

LINE = lib.CEED_TOPOLOGY_LINE
TRIANGLE = lib.CEED_TOPOLOGY_TRIANGLE
QUAD = lib.CEED_TOPOLOGY_QUAD
TET = lib.CEED_TOPOLOGY_TET
PYRAMID = lib.CEED_TOPOLOGY_PYRAMID
PRISM = lib.CEED_TOPOLOGY_PRISM
HEX = lib.CEED_TOPOLOGY_HEX
elem_topologies = {LINE: "line", TRIANGLE: "triangle", QUAD: "quadrilateral", TET: "tetrahedron",
                   PYRAMID: "pyramid", PRISM: "prism", HEX: "hexahedron"}

# ceedrt's multiprecision operator modes (docs/multiprecision.md): an addition to libCEED's API.
PRECISION_FP64 = lib.CEED_PRECISION_FP64
PRECISION_FP32 = lib.CEED_PRECISION_FP32
PRECISION_LOW_HIGH = lib.CEED_PRECISION_LOW_HIGH
PRECISION_HIGH_LOW = lib.CEED_PRECISION_HIGH_LOW

REQUEST_IMMEDIATE = lib.CEED_REQUEST_IMMEDIATE
REQUEST_ORDERED = lib.CEED_REQUEST_ORDERED


class _Sentinel:
    """One of the library's special handles (active vector, no basis, ...), usable where an object is."""

    def __init__(self, name, handle):
        self._name = name
        self._handle = [handle]

    @property
    def _pointer(self):
        return self._handle

    def __repr__(self):
        return "libceed." + self._name


VECTOR_ACTIVE = _Sentinel("VECTOR_ACTIVE", lib.CEED_VECTOR_ACTIVE)
VECTOR_NONE = _Sentinel("VECTOR_NONE", lib.CEED_VECTOR_NONE)
ELEMRESTRICTION_NONE = _Sentinel("ELEMRESTRICTION_NONE", lib.CEED_ELEMRESTRICTION_NONE)
BASIS_NONE = _Sentinel("BASIS_NONE", lib.CEED_BASIS_NONE)

__all__ = [name for name in dir() if not name.startswith("_") and name != "lib"]

/* CUDA backend: basis kernels. Data layouts are given by the strides of CeedGpuBasisParams, so the
   same kernels serve CeedBasisApply (element index fastest) and operators (element slowest). */

/* One 1-D contraction in direction d of a tensor array held in shared memory, by the whole block.
   Directions are contracted from dim-1 down to 0: directions above d already have size `to`, those
   below still have size `from`. M(i, j) is the row-major Q_1d x P_1d matrix (row length P_1d),
   transposed when transpose_M. */
__device__ inline void CeedGpuTensorContract(const CeedScalar *M, CeedInt P_1d, bool transpose_M, CeedInt from, CeedInt to, CeedInt d,
                                              CeedInt dim, const CeedScalar *in, CeedScalar *out) {
  CeedInt pre = 1, post = 1;
  for (CeedInt k = 0; k < d; k++) pre *= from;
  for (CeedInt k = d + 1; k < dim; k++) post *= to;
  const CeedInt n = pre * to * post;
  for (CeedInt idx = threadIdx.x; idx < n; idx += blockDim.x) {
    const CeedInt a = idx % pre, i = (idx / pre) % to, b = idx / (pre * to);
    CeedScalar    s = 0.0;
    for (CeedInt j = 0; j < from; j++) {
      const CeedScalar m = transpose_M ? M[j * P_1d + i] : M[i * P_1d + j];
      s += m * in[a + pre * (j + from * b)];
    }
    out[idx] = s;
  }
}

/* Tensor-product interpolation (eval_grad = 0) or gradient (1), one element per block at a time. */
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK)
    CeedGpuBasisTensor(const CeedGpuBasisParams p, CeedInt eval_grad, const CeedScalar *__restrict__ u, CeedScalar *__restrict__ v) {
  extern __shared__ CeedScalar smem[];
  const CeedInt P = p.P_1d, Q = p.Q_1d, dim = p.dim, nc = p.num_comp;
  const CeedInt m = P > Q ? P : Q;
  CeedInt       vol = 1;
  for (CeedInt k = 0; k < dim; k++) vol *= m;
  CeedScalar *s_interp = smem, *s_grad = smem + P * Q, *work[3] = {s_grad + P * Q, s_grad + P * Q + vol, s_grad + P * Q + 2 * vol};
  for (CeedInt i = threadIdx.x; i < P * Q; i += blockDim.x) {
    s_interp[i] = p.interp_1d[i];
    s_grad[i]   = p.grad_1d[i];
  }
  __syncthreads();
  const CeedInt num_slices = eval_grad ? dim : 1;
  const CeedInt from = p.transpose ? Q : P, to = p.transpose ? P : Q;
  const CeedInt n_in = p.transpose ? p.Q : p.P, n_out = p.transpose ? p.P : p.Q;
  for (CeedInt e = blockIdx.x; e < p.num_elem; e += gridDim.x) {
    for (CeedInt c = 0; c < nc; c++) {
      if (!p.transpose) {
        for (CeedInt i = threadIdx.x; i < n_in; i += blockDim.x) work[0][i] = u[e * p.node_strides[0] + c * p.node_strides[1] + i * p.node_strides[2]];
      }
      __syncthreads();
      for (CeedInt s = 0; s < num_slices; s++) {
        const CeedInt cc = s * nc + c;
        if (p.transpose) {
          for (CeedInt i = threadIdx.x; i < n_in; i += blockDim.x) {
            work[0][i] = u[e * p.point_strides[0] + cc * p.point_strides[1] + i * p.point_strides[2]];
          }
          __syncthreads();
        }
        const CeedScalar *src  = work[0];
        CeedInt           next = 1;
        for (CeedInt d = dim - 1; d >= 0; d--) {
          CeedScalar *dst = work[next];
          CeedGpuTensorContract(eval_grad && d == s ? s_grad : s_interp, P, p.transpose, from, to, d, dim, src, dst);
          __syncthreads();
          src  = dst;
          next = 3 - next;
        }
        for (CeedInt i = threadIdx.x; i < n_out; i += blockDim.x) {
          if (p.transpose) {
            /* Each thread owns the same nodes for every slice: accumulate in place. */
            const CeedSize k = e * p.node_strides[0] + c * p.node_strides[1] + i * p.node_strides[2];
            v[k]             = ((s > 0 || p.add) ? v[k] : 0.0) + src[i];
          } else {
            v[e * p.point_strides[0] + cc * p.point_strides[1] + i * p.point_strides[2]] = src[i];
          }
        }
        __syncthreads();
      }
    }
  }
}

/* Dense (non-tensor) evaluation with the [q_comp][Q][P] matrix of the evaluation mode. */
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK)
    CeedGpuBasisNonTensor(const CeedGpuBasisParams p, const CeedScalar *__restrict__ u, CeedScalar *__restrict__ v) {
  const CeedInt P = p.P, Q = p.Q, nc = p.num_comp, qc = p.q_comp;
  if (!p.transpose) {
    const CeedSize n = (CeedSize)p.num_elem * qc * nc * Q;
    for (CeedSize t = blockIdx.x * (CeedSize)blockDim.x + threadIdx.x; t < n; t += (CeedSize)gridDim.x * blockDim.x) {
      const CeedInt     q = (CeedInt)(t % Q), cc = (CeedInt)((t / Q) % (qc * nc));
      const CeedSize    e = t / ((CeedSize)Q * qc * nc);
      const CeedInt     d = cc / nc, c = cc % nc;
      const CeedScalar *m = p.mat + ((CeedSize)d * Q + q) * P;
      CeedScalar        s = 0.0;
      for (CeedInt j = 0; j < P; j++) s += m[j] * u[e * p.node_strides[0] + c * p.node_strides[1] + j * p.node_strides[2]];
      v[e * p.point_strides[0] + cc * p.point_strides[1] + q * p.point_strides[2]] = s;
    }
  } else {
    const CeedSize n = (CeedSize)p.num_elem * nc * P;
    for (CeedSize t = blockIdx.x * (CeedSize)blockDim.x + threadIdx.x; t < n; t += (CeedSize)gridDim.x * blockDim.x) {
      const CeedInt  j = (CeedInt)(t % P), c = (CeedInt)((t / P) % nc);
      const CeedSize e = t / ((CeedSize)P * nc);
      const CeedSize k = e * p.node_strides[0] + c * p.node_strides[1] + j * p.node_strides[2];
      CeedScalar     s = p.add ? v[k] : 0.0;
      for (CeedInt d = 0; d < qc; d++) {
        for (CeedInt q = 0; q < Q; q++) {
          s += p.mat[((CeedSize)d * Q + q) * P + j] * u[e * p.point_strides[0] + (d * nc + c) * p.point_strides[1] + q * p.point_strides[2]];
        }
      }
      v[k] = s;
    }
  }
}

/* Quadrature weights (tensor products of the 1-D weights for tensor bases), component slot 0. */
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK)
    CeedGpuBasisWeight(const CeedGpuBasisParams p, CeedInt is_tensor, CeedScalar *__restrict__ v) {
  const CeedSize n = (CeedSize)p.num_elem * p.Q;
  for (CeedSize t = blockIdx.x * (CeedSize)blockDim.x + threadIdx.x; t < n; t += (CeedSize)gridDim.x * blockDim.x) {
    const CeedInt  q = (CeedInt)(t % p.Q);
    const CeedSize e = t / p.Q;
    CeedScalar     w = 1.0;
    if (is_tensor) {
      for (CeedInt d = 0, qq = q; d < p.dim; d++, qq /= p.Q_1d) w *= p.q_weight_1d[qq % p.Q_1d];
    } else {
      w = p.q_weight[q];
    }
    v[e * p.point_strides[0] + q * p.point_strides[2]] = w;
  }
}

/* gen-bench: CEED bake-off problems BP1-BP6 applied on a fused backend and on the reference backend.
 *
 *   gen-bench [-ceed RESOURCE] [-ref RESOURCE|none] [-bp LIST] [-p LIST] [-dofs N] [-t SECONDS] [-clock wall|cpu]
 *
 * For each BP and degree p: a structured hex mesh of the unit cube (mildly deformed inside, boundary
 * fixed) with about N DOFs, P = p+1 Gauss-Lobatto nodes per direction, Gauss quadrature with p+2 points
 * (BP1-BP4) or Gauss-Lobatto with p+1 points (BP5, BP6), 1 (BP1, BP3, BP5) or 3 (BP2, BP4, BP6)
 * components, geometric factors from the gallery Mass3DBuild / Poisson3DBuild QFunctions, the action from
 * MassApply, Vector3MassApply, Poisson3DApply or Vector3Poisson3DApply. Prints one table row per problem:
 * apply rate (MDOF/s = DOFs x applications / second, CeedOperatorApply) on both resources, their ratio, the
 * largest difference of the two results relative to the largest entry, the time CeedOperatorPrepare takes
 * (kernel build, or kernel-cache load when the kernel is cached), the time of the first application after
 * it, and the model rooflines of the fused kernel:
 *   bytes/DOF: input and output L-vectors (8 + 16 per DOF), quadrature data, element indices (4 B per node)
 *   flops/DOF: the sum-factorised contractions the fused kernel performs, plus the QFunction.
 * Machine figures for the roofline fractions: -bw GB/s (default 45, one core triad; "measure": y += x on
 * 2^27 entries on the resource, after -ceed) and -peak GFLOP/s
 * (default 112, one core FP64 FMA); pass the figures of the machine measured on. Uses the public API only. */
#define _POSIX_C_SOURCE 200809L
#include <ceed.h>
#include <ceed/backend.h> /* CeedOperatorPrepare */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CALL(...)                                                                     \
  do {                                                                                \
    int ierr_ = (__VA_ARGS__);                                                        \
    if (ierr_) {                                                                      \
      fprintf(stderr, "gen-bench: %s failed with error %d\n", #__VA_ARGS__, ierr_); \
      exit(1);                                                                        \
    }                                                                                 \
  } while (0)

static const double kPi = 3.14159265358979323846;

/* Wall-clock time, or with -clock cpu the CPU time of the process (less sensitive to other load on a
   shared machine; the kernels are single-threaded). */
static clockid_t timer_clock = CLOCK_MONOTONIC;

static double WallTime(void) {
  struct timespec ts;
  clock_gettime(timer_clock, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *Malloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p) {
    fprintf(stderr, "gen-bench: out of memory (%zu bytes)\n", bytes);
    exit(1);
  }
  return p;
}

typedef struct {
  int     bp, num_comp, qdata_size, gauss;
  CeedInt p, P, Q, n[3], num_elem, nodes[3];
  CeedSize num_nodes, num_dofs;
} Problem;

static Problem MakeProblem(int bp, CeedInt p, double target_dofs) {
  Problem pb;
  memset(&pb, 0, sizeof(pb));
  pb.bp         = bp;
  pb.num_comp   = bp % 2 ? 1 : 3;
  pb.qdata_size = bp <= 2 ? 1 : 6;
  pb.gauss      = bp <= 4;
  pb.p          = p;
  pb.P          = p + 1;
  pb.Q          = pb.gauss ? p + 2 : p + 1;
  /* Elements per direction so that (n p + 1)^3 num_comp is close to the target; n[0] >= n[1] >= n[2]. */
  const double side = cbrt(target_dofs / pb.num_comp);
  CeedInt      total = (CeedInt)fmax(1.0, pow((side - 1.0) / p, 3.0) + 0.5);
  CeedInt      base  = (CeedInt)fmax(1.0, floor(cbrt((double)total)));
  pb.n[0] = pb.n[1] = pb.n[2] = base;
  for (int d = 0; d < 3 && (CeedSize)pb.n[0] * pb.n[1] * pb.n[2] < total; d++) {
    pb.n[d]++;
    if ((CeedSize)pb.n[0] * pb.n[1] * pb.n[2] > total * 1.05) pb.n[d]--;
  }
  pb.num_elem  = pb.n[0] * pb.n[1] * pb.n[2];
  pb.num_nodes = 1;
  for (int d = 0; d < 3; d++) {
    pb.nodes[d] = pb.n[d] * p + 1;
    pb.num_nodes *= pb.nodes[d];
  }
  pb.num_dofs = pb.num_nodes * pb.num_comp;
  return pb;
}

/* Element restriction offsets: node-major L-vector with interlaced components (comp_stride 1). */
static CeedInt *Offsets(const Problem *pb, CeedInt num_comp) {
  const CeedInt P = pb->P, elem_size = P * P * P;
  CeedInt      *offsets = Malloc(sizeof(CeedInt) * (size_t)pb->num_elem * elem_size);
  for (CeedInt e = 0; e < pb->num_elem; e++) {
    const CeedInt ex = e % pb->n[0], ey = (e / pb->n[0]) % pb->n[1], ez = e / (pb->n[0] * pb->n[1]);
    for (CeedInt k = 0; k < P; k++) {
      for (CeedInt j = 0; j < P; j++) {
        for (CeedInt i = 0; i < P; i++) {
          const CeedSize node = ((CeedSize)(ez * pb->p + k) * pb->nodes[1] + (ey * pb->p + j)) * pb->nodes[0] + (ex * pb->p + i);
          offsets[(CeedSize)e * elem_size + (k * P + j) * P + i] = (CeedInt)(node * num_comp);
        }
      }
    }
  }
  return offsets;
}

typedef struct {
  Ceed                ceed;
  CeedElemRestriction rstr_u, rstr_x, rstr_q;
  CeedBasis           basis_u, basis_x;
  CeedQFunction       qf_setup, qf_apply;
  CeedOperator        op_setup, op_apply;
  CeedVector          x, q_data, u, v;
} Setup;

static void BuildProblem(const char *resource, const Problem *pb, const CeedInt *offsets_u, const CeedInt *offsets_x, Setup *s) {
  memset(s, 0, sizeof(*s));
  CALL(CeedInit(resource, &s->ceed));
  const CeedInt elem_size = pb->P * pb->P * pb->P, nq = pb->Q * pb->Q * pb->Q;
  const CeedQuadMode quad = pb->gauss ? CEED_GAUSS : CEED_GAUSS_LOBATTO;
  CALL(CeedElemRestrictionCreate(s->ceed, pb->num_elem, elem_size, pb->num_comp, 1, pb->num_dofs, CEED_MEM_HOST, CEED_COPY_VALUES, offsets_u,
                                 &s->rstr_u));
  CALL(CeedElemRestrictionCreate(s->ceed, pb->num_elem, elem_size, 3, 1, 3 * pb->num_nodes, CEED_MEM_HOST, CEED_COPY_VALUES, offsets_x,
                                 &s->rstr_x));
  CALL(CeedElemRestrictionCreateStrided(s->ceed, pb->num_elem, nq, pb->qdata_size, (CeedSize)pb->num_elem * nq * pb->qdata_size,
                                        CEED_STRIDES_BACKEND, &s->rstr_q));
  CALL(CeedBasisCreateTensorH1Lagrange(s->ceed, 3, pb->num_comp, pb->P, pb->Q, quad, &s->basis_u));
  CALL(CeedBasisCreateTensorH1Lagrange(s->ceed, 3, 3, pb->P, pb->Q, quad, &s->basis_x));

  /* Nodal coordinates: the unit cube on a Gauss-Lobatto grid, moved inside by a smooth bump. */
  CALL(CeedVectorCreate(s->ceed, 3 * pb->num_nodes, &s->x));
  {
    CeedScalar *x, *nodes_1d = Malloc(sizeof(CeedScalar) * pb->P);
    CeedLobattoQuadrature(pb->P, nodes_1d, NULL);
    CALL(CeedVectorGetArrayWrite(s->x, CEED_MEM_HOST, &x));
    for (CeedSize node = 0; node < pb->num_nodes; node++) {
      const CeedInt idx[3] = {(CeedInt)(node % pb->nodes[0]), (CeedInt)((node / pb->nodes[0]) % pb->nodes[1]),
                              (CeedInt)(node / ((CeedSize)pb->nodes[0] * pb->nodes[1]))};
      CeedScalar    c[3];
      for (int d = 0; d < 3; d++) {
        const CeedInt e = idx[d] / pb->p == pb->n[d] ? pb->n[d] - 1 : idx[d] / pb->p, i = idx[d] - e * pb->p;
        c[d] = (e + 0.5 * (nodes_1d[i] + 1.0)) / pb->n[d];
      }
      const CeedScalar bump = 0.05 * sin(kPi * c[0]) * sin(kPi * c[1]) * sin(kPi * c[2]);
      for (int d = 0; d < 3; d++) x[3 * node + d] = c[d] + bump * (d + 1);
    }
    CALL(CeedVectorRestoreArray(s->x, &x));
    free(nodes_1d);
  }

  CALL(CeedQFunctionCreateInteriorByName(s->ceed, pb->qdata_size == 1 ? "Mass3DBuild" : "Poisson3DBuild", &s->qf_setup));
  static const char *apply_names[] = {"MassApply", "Vector3MassApply", "Poisson3DApply", "Vector3Poisson3DApply"};
  CALL(CeedQFunctionCreateInteriorByName(s->ceed, apply_names[(pb->qdata_size == 6) * 2 + (pb->num_comp == 3)], &s->qf_apply));
  CALL(CeedOperatorCreate(s->ceed, s->qf_setup, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &s->op_setup));
  CALL(CeedOperatorSetField(s->op_setup, "dx", s->rstr_x, s->basis_x, CEED_VECTOR_ACTIVE));
  CALL(CeedOperatorSetField(s->op_setup, "weights", CEED_ELEMRESTRICTION_NONE, s->basis_x, CEED_VECTOR_NONE));
  CALL(CeedOperatorSetField(s->op_setup, "qdata", s->rstr_q, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE));
  CALL(CeedElemRestrictionCreateVector(s->rstr_q, &s->q_data, NULL));
  CALL(CeedOperatorApply(s->op_setup, s->x, s->q_data, CEED_REQUEST_IMMEDIATE));

  const int   is_mass = pb->qdata_size == 1;
  CALL(CeedOperatorCreate(s->ceed, s->qf_apply, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &s->op_apply));
  CALL(CeedOperatorSetField(s->op_apply, is_mass ? "u" : "du", s->rstr_u, s->basis_u, CEED_VECTOR_ACTIVE));
  CALL(CeedOperatorSetField(s->op_apply, "qdata", s->rstr_q, CEED_BASIS_NONE, s->q_data));
  CALL(CeedOperatorSetField(s->op_apply, is_mass ? "v" : "dv", s->rstr_u, s->basis_u, CEED_VECTOR_ACTIVE));
  CALL(CeedVectorCreate(s->ceed, pb->num_dofs, &s->u));
  CALL(CeedVectorCreate(s->ceed, pb->num_dofs, &s->v));
  CeedScalar *u;
  CALL(CeedVectorGetArrayWrite(s->u, CEED_MEM_HOST, &u));
  for (CeedSize i = 0; i < pb->num_dofs; i++) u[i] = sin(0.001 * (double)i) + 0.5 * cos(0.37 * (double)(i % 1013));
  CALL(CeedVectorRestoreArray(s->u, &u));
}

static void DestroyProblem(Setup *s) {
  CeedVectorDestroy(&s->x);
  CeedVectorDestroy(&s->q_data);
  CeedVectorDestroy(&s->u);
  CeedVectorDestroy(&s->v);
  CeedOperatorDestroy(&s->op_setup);
  CeedOperatorDestroy(&s->op_apply);
  CeedQFunctionDestroy(&s->qf_setup);
  CeedQFunctionDestroy(&s->qf_apply);
  CeedBasisDestroy(&s->basis_u);
  CeedBasisDestroy(&s->basis_x);
  CeedElemRestrictionDestroy(&s->rstr_u);
  CeedElemRestrictionDestroy(&s->rstr_x);
  CeedElemRestrictionDestroy(&s->rstr_q);
  CeedDestroy(&s->ceed);
}

typedef struct {
  double rate, prepare, first_apply;
  int    reps;
} Timing;

/* Kernel build or kernel-cache load (CeedOperatorPrepare, always timed on the wall clock: compilers run in
   child processes), first application, then repeated applications for at least min_seconds. */
static Timing TimeApply(Setup *s, const Problem *pb, double min_seconds) {
  Timing          t;
  struct timespec w0, w1;
  clock_gettime(CLOCK_MONOTONIC, &w0);
  CALL(CeedOperatorPrepare(s->op_apply));
  clock_gettime(CLOCK_MONOTONIC, &w1);
  t.prepare = (double)(w1.tv_sec - w0.tv_sec) + 1e-9 * (double)(w1.tv_nsec - w0.tv_nsec);
  double t0 = WallTime();
  CALL(CeedOperatorApply(s->op_apply, s->u, s->v, CEED_REQUEST_IMMEDIATE));
  t.first_apply = WallTime() - t0;
  int n         = 0;
  t0            = WallTime();
  double dt     = 0.0;
  do {
    CALL(CeedOperatorApply(s->op_apply, s->u, s->v, CEED_REQUEST_IMMEDIATE));
    n++;
    dt = WallTime() - t0;
  } while (n < 3 || dt < min_seconds);
  /* Device backends apply asynchronously: the time ends when the result can be read. */
  CeedScalar norm;
  CALL(CeedVectorNorm(s->v, CEED_NORM_MAX, &norm));
  dt     = WallTime() - t0;
  t.reps = n;
  t.rate = 1e-6 * (double)pb->num_dofs * n / dt;
  return t;
}

/* Model of the fused kernel per DOF: bytes moved from memory and flops of its contractions. */
static void Model(const Problem *pb, double *bytes_per_dof, double *flops_per_dof) {
  const double P = pb->P, Q = pb->Q, nq = Q * Q * Q, nc = pb->num_comp;
  const int    identity = !pb->gauss; /* GLL points at GLL nodes: interpolation is the identity */
  const double interp   = identity ? 0.0 : 2.0 * (P * P * P * Q + P * P * Q * Q + P * Q * Q * Q);
  const double deriv    = 3.0 * 2.0 * Q * Q * Q * Q;
  const double qf       = pb->qdata_size == 1 ? nc * nq : nc * 15.0 * nq;
  const double per_elem = nc * 2.0 * (interp + (pb->qdata_size == 6 ? deriv : 0.0)) + qf;
  *flops_per_dof        = per_elem * pb->num_elem / (double)pb->num_dofs;
  *bytes_per_dof        = 24.0 + (8.0 * pb->qdata_size * nq + 4.0 * P * P * P) * pb->num_elem / (double)pb->num_dofs;
}

/* Memory bandwidth seen through the library on resource (GB/s): y = y + x on vectors of n entries,
   24 bytes per entry (two reads, one write), synchronised by a norm. */
static double MeasureBandwidth(const char *resource, CeedSize n, double min_seconds) {
  Ceed       ceed;
  CeedVector x, y;
  CeedScalar norm;
  CALL(CeedInit(resource, &ceed));
  CALL(CeedVectorCreate(ceed, n, &x));
  CALL(CeedVectorCreate(ceed, n, &y));
  CALL(CeedVectorSetValue(x, 1.0));
  CALL(CeedVectorSetValue(y, 0.0));
  CALL(CeedVectorAXPY(y, 1.0, x));
  CALL(CeedVectorNorm(y, CEED_NORM_MAX, &norm));
  int    reps = 0;
  double t0 = WallTime(), dt = 0.0;
  do {
    CALL(CeedVectorAXPY(y, 1.0, x));
    reps++;
    dt = WallTime() - t0;
  } while (reps < 3 || dt < min_seconds);
  CALL(CeedVectorNorm(y, CEED_NORM_MAX, &norm));
  dt = WallTime() - t0;
  CeedVectorDestroy(&x);
  CeedVectorDestroy(&y);
  CeedDestroy(&ceed);
  return 24.0 * (double)n * reps / dt * 1e-9;
}

static int ParseList(const char *text, int lo, int hi, int *list) {
  int n = 0;
  for (const char *p = text; *p;) {
    char *end = NULL;
    long  a = strtol(p, &end, 10), b = a;
    if (end == p) return -1;
    if (*end == '-') {
      p = end + 1;
      b = strtol(p, &end, 10);
      if (end == p) return -1;
    }
    for (long v = a; v <= b; v++) {
      if (v < lo || v > hi || n >= 64) return -1;
      list[n++] = (int)v;
    }
    p = *end == ',' ? end + 1 : end;
    if (*end && *end != ',') return -1;
  }
  return n;
}

int main(int argc, char **argv) {
  const char *resource = "/cpu/self/gen", *ref = "/cpu/self/ref/serial";
  int         bps[64], degrees[64], num_bps = 6, num_degrees = 8;
  double      target = 1e6, min_seconds = 1.0, bandwidth = 45.0, peak = 112.0;
  for (int i = 0; i < 6; i++) bps[i] = i + 1;
  for (int i = 0; i < 8; i++) degrees[i] = i + 1;
  for (int a = 1; a < argc; a++) {
    const char *arg = argv[a], *val = a + 1 < argc ? argv[a + 1] : NULL;
    if (!val) {
      fprintf(stderr, "gen-bench: missing value after %s\n", arg);
      return 2;
    }
    a++;
    if (!strcmp(arg, "-ceed") || !strcmp(arg, "--ceed")) resource = val;
    else if (!strcmp(arg, "-ref")) ref = strcmp(val, "none") ? val : NULL;
    else if (!strcmp(arg, "-bp")) num_bps = ParseList(val, 1, 6, bps);
    else if (!strcmp(arg, "-p")) num_degrees = ParseList(val, 1, 8, degrees);
    else if (!strcmp(arg, "-dofs")) target = atof(val);
    else if (!strcmp(arg, "-t")) min_seconds = atof(val);
    else if (!strcmp(arg, "-bw") && !strcmp(val, "measure")) {
      bandwidth = MeasureBandwidth(resource, (CeedSize)1 << 27, 1.0);
      printf("measured bandwidth on %s: %.1f GB/s (y += x, 2^27 entries, 24 B/entry)\n", resource, bandwidth);
    }
    else if (!strcmp(arg, "-bw")) bandwidth = atof(val);
    else if (!strcmp(arg, "-peak")) peak = atof(val);
    else if (!strcmp(arg, "-clock") && (!strcmp(val, "cpu") || !strcmp(val, "wall"))) timer_clock = strcmp(val, "cpu") ? CLOCK_MONOTONIC : CLOCK_PROCESS_CPUTIME_ID;
    else {
      fprintf(stderr, "gen-bench: unknown argument %s\n", arg);
      return 2;
    }
    if (num_bps < 0 || num_degrees < 0 || !(target >= 1.0) || !(min_seconds >= 0.0)) {
      fprintf(stderr, "gen-bench: bad value '%s' for %s\n", val, arg);
      return 2;
    }
  }
  printf("| BP | p | DOFs | %s MDOF/s | %s MDOF/s | ratio | rel. diff | prepare s | first apply s | B/DOF | flop/DOF | mem roofline | compute "
         "roofline |\n",
         resource, ref ? ref : "-");
  printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  int status = 0;
  for (int b = 0; b < num_bps; b++) {
    for (int d = 0; d < num_degrees; d++) {
      const Problem pb        = MakeProblem(bps[b], degrees[d], target);
      CeedInt      *offsets_u = Offsets(&pb, pb.num_comp), *offsets_x = Offsets(&pb, 3);
      Setup         s;
      BuildProblem(resource, &pb, offsets_u, offsets_x, &s);
      const Timing gen = TimeApply(&s, &pb, min_seconds);
      CeedScalar  *v_gen = Malloc(sizeof(CeedScalar) * pb.num_dofs);
      {
        const CeedScalar *v;
        CALL(CeedVectorGetArrayRead(s.v, CEED_MEM_HOST, &v));
        memcpy(v_gen, v, sizeof(CeedScalar) * pb.num_dofs);
        CALL(CeedVectorRestoreArrayRead(s.v, &v));
      }
      DestroyProblem(&s);
      Timing ref_t   = {0.0, 0.0, 0.0, 0};
      double rel_err = -1.0;
      if (ref) {
        BuildProblem(ref, &pb, offsets_u, offsets_x, &s);
        ref_t = TimeApply(&s, &pb, min_seconds * 0.5);
        const CeedScalar *v;
        double            max_diff = 0.0, max_val = 0.0;
        CALL(CeedVectorGetArrayRead(s.v, CEED_MEM_HOST, &v));
        for (CeedSize i = 0; i < pb.num_dofs; i++) {
          max_diff = fmax(max_diff, fabs(v[i] - v_gen[i]));
          max_val  = fmax(max_val, fabs(v[i]));
        }
        CALL(CeedVectorRestoreArrayRead(s.v, &v));
        rel_err = max_diff / max_val;
        if (!(rel_err <= 1e-12)) status = 1;
        DestroyProblem(&s);
      }
      double bytes, flops;
      Model(&pb, &bytes, &flops);
      const double mem_bound = 1e3 * bandwidth / bytes, flop_bound = 1e3 * peak / flops;
      printf("| BP%d | %d | %lld | %.1f | %.1f | %.1f | %.1e | %.3f | %.3f | %.0f | %.0f | %.0f%% of %.0f | %.0f%% of %.0f |\n", pb.bp, pb.p,
             (long long)pb.num_dofs, gen.rate, ref_t.rate, ref ? gen.rate / ref_t.rate : 0.0, rel_err, gen.prepare, gen.first_apply, bytes,
             flops, 100.0 * gen.rate / mem_bound, mem_bound, 100.0 * gen.rate / flop_bound, flop_bound);
      fflush(stdout);
      free(v_gen);
      free(offsets_u);
      free(offsets_x);
    }
  }
  if (status) fprintf(stderr, "gen-bench: results differ from %s by more than 1e-12 (relative)\n", ref);
  return status;
}

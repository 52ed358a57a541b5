/* ceedrt demo: a mass and a diffusion operator on a structured hexahedral mesh of the unit cube.
 *
 *   ceed-demo [-ceed RESOURCE] [-p DEGREE] [-n ELEMENTS_PER_DIRECTION] [-t SECONDS]
 *
 * Builds the mesh in the program (tensor-product Lagrange elements of degree p on Gauss-Lobatto nodes,
 * Gauss quadrature with p+2 points per direction), sets up both operators with geometric factors computed
 * by QFunctions from the nodal coordinates, and checks three exactly known quantities:
 *   volume   sum_i (M 1)_i = |Omega| = 1
 *   energy   u^T K u = int |grad u|^2 = 3 for u = x + y + z
 *   surface  sum_d sum_i |(K x_d)_i| = |dOmega| = 6   ((K x_d)_i = int_dOmega n_d phi_i, one sign per face)
 * then times repeated operator applications. Uses the public C API only. Exit status 0 when every check
 * holds to round-off, 1 otherwise. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <ceed.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ceed-demo-qfunctions.h"

/* ---- Helpers ----------------------------------------------------------------------------------------- */

static Ceed demo_ceed = NULL;

/* Checks a library call; with the "store" error handler a failing call returns and its message is shown. */
#define CALL(...)                                                                        \
  do {                                                                                   \
    int ierr_ = (__VA_ARGS__);                                                           \
    if (ierr_ != CEED_ERROR_SUCCESS) {                                                   \
      const char *msg_ = "(no message)";                                                 \
      if (demo_ceed) CeedGetErrorMessage(demo_ceed, &msg_);                              \
      fprintf(stderr, "ceed-demo: %s failed with error %d:\n  %s\n", #__VA_ARGS__, ierr_, msg_); \
      exit(1);                                                                           \
    }                                                                                    \
  } while (0)

static double WallTime(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *Malloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p) {
    fprintf(stderr, "ceed-demo: out of memory (%zu bytes)\n", bytes);
    exit(1);
  }
  return p;
}

static void Usage(const char *prog) {
  fprintf(stderr,
          "usage: %s [-ceed RESOURCE] [-p DEGREE] [-n ELEMENTS_PER_DIRECTION] [-t SECONDS]\n"
          "  -ceed  backend resource (default /cpu/self/ref/serial; --ceed also works)\n"
          "  -p     polynomial degree, 1..8 (default 2)\n"
          "  -n     elements per direction, 1..1000 (default 8)\n"
          "  -t     minimum time spent in the timed applications, seconds (default 0.5)\n",
          prog);
}

static int ParseInt(const char *text, long lo, long hi, CeedInt *value) {
  char *end   = NULL;
  long  v     = strtol(text, &end, 10);
  if (!end || *end || v < lo || v > hi) return 1;
  *value = (CeedInt)v;
  return 0;
}

/* Applies op repeatedly for at least min_seconds (and at least 3 times); returns seconds per apply. */
static double TimeApply(CeedOperator op, CeedVector in, CeedVector out, double min_seconds, CeedInt *reps) {
  CALL(CeedOperatorApply(op, in, out, CEED_REQUEST_IMMEDIATE)); /* warm-up */
  CeedInt n = 0;
  double  t0 = WallTime(), t = 0.0;
  do {
    CALL(CeedOperatorApply(op, in, out, CEED_REQUEST_IMMEDIATE));
    n++;
    t = WallTime() - t0;
  } while (n < 3 || t < min_seconds);
  *reps = n;
  return t / n;
}

static int Report(const char *name, const char *what, double value, double exact, double tol) {
  const double err = fabs(value - exact);
  const int    ok  = err <= tol;
  printf("  %-8s %-34s = %.14f  (exact %g)  error %.2e  %s\n", name, what, value, exact, err, ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}

int main(int argc, char **argv) {
  const char *resource    = "/cpu/self/ref/serial";
  CeedInt     p           = 2, n = 8;
  double      min_seconds = 0.5;

  for (int a = 1; a < argc; a++) {
    if (!strcmp(argv[a], "-h") || !strcmp(argv[a], "--help")) {
      Usage(argv[0]);
      return 0;
    } else if ((!strcmp(argv[a], "-ceed") || !strcmp(argv[a], "--ceed")) && a + 1 < argc) {
      resource = argv[++a];
    } else if (!strcmp(argv[a], "-p") && a + 1 < argc) {
      if (ParseInt(argv[++a], 1, 8, &p)) {
        fprintf(stderr, "ceed-demo: degree must be an integer in 1..8, got '%s'\n", argv[a]);
        return 2;
      }
    } else if (!strcmp(argv[a], "-n") && a + 1 < argc) {
      if (ParseInt(argv[++a], 1, 1000, &n)) {
        fprintf(stderr, "ceed-demo: elements per direction must be an integer in 1..1000, got '%s'\n", argv[a]);
        return 2;
      }
    } else if (!strcmp(argv[a], "-t") && a + 1 < argc) {
      char *end   = NULL;
      min_seconds = strtod(argv[++a], &end);
      if (!end || *end || !(min_seconds >= 0.0) || min_seconds > 3600.0) {
        fprintf(stderr, "ceed-demo: time must be a number of seconds in [0, 3600], got '%s'\n", argv[a]);
        return 2;
      }
    } else {
      fprintf(stderr, "ceed-demo: unknown or incomplete argument '%s'\n", argv[a]);
      Usage(argv[0]);
      return 2;
    }
  }

  const CeedInt dim = 3, P = p + 1, Q = p + 2;
  const CeedInt n_nodes_1d = n * p + 1;
  const CeedInt num_elem = n * n * n, elem_nodes = P * P * P, elem_qpts = Q * Q * Q;
  const CeedSize num_nodes = (CeedSize)n_nodes_1d * n_nodes_1d * n_nodes_1d;
  if ((double)num_elem * elem_nodes > 2.0e9 || (double)num_elem * elem_qpts * 6 > 2.0e9) {
    fprintf(stderr, "ceed-demo: mesh too large for 32-bit element offsets\n");
    return 2;
  }

  CALL(CeedInit(resource, &demo_ceed));
  Ceed ceed = demo_ceed;
  CALL(CeedSetErrorHandler(ceed, CeedErrorStore));
  const char *chosen = NULL;
  CALL(CeedGetResource(ceed, &chosen));

  /* Node positions along one direction: element e's Gauss-Lobatto nodes mapped to [e/n, (e+1)/n]. */
  CeedScalar *gll = Malloc(sizeof(CeedScalar) * P), *gll_w = Malloc(sizeof(CeedScalar) * P);
  CeedScalar *x_1d = Malloc(sizeof(CeedScalar) * n_nodes_1d);
  CALL(CeedLobattoQuadrature(P, gll, gll_w));
  for (CeedInt g = 0; g < n_nodes_1d; g++) {
    CeedInt e = g / p < n ? g / p : n - 1, a = g - e * p;
    x_1d[g]   = (e + 0.5 * (gll[a] + 1.0)) / n;
  }
  x_1d[0] = 0.0, x_1d[n_nodes_1d - 1] = 1.0;

  /* Element-to-node map, lexicographic with x fastest both locally and globally. */
  CeedInt *offsets = Malloc(sizeof(CeedInt) * (size_t)num_elem * elem_nodes);
  for (CeedInt ez = 0; ez < n; ez++) {
    for (CeedInt ey = 0; ey < n; ey++) {
      for (CeedInt ex = 0; ex < n; ex++) {
        const CeedInt e = ex + n * (ey + n * ez);
        for (CeedInt c = 0; c < P; c++) {
          for (CeedInt b = 0; b < P; b++) {
            for (CeedInt a = 0; a < P; a++) {
              offsets[(size_t)e * elem_nodes + a + P * (b + P * c)] = (ex * p + a) + n_nodes_1d * ((ey * p + b) + n_nodes_1d * (ez * p + c));
            }
          }
        }
      }
    }
  }

  /* Restrictions, bases, vectors. */
  CeedElemRestriction rstr_u, rstr_x, rstr_qd_mass, rstr_qd_diff;
  CALL(CeedElemRestrictionCreate(ceed, num_elem, elem_nodes, 1, 1, num_nodes, CEED_MEM_HOST, CEED_COPY_VALUES, offsets, &rstr_u));
  CALL(CeedElemRestrictionCreate(ceed, num_elem, elem_nodes, dim, (CeedInt)num_nodes, dim * num_nodes, CEED_MEM_HOST, CEED_COPY_VALUES,
                                 offsets, &rstr_x));
  CALL(CeedElemRestrictionCreateStrided(ceed, num_elem, elem_qpts, 1, (CeedSize)num_elem * elem_qpts, CEED_STRIDES_BACKEND, &rstr_qd_mass));
  CALL(CeedElemRestrictionCreateStrided(ceed, num_elem, elem_qpts, 6, (CeedSize)num_elem * elem_qpts * 6, CEED_STRIDES_BACKEND,
                                        &rstr_qd_diff));
  CeedBasis basis_u, basis_x;
  CALL(CeedBasisCreateTensorH1Lagrange(ceed, dim, 1, P, Q, CEED_GAUSS, &basis_u));
  CALL(CeedBasisCreateTensorH1Lagrange(ceed, dim, dim, P, Q, CEED_GAUSS, &basis_x));

  CeedVector x, qd_mass, qd_diff, u, v;
  CALL(CeedVectorCreate(ceed, dim * num_nodes, &x));
  CALL(CeedVectorCreate(ceed, (CeedSize)num_elem * elem_qpts, &qd_mass));
  CALL(CeedVectorCreate(ceed, (CeedSize)num_elem * elem_qpts * 6, &qd_diff));
  CALL(CeedVectorCreate(ceed, num_nodes, &u));
  CALL(CeedVectorCreate(ceed, num_nodes, &v));
  {
    CeedScalar *xa;
    CALL(CeedVectorGetArrayWrite(x, CEED_MEM_HOST, &xa));
    for (CeedSize i = 0; i < num_nodes; i++) {
      const CeedInt ix = (CeedInt)(i % n_nodes_1d), iy = (CeedInt)((i / n_nodes_1d) % n_nodes_1d), iz = (CeedInt)(i / ((CeedSize)n_nodes_1d * n_nodes_1d));
      xa[0 * num_nodes + i] = x_1d[ix];
      xa[1 * num_nodes + i] = x_1d[iy];
      xa[2 * num_nodes + i] = x_1d[iz];
    }
    CALL(CeedVectorRestoreArray(x, &xa));
  }

  /* QFunctions and operators. */
  CeedQFunction qf_setup_mass, qf_setup_diff, qf_mass, qf_diff;
  CALL(CeedQFunctionCreateInterior(ceed, 1, setup_mass, setup_mass_loc, &qf_setup_mass));
  CALL(CeedQFunctionAddInput(qf_setup_mass, "dx", dim * dim, CEED_EVAL_GRAD));
  CALL(CeedQFunctionAddInput(qf_setup_mass, "weight", 1, CEED_EVAL_WEIGHT));
  CALL(CeedQFunctionAddOutput(qf_setup_mass, "qdata", 1, CEED_EVAL_NONE));
  CALL(CeedQFunctionCreateInterior(ceed, 1, setup_diff, setup_diff_loc, &qf_setup_diff));
  CALL(CeedQFunctionAddInput(qf_setup_diff, "dx", dim * dim, CEED_EVAL_GRAD));
  CALL(CeedQFunctionAddInput(qf_setup_diff, "weight", 1, CEED_EVAL_WEIGHT));
  CALL(CeedQFunctionAddOutput(qf_setup_diff, "qdata", 6, CEED_EVAL_NONE));
  CALL(CeedQFunctionCreateInterior(ceed, 1, apply_mass, apply_mass_loc, &qf_mass));
  CALL(CeedQFunctionAddInput(qf_mass, "u", 1, CEED_EVAL_INTERP));
  CALL(CeedQFunctionAddInput(qf_mass, "qdata", 1, CEED_EVAL_NONE));
  CALL(CeedQFunctionAddOutput(qf_mass, "v", 1, CEED_EVAL_INTERP));
  CALL(CeedQFunctionSetUserFlopsEstimate(qf_mass, 1));
  CALL(CeedQFunctionCreateInterior(ceed, 1, apply_diff, apply_diff_loc, &qf_diff));
  CALL(CeedQFunctionAddInput(qf_diff, "du", dim, CEED_EVAL_GRAD));
  CALL(CeedQFunctionAddInput(qf_diff, "qdata", 6, CEED_EVAL_NONE));
  CALL(CeedQFunctionAddOutput(qf_diff, "dv", dim, CEED_EVAL_GRAD));
  CALL(CeedQFunctionSetUserFlopsEstimate(qf_diff, 15));

  CeedOperator op_setup_mass, op_setup_diff, op_mass, op_diff;
  CALL(CeedOperatorCreate(ceed, qf_setup_mass, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op_setup_mass));
  CALL(CeedOperatorSetField(op_setup_mass, "dx", rstr_x, basis_x, CEED_VECTOR_ACTIVE));
  CALL(CeedOperatorSetField(op_setup_mass, "weight", CEED_ELEMRESTRICTION_NONE, basis_x, CEED_VECTOR_NONE));
  CALL(CeedOperatorSetField(op_setup_mass, "qdata", rstr_qd_mass, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE));
  CALL(CeedOperatorCreate(ceed, qf_setup_diff, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op_setup_diff));
  CALL(CeedOperatorSetField(op_setup_diff, "dx", rstr_x, basis_x, CEED_VECTOR_ACTIVE));
  CALL(CeedOperatorSetField(op_setup_diff, "weight", CEED_ELEMRESTRICTION_NONE, basis_x, CEED_VECTOR_NONE));
  CALL(CeedOperatorSetField(op_setup_diff, "qdata", rstr_qd_diff, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE));
  CALL(CeedOperatorCreate(ceed, qf_mass, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op_mass));
  CALL(CeedOperatorSetName(op_mass, "mass"));
  CALL(CeedOperatorSetField(op_mass, "u", rstr_u, basis_u, CEED_VECTOR_ACTIVE));
  CALL(CeedOperatorSetField(op_mass, "qdata", rstr_qd_mass, CEED_BASIS_NONE, qd_mass));
  CALL(CeedOperatorSetField(op_mass, "v", rstr_u, basis_u, CEED_VECTOR_ACTIVE));
  CALL(CeedOperatorCreate(ceed, qf_diff, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op_diff));
  CALL(CeedOperatorSetName(op_diff, "diffusion"));
  CALL(CeedOperatorSetField(op_diff, "du", rstr_u, basis_u, CEED_VECTOR_ACTIVE));
  CALL(CeedOperatorSetField(op_diff, "qdata", rstr_qd_diff, CEED_BASIS_NONE, qd_diff));
  CALL(CeedOperatorSetField(op_diff, "dv", rstr_u, basis_u, CEED_VECTOR_ACTIVE));

  printf("ceedrt demo: mass and diffusion operators on the unit cube\n");
  printf("  resource     %s (requested %s)\n", chosen, resource);
  printf("  mesh         %" CeedInt_FMT " x %" CeedInt_FMT " x %" CeedInt_FMT " hexahedra, degree %" CeedInt_FMT
         " (%" CeedInt_FMT " Gauss points per direction)\n",
         n, n, n, p, Q);
  printf("  DOFs         %" CeedSize_FMT "\n", num_nodes);

  double t_setup = WallTime();
  CALL(CeedOperatorApply(op_setup_mass, x, qd_mass, CEED_REQUEST_IMMEDIATE));
  CALL(CeedOperatorApply(op_setup_diff, x, qd_diff, CEED_REQUEST_IMMEDIATE));
  t_setup = WallTime() - t_setup;

  /* Checks. Tolerances scale with the number of summed terms. */
  const double tol = 1e-11 * (1.0 + sqrt((double)num_nodes));
  int          failures = 0;
  printf("Checks:\n");
  {
    CALL(CeedVectorSetValue(u, 1.0));
    CALL(CeedOperatorApply(op_mass, u, v, CEED_REQUEST_IMMEDIATE));
    const CeedScalar *va;
    double            sum = 0.0;
    CALL(CeedVectorGetArrayRead(v, CEED_MEM_HOST, &va));
    for (CeedSize i = 0; i < num_nodes; i++) sum += va[i];
    CALL(CeedVectorRestoreArrayRead(v, &va));
    failures += Report("volume", "sum_i (M 1)_i", sum, 1.0, tol);
  }
  {
    const CeedScalar *xa;
    CeedScalar       *ua;
    CALL(CeedVectorGetArrayRead(x, CEED_MEM_HOST, &xa));
    CALL(CeedVectorGetArrayWrite(u, CEED_MEM_HOST, &ua));
    for (CeedSize i = 0; i < num_nodes; i++) ua[i] = xa[i] + xa[num_nodes + i] + xa[2 * num_nodes + i];
    CALL(CeedVectorRestoreArray(u, &ua));
    CALL(CeedVectorRestoreArrayRead(x, &xa));
    CALL(CeedOperatorApply(op_diff, u, v, CEED_REQUEST_IMMEDIATE));
    const CeedScalar *va, *ub;
    double            energy = 0.0;
    CALL(CeedVectorGetArrayRead(v, CEED_MEM_HOST, &va));
    CALL(CeedVectorGetArrayRead(u, CEED_MEM_HOST, &ub));
    for (CeedSize i = 0; i < num_nodes; i++) energy += ub[i] * va[i];
    CALL(CeedVectorRestoreArrayRead(u, &ub));
    CALL(CeedVectorRestoreArrayRead(v, &va));
    failures += Report("energy", "u^T K u, u = x + y + z", energy, 3.0, tol);
  }
  {
    double surface = 0.0;
    for (CeedInt d = 0; d < dim; d++) {
      const CeedScalar *xa;
      CeedScalar       *ua;
      CeedScalar        norm_1;
      CALL(CeedVectorGetArrayRead(x, CEED_MEM_HOST, &xa));
      CALL(CeedVectorGetArrayWrite(u, CEED_MEM_HOST, &ua));
      memcpy(ua, xa + d * num_nodes, sizeof(CeedScalar) * (size_t)num_nodes);
      CALL(CeedVectorRestoreArray(u, &ua));
      CALL(CeedVectorRestoreArrayRead(x, &xa));
      CALL(CeedOperatorApply(op_diff, u, v, CEED_REQUEST_IMMEDIATE));
      CALL(CeedVectorNorm(v, CEED_NORM_1, &norm_1));
      surface += norm_1;
    }
    failures += Report("surface", "sum_d ||K x_d||_1", surface, 6.0, tol);
  }

  /* Timing. */
  printf("Timing (setup of both operators %.3f s; applications repeated for at least %g s each):\n", t_setup, min_seconds);
  CALL(CeedVectorSetValue(u, 1.0));
  {
    CeedOperator ops[2]   = {op_mass, op_diff};
    const char  *names[2] = {"mass", "diffusion"};
    for (int k = 0; k < 2; k++) {
      CeedInt      reps;
      const double t     = TimeApply(ops[k], u, v, min_seconds, &reps);
      CeedSize     flops = 0;
      CALL(CeedOperatorGetFlopsEstimate(ops[k], &flops));
      printf("  %-9s  %" CeedSize_FMT " DOFs  %6" CeedInt_FMT " applies  %.3e s/apply  %8.2f MDOF/s  %8.3f GFLOP/s\n", names[k],
             num_nodes, reps, t, 1e-6 * (double)num_nodes / t, 1e-9 * (double)flops / t);
    }
  }

  CALL(CeedOperatorDestroy(&op_setup_mass));
  CALL(CeedOperatorDestroy(&op_setup_diff));
  CALL(CeedOperatorDestroy(&op_mass));
  CALL(CeedOperatorDestroy(&op_diff));
  CALL(CeedQFunctionDestroy(&qf_setup_mass));
  CALL(CeedQFunctionDestroy(&qf_setup_diff));
  CALL(CeedQFunctionDestroy(&qf_mass));
  CALL(CeedQFunctionDestroy(&qf_diff));
  CALL(CeedVectorDestroy(&x));
  CALL(CeedVectorDestroy(&qd_mass));
  CALL(CeedVectorDestroy(&qd_diff));
  CALL(CeedVectorDestroy(&u));
  CALL(CeedVectorDestroy(&v));
  CALL(CeedBasisDestroy(&basis_u));
  CALL(CeedBasisDestroy(&basis_x));
  CALL(CeedElemRestrictionDestroy(&rstr_u));
  CALL(CeedElemRestrictionDestroy(&rstr_x));
  CALL(CeedElemRestrictionDestroy(&rstr_qd_mass));
  CALL(CeedElemRestrictionDestroy(&rstr_qd_diff));
  demo_ceed = NULL;
  CALL(CeedDestroy(&ceed));
  free(offsets);
  free(x_1d);
  free(gll);
  free(gll_w);

  printf("%s\n", failures ? "RESULT: FAILED" : "RESULT: all checks passed");
  return failures ? 1 : 0;
}

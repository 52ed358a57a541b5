/* The notice of a generic resource that falls back to a slower backend: printed on stderr once per process, with
 * the cause and the fix, and never with CEEDRT_QUIET=1. Run with CEEDRT_JIT_CXX naming no compiler, so that
 * /cpu/self falls back from /cpu/self/gen to /cpu/self/ref/serial, as
 *   fallback-notice notice    expects exactly one notice from two CeedInit("/cpu/self") calls
 *   fallback-notice quiet     (with CEEDRT_QUIET=1) expects none */
#include <ceed.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Prints the failure and returns the exit status of a failed check. */
static int Failed(const char *format, ...) {
  va_list args;
  va_start(args, format);
  printf("FAILED: ");
  vprintf(format, args);
  printf("\n");
  va_end(args);
  return 1;
}

static int CountOf(const char *text, const char *needle) {
  int count = 0;
  for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle)) count++;
  return count;
}

int main(int argc, char **argv) {
  const char *mode     = argc > 1 ? argv[1] : "";
  const char *compiler = getenv("CEEDRT_JIT_CXX");
  if (strcmp(mode, "notice") && strcmp(mode, "quiet")) return Failed("usage: %s notice|quiet", argv[0]);
  if (!compiler || access(compiler, X_OK) == 0) return Failed("set CEEDRT_JIT_CXX to a compiler path that does not exist");
  setenv("CEED_ERROR_HANDLER", "store", 1);

  /* stderr into an anonymous temporary file for the duration of the calls. */
  FILE *capture = tmpfile();
  int   saved   = dup(fileno(stderr));
  if (!capture || saved < 0) return Failed("cannot capture stderr");
  fflush(stderr);
  dup2(fileno(capture), fileno(stderr));
  int ierr = 0;
  for (int i = 0; i < 2 && !ierr; i++) {
    Ceed ceed = NULL;
    ierr      = CeedInit("/cpu/self", &ceed);
    CeedDestroy(&ceed);
  }
  Ceed ceed = NULL;
  if (!ierr) ierr = CeedInit("/cpu/self/ref/serial", &ceed);
  CeedDestroy(&ceed);
  fflush(stderr);
  dup2(saved, fileno(stderr));
  close(saved);
  char text[16384] = {0};
  rewind(capture);
  size_t len = fread(text, 1, sizeof(text) - 1, capture);
  text[len]  = '\0';
  fclose(capture);
  if (ierr) return Failed("CeedInit failed (%d)", ierr);

  const int notices = CountOf(text, "ceedrt: /cpu/self runs on /cpu/self/ref/serial, a slower backend than");
  if (!strcmp(mode, "quiet")) {
    if (notices || len) return Failed("CEEDRT_QUIET=1 but stderr has:\n%s", text);
  } else {
    if (notices != 1) return Failed("%d notices on stderr, expected one:\n%s", notices, text);
    if (!strstr(text, "/cpu/self/gen, which cannot be used") || !strstr(text, compiler))
      return Failed("the notice does not name /cpu/self/gen and its cause (%s):\n%s", compiler, text);
    if (!strstr(text, "fix: set CEEDRT_JIT_CXX to a working C++ compiler") || !strstr(text, "CEEDRT_QUIET=1"))
      return Failed("the notice does not give the fix and the way to silence it:\n%s", text);
  }
  printf("fallback notice (%s): ok\n", mode);
  return 0;
}

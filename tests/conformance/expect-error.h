/* Helper of the error-path conformance programs (run with the CeedErrorStore handler): checks a call's
   return code and that the stored message contains a text, then clears the message. */
#ifndef CEED_TEST_EXPECT_ERROR_H
#define CEED_TEST_EXPECT_ERROR_H

#include <ceed.h>
#include <stdio.h>
#include <string.h>

static inline int ExpectError(Ceed ceed, int code, int expected, const char *text, const char *what) {
  const char *msg;
  int         failed = 0;

  CeedGetErrorMessage(ceed, &msg);
  if (code != expected) printf("%s: returned %d, expected %d\n", what, code, expected), failed = 1;
  if (!strstr(msg, text)) printf("%s: message \"%s\" lacks \"%s\"\n", what, msg, text), failed = 1;
  CeedResetErrorMessage(ceed, &msg);
  return failed;
}

#endif /* CEED_TEST_EXPECT_ERROR_H */

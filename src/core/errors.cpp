// Error raising and the four standard handlers (spec 00 §7, 07 §3).
#include <cstdarg>
#include <cstdlib>
#include <cstring>
#include <string>

#include "core/ceed-impl.hpp"

namespace {

// Messages are kept at any length (CeedGetErrorMessage returns a pointer): compile errors end with the path of
// the generated source, which a fixed buffer would cut first.
std::string FormatMessage(const char *filename, int line_no, const char *func, const char *format, va_list *args) {
  va_list copy;
  va_copy(copy, *args);
  const int length = std::vsnprintf(nullptr, 0, format, copy);
  va_end(copy);
  std::string body(length > 0 ? static_cast<size_t>(length) : 0, '\0');
  if (length > 0) {
    va_copy(copy, *args);
    std::vsnprintf(&body[0], body.size() + 1, format, copy);
    va_end(copy);
  }
  return ceed::SourceLocation(filename, line_no, func) + body;
}

void PrintMessage(const std::string &msg) {
  std::fputs(msg.c_str(), stderr);
  if (msg.empty() || msg.back() != '\n') std::fputc('\n', stderr);
  std::fflush(stderr);
}

// Errors raised without a Ceed follow CEED_ERROR_HANDLER: "return"/"store" return the code ("store"
// keeps the message for CeedGetErrorMessage(NULL, ...) in this thread), "exit" prints and exits,
// anything else prints and aborts.
thread_local std::string null_ceed_message = "No error message stored";

}  // namespace

namespace ceed {
// Where an error was raised, relative to the checkout for the library's own files: the checkout's path would
// otherwise open every message (repeated in nested ones), and it means nothing once the library is installed.
std::string SourceLocation(const char *filename, int line_no, const char *func) {
  const size_t prefix = std::strlen(CEEDRT_SOURCE_PREFIX);
  if (!std::strncmp(filename, CEEDRT_SOURCE_PREFIX, prefix)) filename += prefix;
  return std::string(filename) + ":" + std::to_string(line_no) + " in " + func + "(): ";
}

Ceed RootCeed(Ceed ceed) {
  while (ceed && ceed->parent) ceed = ceed->parent;
  return ceed;
}

// CEED_ERROR_HANDLER selects the handler of new contexts: exit, store, return; anything else aborts.
CeedErrorHandler DefaultErrorHandler() {
  const char *mode = std::getenv("CEED_ERROR_HANDLER");
  if (mode && !std::strcmp(mode, "exit")) return CeedErrorExit;
  if (mode && !std::strcmp(mode, "store")) return CeedErrorStore;
  if (mode && !std::strcmp(mode, "return")) return CeedErrorReturn;
  return CeedErrorAbort;
}
}  // namespace ceed

int CeedErrorImpl(Ceed ceed, const char *filename, int lineno, const char *func, int ecode, const char *format, ...) {
  va_list args;
  va_start(args, format);
  int              result  = ecode;
  CeedErrorHandler handler = nullptr;
  // Formatting and keeping the message allocate: when memory has run out, the handler still ends the process or
  // returns the code, without the message, rather than throwing out of the error path.
  try {
    if (ceed) {
      handler = ceed->error_handler ? ceed->error_handler : ceed::RootCeed(ceed)->error_handler;
      result  = handler ? handler(ceed, filename, lineno, func, ecode, format, &args) : ecode;
    } else {
      handler = ceed::DefaultErrorHandler();
      if (handler == CeedErrorStore) {
        null_ceed_message = FormatMessage(filename, lineno, func, format, &args);
        result            = ecode;
      } else {
        result = handler(NULL, filename, lineno, func, ecode, format, &args);
      }
    }
  } catch (...) {
    if (handler == CeedErrorAbort || handler == CeedErrorExit) {
      std::fprintf(stderr, "%s:%d in %s(): error %d (out of memory formatting its message)\n", filename, lineno, func, ecode);
      if (handler == CeedErrorAbort) std::abort();
      std::exit(ecode);
    }
    result = ecode;
  }
  va_end(args);
  return result;
}

int CeedErrorReturn(Ceed, const char *, int, const char *, int err_code, const char *, va_list *) { return err_code; }

int CeedErrorStore(Ceed ceed, const char *filename, int line_no, const char *func, int err_code, const char *format,
                   va_list *args) {
  std::string msg = FormatMessage(filename, line_no, func, format, args);
  if (ceed) {
    ceed::RootCeed(ceed)->error_message = msg;
  } else {
    null_ceed_message = msg;
  }
  return err_code;
}

int CeedErrorAbort(Ceed, const char *filename, int line_no, const char *func, int err_code, const char *format, va_list *args) {
  PrintMessage(FormatMessage(filename, line_no, func, format, args));
  std::abort();
  return err_code;
}

int CeedErrorExit(Ceed, const char *filename, int line_no, const char *func, int err_code, const char *format, va_list *args) {
  PrintMessage(FormatMessage(filename, line_no, func, format, args));
  std::exit(err_code);
  return err_code;
}

int CeedSetErrorHandler(Ceed ceed, CeedErrorHandler handler) {
  CeedCheck(ceed, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle is NULL");
  CeedCheck(handler, ceed, CEED_ERROR_INCOMPATIBLE, "Cannot install a NULL error handler");
  ceed->error_handler = handler;
  if (ceed->delegate) CeedCall(CeedSetErrorHandler(ceed->delegate, handler));
  for (auto &od : ceed->object_delegates) CeedCall(CeedSetErrorHandler(od.delegate, handler));
  if (ceed->op_fallback_ceed) CeedCall(CeedSetErrorHandler(ceed->op_fallback_ceed, handler));
  return CEED_ERROR_SUCCESS;
}

int CeedGetErrorMessage(Ceed ceed, const char **err_msg) {
  CeedCheck(err_msg, ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer for the error message is NULL");
  *err_msg = ceed ? ceed::RootCeed(ceed)->error_message.c_str() : null_ceed_message.c_str();
  return CEED_ERROR_SUCCESS;
}

int CeedResetErrorMessage(Ceed ceed, const char **err_msg) {
  if (err_msg) *err_msg = nullptr;
  if (ceed) {
    ceed::RootCeed(ceed)->error_message = "No error message stored";
  } else {
    null_ceed_message = "No error message stored";
  }
  return CEED_ERROR_SUCCESS;
}

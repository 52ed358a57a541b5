// SHA-256 (FIPS 180-4) for the kernel cache: content addresses of kernels and checksums of entries.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace ceed {

class Sha256 {
 public:
  Sha256();
  void                    Update(const void *data, size_t num_bytes);
  std::array<uint8_t, 32> Finish();  // the object must not be updated afterwards

 private:
  void                    Block(const uint8_t *block);
  std::array<uint32_t, 8> state_;
  uint8_t                 buffer_[64];
  size_t                  buffered_ = 0;
  uint64_t                total_    = 0;
};

std::string HexDigits(const uint8_t *bytes, size_t num_bytes);

}  // namespace ceed

// GPU drivers and devices. The driver libraries are loaded at run time (never linked), so ceed-info runs
// on machines without them and says so. CUDA attribute numbers come from the toolkit's cuda.h when the
// build found it; without it the CUDA part reports that it was built without the header.
#include <dlfcn.h>

#include <string>

#include "info.hpp"

#ifdef CEEDRT_INFO_HAVE_CUDA_H
#include <cuda.h>
#endif

namespace info {

namespace {

// dlopen of the first name that loads (kept loaded, see jit.cpp); otherwise the reason the first
// (preferred) name failed.
void *OpenFirst(std::initializer_list<const char *> names, std::string *loaded, std::string *reason) {
  reason->clear();
  for (const char *name : names) {
    if (void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL)) {
      *loaded = name;
      return handle;
    }
    const char *why = dlerror();
    if (reason->empty()) *reason = why ? why : "dlopen failed";
  }
  return nullptr;
}

template <typename F>
F Symbol(void *handle, const char *name) {
  return reinterpret_cast<F>(dlsym(handle, name));
}

Json CudaDevices() {
  Json        cuda;
  std::string loaded, reason;
  void       *handle = OpenFirst({"libcuda.so.1", "libcuda.so"}, &loaded, &reason);
  if (!handle) {
    cuda["driver"] = "not found (" + reason + ")";
    return cuda;
  }
  cuda["driver"] = loaded;
#ifdef CEEDRT_INFO_HAVE_CUDA_H
  auto init        = Symbol<decltype(&cuInit)>(handle, "cuInit");
  auto version     = Symbol<decltype(&cuDriverGetVersion)>(handle, "cuDriverGetVersion");
  auto count_fn    = Symbol<decltype(&cuDeviceGetCount)>(handle, "cuDeviceGetCount");
  auto get         = Symbol<decltype(&cuDeviceGet)>(handle, "cuDeviceGet");
  auto name_fn     = Symbol<decltype(&cuDeviceGetName)>(handle, "cuDeviceGetName");
  auto total_mem   = Symbol<decltype(&cuDeviceTotalMem)>(handle, "cuDeviceTotalMem_v2");
  auto attribute   = Symbol<decltype(&cuDeviceGetAttribute)>(handle, "cuDeviceGetAttribute");
  int  driver      = 0, count = 0;
  if (!init || !version || !count_fn || !get || !name_fn || !total_mem || !attribute) {
    cuda["error"] = "the driver library lacks a driver API entry point";
  } else if (CUresult err = init(0); err != CUDA_SUCCESS) {
    cuda["error"] = "cuInit failed with CUresult " + std::to_string((int)err);
  } else {
    version(&driver);
    count_fn(&count);
    cuda["driver_version"] = std::to_string(driver / 1000) + "." + std::to_string(driver % 1000 / 10);
    Json devices           = Json::array();
    for (int i = 0; i < count; i++) {
      CUdevice dev;
      if (get(&dev, i) != CUDA_SUCCESS) continue;
      char   name[256] = "";
      size_t bytes     = 0;
      name_fn(name, sizeof(name), dev);
      total_mem(&bytes, dev);
      auto attr = [&](CUdevice_attribute a) {
        int value = 0;
        attribute(&value, a, dev);
        return value;
      };
      const int mem_clock_khz = attr(CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE), bus_bits = attr(CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH);
      Json      d;
      d["index"]              = i;
      d["name"]               = name;
      d["compute_capability"] = std::to_string(attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)) + "." +
                                std::to_string(attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR));
      d["multiprocessors"]        = attr(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
      d["memory_bytes"]           = bytes;
      d["clock_mhz"]              = attr(CU_DEVICE_ATTRIBUTE_CLOCK_RATE) / 1000;
      d["memory_clock_mhz"]       = mem_clock_khz / 1000;
      d["memory_bus_bits"]        = bus_bits;
      // Double data rate: two transfers per clock.
      d["peak_memory_bandwidth_gbs"] = 2.0 * mem_clock_khz * 1e3 * bus_bits / 8.0 * 1e-9;
      d["l2_cache_bytes"]            = attr(CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE);
      d["shared_memory_per_block_optin_bytes"] = attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
      d["max_threads_per_block"]               = attr(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
      devices.push_back(d);
    }
    cuda["devices"] = devices;
  }
#else
  cuda["error"] = "ceed-info was built without the CUDA toolkit's cuda.h: device properties are not queried";
#endif
  return cuda;
}

// HIP runtime entry points with plain C signatures (hipError_t is an int enum, 0 = success).
Json HipDevices() {
  Json        hip;
  std::string loaded, reason;
  void       *handle = OpenFirst({"libamdhip64.so", "libamdhip64.so.6", "libamdhip64.so.5"}, &loaded, &reason);
  if (!handle) {
    hip["runtime"] = "not found (" + reason + ")";
    return hip;
  }
  hip["runtime"]  = loaded;
  auto count_fn   = Symbol<int (*)(int *)>(handle, "hipGetDeviceCount");
  auto name_fn    = Symbol<int (*)(char *, int, int)>(handle, "hipDeviceGetName");
  auto total_mem  = Symbol<int (*)(size_t *, int)>(handle, "hipDeviceTotalMem");
  int  count      = 0;
  if (!count_fn || !name_fn || !total_mem) {
    hip["error"] = "the runtime library lacks a device query entry point";
  } else if (int err = count_fn(&count); err != 0) {
    hip["error"] = "hipGetDeviceCount failed with hipError_t " + std::to_string(err) + " (no AMD GPU or driver)";
  } else {
    Json devices = Json::array();
    for (int i = 0; i < count; i++) {
      char   name[256] = "";
      size_t bytes     = 0;
      name_fn(name, sizeof(name), i);
      total_mem(&bytes, i);
      devices.push_back({{"index", i}, {"name", name}, {"memory_bytes", bytes}});
    }
    hip["devices"] = devices;
  }
  return hip;
}

}  // namespace

Json DevicesSection(const Json &plugins) {
  Json section;
  Json usable = Json::array(), unusable = Json::array();
  for (const auto &plugin : plugins.at("plugins")) {
    for (const auto &r : plugin.at("resources")) {
      const std::string prefix = r.at("prefix");
      if (prefix.rfind("/gpu", 0) != 0) continue;
      if (!plugin.at("usable").get<bool>()) {
        unusable.push_back({{"prefix", prefix}, {"reason", plugin.at("status")}});
      } else if (!r.contains("init")) {
        unusable.push_back({{"prefix", prefix}, {"reason", "plugin loaded, resource not initialised (--no-init)"}});
      } else if (r["init"].value("usable", false)) {
        usable.push_back(prefix);
      } else {
        unusable.push_back({{"prefix", prefix}, {"reason", r["init"].value("reason", "")}});
      }
    }
  }
  section["usable_gpu_resources"]   = usable;
  section["unusable_gpu_resources"] = unusable;
  section["cuda"]                   = CudaDevices();
  section["hip"]                    = HipDevices();
  return section;
}

}  // namespace info

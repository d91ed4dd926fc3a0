// Timing loop shared by the before/after pairs of tests/hardware/timing.
// Each pair file's main() launches every kernel through TIME_LAUNCH: 3 warm-up
// launches, then 20 timed launches with one cudaEvent pair each; it prints
//   pair,kernel,grid,block,median_us,min_us,max_us
// With PAIRS_PROFILE=1 in the environment (used under Nsight Compute) every
// launch runs exactly once, so the profiler's N-th kernel is the N-th CSV line.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

#define CHECK_CUDA(call)                                                        \
  do {                                                                          \
    cudaError_t err_ = (call);                                                  \
    if (err_ != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                   \
                   cudaGetErrorString(err_));                                   \
      std::exit(1);                                                             \
    }                                                                           \
  } while (0)

inline bool profileMode() {
  const char *p = std::getenv("PAIRS_PROFILE");
  return p && *p && std::strcmp(p, "0") != 0;
}

inline void printDim(const dim3 &d) { std::printf("%ux%ux%u", d.x, d.y, d.z); }

/// The timed launches of one kernel: 3 warm-up launches then 20 timed ones
/// (one event pair each), or a single launch under PAIRS_PROFILE. Used through
/// TIME_LAUNCH so the launch itself stays a plain statement in main().
class LaunchTimer {
public:
  LaunchTimer(const char *pair, const char *kernel, dim3 grid, dim3 block)
      : pair(pair), kernel(kernel), grid(grid), block(block),
        warm(profileMode() ? 0 : 3), reps(profileMode() ? 1 : 20),
        startEv(reps), stopEv(reps) {
    for (int r = 0; r < reps; ++r) {
      CHECK_CUDA(cudaEventCreate(&startEv[r]));
      CHECK_CUDA(cudaEventCreate(&stopEv[r]));
    }
  }
  ~LaunchTimer() {
    for (int r = 0; r < reps; ++r) {
      cudaEventDestroy(startEv[r]);
      cudaEventDestroy(stopEv[r]);
    }
  }
  int launches() const { return warm + reps; }
  void start(int i) {
    if (i == warm) {
      CHECK_CUDA(cudaGetLastError());
      CHECK_CUDA(cudaDeviceSynchronize());
    }
    if (i >= warm)
      CHECK_CUDA(cudaEventRecord(startEv[i - warm]));
  }
  void stop(int i) {
    if (i >= warm)
      CHECK_CUDA(cudaEventRecord(stopEv[i - warm]));
  }
  void report() {
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaDeviceSynchronize());
    std::vector<float> us;
    for (int r = 0; r < reps; ++r) {
      float ms = 0;
      CHECK_CUDA(cudaEventElapsedTime(&ms, startEv[r], stopEv[r]));
      us.push_back(ms * 1000.0f);
    }
    std::sort(us.begin(), us.end());
    size_t n = us.size();
    float median = n % 2 ? us[n / 2] : 0.5f * (us[n / 2 - 1] + us[n / 2]);
    std::printf("%s,%s,", pair, kernel);
    printDim(grid);
    std::printf(",");
    printDim(block);
    std::printf(",%.3f,%.3f,%.3f\n", median, us.front(), us.back());
    std::fflush(stdout);
  }

private:
  const char *pair, *kernel;
  dim3 grid, block;
  int warm, reps;
  std::vector<cudaEvent_t> startEv, stopEv;
};

/// TIME_LAUNCH("pair", "kernel", grid, block, k<<<grid, block>>>(args));
#define TIME_LAUNCH(PAIR, KERNEL, GRID, BLOCK, ...)                             \
  do {                                                                          \
    LaunchTimer timer_(PAIR, KERNEL, GRID, BLOCK);                              \
    for (int rep_ = 0; rep_ < timer_.launches(); ++rep_) {                      \
      timer_.start(rep_);                                                       \
      __VA_ARGS__;                                                              \
      timer_.stop(rep_);                                                        \
    }                                                                           \
    timer_.report();                                                            \
  } while (0)

/// Device buffer with a host mirror.
template <class T> struct Buffer {
  T *dev = nullptr;
  size_t count = 0;
  explicit Buffer(size_t n) : count(n) {
    CHECK_CUDA(cudaMalloc(&dev, n * sizeof(T)));
    CHECK_CUDA(cudaMemset(dev, 0, n * sizeof(T)));
  }
  ~Buffer() { cudaFree(dev); }
  Buffer(const Buffer &) = delete;
  Buffer &operator=(const Buffer &) = delete;
  void upload(const std::vector<T> &h) {
    CHECK_CUDA(cudaMemcpy(dev, h.data(), h.size() * sizeof(T),
                          cudaMemcpyHostToDevice));
  }
  std::vector<T> download(size_t n = 0) const {
    std::vector<T> h(n ? n : count);
    CHECK_CUDA(cudaMemcpy(h.data(), dev, h.size() * sizeof(T),
                          cudaMemcpyDeviceToHost));
    return h;
  }
  void clear() { CHECK_CUDA(cudaMemset(dev, 0, count * sizeof(T))); }
};

/// Deterministic fill in [0, 1).
inline std::vector<float> randomFloats(size_t n, unsigned seed = 1) {
  std::vector<float> v(n);
  unsigned s = seed * 2654435761u + 12345u;
  for (size_t i = 0; i < n; ++i) {
    s = s * 1664525u + 1013904223u;
    v[i] = (s >> 8) * (1.0f / 16777216.0f);
  }
  return v;
}

/// Compares the before and after results of a pair; prints "# check" lines
/// (stdout, not CSV) and returns whether they match within a relative tolerance.
template <class T>
bool checkSame(const char *pair, const std::vector<T> &a,
               const std::vector<T> &b, double rtol = 1e-4) {
  size_t bad = 0, first = a.size();
  if (a.size() != b.size()) {
    std::printf("# check %s MISMATCH sizes %zu %zu\n", pair, a.size(), b.size());
    return false;
  }
  for (size_t i = 0; i < a.size(); ++i) {
    double x = (double)a[i], y = (double)b[i];
    if (!(std::fabs(x - y) <= rtol * std::max(1.0, std::max(std::fabs(x), std::fabs(y))))) {
      if (!bad)
        first = i;
      ++bad;
    }
  }
  if (bad)
    std::printf("# check %s MISMATCH %zu of %zu differ, first at %zu: %g vs %g\n",
                pair, bad, a.size(), first, (double)a[first], (double)b[first]);
  else
    std::printf("# check %s ok (%zu values)\n", pair, a.size());
  std::fflush(stdout);
  return bad == 0;
}

/// Deterministic integers in [0, mod).
inline std::vector<int> randomInts(size_t n, int mod, unsigned seed = 7) {
  std::vector<int> v(n);
  unsigned s = seed * 2654435761u + 99u;
  for (size_t i = 0; i < n; ++i) {
    s = s * 1664525u + 1013904223u;
    v[i] = (int)((s >> 8) % (unsigned)mod);
  }
  return v;
}

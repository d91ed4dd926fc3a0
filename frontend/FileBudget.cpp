//===- FileBudget.cpp - What one input file's check may spend -------------===//
#include "frontend/FileBudget.h"

#if defined(__linux__)
#include <fcntl.h>
#include <unistd.h>
#endif

#include <cstdlib>

namespace warplint {

uint64_t residentBytes() {
#if defined(__linux__)
  // statm: total and resident pages, then more; the second is the one.
  int Fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return 0;
  char Text[128];
  ssize_t N = read(Fd, Text, sizeof(Text) - 1);
  close(Fd);
  if (N <= 0)
    return 0;
  Text[N] = '\0';
  char *End = nullptr;
  std::strtoull(Text, &End, 10);
  unsigned long long Pages = std::strtoull(End, nullptr, 10);
  return uint64_t(Pages) * uint64_t(sysconf(_SC_PAGESIZE));
#else
  return 0;
#endif
}

} // namespace warplint

//===- Heap.cpp - How warplint's heap is laid out -------------------------===//
#include "tools/Heap.h"

#include <cstdint>
#include <cstdlib> // Defines __GLIBC__ where it is glibc.

#if defined(__GLIBC__) && defined(__linux__)
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace warplint {

#if defined(__GLIBC__) && defined(__linux__)
namespace {
/// How far the heap grows past what a request needs (virtual: pages are
/// only backed when touched).
constexpr size_t HeapStep = size_t(256) << 20;
constexpr uintptr_t HugePage = uintptr_t(2) << 20;
} // namespace

void tuneHeap() {
  // Threads share one heap, grown past each request by a large step.
  mallopt(M_ARENA_MAX, 1);
  mallopt(M_TOP_PAD, HeapStep);
  // Freed memory is kept for the next kernel and file instead of being
  // unmapped and faulted in again; so is the first step, reserved now (a
  // block larger than the heap's free top, from the heap) and marked for
  // huge pages: a fault in it maps 2 MB.
  mallopt(M_TRIM_THRESHOLD, 4 * HeapStep);
  mallopt(M_MMAP_THRESHOLD, 2 * HeapStep);
  uintptr_t Before = reinterpret_cast<uintptr_t>(sbrk(0));
  void *volatile First = malloc(HeapStep); // (Not elided: volatile.)
  uintptr_t After = reinterpret_cast<uintptr_t>(sbrk(0));
  free(First);
  uintptr_t From = (Before + HugePage - 1) & ~(HugePage - 1);
  if (Before != uintptr_t(-1) && After != uintptr_t(-1) && After > From)
    madvise(reinterpret_cast<void *>(From), After - From, MADV_HUGEPAGE);
  mallopt(M_MMAP_THRESHOLD, 64 << 20);
}

void heapsForThreads(unsigned Threads) {
  if (Threads > 1)
    mallopt(M_ARENA_MAX, int(Threads));
}
#else
void tuneHeap() {}
void heapsForThreads(unsigned) {}
#endif

} // namespace warplint

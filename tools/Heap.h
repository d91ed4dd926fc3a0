//===- Heap.h - How warplint's heap is laid out -----------------*- C++ -*-===//
//
// A check allocates and frees hundreds of megabytes in small pieces (Clang's
// AST, LLVM's IR, the analysis' sampled values). Measured on nolaunch.cu
// (bench/README.md), page faults and heap growth cost a fifth of the run:
// one heap for every thread, grown in large steps and backed by transparent
// huge pages where the system offers them, saves it.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_HEAP_H
#define WARPLINT_TOOLS_HEAP_H

namespace warplint {

/// At start, before any thread: freed memory stays in the heap for the next
/// kernel and file; threads share one heap (the front end compiles on a
/// thread of its own, whose heap would grow a page at a time); the heap is
/// reserved in large steps, on huge pages where madvise allows them.
void tuneHeap();

/// Before Threads threads allocate at once (files or kernels in parallel,
/// the device model): a heap each, so they do not wait on one lock. Only
/// before the process's first thread allocates: glibc fixes the number of
/// heaps then (later calls change nothing).
void heapsForThreads(unsigned Threads);

} // namespace warplint

#endif

// RUN: not %warplint run %s --kernel spin --grid 1 --block 32 --max-instructions 1000000 > %t.txt
// RUN: FileCheck %s < %t.txt

// A loop of about 5 million warp instructions whose state changes every
// pass (no hang to find): --max-instructions stops it first. (A poll whose
// state repeats is a hang: run/races/acquire-release.cu.)
__global__ void spin(unsigned *seed) {
  unsigned x = seed[0];
  for (int i = 0; i < 10000000; ++i)
    x = x * 1664525u + 1013904223u;
  seed[1] = x;
}

// CHECK: runaway.cu:[[@LINE-5]]:{{[0-9]+}}: error: instruction budget exhausted: block (0,0,0) executed {{[0-9]+}} warp instructions without finishing{{.*}} [runaway]

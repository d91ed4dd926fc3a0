// RUN: not %warplint run %s --kernel spin --grid 1 --block 32 --max-instructions 1000000 > %t.txt
// RUN: FileCheck %s < %t.txt

// The loop's state changes every pass (i): no hang is found, the budget
// stops it. (A poll whose state repeats is a hang:
// run/races/acquire-release.cu.)
__global__ void spin(volatile int *flag) {
  for (int i = 0; flag[0] == 0; ++i) flag[1] = i;
}

// CHECK: runaway.cu:[[@LINE-3]]:{{[0-9]+}}: error: instruction budget exhausted: block (0,0,0) executed {{[0-9]+}} warp instructions without finishing{{.*}} [runaway]

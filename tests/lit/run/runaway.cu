// RUN: not %warplint run %s --kernel spin --grid 1 --block 32 --max-instructions 1000000 > %t.txt
// RUN: FileCheck %s < %t.txt

__global__ void spin(volatile int *flag) {
  while (flag[0] == 0) {
  }
}

// CHECK: runaway.cu:5:{{[0-9]+}}: error: instruction budget exhausted: block (0,0,0) executed {{[0-9]+}} warp instructions without finishing{{.*}} [runaway]

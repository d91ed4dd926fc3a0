// --time-report: the front end's and the device model's time on stderr, with
// the lane-instructions the run executed (the same count as the metric).
// RUN: %warplint run %s --kernel scale --grid 4 --block 64 --arg n=256 \
// RUN:   --buffer x=256:const:2 --time-report 2> %t.err > %t.out
// RUN: cat %t.err %t.out | FileCheck %s
// Without the option nothing is printed on stderr.
// RUN: %warplint run %s --kernel scale --grid 4 --block 64 --arg n=256 \
// RUN:   --buffer x=256 2> %t.quiet > /dev/null
// RUN: count 0 < %t.quiet

__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 3.0f;
}

// CHECK: time: {{.*}}time-report.cu: front end {{[0-9]+\.[0-9]+}} s
// CHECK-NEXT: time: scale: device model {{[0-9]+\.[0-9]+}} s ({{[0-9]+\.[0-9]+}} s processor), [[LANES:[0-9]+]] lane-instructions, {{[0-9]+\.[0-9]+}} M lane-instructions per processor-second
// CHECK: smsp__thread_inst_executed.sum {{ *}}[[LANES]]

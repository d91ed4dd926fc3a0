// A generator's state every thread advances (GPUVerify's curand_race, in a
// structure of our own): each draw reads the state's words and writes them
// back, so two threads that share one state race, lanes of one warp too
// (they do not run in lockstep since Volta). `--buffer state=1` is one whole
// State: the buffer is sized from the structure the parameter points to, not
// from the first field the optimized code reads (it was 4 bytes, and the
// second word's read was out of bounds).
// RUN: not %warplint run --no-cuda-sdk %s --kernel shared_state --grid 1 --block 2 --buffer state=1 --buffer out=2 > %t.shared
// RUN: FileCheck %s --check-prefix=SHARED < %t.shared
// RUN: %warplint run --no-cuda-sdk %s --kernel own_state --grid 2 --block 64 --buffer state=128 --buffer out=128 > %t.own
// RUN: FileCheck %s --check-prefix=OWN < %t.own

struct State {
  unsigned d, v[5];
  int boxmuller_flag;
  float boxmuller_extra;
};

// xorwow, as cuRAND's default generator advances its state.
__device__ unsigned draw(State *s) {
  unsigned t = s->v[0] ^ (s->v[0] >> 2);
  s->v[0] = s->v[1];
  s->v[1] = s->v[2];
  s->v[2] = s->v[3];
  s->v[3] = s->v[4];
  s->v[4] = (s->v[4] ^ (s->v[4] << 4)) ^ (t ^ (t << 1));
  s->d += 362437;
  return s->v[4] + s->d;
}

__global__ void shared_state(State *state, unsigned *out) {
  out[threadIdx.x] = draw(state);
}
// SHARED-NOT: out-of-bounds
// SHARED: error: global-memory race on byte offset {{[0-9]+}} of buffer 'state' in block (0,0,0): thread {{[01]}} {{writes|reads}} at {{.*}}struct-state.cu:{{[0-9]+}}, thread {{[01]}} {{read|wrote}} at {{.*}}struct-state.cu:{{[0-9]+}}, lanes of one warp with no __syncwarp() between {{.*}}[global-race]
// SHARED-NOT: out-of-bounds

__global__ void own_state(State *state, unsigned *out) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  state[t].v[0] = t;
  out[t] = draw(&state[t]);
}
// OWN: sites:
// OWN-NOT: error

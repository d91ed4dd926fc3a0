// A strided read in a header the compile finds through -I../src/inc from
// its build directory (tests/lit/check/paths.test).
__device__ inline float every4th(const float *p, int i) { return p[i * 4]; }

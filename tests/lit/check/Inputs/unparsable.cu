// Does not compile, and not in a function or declaration that could be left
// out (a class's member): the whole file is not analyzed.
struct Holder { undefined_type *p; };
__global__ void k(Holder h) { h.p[threadIdx.x] = 0; }

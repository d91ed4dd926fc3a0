// Device code without a kernel: nothing to analyze, and the check says so.
__device__ float twice(float x) { return 2.0f * x; }

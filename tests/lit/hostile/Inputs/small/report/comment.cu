// A comment a pull request can hold: <!--<script> and </script> in the
// page's data must not end or swallow the page's own script.
// <!--<script>alert(1)</script>
__global__ void copy(const float *in, float *out) {
  out[threadIdx.x] = in[2 * threadIdx.x]; // <script src="x"></script> <!--
}

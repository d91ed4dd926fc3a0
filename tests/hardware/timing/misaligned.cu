// global-misaligned: contiguous accesses whose warps start off a 32-byte sector.
//  * shift: out[i] = f(in[i + 1]) where the data starts one float into the
//    allocation; the fix pads the front so it starts 32 floats (128 bytes) in.
//    The extra sector per request is the neighbouring warp's: an L1/L2 hit.
//  * pitch: a width x height image stored with an odd row pitch (width floats)
//    against rows padded to a multiple of 32 floats (as cudaMallocPitch does).
//  * bytes: a byte copy starting one byte in (2 sectors where 1 would do).
#include "timing.cuh"

__global__ void shift_before(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 3.0f * in[i + 1] - 1.0f;
}

__global__ void shift_after(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 3.0f * in[i + 32] - 1.0f;
}

__global__ void pitch_before(const float *img, float *out, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  if (x < width && y < height)
    out[y * width + x] = 0.5f * img[y * width + x] + 2.0f;
}

__global__ void pitch_after(const float *img, float *out, int width, int height,
                            int pitch) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  if (x < width && y < height)
    out[y * pitch + x] = 0.5f * img[y * pitch + x] + 2.0f;
}

__global__ void bytes_before(const unsigned char *in, unsigned char *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i + 1] ^ 0x5a;
}

__global__ void bytes_after(const unsigned char *in, unsigned char *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i + 128] ^ 0x5a;
}

#define SHIFT_PAIR(PAIR, N)                                                     \
  {                                                                             \
    const int n = N;                                                            \
    std::vector<float> data = randomFloats(n);                                  \
    std::vector<float> h1(n + 32, 0.0f), h32(n + 32, 0.0f);                     \
    std::copy(data.begin(), data.end(), h1.begin() + 1);                        \
    std::copy(data.begin(), data.end(), h32.begin() + 32);                      \
    Buffer<float> in1(n + 32), in32(n + 32), out(n);                            \
    in1.upload(h1);                                                             \
    in32.upload(h32);                                                           \
    dim3 block(256);                                                            \
    dim3 grid(n / 256);                                                         \
    TIME_LAUNCH(PAIR, "shift_before", grid, block,                              \
                shift_before<<<grid, block>>>(in1.dev, out.dev, n));            \
    std::vector<float> ref = out.download();                                    \
    out.clear();                                                                \
    TIME_LAUNCH(PAIR, "shift_after", grid, block,                               \
                shift_after<<<grid, block>>>(in32.dev, out.dev, n));            \
    checkSame(PAIR, ref, out.download());                                       \
  }

#define PITCH_PAIR(PAIR, W, H, P)                                               \
  {                                                                             \
    const int width = W, height = H, pitch = P;                                 \
    std::vector<float> data = randomFloats((size_t)width * height);             \
    std::vector<float> padded((size_t)pitch * height, 0.0f);                    \
    for (int y = 0; y < height; ++y)                                            \
      std::copy(data.begin() + (size_t)y * width,                               \
                data.begin() + (size_t)(y + 1) * width,                         \
                padded.begin() + (size_t)y * pitch);                            \
    Buffer<float> img((size_t)width * height), out((size_t)width * height);     \
    Buffer<float> imgP((size_t)pitch * height), outP((size_t)pitch * height);   \
    img.upload(data);                                                           \
    imgP.upload(padded);                                                        \
    dim3 block(256);                                                            \
    dim3 grid((width + 255) / 256, height);                                     \
    TIME_LAUNCH(PAIR, "pitch_before", grid, block,                              \
                pitch_before<<<grid, block>>>(img.dev, out.dev, width, height)); \
    TIME_LAUNCH(PAIR, "pitch_after", grid, block,                               \
                pitch_after<<<grid, block>>>(imgP.dev, outP.dev, width, height, pitch)); \
    std::vector<float> ref = out.download(), got = outP.download();             \
    std::vector<float> unpadded((size_t)width * height);                        \
    for (int y = 0; y < height; ++y)                                            \
      std::copy(got.begin() + (size_t)y * pitch,                                \
                got.begin() + (size_t)y * pitch + width,                        \
                unpadded.begin() + (size_t)y * width);                          \
    checkSame(PAIR, ref, unpadded);                                             \
  }

#define BYTES_PAIR(PAIR, N)                                                     \
  {                                                                             \
    const int n = N;                                                            \
    std::vector<int> data = randomInts(n, 256);                                 \
    std::vector<unsigned char> h1(n + 128, 0), h128(n + 128, 0);                \
    for (int i = 0; i < n; ++i)                                                 \
      h1[i + 1] = h128[i + 128] = (unsigned char)data[i];                       \
    Buffer<unsigned char> in1(n + 128), in128(n + 128), out(n);                 \
    in1.upload(h1);                                                             \
    in128.upload(h128);                                                         \
    dim3 block(256);                                                            \
    dim3 grid(n / 256);                                                         \
    TIME_LAUNCH(PAIR, "bytes_before", grid, block,                              \
                bytes_before<<<grid, block>>>(in1.dev, out.dev, n));            \
    std::vector<unsigned char> ref = out.download();                            \
    out.clear();                                                                \
    TIME_LAUNCH(PAIR, "bytes_after", grid, block,                               \
                bytes_after<<<grid, block>>>(in128.dev, out.dev, n));           \
    checkSame(PAIR, ref, out.download());                                       \
  }

int main() {
  SHIFT_PAIR("shift-1M", 1 << 20)
  SHIFT_PAIR("shift-16M", 1 << 24)
  SHIFT_PAIR("shift-64M", 1 << 26)
  PITCH_PAIR("pitch-1001x1024", 1001, 1024, 1024)
  PITCH_PAIR("pitch-4001x4096", 4001, 4096, 4032)
  BYTES_PAIR("bytes-64M", 1 << 26)
  return 0;
}

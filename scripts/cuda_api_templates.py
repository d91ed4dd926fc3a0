"""The calls of scripts/cuda_api_coverage.py that no plain declaration names:
templates instantiated over a representative set of element types (the
texture and surface object functions), the members of the fp8 classes
(their converting constructors and conversion operators), and the
asynchronous copies and their barriers and pipelines, written out by hand
(cuda::memcpy_async, cuda::pipeline, cuda::barrier,
cooperative_groups::memcpy_async). nvcc still judges each call: what it
rejects for sm_90 is left out as for the declared overloads.

A call is Call(group, header, label, params, body): the group names the
includes its file starts with (GROUPS), params are the kernel's parameter
types (named p0, p1, ...) and body the kernel's one-line body.
"""
import collections
import os
import re

Call = collections.namedtuple("Call", "group header label params body")

# Each group is compiled as a file of its own, so that a header one mode
# cannot read fails its own calls only.
GROUPS = {
    "core": ["cuda_runtime.h", "cuda_fp16.h", "cuda_bf16.h"],
    "fp8": ["cuda_fp8.h"],
    "texture": ["cuda_runtime.h"],
    "primitives": ["cuda_pipeline_primitives.h"],
    "awbarrier": ["cuda_pipeline_primitives.h", "cuda_awbarrier_primitives.h"],
    "libcu++": ["cuda/barrier", "cuda/pipeline", "cooperative_groups.h",
                "cooperative_groups/memcpy_async.h"],
    "cg": ["cooperative_groups.h", "cooperative_groups/memcpy_async.h"],
}

# Element types a texture or surface is read or written as.
TEXEL_TYPES = ["float", "float2", "float4", "int", "int4", "unsigned char", "uchar4",
               "short2"]

TEMPLATE = re.compile(r"template\s*<\s*(?:class|typename)\s+T\s*>\s*static\s+__device__\s+"
                      r"([\w\s:<>]*?)\b(\w+)\s*\(([^()]*)\)")


def _param_types(params, param_type):
    return [] if params.strip() in ("", "void") else [param_type(p) for p in params.split(",")]


def texture_calls(cuda, param_type):
    """tex*/surf* object functions: every template declaration, once per
    element type, called as name<T>(...)."""
    for h in ("texture_indirect_functions.h", "surface_indirect_functions.h"):
        path = os.path.join(cuda, "include", h)
        if not os.path.exists(path):
            continue
        text = re.sub(r"/\*.*?\*/|//[^\n]*", " ", open(path).read(), flags=re.S)
        seen = set()
        for m in TEMPLATE.finditer(text):
            name, types = m.group(2), _param_types(m.group(3), param_type)
            if not re.match(r"(tex|surf)", name) or (name, tuple(types)) in seen:
                continue
            seen.add((name, tuple(types)))
            for t in TEXEL_TYPES:
                inst = [re.sub(r"\bT\b", t, p) for p in types]
                args = ", ".join("p%d" % k for k in range(len(inst)))
                yield Call("texture", h, "%s<%s>(%s)" % (name, t, ", ".join(inst)), inst,
                           "(void)%s<%s>(%s);" % (name, t, args))


def fp8_member_calls(cuda, param_type):
    """The fp8 classes of cuda_fp8.hpp: each converting constructor and each
    conversion operator."""
    path = os.path.join(cuda, "include", "cuda_fp8.hpp")
    if not os.path.exists(path):
        return
    text = re.sub(r"/\*.*?\*/|//[^\n]*", " ", open(path).read(), flags=re.S)
    parts = re.split(r"struct\s+__CUDA_ALIGN__\(\d+\)\s+(\w+)\s*\{", text)
    for cls, body in zip(parts[1::2], parts[2::2]):
        ctor = re.compile(r"explicit\s+__CUDA_HOSTDEVICE_FP8__\s+%s\s*\(([^()]*)\)" % cls)
        for m in ctor.finditer(body):
            types = _param_types(m.group(1), param_type)
            args = ", ".join("p%d" % k for k in range(len(types)))
            yield Call("fp8", "cuda_fp8.hpp", "%s(%s)" % (cls, ", ".join(types)), types,
                       "%s r(%s); (void)r;" % (cls, args))
        for m in re.finditer(r"explicit\s+__CUDA_HOSTDEVICE_FP8__\s+operator\s+([\w\s]+?)\s*"
                             r"\(\s*\)\s*const", body):
            to = " ".join(m.group(1).split())
            yield Call("fp8", "cuda_fp8.hpp", "%s::operator %s()" % (cls, to), [cls],
                       "(void)static_cast<%s>(p0);" % to)


# Shared state the hand-written calls start from.
_BAR = ("__shared__ cuda::barrier<cuda::thread_scope_block> bar; "
        "if (threadIdx.x == 0) init(&bar, blockDim.x); __syncthreads(); ")
_SMEM = "__shared__ alignas(16) float s[256]; "
_BLOCK = "auto g = cooperative_groups::this_thread_block(); "
_PIPE = "cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline(); "
_BPIPE = ("__shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> st; "
          "auto pipe = cuda::make_pipeline(g, &st); ")
_G = ["const float *", "size_t"]

# (group, header, label, params, body)
HAND = [
    ("libcu++", "cuda/barrier", "cuda::barrier<thread_scope_block>: init, arrive_and_wait()", [],
     _BAR + "bar.arrive_and_wait();"),
    ("libcu++", "cuda/barrier", "cuda::barrier<thread_scope_block>::arrive(), wait(token)", [],
     _BAR + "auto t = bar.arrive(); bar.wait(cuda::std::move(t));"),
    ("libcu++", "cuda/barrier", "cuda::barrier<thread_scope_block>::arrive(ptrdiff_t)", [],
     _BAR + "auto t = bar.arrive(1); bar.wait(cuda::std::move(t));"),
    ("libcu++", "cuda/barrier", "cuda::barrier<thread_scope_block>::arrive_and_drop()", [],
     _BAR + "bar.arrive_and_drop();"),
    ("libcu++", "cuda/barrier", "cuda::memcpy_async(void *, const void *, size_t, barrier &)", _G,
     _SMEM + _BAR + "cuda::memcpy_async(s + threadIdx.x, p0 + threadIdx.x, sizeof(float), bar); "
     "bar.arrive_and_wait();"),
    ("libcu++", "cuda/barrier", "cuda::memcpy_async(T *, const T *, size_t, barrier &)", _G,
     _SMEM + _BAR + "cuda::memcpy_async(s, p0, p1 * sizeof(float), bar); "
     "bar.arrive_and_wait();"),
    ("libcu++", "cuda/barrier",
     "cuda::memcpy_async(T *, const T *, aligned_size_t<16>, barrier &)", _G,
     _SMEM + _BAR + "cuda::memcpy_async(s + 4 * threadIdx.x, p0 + 4 * threadIdx.x, "
     "cuda::aligned_size_t<16>(16), bar); bar.arrive_and_wait();"),
    ("libcu++", "cuda/barrier",
     "cuda::memcpy_async(thread_block, T *, const T *, size_t, barrier &)", _G,
     _SMEM + _BAR + _BLOCK + "cuda::memcpy_async(g, s, p0, sizeof(s), bar); "
     "bar.arrive_and_wait();"),
    ("libcu++", "cuda/barrier", "cuda::device::barrier_arrive_tx(barrier &, ptrdiff_t, ptrdiff_t)",
     [], _BAR + "auto t = cuda::device::barrier_arrive_tx(bar, 1, 0); "
     "bar.wait(cuda::std::move(t));"),
    ("libcu++", "cuda/barrier", "cuda::device::memcpy_async_tx(T *, const T *, "
     "aligned_size_t<16>, barrier &)", _G,
     _SMEM + _BAR + "if (threadIdx.x == 0) { cuda::device::memcpy_async_tx(s, p0, "
     "cuda::aligned_size_t<16>(sizeof(s)), bar); } bar.arrive_and_wait();"),
    ("libcu++", "cuda/barrier", "cuda::device::barrier_native_handle(barrier &)", [],
     _BAR + "(void)cuda::device::barrier_native_handle(bar);"),
    ("libcu++", "cuda/pipeline", "cuda::make_pipeline(): producer_acquire, producer_commit, "
     "consumer_wait, consumer_release", [],
     _PIPE + "pipe.producer_acquire(); pipe.producer_commit(); pipe.consumer_wait(); "
     "pipe.consumer_release();"),
    ("libcu++", "cuda/pipeline", "cuda::memcpy_async(void *, const void *, size_t, pipeline &)",
     _G, _SMEM + _PIPE + "pipe.producer_acquire(); cuda::memcpy_async(s + threadIdx.x, "
     "p0 + threadIdx.x, sizeof(float), pipe); pipe.producer_commit(); pipe.consumer_wait(); "
     "pipe.consumer_release();"),
    ("libcu++", "cuda/pipeline",
     "cuda::memcpy_async(T *, const T *, aligned_size_t<16>, pipeline &)", _G,
     _SMEM + _PIPE + "pipe.producer_acquire(); cuda::memcpy_async(s + 4 * threadIdx.x, "
     "p0 + 4 * threadIdx.x, cuda::aligned_size_t<16>(16), pipe); pipe.producer_commit(); "
     "cuda::pipeline_consumer_wait_prior<0>(pipe); pipe.consumer_release();"),
    ("libcu++", "cuda/pipeline", "cuda::make_pipeline(thread_block, pipeline_shared_state *) and "
     "cuda::memcpy_async(thread_block, T *, const T *, size_t, pipeline &)", _G,
     _SMEM + _BLOCK + _BPIPE + "pipe.producer_acquire(); cuda::memcpy_async(g, s, p0, "
     "sizeof(s), pipe); pipe.producer_commit(); pipe.consumer_wait(); "
     "pipe.consumer_release();"),
    ("libcu++", "cuda/pipeline", "cuda::pipeline::quit()", [], _PIPE + "(void)pipe.quit();"),
    ("libcu++", "cuda/pipeline", "cuda::pipeline_producer_commit(pipeline &, barrier &)", [],
     _BAR + _PIPE + "pipe.producer_acquire(); cuda::pipeline_producer_commit(pipe, bar); "
     "bar.arrive_and_wait();"),
    ("cg", "cooperative_groups/memcpy_async.h",
     "cooperative_groups::memcpy_async(thread_block, T *, const T *, size_t), wait", _G,
     _SMEM + _BLOCK + "cooperative_groups::memcpy_async(g, s, p0, sizeof(s)); "
     "cooperative_groups::wait(g);"),
    ("cg", "cooperative_groups/memcpy_async.h",
     "cooperative_groups::memcpy_async(thread_block, T *, size_t, const T *, size_t)", _G,
     _SMEM + _BLOCK + "cooperative_groups::memcpy_async(g, s, 256, p0, p1); "
     "cooperative_groups::wait(g);"),
    ("libcu++", "cooperative_groups/memcpy_async.h",
     "cooperative_groups::memcpy_async(thread_block, T *, const T *, aligned_size_t<16>)", _G,
     _SMEM + _BLOCK + "cooperative_groups::memcpy_async(g, s, p0, "
     "cuda::aligned_size_t<16>(sizeof(s))); cooperative_groups::wait(g);"),
    ("cg", "cooperative_groups/memcpy_async.h",
     "cooperative_groups::memcpy_async(thread_block_tile<32>, ...), wait_prior<1>", _G,
     _SMEM + "auto w = cooperative_groups::tiled_partition<32>("
     "cooperative_groups::this_thread_block()); cooperative_groups::memcpy_async(w, s, p0, "
     "128); cooperative_groups::memcpy_async(w, s + 32, p0 + 32, 128); "
     "cooperative_groups::wait_prior<1>(w); cooperative_groups::wait(w);"),
    ("primitives", "cuda_pipeline_primitives.h",
     "__pipeline_memcpy_async(4), __pipeline_commit, __pipeline_wait_prior(0)", _G,
     _SMEM + "__pipeline_memcpy_async(s + threadIdx.x, p0 + threadIdx.x, 4); "
     "__pipeline_commit(); __pipeline_wait_prior(0);"),
    ("primitives", "cuda_pipeline_primitives.h", "__pipeline_memcpy_async(16, zfill 8)", _G,
     _SMEM + "__pipeline_memcpy_async(s + 4 * threadIdx.x, p0 + 4 * threadIdx.x, 16, 8); "
     "__pipeline_commit(); __pipeline_wait_prior(0);"),
    ("awbarrier", "cuda_awbarrier_primitives.h", "__pipeline_arrive_on(__mbarrier_t *) and "
     "__mbarrier_init, __mbarrier_arrive, __mbarrier_test_wait", _G,
     _SMEM + "__shared__ __mbarrier_t b; if (threadIdx.x == 0) __mbarrier_init(&b, "
     "blockDim.x); __syncthreads(); __pipeline_memcpy_async(s + threadIdx.x, p0 + threadIdx.x, "
     "4); __pipeline_arrive_on(&b); __mbarrier_token_t t = __mbarrier_arrive(&b); "
     "while (!__mbarrier_test_wait(&b, t)) {}"),
]


def hand_calls():
    for group, header, label, params, body in HAND:
        yield Call(group, header, label, list(params), body)

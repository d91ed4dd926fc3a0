// warplint: what nvcc's CUDA headers declare and Clang's CUDA headers lack,
// force-included after Clang's runtime wrapper when a CUDA toolkit supplies
// the headers (the prelude, used without a toolkit, includes the same files
// itself). Each file guards against what Clang already defines.
#ifndef __WARPLINT_SDK_SUPPLEMENT_H
#define __WARPLINT_SDK_SUPPLEMENT_H
#include "__warplint_cache_hints.h"
#include "__warplint_host_functions.h"
#include "__warplint_nvcc_math.h"
#include "__warplint_nvcc_atomics.h"
#include "__warplint_texture.h"
#endif

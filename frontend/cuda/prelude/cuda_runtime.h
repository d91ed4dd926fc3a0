// warplint prelude stand-in for <cuda_runtime.h>: the prelude is force-included.
#include "__warplint_prelude.h"

// warplint prelude stand-in for <cuda_runtime_api.h>: the prelude is force-included.
#include "__warplint_prelude.h"

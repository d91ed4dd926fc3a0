// warplint prelude stand-in for <cuda.h>: the prelude is force-included.
#include "__warplint_prelude.h"

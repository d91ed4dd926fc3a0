// warplint prelude stand-in for <cuda_occupancy.h> (Thrust includes it and uses
// nothing from it in device code): the prelude is force-included.
#include "__warplint_prelude.h"

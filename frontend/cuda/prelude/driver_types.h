// warplint prelude stand-in for <driver_types.h>: the prelude is force-included.
#include "__warplint_prelude.h"

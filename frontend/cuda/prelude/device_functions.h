// warplint prelude stand-in for <device_functions.h>: the prelude is force-included.
#include "__warplint_prelude.h"

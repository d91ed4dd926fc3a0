// warplint prelude stand-in for <device_launch_parameters.h>: the prelude is force-included.
#include "__warplint_prelude.h"
